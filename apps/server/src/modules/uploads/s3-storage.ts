import { encodeKeyPath, type S3Credentials, sha256Hex, signS3Request } from './s3-storage-signature';
import { checkedKey, type UploadStorage } from './storage';

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

/** The `<Code>` of an S3 error document, such as AccessDenied or NoSuchBucket. */
async function errorCode(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  return /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? 'no error code';
}

/**
 * Upload bytes as objects in an S3-compatible bucket, signed with Signature Version 4. Objects are private: the
 * bucket is never read by browsers, only by this server, which checks who may see each upload.
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

  private send(method: 'GET' | 'PUT', key: string, body?: Buffer) {
    const url = this.objectUrl(key);
    const headers = signS3Request(
      {
        method,
        url,
        headers: body ? { 'content-type': 'application/octet-stream' } : {},
        payloadHash: sha256Hex(body ?? ''),
      },
      this.options,
      this.options.region,
      new Date(),
    );
    return this.fetchFn(url, {
      method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  }
}
