import { createHash, createHmac } from 'node:crypto';

/*
 * AWS Signature Version 4 for S3 requests, signed in the Authorization header: enough for one PUT and one GET,
 * which is all UploadStorage needs. Written with node:crypto instead of pulling in an SDK; checked against the
 * example AWS publishes (s3-storage-signature.test.ts) and against an independent verifier in the storage tests.
 */

export type S3Credentials = { accessKeyId: string; secretAccessKey: string };

/** What is signed: the request as it will be sent, apart from the headers the signature adds. */
export type UnsignedRequest = {
  method: 'GET' | 'PUT';
  /** Its path already percent-encoded the way S3 wants it (see encodeKeyPath), without a query string. */
  url: URL;
  /** Extra headers to sign and send, such as content-type; names in any case. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (of the empty string for a GET). */
  payloadHash: string;
};

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** RFC 3986 encoding of each segment of an object key, keeping its slashes: S3's canonical URI form. */
export function encodeKeyPath(key: string): string {
  return key
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}

/** 20130524T000000Z: ISO 8601 basic format, to the second, in UTC. */
function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * The headers to send with the request: the caller's, plus x-amz-date, x-amz-content-sha256 and the
 * Authorization that signs them all and the host. Host itself is not returned: the HTTP client sends it from the
 * same URL.
 */
export function signS3Request(
  request: UnsignedRequest,
  credentials: S3Credentials,
  region: string,
  now: Date,
): Record<string, string> {
  const date = amzDate(now);
  const day = date.slice(0, 8);
  const scope = `${day}/${region}/s3/aws4_request`;
  const headers: Record<string, string> = {
    host: request.url.host,
    'x-amz-content-sha256': request.payloadHash,
    'x-amz-date': date,
  };
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;

  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method,
    request.url.pathname,
    '',
    ...names.map((name) => `${name}:${(headers[name] ?? '').trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');

  const signingKey = ['s3', 'aws4_request'].reduce(
    (key, part) => hmac(key, part),
    hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region),
  );
  const signature = hmac(signingKey, stringToSign).toString('hex');
  const { host: _signedFromTheUrl, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}
