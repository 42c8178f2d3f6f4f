import { describe, expect, it } from 'vitest';
import { encodeKeyPath, sha256Hex, signS3Request } from './s3-storage-signature';

/*
 * The example credentials and requests of the S3 API reference, "Signature Calculations for the Authorization
 * Header: Transferring Payload in a Single Chunk" (sig-v4-header-based-auth.html), with the signatures AWS
 * publishes for them: an outside truth for the signer.
 */
const AWS_EXAMPLE = {
  credentials: {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  },
  region: 'us-east-1',
  now: new Date('2013-05-24T00:00:00Z'),
};
const EMPTY_PAYLOAD_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('the SigV4 signer', () => {
  it('signs the GET Object example of the AWS documentation as AWS does', () => {
    const headers = signS3Request(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      AWS_EXAMPLE.credentials,
      AWS_EXAMPLE.region,
      AWS_EXAMPLE.now,
    );
    expect(headers).toEqual({
      range: 'bytes=0-9',
      'x-amz-content-sha256': EMPTY_PAYLOAD_HASH,
      'x-amz-date': '20130524T000000Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    });
  });

  it('signs the PUT Object example, with its body and an encoded key, as AWS does', () => {
    const body = 'Welcome to Amazon S3.';
    const headers = signS3Request(
      {
        method: 'PUT',
        url: new URL(`https://examplebucket.s3.amazonaws.com/${encodeKeyPath('test$file.text')}`),
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash: sha256Hex(body),
      },
      AWS_EXAMPLE.credentials,
      AWS_EXAMPLE.region,
      AWS_EXAMPLE.now,
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,' +
        'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('encodes every character of a key that S3 wants encoded, keeping the slashes', () => {
    expect(encodeKeyPath("uploads/a b+c!'()*~._-/é")).toBe('uploads/a%20b%2Bc%21%27%28%29%2A~._-/%C3%A9');
  });
});
