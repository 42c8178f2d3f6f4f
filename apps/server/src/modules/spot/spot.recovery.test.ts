import { placeOrderBody } from '@kestrel/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { LedgerRepository } from '../ledger';
import { LedgerService } from '../ledger/ledger.service';
import { balanceOf, createUsers, deposit, tradingLedgerOf } from '../ledger/test-ledger';
import { spotOrders, spotTrades } from './spot.schema';
import { BTC, FakeMarkets, spotServiceOf } from './test-spot';

/*
 * A crash between storing an order (funds frozen) and settling its fills: the process is simulated by a ledger
 * whose settlement transactions fail, so orders stay accepted but unmatched in the database, as after a crash.
 * A new service over the same database must rebuild the book and settle each of them exactly once.
 */

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

/**
 * A ledger whose transactions and settlements go through `fails`, which may refuse one as a lost connection would
 * (one-statement admissions are left alone).
 */
abstract class FaultyLedger extends LedgerService {
  constructor(app: TestApp) {
    super(new LedgerRepository(app.database.trading));
  }
  /** Whether this write is refused. */
  protected abstract fails(): boolean;
  override batch<T>(work: Parameters<LedgerService['batch']>[0]): Promise<T> {
    if (this.fails()) return Promise.reject(new Error('connection lost'));
    return super.batch(work as never) as Promise<T>;
  }
  override settle<Row = never>(...args: Parameters<LedgerService['settle']>): Promise<Row[]> {
    if (this.fails()) return Promise.reject(new Error('connection lost'));
    return super.settle<Row>(...args);
  }
}

/** A ledger whose `failing`-th write fails once, as a lost connection would make it. */
class FlakyLedger extends FaultyLedger {
  private calls = 0;
  constructor(
    app: TestApp,
    private readonly failing: number,
  ) {
    super(app);
  }
  protected fails() {
    this.calls += 1;
    return this.calls === this.failing;
  }
}

/** A ledger whose writes after the first `allowed` ones fail, as a process that dies mid-way would leave it. */
class CrashingLedger extends FaultyLedger {
  constructor(
    app: TestApp,
    private allowed: number,
  ) {
    super(app);
  }
  protected fails() {
    if (this.allowed <= 0) return true;
    this.allowed -= 1;
    return false;
  }
}

const body = (side: 'buy' | 'sell', price: string, size: string) =>
  placeOrderBody.parse({ symbol: 'BTCUSDT', side, type: 'limit', price, size });

describe('restart recovery', () => {
  it('rebuilds resting orders and settles accepted but unsettled orders once', async () => {
    const ledger = tradingLedgerOf(app);
    const [maker = 0, taker = 0] = await createUsers(app, 2);
    await deposit(ledger, maker, 'BTC', '1');
    await deposit(ledger, taker, 'USDT', '10000');

    // A healthy first life: two asks rest.
    const first = await spotServiceOf(app, { ledger });
    const ask1 = await first.sut.place(maker, body('sell', '50000', '0.01'), 'r-ask-1');
    const ask2 = await first.sut.place(maker, body('sell', '51000', '0.01'), 'r-ask-2');
    expect([ask1.status, ask2.status]).toEqual(['open', 'open']);
    await first.sut.stop();

    // A second life stores the taker's order (one batch: freeze and insert) and dies before settling it.
    const crashing = await spotServiceOf(app, { ledger: new CrashingLedger(app, 1) });
    await expect(crashing.sut.place(taker, body('buy', '51000', '0.015'), 'r-bid')).rejects.toMatchObject({
      reason: 'systemBusy',
    });
    await crashing.sut.stop();
    const [stored] = await app.database.db.select().from(spotOrders).where(eq(spotOrders.userId, taker));
    expect(stored?.status).toBe('new');
    expect(await balanceOf(ledger, taker, 'spot', 'USDT')).toEqual({
      available: '9235.000000',
      frozen: '765.000000',
    });

    // A third life recovers: the asks rest again in their order and the bid is matched against them.
    const third = await spotServiceOf(app, { ledger: tradingLedgerOf(app) });
    const [bid] = (await third.sut.orders(taker, { state: 'history', limit: 10 })).items;
    expect(bid).toMatchObject({ status: 'filled', filledSize: '0.01500000', filledTotal: '755.000000' });
    expect(await balanceOf(ledger, taker, 'spot', 'USDT')).toEqual({
      available: '9245.000000',
      frozen: '0.000000',
    });
    expect(await balanceOf(ledger, maker, 'spot', 'BTC')).toEqual({
      available: '0.98000000',
      frozen: '0.00500000',
    });
    expect((await third.sut.depth('BTCUSDT', 5)).asks).toEqual([['51000.00', '0.00500']]);
    await third.sut.stop();

    // A fourth life settles nothing twice.
    const trades = async () => (await app.database.db.select({ n: count() }).from(spotTrades))[0]?.n;
    expect(await trades()).toBe(2);
    const fourth = await spotServiceOf(app, { ledger: tradingLedgerOf(app) });
    expect(await trades()).toBe(2);
    expect((await fourth.sut.depth('BTCUSDT', 5)).asks).toEqual([['51000.00', '0.00500']]);
    expect(await balanceOf(ledger, taker, 'spot', 'BTC')).toEqual({
      available: '0.01497000',
      frozen: '0.00000000',
    });
    await fourth.sut.stop();
    const report = await ledger.check();
    expect(report.problems).toEqual([]);
  });

  it('rebuilds the book in process when a settlement fails, answering the order as settled', async () => {
    const ledger = tradingLedgerOf(app);
    const [maker = 0, taker = 0] = await createUsers(app, 2);
    await deposit(ledger, maker, 'BTC', '1');
    await deposit(ledger, taker, 'USDT', '10000');
    const healthy = await spotServiceOf(app, { ledger });
    await healthy.sut.place(maker, body('sell', '52000', '0.01'), 'r2-ask');
    await healthy.sut.stop();
    // Admission succeeds, its settlement fails once; the in-process recovery settles it.
    const sut = await spotServiceOf(app, { ledger: new FlakyLedger(app, 2) });
    const view = await sut.sut.place(taker, body('buy', '52000', '0.01'), 'r2-bid');
    expect(view.status).toBe('filled');
    await sut.sut.stop();
    expect((await ledger.check()).problems).toEqual([]);
  });

  it('rebuilds the books of every market of the failed batches and settles their orders once', async () => {
    const ledger = tradingLedgerOf(app);
    const markets = new FakeMarkets([
      { ...BTC, symbol: 'SOLUSDT', base: 'SOL' },
      { ...BTC, symbol: 'BNBUSDT', base: 'BNB' },
    ]);
    const [maker = 0, taker = 0] = await createUsers(app, 2);
    await deposit(ledger, maker, 'SOL', '1');
    await deposit(ledger, maker, 'BNB', '1');
    await deposit(ledger, taker, 'USDT', '1000');
    const limit = (symbol: string, side: 'buy' | 'sell', price: string) =>
      placeOrderBody.parse({ symbol, side, type: 'limit', price, size: '0.5' });
    const healthy = await spotServiceOf(app, { ledger, markets });
    await healthy.sut.place(maker, limit('SOLUSDT', 'sell', '100'), null);
    await healthy.sut.place(maker, limit('BNBUSDT', 'sell', '200'), null);
    await healthy.sut.stop();

    // The first bid's batch is admitted (1) and its settlement fails (2) while the next batch, the bids of both
    // markets, is admitted (3): the books of both markets are rebuilt and all three bids matched from storage.
    const { sut } = await spotServiceOf(app, { ledger: new FlakyLedger(app, 2), markets });
    const answers = await Promise.all([
      sut.place(taker, limit('SOLUSDT', 'buy', '100'), null),
      sut.place(taker, limit('BNBUSDT', 'buy', '200'), null),
      sut.place(taker, limit('SOLUSDT', 'buy', '99'), null),
    ]);
    expect(answers.map((order) => order.status)).toEqual(['filled', 'filled', 'open']);
    expect((await sut.depth('SOLUSDT', 5)).bids).toEqual([['99.00', '0.50000']]);
    expect((await sut.depth('BNBUSDT', 5)).asks).toEqual([]);
    expect(await balanceOf(ledger, taker, 'spot', 'USDT')).toEqual({
      available: '800.500000',
      frozen: '49.500000',
    });
    await sut.stop();
    const trades = await app.database.db
      .select({ n: count() })
      .from(spotTrades)
      .where(eq(spotTrades.takerUserId, taker));
    expect(trades[0]?.n).toBe(2);
    expect((await ledger.check()).problems).toEqual([]);
  });
});
