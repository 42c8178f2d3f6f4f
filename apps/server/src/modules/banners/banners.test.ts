import { ERRORS } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { uploadPhoto } from '../identity/test-identity';
import { postBannerImage, uploadBannerImage } from './test-banners';

let sut: TestApp;
let content: string;
let support: string;
let superAdmin: string;

beforeAll(async () => {
  sut = await createTestApp();
  content = (await adminWithRole(sut, 'content')).token;
  support = (await adminWithRole(sut, 'support')).token;
  superAdmin = (await adminWithRole(sut, 'super_admin')).token;
});
afterAll(async () => {
  await sut?.close();
});

async function createBanner(body: Record<string, unknown>, token = content) {
  return adminApi(sut, 'POST', '/api/admin/banners', { token, body });
}

async function newestAudit(action: string) {
  const answer = await adminApi(sut, 'GET', `/api/admin/audit?action=${action}&pageSize=1`, {
    token: superAdmin,
  });
  return answer.body.data.items[0] as { id: number; targetId: string | null; after: unknown } | undefined;
}

async function clearBanners() {
  const list = await adminApi(sut, 'GET', '/api/admin/banners', { token: content });
  for (const item of list.body.data.items) {
    await adminApi(sut, 'DELETE', `/api/admin/banners/${item.id}`, { token: content });
  }
}

describe('GET /api/banners', () => {
  it('answers anyone with an empty list when no banner exists', async () => {
    await clearBanners();
    const answer = await callApi(sut, 'GET', '/api/banners');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ items: [] });
  });

  it("gives each banner's title in the caller's language, else in en-US, shown ones only, in order", async () => {
    await clearBanners();
    const uploadId = await uploadBannerImage(sut, content);
    const first = await createBanner({
      uploadId,
      titles: { 'en-US': 'Trade BTC', ar: 'تداول البيتكوين' },
      link: '/trade/detail?symbol=BTCUSDT',
    });
    expect(first.body.code).toBe(0);
    const second = await createBanner({ uploadId, titles: { 'en-US': 'Deposit USDT' }, link: '' });
    await createBanner({ uploadId, titles: { 'en-US': 'Hidden' }, active: false });

    const arabic = await callApi(sut, 'GET', '/api/banners', { lang: 'ar' });
    expect(arabic.body.data.items).toEqual([
      {
        id: first.body.data.id,
        imageUrl: `/api/banners/images/${uploadId}`,
        title: 'تداول البيتكوين',
        link: '/trade/detail?symbol=BTCUSDT',
      },
      {
        id: second.body.data.id,
        imageUrl: `/api/banners/images/${uploadId}`,
        title: 'Deposit USDT',
        link: null,
      },
    ]);
    const german = await callApi(sut, 'GET', '/api/banners', { lang: 'de' });
    expect(german.body.data.items.map((item: { title: string }) => item.title)).toEqual([
      'Trade BTC',
      'Deposit USDT',
    ]);
  });

  it('serves banner pictures to anyone with a long public cache, but no user upload', async () => {
    const uploadId = await uploadBannerImage(sut, content);
    const picture = await sut.app.inject({ method: 'GET', url: `/api/banners/images/${uploadId}` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\/(jpeg|webp)$/);
    expect(picture.headers['cache-control']).toContain('public');

    const { token } = await registerAccount(sut, 'banner-avatar@example.com');
    const avatarId = await uploadPhoto(sut, token, 'avatar');
    const avatar = await sut.app.inject({ method: 'GET', url: `/api/banners/images/${avatarId}` });
    expect(avatar.statusCode).toBe(404);
  });
});

describe('the banners in the back office', () => {
  it('re-encodes an uploaded picture and refuses what is not an image', async () => {
    const refused = await postBannerImage(sut, content, Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(refused.json().code).not.toBe(0);
    const accepted = await postBannerImage(sut, content);
    expect(accepted.json().data).toMatchObject({ width: 80, height: 40 });
    const entry = await newestAudit('uploadBannerImage');
    expect(entry?.targetId).toBe(accepted.json().data.uploadId);
  });

  it('refuses a link to another site, a missing English title, and a user upload as the picture', async () => {
    const uploadId = await uploadBannerImage(sut, content);
    for (const link of ['https://evil.example', '//evil.example/x', 'javascript:alert(1)', '/a b']) {
      const answer = await createBanner({ uploadId, titles: { 'en-US': 'Hi' }, link }, content);
      expect(answer.status, link).toBe(400);
      expect(answer.body.msg).toBe('Enter a path in the app starting with /');
    }
    const noEnglish = await createBanner({ uploadId, titles: { de: 'Hallo' } });
    expect(noEnglish.body.msg).toBe('Enter an English title');
    const tooLong = await createBanner({ uploadId, titles: { 'en-US': 'x'.repeat(81) } });
    expect(tooLong.body.code).toBe(ERRORS.parameterError.code);

    const { token } = await registerAccount(sut, 'banner-user@example.com');
    const userUpload = await uploadPhoto(sut, token, 'avatar');
    const foreign = await createBanner({ uploadId: userUpload, titles: { 'en-US': 'Hi' } });
    expect(foreign.body.code).toBe(ERRORS.bannerImageInvalid.code);
  });

  it('updates, reorders and deletes banners, each with an audit entry', async () => {
    await clearBanners();
    const uploadId = await uploadBannerImage(sut, content);
    const a = (await createBanner({ uploadId, titles: { 'en-US': 'A' } })).body.data;
    const b = (await createBanner({ uploadId, titles: { 'en-US': 'B' } })).body.data;
    expect(await newestAudit('createBanner')).toMatchObject({ targetId: String(b.id) });

    const hidden = await adminApi(sut, 'PATCH', `/api/admin/banners/${a.id}`, {
      token: content,
      body: { active: false, titles: { 'en-US': 'A2', fr: 'A fr' } },
    });
    expect(hidden.body.data).toMatchObject({ active: false, titles: { 'en-US': 'A2', fr: 'A fr' } });
    expect(await newestAudit('updateBanner')).toMatchObject({ targetId: String(a.id) });

    const reordered = await adminApi(sut, 'PUT', '/api/admin/banners/order', {
      token: content,
      body: { ids: [b.id, a.id] },
    });
    expect(reordered.body.data.items.map((item: { id: number }) => item.id)).toEqual([b.id, a.id]);
    expect(await newestAudit('reorderBanners')).toBeDefined();

    const partial = await adminApi(sut, 'PUT', '/api/admin/banners/order', {
      token: content,
      body: { ids: [a.id] },
    });
    expect(partial.body.code).toBe(ERRORS.bannerOrderMismatch.code);

    const removed = await adminApi(sut, 'DELETE', `/api/admin/banners/${b.id}`, { token: content });
    expect(removed.body.code).toBe(0);
    expect(await newestAudit('deleteBanner')).toMatchObject({ targetId: String(b.id) });
    const again = await adminApi(sut, 'DELETE', `/api/admin/banners/${b.id}`, { token: content });
    expect(again.body.code).toBe(ERRORS.bannerNotFound.code);
    expect((await callApi(sut, 'GET', '/api/banners')).body.data.items).toEqual([]);
  });

  it('is for content editors and super admins only', async () => {
    const list = await adminApi(sut, 'GET', '/api/admin/banners', { token: support });
    expect(list.status).toBe(403);
    const upload = await postBannerImage(sut, support);
    expect(upload.statusCode).toBe(403);
    expect((await postBannerImage(sut, undefined)).statusCode).toBe(401);
    expect((await adminApi(sut, 'GET', '/api/admin/banners', { token: superAdmin })).status).toBe(200);
  });
});
