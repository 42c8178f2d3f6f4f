import { ERRORS, endpoints, fillPath } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rowsOf } from '../../db/rows';
import { adminWithRole } from '../admin/test-admins';
import { deposit, ledgerOf } from '../ledger/test-ledger';
import { startDemo } from './test-demo';

let sut: TestApp;

beforeAll(async () => {
  sut = await createTestApp({ env: { DEMO_STARTING_BALANCE: '50000', DEMO_CLOSE_AFTER_IDLE_DAYS: '7' } });
});
afterAll(async () => {
  await sut?.close();
});

async function balances(token: string) {
  const answer = await callApi(sut, 'GET', '/api/wallet/balances', { token });
  expect(answer.body.code).toBe(0);
  return (
    answer.body.data.balances as { account: string; asset: string; available: string; frozen: string }[]
  )
    .filter((row) => Number(row.available) !== 0 || Number(row.frozen) !== 0)
    .map((row) => `${row.account} ${row.asset} ${Number(row.available)}/${Number(row.frozen)}`)
    .sort();
}

describe('demo accounts', () => {
  it('starts with one call and no e-mail, holding the configured virtual USDT', async () => {
    const { token, user } = await startDemo(sut);
    expect(user.demo).toBe(true);
    expect(await balances(token)).toEqual(['spot USDT 50000/0']);
    const info = await callApi(sut, 'GET', '/api/user/info', { token });
    expect(info.body.data).toMatchObject({ demo: true, email: null, phone: null });
    const account = await callApi(sut, 'GET', '/api/user/demo', { token });
    expect(account.body.data).toMatchObject({
      startingBalance: '50000',
      twin: false,
      resets: 0,
      closesAfterIdleDays: 7,
    });
  });

  it('limits how many an address starts in an hour', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(await callApi(sut, 'POST', '/api/auth/demo', { ip: '10.9.9.9' }));
    expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(10);
    expect(answers.at(-1)?.status).toBe(429);
  });

  it('refuses every money-out endpoint to a demo session, before reading its input, in the caller’s language', async () => {
    const { token } = await startDemo(sut, '10.9.0.2');
    const refused = Object.values(endpoints).filter(
      (endpoint) => 'notInDemo' in endpoint && endpoint.notInDemo,
    );
    expect(refused.map((endpoint) => endpoint.operationId)).toEqual(
      expect.arrayContaining([
        'submitWithdrawal',
        'submitDeposit',
        'bindBankCard',
        'bindCryptoWallet',
        'createSwapOrder',
        'claimMission',
      ]),
    );
    for (const endpoint of refused) {
      const url = fillPath(endpoint, { id: '1', orderId: '1' });
      const answer = await sut.app.inject({
        method: endpoint.method,
        url,
        headers: { authorization: token, 'think-lang': 'de' },
        payload: endpoint.method === 'GET' ? undefined : {},
      });
      expect({
        operation: endpoint.operationId,
        status: answer.statusCode,
        code: answer.json().code,
      }).toEqual({
        operation: endpoint.operationId,
        status: 403,
        code: ERRORS.demoNotAllowed.code,
      });
      expect(answer.json().msg).toContain('Demokonto');
    }
  });

  it("opens a signed-in user's twin without signing in again, the same twin each time, apart from real money", async () => {
    const real = await registerAccount(sut, 'twin-owner@demo.test');
    await deposit(ledgerOf(sut), real.user.id, 'USDT', '25');
    const first = await callApi(sut, 'POST', '/api/user/demo', { token: real.token });
    expect(first.body.data.user).toMatchObject({ demo: true });
    expect(first.body.data.user.id).not.toBe(real.user.id);
    const again = await callApi(sut, 'POST', '/api/user/demo', { token: real.token });
    expect(again.body.data.user.id).toBe(first.body.data.user.id);
    expect(await balances(first.body.data.token)).toEqual(['spot USDT 50000/0']);
    expect(await balances(real.token)).toEqual(['spot USDT 25/0']);
    // The real session stays open; a demo session cannot open a twin of its own.
    expect((await callApi(sut, 'GET', '/api/user/info', { token: real.token })).body.data.demo).toBe(false);
    const nested = await callApi(sut, 'POST', '/api/user/demo', { token: first.body.data.token });
    expect(nested.body.code).toBe(ERRORS.demoNotAllowed.code);
    // A real account has no demo account to read or reset.
    const notDemo = await callApi(sut, 'POST', '/api/user/demo/reset', { token: real.token });
    expect(notDemo.body.code).toBe(ERRORS.demoOnly.code);
  });

  it('resets: what the account holds goes back and the starting balance comes again', async () => {
    const { token } = await startDemo(sut, '10.9.0.3');
    const moved = await sut.app.inject({
      method: 'POST',
      url: '/api/wallet/transfer',
      headers: { authorization: token, 'idempotency-key': 'demo-transfer-1' },
      payload: { from: 'spot', to: 'futures', asset: 'USDT', amount: '1234.5' },
    });
    expect(moved.json().code).toBe(0);
    expect(await balances(token)).toEqual(['futures USDT 1234.5/0', 'spot USDT 48765.5/0']);
    const reset = await callApi(sut, 'POST', '/api/user/demo/reset', { token });
    expect(reset.body.data).toMatchObject({ account: { resets: 1 }, cancelledOrders: 0, closedPositions: 0 });
    expect(reset.body.data.account.lastResetAt).not.toBeNull();
    expect(await balances(token)).toEqual(['spot USDT 50000/0']);
    const records = await callApi(sut, 'GET', '/api/wallet/records?type=virtualFunds', { token });
    expect(records.body.data.items.length).toBe(4);
  });

  it('closes accounts unused for the configured days, and reopens a twin at its next switch', async () => {
    const real = await registerAccount(sut, 'idle-twin@demo.test');
    const twin = (await callApi(sut, 'POST', '/api/user/demo', { token: real.token })).body.data;
    const anonymous = await startDemo(sut, '10.9.0.4');
    const later = new Date(Date.now() + 8 * 24 * 3600 * 1000);
    expect(await sut.app.demo.service.closeIdle(later)).toBeGreaterThanOrEqual(2);
    expect((await callApi(sut, 'GET', '/api/user/info', { token: anonymous.token })).status).toBe(401);
    expect((await callApi(sut, 'GET', '/api/user/info', { token: twin.token })).status).toBe(401);
    const reopened = (await callApi(sut, 'POST', '/api/user/demo', { token: real.token })).body.data;
    expect(reopened.user.id).toBe(twin.user.id);
    expect(await balances(reopened.token)).toEqual(['spot USDT 50000/0']);
    const summary = await callApi(sut, 'GET', '/api/admin/demo', {
      token: (await adminWithRole(sut, 'support')).token,
    });
    expect(summary.body.data.accounts.closed).toBeGreaterThanOrEqual(1);
    expect(summary.body.data.accounts.startedLastDay).toBeGreaterThanOrEqual(2);
    expect(summary.body.data.accounts.twins).toBeGreaterThanOrEqual(1);
  });
});

describe('the books, kept apart by the database', () => {
  it('refuses at commit a journal transaction whose postings join a demo balance and a real one', async () => {
    const real = await registerAccount(sut, 'book-wall@demo.test');
    const demo = await startDemo(sut, '10.9.0.5');
    const accounts = await ledgerOf(sut).userAccountIds([real.user.id], 'spot');
    const demoAccounts = await ledgerOf(sut).userAccountIds([demo.user.id], 'spot');
    const attempt = sut.database.db.transaction(async (tx) => {
      const [journal] = await rowsOf<{ id: string }>(
        tx,
        sql`insert into journal_transactions (kind, reference, actor)
          values ('transfer', 'across-books', 'system') returning id`,
      );
      await tx.execute(sql`insert into postings (transaction_id, account_id, asset, amount) values
        (${journal?.id}, ${demoAccounts.get(demo.user.id)}, 'USDT', -10),
        (${journal?.id}, ${accounts.get(real.user.id)}, 'USDT', 10)`);
    });
    // The embedded database names the refusal itself; the server's driver gives it as the failed commit's cause.
    const refusal = await attempt.then(
      () => 'accepted',
      (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
    );
    expect(refusal).toMatch(/joins the real and the demo books/);
  });

  it('keeps an account in its user’s book and never lets a book change', async () => {
    const demo = await startDemo(sut, '10.9.0.6');
    const account = (await ledgerOf(sut).userAccountIds([demo.user.id], 'futures')).get(demo.user.id);
    const [row] = await rowsOf<{ book: string }>(
      sut.database.db,
      sql`select book from ledger_accounts where id = ${account}`,
    );
    expect(row?.book).toBe('demo');
    await expect(
      sut.database.db.execute(sql`update ledger_accounts set book = 'real' where id = ${account}`),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/never changes/) } });
    await expect(
      sut.database.db.execute(sql`update users set book = 'real' where id = ${demo.user.id}`),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/never changes/) } });
    // A demo account's invitation code invites no one.
    const [code] = await rowsOf<{ invite_code: string }>(
      sut.database.db,
      sql`select invite_code from users where id = ${demo.user.id}`,
    );
    const sent = await callApi(sut, 'POST', '/api/auth/code', {
      body: { account: 'invited@demo.test', purpose: 'register' },
    });
    expect(sent.body.code).toBe(0);
    const registered = await callApi(sut, 'POST', '/api/auth/register', {
      body: {
        account: 'invited@demo.test',
        password: 'secret123',
        confirmPassword: 'secret123',
        code: '000000',
        termsAccepted: true,
        inviteCode: code?.invite_code,
      },
    });
    expect(registered.body.code).not.toBe(0);
  });

  it('leaves the ledger check whole after demo activity', async () => {
    const check = await ledgerOf(sut).check();
    expect(check.problems).toEqual([]);
    expect(check.systemPositions).toEqual(
      expect.arrayContaining([expect.objectContaining({ account: 'demo demo_grants', asset: 'USDT' })]),
    );
  });
});
