import { afterAll, beforeAll, expect, it } from 'vitest';
import { onServer } from '../../../test/database';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { LedgerService } from './ledger.service';
import { balanceOf, createUsers, deposit, ledgerOf } from './test-ledger';

/*
 * Races against the real PostgreSQL server. PGlite has a single connection and runs one statement at a time,
 * so these cases prove nothing there and run only when DATABASE_URL names a server (as in CI).
 */

let app: TestApp;
let sut: LedgerService;

beforeAll(async () => {
  app = await createTestApp();
  sut = ledgerOf(app);
});
afterAll(async () => {
  await app?.close();
});

function tally(results: PromiseSettledResult<unknown>[]) {
  const refusals = results.flatMap((result) =>
    result.status === 'rejected'
      ? [(result.reason as { reason?: string }).reason ?? String(result.reason)]
      : [],
  );
  return { fulfilled: results.length - refusals.length, refusals: [...new Set(refusals)] };
}

onServer('concurrent commands on one balance', () => {
  it.each([50, 200])(
    'lets exactly one of %i concurrent debits of the full balance through',
    async (count) => {
      const [user = 0] = await createUsers(app, 1);
      await deposit(sut, user, 'USDT', '100');
      const results = await Promise.allSettled(
        Array.from({ length: count }, (_, index) =>
          sut.execute({
            type: 'debit',
            kind: 'system_debit',
            to: 'adjustments',
            userId: user,
            account: 'spot',
            asset: 'USDT',
            amount: '100',
            reference: `race-debit-${user}-${index}`,
            actor: 'admin:1',
          }),
        ),
      );
      expect(tally(results)).toEqual({ fulfilled: 1, refusals: ['insufficientBalance'] });
      expect(await balanceOf(sut, user, 'spot', 'USDT')).toEqual({
        available: '0.000000',
        frozen: '0.000000',
      });
      expect((await sut.check()).problems).toEqual([]);
    },
  );

  it.each([50, 200])(
    'lets exactly one of %i concurrent freezes of the full balance through',
    async (count) => {
      const [user = 0] = await createUsers(app, 1);
      await deposit(sut, user, 'BTC', '2.5');
      const results = await Promise.allSettled(
        Array.from({ length: count }, (_, index) =>
          sut.execute({
            type: 'freeze',
            userId: user,
            account: 'spot',
            asset: 'BTC',
            amount: '2.5',
            purpose: 'withdrawal',
            reference: `race-freeze-${user}-${index}`,
            actor: `user:${user}`,
          }),
        ),
      );
      expect(tally(results)).toEqual({ fulfilled: 1, refusals: ['insufficientBalance'] });
      expect(await balanceOf(sut, user, 'spot', 'BTC')).toEqual({
        available: '0.00000000',
        frozen: '2.50000000',
      });
      expect((await sut.check()).problems).toEqual([]);
    },
  );

  it('runs opposite transfers between the same two accounts side by side without a deadlock', async () => {
    const [user = 0] = await createUsers(app, 1);
    await deposit(sut, user, 'USDT', '1000', 'spot');
    await deposit(sut, user, 'USDT', '1000', 'futures');
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, index) =>
        sut.execute({
          type: 'transfer',
          userId: user,
          from: index % 2 === 0 ? 'spot' : 'futures',
          to: index % 2 === 0 ? 'futures' : 'spot',
          asset: 'USDT',
          amount: '1',
          reference: `race-transfer-${user}-${index}`,
          actor: `user:${user}`,
        }),
      ),
    );
    expect(tally(results)).toEqual({ fulfilled: 100, refusals: [] });
    expect(await balanceOf(sut, user, 'spot', 'USDT')).toMatchObject({ available: '1000.000000' });
    expect(await balanceOf(sut, user, 'futures', 'USDT')).toMatchObject({ available: '1000.000000' });
  });

  it('credits one deposit once however many times it is approved at the same moment', async () => {
    const [user = 0] = await createUsers(app, 1);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        sut.execute({
          type: 'credit',
          kind: 'deposit',
          from: 'deposits_clearing',
          userId: user,
          account: 'spot',
          asset: 'USDT',
          amount: '7',
          reference: `race-approve-${user}`,
          actor: 'admin:1',
        }),
      ),
    );
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.transactionId)).size).toBe(1);
    expect(await balanceOf(sut, user, 'spot', 'USDT')).toMatchObject({ available: '7.000000' });
  });
});
