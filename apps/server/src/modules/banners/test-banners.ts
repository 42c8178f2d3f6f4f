import sharp from 'sharp';
import type { TestApp } from '../../../test/test-app';

/*
 * Helpers for tests that need banners: pictures are uploaded and banners created through the API, as the
 * back-office console does.
 */

/** Uploads a small banner picture as the operator, and returns its upload id. */
export async function uploadBannerImage(sut: TestApp, token: string, image?: Buffer) {
  const response = await postBannerImage(sut, token, image);
  const body = response.json() as { code: number; msg: string; data: { uploadId: string } };
  if (body.code !== 0) throw new Error(`could not upload a banner picture: ${body.msg}`);
  return body.data.uploadId;
}

/** The raw answer of a banner picture upload (multipart, one `file`). */
export async function postBannerImage(sut: TestApp, token: string | undefined, image?: Buffer) {
  const boundary = `----kestrel${Math.random().toString(16).slice(2)}`;
  const picture =
    image ??
    (await sharp({ create: { width: 80, height: 40, channels: 3, background: '#2255cc' } })
      .png()
      .toBuffer());
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="banner.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    picture,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return sut.app.inject({
    method: 'POST',
    url: '/api/admin/banners/images',
    payload,
    headers: {
      ...(token ? { authorization: token } : {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}
