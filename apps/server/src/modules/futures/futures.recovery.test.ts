import { placeFuturesOrderBody } from '@kestrel/contract';
import { decimalOf, formatDecimal, normalize, subtractDecimals } from '@kestrel/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { refusedByFence } from '../../cluster/fence';
import { LedgerRepository, LedgerService } from '../ledger';
import { balanceOf, createUsers, deposit, tradingLedgerOf } from '../ledger/test-ledger';
import type { FuturesOrdersService } from './futures-orders.service';
import { FakeTickers, futuresServiceOf } from './test-futures-orders';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A ledger whose batches fail from the `failFrom`-th on, as a node that dies before settling. */
class FailingLedger extends LedgerService {
  private calls = 0;
  constructor(
    testApp: TestApp,
    private readonly failFrom: number,
  ) {
    super(new LedgerRepository(testApp.database.trading));
  }
  override async batch<T>(work: Parameters<LedgerService['batch']>[0]): Promise<T> {
    this.calls += 1;
    if (this.calls >= this.failFrom) throw new Error('the node died');
    return super.batch(work) as Promise<T>;
  }
}

const order = (action: 'openLong' | 'openShort' | 'closeLong', price: string, size: string) =>
  placeFuturesOrderBody.parse({ symbol: 'BTCUSDT', action, type: 'limit', price, size });

describe('a new owner of a perpetual', () => {
  it('rebuilds the book and the positions from the database and settles accepted orders once', async () => {
    const ledger = tradingLedgerOf(app);
    const [long = 0, short = 0] = await createUsers(app, 2);
    await deposit(ledger, long, 'USDT', '10000', 'futures');
    await deposit(ledger, short, 'USDT', '10000', 'futures');
    const tickers = new FakeTickers();
    tickers.move('BTCUSDT', '50000');

    // A first life: the short rests 0.2, the long takes 0.1 of it.
    const first = await futuresServiceOf(app, { ledger, tickers });
    await first.sut.place(short, order('openShort', '50000', '0.2'), 'r-short');
    expect(await first.sut.place(long, order('openLong', '50000', '0.1'), 'r-long-1')).toMatchObject({
      status: 'filled',
    });
    await first.sut.stop();
    await first.node.leadership.stop();

    // A second life stores the long's next order and dies before settling it.
    const dying = await futuresServiceOf(app, { ledger: new FailingLedger(app, 2), tickers });
    await expect(dying.sut.place(long, order('openLong', '50000', '0.1'), 'r-long-2')).rejects.toMatchObject({
      reason: 'systemBusy',
    });
    await dying.sut.stop();
    await dying.node.leadership.stop();

    // A third life: the rest of the short rests again and the stored order is matched against it, once.
    const third = await futuresServiceOf(app, { ledger: tradingLedgerOf(app), tickers });
    const [stored] = (await third.sut.orders(long, { state: 'history', limit: 1 })).items;
    expect(stored).toMatchObject({ status: 'filled', filledSize: '0.1' });
    expect(await third.sut.positions(long)).toEqual([
      expect.objectContaining({ side: 'long', size: '0.2', entryPrice: '50000', margin: '1000' }),
    ]);
    expect(await third.sut.positions(short)).toEqual([
      expect.objectContaining({ side: 'short', size: '0.2', margin: '1000' }),
    ]);
    expect((await third.sut.depth('BTCUSDT', 5)).asks).toEqual([]);
    // Two taker fees of 2.5 each; two maker fees of 1.
    expect(await balanceOf(ledger, long, 'futures', 'USDT')).toEqual({
      available: '8995.000000',
      frozen: '1000.000000',
    });
    expect(await balanceOf(ledger, short, 'futures', 'USDT')).toEqual({
      available: '8998.000000',
      frozen: '1000.000000',
    });
    expect((await ledger.check()).problems).toEqual([]);
    await third.sut.stop();
    await third.node.leadership.stop();
  });
});

describe('what rounding realised pnl kept', () => {
  const keptOf = async () => {
    const result = (await app.database.db.execute(
      sql`select kept::text as kept from futures_rounding where symbol = 'BTCUSDT'`,
    )) as unknown as { rows: { kept: string }[] };
    return result.rows[0]?.kept;
  };

  it('is stored with each close and taken up by the next owner, so its whole units reach the rounding account', async () => {
    const ledger = tradingLedgerOf(app);
    const [long = 0, short = 0, buyer = 0] = await createUsers(app, 3);
    for (const userId of [long, short, buyer]) await deposit(ledger, userId, 'USDT', '10000', 'futures');
    const tickers = new FakeTickers();
    tickers.move('BTCUSDT', '50000');
    // Each close realises 0.01 × 0.00016 = 0.0000016 USDT: 0.000001 paid, 0.0000006 kept.
    const closeOne = async (sut: FuturesOrdersService, tag: string) => {
      await sut.place(buyer, order('openLong', '50000.01', '0.00016'), `${tag}-bid`);
      expect(await sut.place(long, order('closeLong', '50000.01', '0.00016'), `${tag}-close`)).toMatchObject({
        status: 'filled',
        realizedPnl: '0.000001',
      });
    };

    const first = await futuresServiceOf(app, { ledger, tickers });
    await first.sut.place(short, order('openShort', '50000', '0.001'), 'kept-short');
    await first.sut.place(long, order('openLong', '50000', '0.001'), 'kept-long');
    await closeOne(first.sut, 'kept-1');
    expect(await keptOf()).toBe('0.000000600000000000');
    await first.sut.stop();
    await first.node.leadership.stop();

    const rounding = await ledger.systemBalance('rounding', 'USDT');
    const second = await futuresServiceOf(app, { ledger, tickers });
    await closeOne(second.sut, 'kept-2');
    // 0.0000006 from the first owner and 0.0000006 now: one unit moves, 0.0000002 stays kept.
    const moved = subtractDecimals(
      decimalOf(await ledger.systemBalance('rounding', 'USDT')),
      decimalOf(rounding),
    );
    expect(formatDecimal(normalize(moved))).toBe('0.000001');
    expect(await keptOf()).toBe('0.000000200000000000');
    expect((await ledger.check()).problems).toEqual([]);
    // Written as an owner deposed before the second one would: refused by the fence.
    const stale = await app.database.db
      .execute(sql`update futures_rounding set kept = 0, epoch = epoch - 1 where symbol = 'BTCUSDT'`)
      .catch((error: unknown) => error);
    expect(refusedByFence(stale)).toBe(true);
    await second.sut.stop();
    await second.node.leadership.stop();
  });
});
