import { decimalOf } from '@kestrel/money';
import type { TestApp } from '../../../test/test-app';
import type { LedgerService } from '../ledger';
import { tradingLedgerOf } from '../ledger/test-ledger';
import { nodeOf, RecordingPublisher, until } from '../spot/test-spot';
import { FuturesOrdersRepository } from './futures-orders.repository';
import { type FuturesIndex, FuturesOrdersService } from './futures-orders.service';
import type { FuturesMark } from './mark-price';
import { futuresMarketsOf } from './test-futures';

/*
 * Helpers for the futures orders tests: the index, the marks and the settings are small fakes; the markets, the
 * ledger and the database are the test app's, as app.ts builds them.
 */

/** The mark prices the owner would publish; a test moves them. */
export class FakeTickers {
  readonly marks = new Map<string, FuturesMark>();
  latest(symbol: string) {
    return this.marks.get(symbol);
  }
  publish(mark: FuturesMark) {
    this.marks.set(mark.symbol, mark);
  }
  move(symbol: string, price: string) {
    this.marks.set(symbol, {
      symbol,
      markPrice: decimalOf(price),
      indexPrice: decimalOf(price),
      fundingRate: decimalOf('0.0001'),
      nextFundingTime: new Date(Date.now() + 3_600_000),
      stale: false,
    });
  }
}

/** The spot index of BTCUSDT (50000 until a tick moves it), whose ticks a test sends to every listener. */
export class FakeIndex implements FuturesIndex {
  readonly listeners = new Set<(symbol: string, price: string) => void>();
  private btc = '50000';
  indexPrice(symbol: string) {
    return symbol === 'BTCUSDT' ? this.btc : null;
  }
  isStale() {
    return false;
  }
  onIndexPrice(listener: (symbol: string, price: string) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  tick(symbol: string, price: string) {
    if (symbol === 'BTCUSDT') this.btc = price;
    for (const listener of this.listeners) listener(symbol, price);
  }
}

/** A futures orders service on its own node, started; answers once it owns BTCUSDT. */
export async function futuresServiceOf(
  app: TestApp,
  options: {
    ledger?: LedgerService;
    tickers?: FakeTickers;
    index?: FakeIndex;
    /** Users trading in isolated margin; every other one trades 10x cross. */
    isolated?: ReadonlySet<number>;
  } = {},
) {
  const ledger = options.ledger ?? tradingLedgerOf(app);
  const tickers = options.tickers ?? new FakeTickers();
  const index = options.index ?? new FakeIndex();
  const publisher = new RecordingPublisher();
  const node = nodeOf(app);
  const isolated = options.isolated ?? new Set<number>();
  const sut = new FuturesOrdersService(
    new FuturesOrdersRepository(app.database.db),
    ledger,
    await futuresMarketsOf(app.database.db),
    {
      of: async (userId: number) => ({
        leverage: 10,
        marginMode: isolated.has(userId) ? ('isolated' as const) : ('cross' as const),
      }),
    },
    tickers,
    index,
    publisher,
    node,
  );
  await sut.start();
  await node.leadership.start();
  await until(() => sut.serves('BTCUSDT'), 'the node owns BTCUSDT');
  return { sut, ledger, tickers, index, publisher, node };
}
