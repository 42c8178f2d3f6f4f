import { ERRORS } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { startDemo } from '../demo/test-demo';

/* Demo accounts (decision 0055) are not customers: the users area neither lists, finds nor shows them. */

let sut: TestApp;
let supportToken: string;

beforeAll(async () => {
  sut = await createTestApp();
  ({ token: supportToken } = await adminWithRole(sut, 'support'));
});
afterAll(async () => {
  await sut?.close();
});

describe('the users area and demo accounts', () => {
  it('lists, finds and shows real users only: neither an anonymous demo account nor a twin', async () => {
    const real = await registerAccount(sut, 'bob@example.com');
    const anonymous = await startDemo(sut, '10.33.0.1');
    const twin = await callApi(sut, 'POST', '/api/user/demo', { token: real.token });
    const twinId = twin.body.data.user.id as number;
    const info = await callApi(sut, 'GET', '/api/user/info', { token: anonymous.token });

    const all = await adminApi(sut, 'GET', '/api/admin/users', { token: supportToken });
    expect(all.body.data.items.map((user: { id: number }) => user.id)).toEqual([real.user.id]);
    expect(all.body.data.total).toBe(1);
    for (const q of [String(anonymous.user.id), String(twinId), info.body.data.inviteCode as string]) {
      const found = await adminApi(sut, 'GET', `/api/admin/users?q=${q}`, { token: supportToken });
      expect(found.body.data.items).toEqual([]);
    }
    for (const id of [anonymous.user.id, twinId]) {
      const detail = await adminApi(sut, 'GET', `/api/admin/users/${id}`, { token: supportToken });
      expect(detail.body.code).toBe(ERRORS.notFound.code);
      const freeze = await adminApi(sut, 'POST', `/api/admin/users/${id}/freeze`, {
        token: supportToken,
        body: { reason: 'Not a customer' },
      });
      expect(freeze.status).toBe(404);
    }
    const detail = await adminApi(sut, 'GET', `/api/admin/users/${real.user.id}`, { token: supportToken });
    expect(detail.body.code).toBe(0);
  });
});
