import type { Units } from '@kestrel/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { LedgerService } from './ledger.service';
import { balanceOf, createUsers, deposit, tradingLedgerOf } from './test-ledger';

let app: TestApp;
let ledger: LedgerService;

beforeAll(async () => {
  app = await createTestApp();
  ledger = tradingLedgerOf(app);
});
afterAll(async () => {
  await app?.close();
});

const usdt = (whole: number) => (BigInt(whole) * 1_000000n) as Units;

describe('moves: entries and reservation changes settled together', () => {
  it('moves margin between reservations, pays a fee and pnl, gives back what a closed reservation holds', async () => {
    const [user] = await createUsers(app, 1);
    if (user === undefined) throw new Error('no user');
    await deposit(ledger, user, 'USDT', '1000', 'futures');
    const account = (await ledger.userAccountIds([user], 'futures')).get(user) ?? 0;
    const fees = await ledger.systemAccount('fees');
    const clearing = await ledger.systemAccount('futures_clearing');
    const actor = `user:${user}` as const;
    await ledger.batch((batch) =>
      batch.freeze('test_order', [
        { accountId: account, asset: 'USDT', units: usdt(300), reference: `o-${user}`, actor },
      ]),
    );
    const hold = {
      accountId: account,
      asset: 'USDT',
      actor,
      add: 0n as Units,
      take: 0n as Units,
      close: false,
    };
    // A fill: 200 of margin to the position's reservation, a fee of 5; the order ends.
    await ledger.batch((batch) =>
      batch.move(
        [
          {
            kind: 'trade',
            reference: `move-open-${user}`,
            actor,
            postings: [
              { accountId: account, asset: 'USDT', units: -usdt(5) as Units },
              { accountId: fees, asset: 'USDT', units: usdt(5) },
            ],
          },
        ],
        [
          {
            ...hold,
            purpose: 'test_order',
            reference: `o-${user}`,
            take: usdt(205),
            close: true,
            entry: `move-open-${user}`,
          },
          { ...hold, purpose: 'test_position', reference: `p-${user}`, add: usdt(200) },
        ],
      ),
    );
    expect(await balanceOf(ledger, user, 'futures', 'USDT')).toEqual({
      available: '795.000000',
      frozen: '200.000000',
    });
    // A close of half: 100 of margin back, a profit of 40 from the clearing account.
    await ledger.batch((batch) =>
      batch.move(
        [
          {
            kind: 'trade',
            reference: `move-close-${user}`,
            actor,
            postings: [
              { accountId: account, asset: 'USDT', units: usdt(40) },
              { accountId: clearing, asset: 'USDT', units: -usdt(40) as Units },
            ],
          },
        ],
        [{ ...hold, purpose: 'test_position', reference: `p-${user}`, take: usdt(100) }],
      ),
    );
    expect(await balanceOf(ledger, user, 'futures', 'USDT')).toEqual({
      available: '935.000000',
      frozen: '100.000000',
    });
    expect((await ledger.check()).ok).toBe(true);
  });

  it('refuses a take beyond what a reservation holds, changing nothing', async () => {
    const [user] = await createUsers(app, 1);
    if (user === undefined) throw new Error('no user');
    await deposit(ledger, user, 'USDT', '100', 'futures');
    const account = (await ledger.userAccountIds([user], 'futures')).get(user) ?? 0;
    const actor = `user:${user}` as const;
    await ledger.batch((batch) =>
      batch.freeze('test_order', [
        { accountId: account, asset: 'USDT', units: usdt(50), reference: `o-${user}`, actor },
      ]),
    );
    const hold = { accountId: account, asset: 'USDT', actor, add: 0n as Units, close: false };
    await expect(
      ledger.batch((batch) =>
        batch.move(
          [],
          [
            { ...hold, purpose: 'test_order', reference: `o-${user}`, take: usdt(60) },
            { ...hold, purpose: 'test_position', reference: `p-${user}`, add: usdt(60), take: 0n as Units },
          ],
        ),
      ),
    ).rejects.toThrow();
    expect(await balanceOf(ledger, user, 'futures', 'USDT')).toEqual({
      available: '50.000000',
      frozen: '50.000000',
    });
    expect((await ledger.check()).ok).toBe(true);
  });
});
