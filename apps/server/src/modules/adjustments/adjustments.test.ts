import { catalogues } from '@kestrel/i18n/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import type { LedgerService } from '../ledger/ledger.service';
import { balanceOf, deposit, ledgerOf } from '../ledger/test-ledger';

let sut: TestApp;
let ledger: LedgerService;
let supportToken: string;
let accounts = 0;

beforeAll(async () => {
  sut = await createTestApp();
  ledger = ledgerOf(sut);
  ({ token: supportToken } = await adminWithRole(sut, 'support'));
});
afterAll(async () => {
  await sut?.close();
});

async function newUser() {
  accounts += 1;
  const { token, user } = await registerAccount(sut, `adjusted${accounts}@example.com`, {
    ip: `10.3.0.${accounts}`,
  });
  return { token, userId: user.id };
}

const adjustment = (direction: 'add' | 'debit', amount: string, reason = 'Compensation for ticket 42') => ({
  direction,
  account: 'spot',
  asset: 'USDT',
  amount,
  reason,
});

async function adjust(userId: number, body: unknown, key?: string, lang?: string) {
  const response = await sut.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/adjustments`,
    payload: body as Record<string, unknown>,
    headers: {
      authorization: supportToken,
      ...(key ? { 'idempotency-key': key } : {}),
      ...(lang ? { 'think-lang': lang } : {}),
    },
  });
  return { status: response.statusCode, body: response.json() };
}

async function auditEntries(userId: number) {
  const superAdmin = await adminWithRole(sut, 'super_admin', `super${accounts}@kestrel.test`);
  const answer = await adminApi(sut, 'GET', `/api/admin/audit?action=adjustUserBalance&q=${userId}`, {
    token: superAdmin.token,
  });
  return answer.body.data.items as { targetId: string; reason: string }[];
}

async function inbox(token: string) {
  return (await callApi(sut, 'GET', '/api/messages', { token })).body.data.items as {
    title: string;
    body: string;
  }[];
}

describe('system add and system debit', () => {
  it("credits the user's account through the ledger, audits the reason and notifies the user", async () => {
    const { token, userId } = await newUser();
    const answer = await adjust(userId, adjustment('add', '25.5'), 'key-add-1');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      userId,
      direction: 'add',
      account: 'spot',
      asset: 'USDT',
      amount: '25.500000',
    });
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '25.500000' });
    expect(await auditEntries(userId)).toMatchObject([{ reason: 'Compensation for ticket 42' }]);
    expect((await inbox(token))[0]).toMatchObject({
      title: catalogues['en-US'].inbox.events.systemAdd.title,
      body: expect.stringContaining('25.500000 USDT'),
    });
    const records = await callApi(sut, 'GET', '/api/wallet/records?type=systemAdd', { token });
    expect(records.body.data.items).toMatchObject([{ type: 'systemAdd', amount: '25.500000' }]);
    expect((await ledger.check()).ok).toBe(true);
  });

  it('debits available funds and refuses more than the user holds, moving nothing', async () => {
    const { userId } = await newUser();
    await deposit(ledger, userId, 'USDT', '10');
    const refused = await adjust(userId, adjustment('debit', '10.000001'));
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 6001, msg: 'Sorry your credit is running low' },
    });
    const answer = await adjust(userId, adjustment('debit', '4'));
    expect(answer.body.data).toMatchObject({ direction: 'debit', amount: '4.000000' });
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '6.000000' });
    expect((await ledger.check()).systemPositions).toContainEqual(
      expect.objectContaining({ account: 'adjustments', asset: 'USDT' }),
    );
  });

  it('answers a retry with the same Idempotency-Key as the first time, moving, auditing and notifying once', async () => {
    const { token, userId } = await newUser();
    const first = await adjust(userId, adjustment('add', '3'), 'key-retry');
    const again = await adjust(userId, adjustment('add', '3'), 'key-retry');
    expect(again.body.data).toEqual(first.body.data);
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '3.000000' });
    expect(await auditEntries(userId)).toHaveLength(1);
    expect((await inbox(token)).filter((message) => message.title.includes('added'))).toHaveLength(1);
  });

  // PGlite has a single connection, so only the PostgreSQL server can race these.
  it.skipIf(!process.env.DATABASE_URL)(
    'gives 20 concurrent sends of one adjustment one credit, one audit entry and one notification',
    async () => {
      const { token, userId } = await newUser();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => adjust(userId, adjustment('add', '7'), 'key-race')),
      );
      expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
      expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '7.000000' });
      expect(await auditEntries(userId)).toHaveLength(1);
      expect((await inbox(token)).filter((message) => message.title.includes('added'))).toHaveLength(1);
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'applies only one of an add and a debit sent at the same moment under one key',
    async () => {
      const { userId } = await newUser();
      await deposit(ledger, userId, 'USDT', '10');
      const answers = await Promise.all([
        adjust(userId, adjustment('add', '5'), 'key-opposite'),
        adjust(userId, adjustment('debit', '5'), 'key-opposite'),
      ]);
      expect(answers.map((answer) => answer.body.code).sort()).toEqual([0, 1409]);
      const available = (await balanceOf(ledger, userId, 'spot', 'USDT')).available;
      expect(['15.000000', '5.000000']).toContain(available);
    },
  );

  it('refuses the same key for another adjustment, in the caller language', async () => {
    const { userId } = await newUser();
    await adjust(userId, adjustment('add', '3'), 'key-reused');
    const otherAmount = await adjust(userId, adjustment('add', '4'), 'key-reused');
    expect(otherAmount).toMatchObject({ status: 409, body: { code: 1409 } });
    const otherDirection = await adjust(userId, adjustment('debit', '3'), 'key-reused', 'de');
    expect(otherDirection.body.msg).toBe(catalogues.de.errors.idempotencyConflict);
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '3.000000' });
  });

  it('refuses a credit that would overflow the balance, every time, with a clear message and no change', async () => {
    const { userId } = await newUser();
    const largest = '999999999999999999';
    expect((await adjust(userId, adjustment('add', largest), 'key-largest')).body.code).toBe(0);
    for (const key of ['key-overflow-1', 'key-overflow-2']) {
      const refused = await adjust(userId, adjustment('add', largest), key, 'fr');
      expect(refused).toMatchObject({
        status: 400,
        body: { code: 6005, msg: catalogues.fr.money.errors.balanceLimit },
      });
    }
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: `${largest}.000000` });
    expect((await ledger.check()).ok).toBe(true);
  });

  it('refuses an unknown user, a missing reason and more decimals than the asset allows', async () => {
    const { userId } = await newUser();
    expect((await adjust(999999, adjustment('add', '1'))).status).toBe(404);
    expect((await adjust(userId, adjustment('add', '1', ' '))).body.code).toBe(1000);
    expect((await adjust(userId, adjustment('add', '1.0000001'))).body).toMatchObject({ code: 6002 });
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: null });
  });
});

describe('GET /api/admin/users/:id/balances', () => {
  it("lists the user's balances, zeros included, and 404 for an unknown user", async () => {
    const { userId } = await newUser();
    await deposit(ledger, userId, 'USDT', '8');
    const answer = await adminApi(sut, 'GET', `/api/admin/users/${userId}/balances`, { token: supportToken });
    expect(answer.body.data.balances).toContainEqual({
      account: 'spot',
      asset: 'USDT',
      available: '8.000000',
      frozen: '0.000000',
    });
    expect(answer.body.data.balances).toHaveLength(18);
    const missing = await adminApi(sut, 'GET', '/api/admin/users/999999/balances', { token: supportToken });
    expect(missing.status).toBe(404);
  });
});
