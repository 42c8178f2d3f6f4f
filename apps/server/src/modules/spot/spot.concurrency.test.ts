import { placeOrderBody } from '@kestrel/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onServer } from '../../../test/database';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { balanceOf, createUsers, deposit, tradingLedgerOf } from '../ledger/test-ledger';
import { BTC, FakeMarkets, spotServiceOf } from './test-spot';

/*
 * Many users placing crossing orders at once against the real PostgreSQL server, in two markets that share the
 * users' USDT balances (so batches of both markets lock the same rows). PGlite runs one statement at a time, so
 * this runs only when DATABASE_URL names a server.
 */

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

onServer('concurrent orders', () => {
  it('settles every fill once and conserves every asset', async () => {
    const ledger = tradingLedgerOf(app);
    const markets = new FakeMarkets([BTC, { ...BTC, symbol: 'ETHUSDT', base: 'ETH' }]);
    const { sut } = await spotServiceOf(app, { ledger, markets });
    const users = await createUsers(app, 16);
    for (const user of users) {
      await deposit(ledger, user, 'USDT', '100000');
      await deposit(ledger, user, 'BTC', '10');
      await deposit(ledger, user, 'ETH', '10');
    }
    const fees = async (asset: string) =>
      Number(
        (await ledger.check()).systemPositions.find((row) => row.account === 'fees' && row.asset === asset)
          ?.amount ?? 0,
      );
    const results = await Promise.allSettled(
      Array.from({ length: 400 }, (_, index) => {
        const user = users[index % users.length] as number;
        const side = index % 2 === 0 ? 'buy' : 'sell';
        const price = String(50000 + ((index * 7) % 11) - 5);
        return sut.place(
          user,
          placeOrderBody.parse({
            symbol: index % 3 === 0 ? 'ETHUSDT' : 'BTCUSDT',
            side,
            type: 'limit',
            price,
            size: '0.01',
          }),
          `c-${index}`,
        );
      }),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const filled = results.filter(
      (result) => result.status === 'fulfilled' && result.value.filledSize !== '0.00000000',
    );
    expect(filled.length).toBeGreaterThan(50);
    await Promise.all(users.map((user) => sut.cancelAll(user)));
    await sut.stop();

    const report = await ledger.check();
    expect(report.problems).toEqual([]);
    let usdt = 0;
    let btc = 0;
    for (const user of users) {
      const u = await balanceOf(ledger, user, 'spot', 'USDT');
      const b = await balanceOf(ledger, user, 'spot', 'BTC');
      expect(u.frozen).toBe('0.000000');
      expect(b.frozen).toBe('0.00000000');
      usdt += Number(u.available);
      btc += Number(b.available);
    }
    expect(usdt + (await fees('USDT'))).toBeCloseTo(16 * 100000, 4);
    expect(btc + (await fees('BTC'))).toBeCloseTo(16 * 10, 6);
  });
});
