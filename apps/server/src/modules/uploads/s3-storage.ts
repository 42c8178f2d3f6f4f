import { createHash } from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';
import { checkedKey, type UploadStorage } from './storage';

export type S3Credentials = { accessKeyId: string; secretAccessKey: string };

/** Where the bucket is and how to reach it: AWS S3, MinIO, Cloudflare R2 or any other S3-compatible service. */
export type S3StorageOptions = S3Credentials & {
  /** The service's address without a path, e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000. */
  endpoint: string;
  region: string;
  bucket: string;
  /** Put in front of every key, e.g. "kestrel/uploads/"; empty for the bucket's root. */
  prefix: string;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key, for services without bucket subdomains. */
  forcePathStyle: boolean;
};

/** How long one call may take before the upload or the page showing it fails instead of hanging. */
const REQUEST_TIMEOUT_MS = 30_000;

/** A failed call to the bucket, with S3's error code but never the request's credentials. */
export class S3StorageError extends Error {
  override readonly name = 'S3StorageError';
}

/** RFC 3986 encoding of each segment of an object key, keeping its slashes: S3's canonical URI form. */
function encodeKeyPath(key: string): string {
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

/** The `<Code>` of an S3 error document, such as AccessDenied or NoSuchBucket. */
async function errorCode(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  return /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? 'no error code';
}

/**
 * Upload bytes as objects in an S3-compatible bucket. Requests are signed with Signature Version 4 by `aws4fetch`
 * (a small, dependency-free signer on Web Crypto) rather than by hand, with the payload's hash signed too. Objects
 * are private: the bucket is never read by browsers, only by this server, which checks who may see each upload.
 */
export class S3Storage implements UploadStorage {
  private readonly endpoint: URL;
  private readonly prefix: string;

  constructor(
    private readonly options: S3StorageOptions,
    private readonly fetchFn: typeof fetch = fetch,
  ) {
    this.endpoint = new URL(options.endpoint);
    const trimmed = options.prefix.replace(/^\/+|\/+$/g, '');
    this.prefix = trimmed ? `${trimmed}/` : '';
  }

  /** The object's address, path-style or virtual-hosted. */
  objectUrl(key: string): URL {
    const path = encodeKeyPath(`${this.prefix}${checkedKey(key)}`);
    const { protocol, host } = this.endpoint;
    return this.options.forcePathStyle
      ? new URL(`${protocol}//${host}/${this.options.bucket}/${path}`)
      : new URL(`${protocol}//${this.options.bucket}.${host}/${path}`);
  }

  async put(key: string, data: Buffer) {
    const response = await this.send('PUT', key, data);
    if (!response.ok) {
      throw new S3StorageError(`S3 PUT of ${key} failed: ${response.status} ${await errorCode(response)}`);
    }
    // The answer has no body worth reading; consuming it frees the connection.
    await response.arrayBuffer();
  }

  async get(key: string) {
    const response = await this.send('GET', key);
    if (response.status === 404) {
      await response.arrayBuffer();
      return undefined;
    }
    if (!response.ok) {
      throw new S3StorageError(`S3 GET of ${key} failed: ${response.status} ${await errorCode(response)}`);
    }
    return Buffer.from(await response.arrayBuffer());
  }

  private async send(method: 'GET' | 'PUT', key: string, body?: Buffer) {
    const url = this.objectUrl(key);
    const signer = new AwsV4Signer({
      method,
      url: url.href,
      headers: {
        ...(body ? { 'content-type': 'application/octet-stream' } : {}),
        // Signed rather than UNSIGNED-PAYLOAD: the service checks the bytes it stores are the bytes signed.
        'x-amz-content-sha256': createHash('sha256')
          .update(body ?? '')
          .digest('hex'),
      },
      accessKeyId: this.options.accessKeyId,
      secretAccessKey: this.options.secretAccessKey,
      service: 's3',
      region: this.options.region,
    });
    const signed = await signer.sign();
    return this.fetchFn(signed.url, {
      method,
      headers: signed.headers,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  }
}
