import { type PlaceFuturesOrderBody, placeFuturesOrderBody } from '@kestrel/contract';
import { decimalOf } from '@kestrel/money';
import type { TestApp } from '../../../test/test-app';
import type { FeeDiscounts } from '../../fees/fee-discounts';
import type { LedgerService } from '../ledger';
import { tradingLedgerOf } from '../ledger/test-ledger';
import { nodeOf, RecordingPublisher, until } from '../spot/test-spot';
import type { FuturesMarkets } from './futures-markets';
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

/**
 * The spot index of BTCUSDT (50000 until a tick moves it) and of any market a test prices, whose ticks a test
 * sends to every listener.
 */
export class FakeIndex implements FuturesIndex {
  readonly listeners = new Set<(symbol: string, price: string) => void>();
  private readonly prices: Map<string, string>;
  constructor(prices: Record<string, string> = { BTCUSDT: '50000' }) {
    this.prices = new Map(Object.entries(prices));
  }
  indexPrice(symbol: string) {
    return this.prices.get(symbol) ?? null;
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
    this.prices.set(symbol, price);
    for (const listener of this.listeners) listener(symbol, price);
  }
}

/**
 * A futures orders service on its own node, started: the test database's perpetuals unless it is given others.
 * Alone, it answers once it owns every one; among other nodes, the test says whom it waits for.
 */
export async function futuresServiceOf(
  app: TestApp,
  options: {
    ledger?: LedgerService;
    markets?: Pick<FuturesMarkets, 'market' | 'all'>;
    node?: ReturnType<typeof nodeOf>;
    tickers?: FakeTickers;
    index?: FakeIndex;
    /** Users trading in isolated margin; every other one trades 10x cross. */
    isolated?: ReadonlySet<number>;
    /** What users' membership levels take off their fees; none when not given. */
    discounts?: FeeDiscounts;
  } = {},
) {
  const ledger = options.ledger ?? tradingLedgerOf(app);
  const tickers = options.tickers ?? new FakeTickers();
  const index = options.index ?? new FakeIndex();
  const publisher = new RecordingPublisher();
  const node = options.node ?? nodeOf(app);
  const markets = options.markets ?? (await futuresMarketsOf(app.database.db));
  const isolated = options.isolated ?? new Set<number>();
  const sut = new FuturesOrdersService(
    new FuturesOrdersRepository(app.database.db),
    ledger,
    markets,
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
    undefined,
    undefined,
    options.discounts,
  );
  await sut.start();
  await node.leadership.start();
  if (node.alone) {
    await until(
      () => markets.all().every((market) => sut.serves(market.symbol)),
      'the node owns every perpetual',
    );
  }
  return { sut, ledger, markets, tickers, index, publisher, node };
}

/**
 * A test's way of placing orders: BTCUSDT limit orders unless told otherwise, each with a reference of its own
 * (`<prefix>-<n>`). The service is asked for at each call, since tests start it in a hook.
 */
export function placerOf(service: () => FuturesOrdersService, prefix: string) {
  let references = 0;
  return (userId: number, body: Partial<PlaceFuturesOrderBody> & Pick<PlaceFuturesOrderBody, 'action'>) => {
    references += 1;
    return service().place(
      userId,
      placeFuturesOrderBody.parse({ symbol: 'BTCUSDT', type: 'limit', ...body }),
      `${prefix}-${references}`,
    );
  };
}
