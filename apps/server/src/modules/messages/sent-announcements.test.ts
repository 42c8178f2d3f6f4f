import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';

let sut: TestApp;
let content: { token: string; email: string };
let superToken: string;
let userId: number;

beforeAll(async () => {
  sut = await createTestApp();
  content = { token: (await adminWithRole(sut, 'content')).token, email: 'content@kestrel.test' };
  superToken = (await adminWithRole(sut, 'super_admin')).token;
  userId = (await registerAccount(sut, 'reader@example.com')).user.id;
});
afterAll(async () => {
  await sut?.close();
});

async function announce(body: unknown, token = content.token) {
  const answer = await adminApi(sut, 'POST', '/api/admin/announcements', { token, body });
  if (answer.body.code !== 0) throw new Error(`the announcement was refused: ${answer.body.msg}`);
  return answer.body.data.id as number;
}

function sent(query: string, token = content.token) {
  return adminApi(sut, 'GET', `/api/admin/announcements${query}`, { token });
}

describe('the announcements sent', () => {
  it('lists them newest first, as written in every locale, with audience and sender, page by page', async () => {
    const first = await announce({
      audience: { to: 'everyone' },
      texts: {
        'en-US': { title: 'Maintenance', body: 'Sunday 02:00 UTC' },
        de: { title: 'Wartung', body: 'Sonntag 02:00 UTC' },
      },
    });
    const second = await announce(
      { audience: { to: 'user', userId }, texts: { 'en-US': { title: 'Your card', body: 'Approved' } } },
      superToken,
    );
    // Registering sent the reader a welcome event: a message, but not an announcement, so it is not counted.

    const page = await sent('?page=1&pageSize=1');
    expect(page.body.data.total).toBe(2);
    expect(page.body.data.items).toEqual([
      {
        id: second,
        audience: { to: 'user', userId },
        texts: { 'en-US': { title: 'Your card', body: 'Approved' } },
        sender: { id: expect.any(Number), email: 'super_admin@kestrel.test' },
        createdAt: expect.any(String),
      },
    ]);
    const next = await sent('?page=2&pageSize=1');
    expect(next.body.data.items).toEqual([
      expect.objectContaining({
        id: first,
        audience: { to: 'everyone' },
        texts: {
          'en-US': { title: 'Maintenance', body: 'Sunday 02:00 UTC' },
          de: { title: 'Wartung', body: 'Sonntag 02:00 UTC' },
        },
        sender: expect.objectContaining({ email: content.email }),
      }),
    ]);
  });

  it('refuses a page size beyond the limit', async () => {
    expect((await sent('?pageSize=51')).status).toBe(400);
  });

  it('is open to content operators and super admins only', async () => {
    const support = await adminWithRole(sut, 'support');
    const reviewer = await adminWithRole(sut, 'reviewer');
    expect((await sent('', superToken)).status).toBe(200);
    expect((await sent('', support.token)).status).toBe(403);
    expect((await sent('', reviewer.token)).status).toBe(403);
  });
});
