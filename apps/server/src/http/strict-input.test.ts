import { catalogues } from '@kestrel/i18n/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminApi, adminWithRole } from '../modules/admin/test-admins';
import { deposit, ledgerOf } from '../modules/ledger/test-ledger';

/*
 * The server takes exactly what its OpenAPI document publishes: an amount is a decimal string with nothing
 * around it, a body's id is a JSON integer. Each case below is a valid request but for one field.
 */

let sut: TestApp;
let userToken: string;
let userId: number;
let supportToken: string;

beforeAll(async () => {
  sut = await createTestApp();
  ({
    token: userToken,
    user: { id: userId },
  } = await registerAccount(sut, 'strict@example.com'));
  await deposit(ledgerOf(sut), userId, 'USDT', '100');
  ({ token: supportToken } = await adminWithRole(sut, 'support'));
});
afterAll(async () => {
  await sut?.close();
});

const de = catalogues.de;

type Case = {
  name: string;
  send: (lang: string) => Promise<{ status: number; body: { code: number; msg: string } }>;
  message: string;
};

const transfer = (amount: unknown) => ({ from: 'spot', to: 'futures', asset: 'USDT', amount });
const withdrawal = (fields: Record<string, unknown>) => ({
  targetType: 'wallet',
  targetId: 1,
  asset: 'USDT',
  amount: '10',
  securityPassword: '123456',
  ...fields,
});
const adjustment = (amount: unknown) => ({
  direction: 'add',
  account: 'spot',
  asset: 'USDT',
  amount,
  reason: 'Ticket 7',
});

const cases: Case[] = [
  ...[' 10', '10 ', '\t10'].map((amount) => ({
    name: `a transfer of ${JSON.stringify(amount)}`,
    send: (lang: string) =>
      callApi(sut, 'POST', '/api/wallet/transfer', { token: userToken, lang, body: transfer(amount) }),
    message: de.money.errors.amountInvalid,
  })),
  {
    name: 'a withdrawal to targetId "1"',
    send: (lang) =>
      callApi(sut, 'POST', '/api/wallet/withdrawals', {
        token: userToken,
        lang,
        body: withdrawal({ targetId: '1' }),
      }),
    message: de.withdraw.errors.required,
  },
  {
    name: 'a withdrawal of "10 "',
    send: (lang) =>
      callApi(sut, 'POST', '/api/wallet/withdrawals', {
        token: userToken,
        lang,
        body: withdrawal({ amount: '10 ' }),
      }),
    message: de.money.errors.amountInvalid,
  },
  {
    name: 'an operator credit of " 10"',
    send: (lang) =>
      adminApi(sut, 'POST', `/api/admin/users/${userId}/adjustments`, {
        token: supportToken,
        lang,
        body: adjustment(' 10'),
      }),
    message: de.money.errors.amountInvalid,
  },
  {
    name: 'an operator credit of the number 10',
    send: (lang) =>
      adminApi(sut, 'POST', `/api/admin/users/${userId}/adjustments`, {
        token: supportToken,
        lang,
        body: adjustment(10),
      }),
    message: de.money.errors.amountInvalid,
  },
];

describe('input the OpenAPI document forbids', () => {
  it.each(cases)('refuses $name with 400 and a translated message, changing nothing', async (item) => {
    const answer = await item.send('de');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 1000, msg: item.message });
    const balances = await callApi(sut, 'GET', '/api/wallet/balances', { token: userToken });
    expect(balances.body.data.balances).toContainEqual(
      expect.objectContaining({ account: 'spot', asset: 'USDT', available: '100.000000' }),
    );
  });

  it('still takes the same requests with the fields as published', async () => {
    const moved = await callApi(sut, 'POST', '/api/wallet/transfer', {
      token: userToken,
      body: transfer('10'),
    });
    expect(moved.body.code).toBe(0);
    const back = await callApi(sut, 'POST', '/api/wallet/transfer', {
      token: userToken,
      body: { from: 'futures', to: 'spot', asset: 'USDT', amount: '10' },
    });
    expect(back.body.code).toBe(0);
  });
});
