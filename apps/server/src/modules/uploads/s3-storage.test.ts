import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/api';
import { createTestApp } from '../../../test/test-app';
import { S3Storage, S3StorageError, type S3StorageOptions } from './s3-storage';

const ACCESS_KEY_ID = 'KESTRELTESTKEY';
const SECRET_ACCESS_KEY = 'kestrel/test+secret/never-in-errors';
const REGION = 'eu-test-1';
const BUCKET = 'kestrel-uploads';

/*
 * A stand-in for an S3-compatible service, in memory (the comma after each Authorization part may be followed by a
 * space, as in AWS's own examples). It checks every request's SigV4 signature with its own
 * code, written from the AWS specification apart from the signer under test, from the request as received.
 */
type ReceivedRequest = {
  method: string;
  host: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
};

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const mac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** Why the request's signature is not valid, or null when it is. */
function signatureProblem(request: ReceivedRequest): string | null {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      request.headers.authorization ?? '',
    );
  if (!match) return 'malformed Authorization';
  const [, keyId, day, region, signedHeaders = '', signature] = match;
  if (keyId !== ACCESS_KEY_ID) return 'unknown access key';
  if (region !== REGION) return 'wrong region';
  const date = request.headers['x-amz-date'] ?? '';
  if (!date.startsWith(day ?? '-')) return 'x-amz-date is not the day of the scope';
  const sentAt = Date.parse(
    date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  if (!(Math.abs(Date.now() - sentAt) < 15 * 60_000)) return 'request time too skewed';
  if (request.headers['x-amz-content-sha256'] !== hex(request.body))
    return 'payload hash differs from the body';
  const names = signedHeaders.split(';');
  for (const required of ['host', 'x-amz-content-sha256', 'x-amz-date']) {
    if (!names.includes(required)) return `${required} is not signed`;
  }
  const headerValue = (name: string) => (name === 'host' ? request.host : (request.headers[name] ?? ''));
  const canonical = [
    request.method,
    request.path,
    '',
    ...names.map((name) => `${name}:${headerValue(name).trim()}`),
    '',
    signedHeaders,
    hex(request.body),
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const key = mac(mac(mac(mac(`AWS4${SECRET_ACCESS_KEY}`, day ?? ''), region ?? ''), 's3'), 'aws4_request');
  const expected = mac(key, ['AWS4-HMAC-SHA256', date, scope, hex(canonical)].join('\n')).toString('hex');
  return expected === signature ? null : 'signature does not match';
}

function xmlError(code: string) {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>…</Message></Error>`;
}

class FakeS3 {
  /** Objects by "bucket/key", as the service would name them. */
  readonly objects = new Map<string, Buffer>();
  /** The next request gets this status and code instead of being served. */
  failNext: { status: number; code: string } | undefined;

  answer(request: ReceivedRequest, bucket: string, key: string): { status: number; body: string | Buffer } {
    if (this.failNext) {
      const { status, code } = this.failNext;
      this.failNext = undefined;
      return { status, body: xmlError(code) };
    }
    if (signatureProblem(request)) return { status: 403, body: xmlError('SignatureDoesNotMatch') };
    const name = `${bucket}/${decodeURIComponent(key)}`;
    if (request.method === 'PUT') {
      this.objects.set(name, request.body);
      return { status: 200, body: '' };
    }
    const object = this.objects.get(name);
    return object ? { status: 200, body: object } : { status: 404, body: xmlError('NoSuchKey') };
  }
}

let s3: FakeS3;
let server: Server;
let endpoint: string;

beforeAll(async () => {
  s3 = new FakeS3();
  // Path-style over real HTTP on loopback: /bucket/key.
  server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const path = incoming.url ?? '/';
      const [, bucket = '', key = ''] = /^\/([^/]+)\/(.*)$/.exec(path) ?? [];
      const headers = Object.fromEntries(
        Object.entries(incoming.headers).map(([name, value]) => [name, String(value)]),
      );
      const request = {
        method: incoming.method ?? '',
        host: headers.host ?? '',
        path,
        headers,
        body: Buffer.concat(chunks),
      };
      const { status, body } = s3.answer(request, bucket, key);
      outgoing.writeHead(status).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

function storage(overrides: Partial<S3StorageOptions> = {}, fetchFn?: typeof fetch) {
  return new S3Storage(
    {
      endpoint,
      region: REGION,
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      prefix: 'kestrel/uploads',
      forcePathStyle: true,
      ...overrides,
    },
    fetchFn,
  );
}

describe('S3Storage', () => {
  it('puts an object under the prefix with a valid signature and gets the same bytes back', async () => {
    const sut = storage();
    const key = randomUUID();
    const data = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x10, 0x80]);

    await sut.put(key, data);

    expect(s3.objects.get(`${BUCKET}/kestrel/uploads/${key}`)).toEqual(data);
    expect(await sut.get(key)).toEqual(data);
  });

  it('answers undefined for an object that is not there', async () => {
    expect(await storage().get(randomUUID())).toBeUndefined();
  });

  it('surfaces a refused signature as an error that names the S3 code and not the secret', async () => {
    const sut = storage({ secretAccessKey: 'a-wrong-secret' });
    const failure = await sut.put(randomUUID(), Buffer.from('x')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(S3StorageError);
    expect(String(failure)).toContain('403 SignatureDoesNotMatch');
    expect(String(failure)).not.toContain('a-wrong-secret');
    await expect(sut.get(randomUUID())).rejects.toThrow(/403 SignatureDoesNotMatch/);
  });

  it('surfaces a failing service instead of pretending the object is missing', async () => {
    const sut = storage();
    s3.failNext = { status: 503, code: 'SlowDown' };
    await expect(sut.get(randomUUID())).rejects.toThrow(/503 SlowDown/);
    s3.failNext = { status: 500, code: 'InternalError' };
    await expect(sut.put(randomUUID(), Buffer.from('x'))).rejects.toThrow(/500 InternalError/);
  });

  it('surfaces a service that cannot be reached', async () => {
    const sut = storage({ endpoint: 'http://127.0.0.1:9' });
    await expect(sut.get(randomUUID())).rejects.toThrow();
  });

  it('addresses the bucket as a subdomain unless path style is forced', async () => {
    const seen: string[] = [];
    // No DNS for a bucket subdomain of loopback: this fetch hands the request to the fake service directly.
    const virtualHosted: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      seen.push(url.href);
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, name) => {
        headers[name] = value;
      });
      const body = init?.body ? Buffer.from(init.body as Uint8Array) : Buffer.alloc(0);
      const request = { method: init?.method ?? 'GET', host: url.host, path: url.pathname, headers, body };
      const { status, body: answer } = s3.answer(
        request,
        url.hostname.split('.')[0] ?? '',
        url.pathname.slice(1),
      );
      return new Response(status === 200 ? new Uint8Array(Buffer.from(answer)) : answer, { status });
    };
    const sut = storage(
      { endpoint: 'https://s3.eu-test-1.example.com', forcePathStyle: false, prefix: '' },
      virtualHosted,
    );
    const key = randomUUID();

    await sut.put(key, Buffer.from('hello'));

    expect(seen).toEqual([`https://${BUCKET}.s3.eu-test-1.example.com/${key}`]);
    expect(s3.objects.get(`${BUCKET}/${key}`)?.toString()).toBe('hello');
    expect((await sut.get(key))?.toString()).toBe('hello');
  });

  it('refuses a key that is not an upload id, so nothing can climb out of the prefix', async () => {
    await expect(storage().put('../../etc/passwd', Buffer.from('x'))).rejects.toThrow(/not an upload key/);
  });
});

describe('uploads stored in S3', () => {
  it('stores an uploaded image in the bucket and serves it back to its owner', async () => {
    const sut = await createTestApp({
      env: {
        UPLOAD_S3_ENDPOINT: endpoint,
        UPLOAD_S3_REGION: REGION,
        UPLOAD_S3_BUCKET: BUCKET,
        UPLOAD_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
        UPLOAD_S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
        UPLOAD_S3_PREFIX: 'e2e',
        UPLOAD_S3_FORCE_PATH_STYLE: 'true',
      },
    });
    try {
      const { token } = await registerAccount(sut, 'bucket-owner@example.com');
      const image = await sharp({
        create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } },
      })
        .jpeg()
        .toBuffer();
      const boundary = '----kestrelS3';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\navatar\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const uploaded = await sut.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload,
        headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      const { id } = uploaded.json().data as { id: string };
      const stored = s3.objects.get(`${BUCKET}/e2e/${id}`);
      expect(stored).toBeDefined();

      const served = await sut.app.inject({
        method: 'GET',
        url: `/api/uploads/${id}`,
        headers: { authorization: token },
      });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(stored);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(40);
    } finally {
      await sut.close();
    }
  });
});
