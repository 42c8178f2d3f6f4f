import { ERRORS } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { lastCodeSentTo } from '../../../test/outbox';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';

let sut: TestApp;
let supportToken: string;
let alice: { token: string; user: { id: number; inviteCode?: string } };

beforeAll(async () => {
  sut = await createTestApp();
  ({ token: supportToken } = await adminWithRole(sut, 'support'));
  alice = await registerAccount(sut, 'alice@example.com');
  await registerAccount(sut, '+14155550123');
});
afterAll(async () => {
  await sut?.close();
});

async function search(q: string) {
  const answer = await adminApi(sut, 'GET', `/api/admin/users?q=${encodeURIComponent(q)}`, {
    token: supportToken,
  });
  return answer.body.data as {
    items: { id: number; email: string | null; phone: string | null }[];
    total: number;
  };
}

describe('finding users', () => {
  it('finds a user by part of the e-mail, the phone, the id or the invitation code', async () => {
    const info = await callApi(sut, 'GET', '/api/user/info', { token: alice.token });
    const inviteCode = info.body.data.inviteCode as string;

    expect((await search('ALICE@')).items.map((user) => user.id)).toEqual([alice.user.id]);
    expect((await search('4155550123')).items[0]?.phone).toBe('+14155550123');
    expect((await search(String(alice.user.id))).items.map((user) => user.id)).toEqual([alice.user.id]);
    expect((await search(inviteCode.toLowerCase())).items.map((user) => user.id)).toEqual([alice.user.id]);
  });

  it('lists everyone newest first without a query, a page at a time', async () => {
    const answer = await adminApi(sut, 'GET', '/api/admin/users?page=1&pageSize=1', { token: supportToken });
    expect(answer.body.data.total).toBe(2);
    expect(answer.body.data.items).toHaveLength(1);
    expect(answer.body.data.items[0].phone).toBe('+14155550123');
  });

  it('treats % and _ in a query as plain characters', async () => {
    expect((await search('%')).total).toBe(0);
  });

  it("shows a user's profile, sessions and invitees", async () => {
    const info = await callApi(sut, 'GET', '/api/user/info', { token: alice.token });
    await callApi(sut, 'POST', '/api/auth/code', {
      body: { account: 'bob@example.com', purpose: 'register' },
    });
    const invited = await callApi(sut, 'POST', '/api/auth/register', {
      body: {
        account: 'bob@example.com',
        password: 'secret123',
        confirmPassword: 'secret123',
        code: await lastCodeSentTo(sut.database, 'bob@example.com'),
        inviteCode: info.body.data.inviteCode,
        termsAccepted: true,
      },
    });
    expect(invited.body.code).toBe(0);

    const answer = await adminApi(sut, 'GET', `/api/admin/users/${alice.user.id}`, { token: supportToken });
    expect(answer.body.data.user).toMatchObject({
      id: alice.user.id,
      email: 'alice@example.com',
      creditScore: 100,
      frozenAt: null,
      invitedBy: null,
      language: 'en-US',
    });
    expect(answer.body.data.sessions[0]).toMatchObject({ revokedAt: null, ip: '10.0.0.1' });
    expect(answer.body.data.inviteeCount).toBe(1);
  });

  it('answers 404 for an unknown user', async () => {
    const answer = await adminApi(sut, 'GET', '/api/admin/users/99999999', { token: supportToken });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(ERRORS.notFound.code);
    const freeze = await adminApi(sut, 'POST', '/api/admin/users/99999999/freeze', {
      token: supportToken,
      body: { reason: 'Nobody' },
    });
    expect(freeze.status).toBe(404);
  });
});

describe('changing a user', () => {
  it('sets the credit score the user sees on their profile', async () => {
    const answer = await adminApi(sut, 'PUT', `/api/admin/users/${alice.user.id}/credit-score`, {
      token: supportToken,
      body: { score: 640, reason: 'Verified income' },
    });
    expect(answer.body.data.creditScore).toBe(640);
    const info = await callApi(sut, 'GET', '/api/user/info', { token: alice.token });
    expect(info.body.data.creditScore).toBe(640);
  });

  it('refuses a credit score outside 0 to 1000 with a translated message', async () => {
    const answer = await adminApi(sut, 'PUT', `/api/admin/users/${alice.user.id}/credit-score`, {
      token: supportToken,
      body: { score: 1001, reason: 'Too generous' },
      lang: 'es',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('La puntuación de crédito debe ser un número entero entre 0 y 1000');
  });

  it("ends a user's sessions", async () => {
    const carol = await registerAccount(sut, 'carol@example.com');
    const answer = await adminApi(sut, 'POST', `/api/admin/users/${carol.user.id}/revoke-sessions`, {
      token: supportToken,
      body: { reason: 'Lost phone' },
    });
    expect(answer.status).toBe(200);
    expect((await callApi(sut, 'GET', '/api/user/info', { token: carol.token })).status).toBe(401);
  });

  it('refuses a change without a reason', async () => {
    const answer = await adminApi(sut, 'POST', `/api/admin/users/${alice.user.id}/freeze`, {
      token: supportToken,
      body: {},
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: ERRORS.parameterError.code,
      msg: 'Please give a reason',
      data: null,
    });
  });
});

describe('the outbox', () => {
  it('shows the e-mails and SMS the platform produced, newest first, by recipient', async () => {
    const answer = await adminApi(sut, 'GET', '/api/admin/outbox?q=%2B14155550123', { token: supportToken });
    expect(answer.body.data.total).toBeGreaterThanOrEqual(1);
    expect(answer.body.data.items[0]).toMatchObject({ channel: 'sms', recipient: '+14155550123' });
    expect(answer.body.data.items[0].body).toContain('••••••');
    expect(answer.body.data.items[0].body).not.toMatch(/\d{6}/);
  });
});
