import { placeFuturesOrderBody } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { LedgerRepository, LedgerService } from '../ledger';
import { balanceOf, createUsers, deposit, tradingLedgerOf } from '../ledger/test-ledger';
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

const order = (action: 'openLong' | 'openShort', price: string, size: string) =>
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
