import { type MarginMode, type PriceSource, placeFuturesOrderBody } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { MarketMakerSettings } from '../../config';
import { MarketMakerRepository } from '../auth';
import { FuturesOrdersRepository, FuturesOrdersService } from '../futures';
import type { FuturesMark } from '../futures/mark-price';
import { futuresMarketsOf } from '../futures/test-futures';
import type { LedgerService } from '../ledger/ledger.service';
import { balanceOf, createUsers, deposit, tradingLedgerOf } from '../ledger/test-ledger';
import { MarketsRepository } from '../markets';
import { MarketsService } from '../markets/markets.service';
import { type FeedMarket, type PriceFeed, TickListeners } from '../markets/price-feed';
import { nodeOf, RecordingPublisher, until } from '../spot/test-spot';
import { FuturesMarketMaker } from './market-maker';

/*
 * The futures maker with the real markets and futures orders services on the test database: the perpetuals'
 * index is the spot index a feed the test drives reports, and a person's market order opens a position against
 * the maker's quotes in the real book and ledger.
 */

/** A feed that reports what the test tells it to. */
class ManualFeed implements PriceFeed {
  readonly source: PriceSource = 'exchange';
  private readonly listeners = new TickListeners();
  onTick(listener: Parameters<TickListeners['add']>[0]) {
    return this.listeners.add(listener);
  }
  async start(_markets: readonly FeedMarket[]) {}
  updateMarket(_market: FeedMarket) {}
  async stop() {}
  tick(symbol: string, price: string) {
    this.listeners.emit(symbol, price, '0', new Date());
  }
}

/** No owner's mark published yet: the mark is the index. */
const tickers = { latest: (_symbol: string) => undefined, publish: (_mark: FuturesMark) => {} };

/** Leverage and margin mode per user and market: 10x cross until set. */
class Settings {
  private readonly chosen = new Map<string, { leverage: number; marginMode: MarginMode }>();
  async of(userId: number, symbol: string) {
    return this.chosen.get(`${userId} ${symbol}`) ?? { leverage: 10, marginMode: 'cross' as const };
  }
  async update(userId: number, setting: { symbol: string; leverage: number; marginMode: MarginMode }) {
    this.chosen.set(`${userId} ${setting.symbol}`, setting);
    return setting;
  }
}

const SETTINGS: MarketMakerSettings = {
  enabled: true,
  levels: 5,
  spreadBps: 10,
  stepBps: 10,
  levelNotional: '1000',
  quoteFunds: '5000000',
  baseValue: '500000',
  inventoryLimit: '0.5',
  refreshMs: 600_000,
};

let app: TestApp;
let ledger: LedgerService;
let feed: ManualFeed;
let markets: MarketsService;
let futures: FuturesOrdersService;
let settings: Settings;
let sut: FuturesMarketMaker;

beforeAll(async () => {
  app = await createTestApp();
  ledger = tradingLedgerOf(app);
  feed = new ManualFeed();
  markets = new MarketsService(new MarketsRepository(app.database.db), { feed, history: false });
  await markets.start();
  const perpetuals = await futuresMarketsOf(app.database.db);
  settings = new Settings();
  const node = nodeOf(app);
  futures = new FuturesOrdersService(
    new FuturesOrdersRepository(app.database.db),
    ledger,
    perpetuals,
    settings,
    tickers,
    markets,
    new RecordingPublisher(),
    node,
  );
  await futures.start();
  await node.leadership.start();
  await until(() => futures.serves('BTCUSDT'), 'the node owns BTCUSDT');
  sut = new FuturesMarketMaker({
    repository: new MarketMakerRepository(app.database.db),
    ledger,
    markets: perpetuals,
    index: markets,
    orders: futures,
    futuresSettings: settings,
    settings: SETTINGS,
    log: { info: () => {}, warn: () => {}, error: () => {} },
  });
  feed.tick('BTCUSDT', '50000.00');
  await sut.start();
  await sut.idle();
});
afterAll(async () => {
  await sut?.stop();
  await futures?.stop();
  await markets?.stop();
  await app?.close();
});

describe('futures market maker on the real book', () => {
  it('rests its ladder around the index price from its futures account at 5x cross', async () => {
    const depth = await futures.depth('BTCUSDT', 10);
    const prices = (best: number, direction: 1 | -1) =>
      Array.from({ length: 5 }, (_, level) => (best + direction * 50 * level).toFixed(2));
    expect(depth.bids.map(([price]) => Number(price).toFixed(2))).toEqual(prices(49950, -1));
    expect(depth.asks.map(([price]) => Number(price).toFixed(2))).toEqual(prices(50050, 1));
    const maker = sut.user as number;
    expect(await settings.of(maker, 'BTCUSDT')).toEqual({
      symbol: 'BTCUSDT',
      leverage: 5,
      marginMode: 'cross',
    });
    const usdt = await balanceOf(ledger, maker, 'futures', 'USDT');
    expect(Number(usdt.available) + Number(usdt.frozen)).toBe(5_000_000);
    expect(Number(usdt.frozen)).toBeGreaterThan(0);
    // A perpetual without an index price is not quoted.
    expect((await futures.depth('ETHUSDT', 10)).asks).toEqual([]);
  });

  it("opens a person's long at the market against its asks, and closes its short with its next bids", async () => {
    const [buyer = 0] = await createUsers(app, 1);
    await deposit(ledger, buyer, 'USDT', '1000', 'futures');
    const order = await futures.place(
      buyer,
      placeFuturesOrderBody.parse({ symbol: 'BTCUSDT', action: 'openLong', type: 'market', size: '0.05' }),
      'futures-maker-test-buy',
    );
    expect(order.status).toBe('filled');
    expect(Number(order.averagePrice)).toBeGreaterThanOrEqual(50050);
    const [long] = await futures.positions(buyer, 'BTCUSDT');
    expect(long).toMatchObject({ side: 'long', size: expect.stringMatching(/^0\.05/) });
    const maker = sut.user as number;
    const [short] = await futures.positions(maker, 'BTCUSDT');
    expect(short).toMatchObject({ side: 'short', size: expect.stringMatching(/^0\.05/) });

    await sut.refresh('BTCUSDT');
    const open = (await futures.orders(maker, { state: 'open', symbol: 'BTCUSDT', limit: 50 })).items;
    // Its best bids, placed again, now buy back the short (about 0.02 BTC each); the rest open a long as before.
    const closing = open.filter((item) => item.action === 'closeShort');
    expect(closing.length).toBeGreaterThan(0);
    expect(closing.reduce((total, item) => total + Number(item.size), 0)).toBeLessThanOrEqual(0.05);
    expect(open.filter((item) => item.action === 'openShort')).toHaveLength(5);
    const depth = await futures.depth('BTCUSDT', 10);
    expect(depth.bids).toHaveLength(5);
    expect(depth.asks).toHaveLength(5);

    expect((await ledger.check()).problems).toEqual([]);
  });
});
