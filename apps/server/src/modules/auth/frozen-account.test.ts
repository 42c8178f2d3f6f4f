import { ERRORS } from '@kestrel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { users } from './auth.schema';

let sut: TestApp;
let supportToken: string;

beforeAll(async () => {
  sut = await createTestApp();
  ({ token: supportToken } = await adminWithRole(sut, 'support'));
});
afterAll(async () => {
  await sut?.close();
});

async function setFrozen(userId: number, frozen: boolean) {
  const action = frozen ? 'freeze' : 'unfreeze';
  const answer = await adminApi(sut, 'POST', `/api/admin/users/${userId}/${action}`, {
    token: supportToken,
    body: { reason: 'Compliance review' },
  });
  expect(answer.status).toBe(200);
}

function login(account: string, lang?: string) {
  return callApi(sut, 'POST', '/api/auth/login', { body: { account, password: 'secret123' }, lang });
}

describe('a frozen account', () => {
  it('is signed out at once', async () => {
    const { token, user } = await registerAccount(sut, 'frozen1@example.com');
    await setFrozen(user.id, true);
    const info = await callApi(sut, 'GET', '/api/user/info', { token });
    expect(info.status).toBe(401);
  });

  it('has its token refused even where a session was left open', async () => {
    const { token, user } = await registerAccount(sut, 'frozen5@example.com');
    await sut.database.db.update(users).set({ frozenAt: new Date() }).where(eq(users.id, user.id));
    const info = await callApi(sut, 'GET', '/api/user/info', { token });
    expect(info.status).toBe(401);
  });

  it('cannot log in, and is told so in its language', async () => {
    const { user } = await registerAccount(sut, 'frozen2@example.com');
    await setFrozen(user.id, true);
    const answer = await login('frozen2@example.com', 'ko');
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      code: ERRORS.accountFrozen.code,
      msg: '계정이 동결되었습니다. 고객센터에 문의해 주세요.',
      data: null,
    });
  });

  it('does not reveal the freeze to a wrong password', async () => {
    const { user } = await registerAccount(sut, 'frozen3@example.com');
    await setFrozen(user.id, true);
    const answer = await callApi(sut, 'POST', '/api/auth/login', {
      body: { account: 'frozen3@example.com', password: 'wrong1234' },
    });
    expect(answer.body.code).toBe(ERRORS.loginFailed.code);
  });

  it('can log in again once unfrozen', async () => {
    const { user } = await registerAccount(sut, 'frozen4@example.com');
    await setFrozen(user.id, true);
    await setFrozen(user.id, false);
    const answer = await login('frozen4@example.com');
    expect(answer.status).toBe(200);
    expect((await callApi(sut, 'GET', '/api/user/info', { token: answer.body.data.token })).status).toBe(200);
  });
});
