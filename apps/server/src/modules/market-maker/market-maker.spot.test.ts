import { type PriceSource, placeOrderBody } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { MarketMakerSettings } from '../../config';
import { MarketMakerRepository } from '../auth';
import type { LedgerService } from '../ledger/ledger.service';
import { balanceOf, createUsers, deposit, tradingLedgerOf } from '../ledger/test-ledger';
import { MarketsRepository } from '../markets';
import { MarketsService } from '../markets/markets.service';
import { type FeedMarket, type PriceFeed, TickListeners } from '../markets/price-feed';
import type { SpotOrdersService } from '../spot/spot-orders.service';
import { spotServiceOf } from '../spot/test-spot';
import { MarketMaker } from './market-maker';

/*
 * The maker with the real markets and spot orders services on the test database: index prices come from a feed
 * the test drives, and a person's orders meet the maker's quotes in the real engine and ledger.
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
let spot: SpotOrdersService;
let sut: MarketMaker;

beforeAll(async () => {
  app = await createTestApp();
  ledger = tradingLedgerOf(app);
  feed = new ManualFeed();
  markets = new MarketsService(new MarketsRepository(app.database.db), { feed, history: false });
  await markets.start();
  ({ sut: spot } = await spotServiceOf(app, { ledger, markets }));
  sut = new MarketMaker({
    repository: new MarketMakerRepository(app.database.db),
    ledger,
    markets,
    orders: spot,
    settings: SETTINGS,
    log: { info: () => {}, warn: () => {}, error: () => {} },
  });
  feed.tick('BTCUSDT', '50000.00');
  await sut.start();
  await sut.idle();
});
afterAll(async () => {
  await sut?.stop();
  await spot?.stop();
  await markets?.stop();
  await app?.close();
});

describe('market maker on the real order book', () => {
  const ladderAt = (best: number, direction: 1 | -1) =>
    Array.from({ length: 5 }, (_, level) => (best + direction * 50 * level).toFixed(2));

  it('rests its ladder around the index price with its funds frozen in the ledger', async () => {
    const depth = await spot.depth('BTCUSDT', 10);
    // A 10 bps grid of 50,000 is 50.00; the best quotes are on the first lines half the spread out.
    expect(depth.bids.map(([price]) => price)).toEqual(ladderAt(49950, -1));
    expect(depth.asks.map(([price]) => price)).toEqual(ladderAt(50050, 1));
    const btc = await balanceOf(ledger, sut.user as number, 'spot', 'BTC');
    // 500,000 USDT of BTC at 50,000, of which the asks hold five levels of 1,000 USDT.
    expect(Number(btc.available) + Number(btc.frozen)).toBe(10);
    expect(Number(btc.frozen)).toBeGreaterThan(0.099);
    // Markets without an index price are not quoted.
    expect((await spot.depth('ETHUSDT', 10)).asks).toEqual([]);
  });

  it("fills a person's market buy against its asks, and quotes again around a moved index", async () => {
    const [buyer = 0] = await createUsers(app, 1);
    await deposit(ledger, buyer, 'USDT', '1500');
    const order = await spot.place(
      buyer,
      placeOrderBody.parse({ symbol: 'BTCUSDT', side: 'buy', type: 'market', total: '1500' }),
      'market-maker-test-buy',
    );
    expect(order.status).toBe('filled');
    // 1,500 USDT takes the best ask (about 1,000) and part of the next.
    expect(Number(order.averagePrice)).toBeGreaterThan(50050);
    expect(Number(order.averagePrice)).toBeLessThan(50100);
    expect(Number((await balanceOf(ledger, buyer, 'spot', 'BTC')).available)).toBeGreaterThan(0.0299);

    // The filled asks are replaced at the next refresh, on the same grid lines.
    await sut.refresh('BTCUSDT');
    let depth = await spot.depth('BTCUSDT', 10);
    expect(depth.asks.map(([price]) => price)).toEqual(ladderAt(50050, 1));
    expect(depth.asks.every(([price, size]) => Number(price) * Number(size) >= 1000)).toBe(true);

    feed.tick('BTCUSDT', '51000.00');
    await sut.idle();
    depth = await spot.depth('BTCUSDT', 10);
    expect(Number(depth.bids[0]?.[0])).toBeLessThan(51000);
    expect(Number(depth.bids[0]?.[0])).toBeGreaterThan(50900);
    expect(Number(depth.asks[0]?.[0])).toBeGreaterThan(51000);
    expect(Number(depth.asks[0]?.[0])).toBeLessThan(51100);
    expect(depth.asks).toHaveLength(5);
    expect(depth.bids).toHaveLength(5);

    const report = await ledger.check();
    expect(report.problems).toEqual([]);
  });

  it('cancels its quotes when the market is switched off in the back office', async () => {
    await markets.update(
      'BTCUSDT',
      { marketMaker: false, reason: 'maker off for the test' },
      { adminId: null, action: 'updateMarket', ip: null },
    );
    await sut.idle();
    const depth = await spot.depth('BTCUSDT', 10);
    expect(depth).toMatchObject({ bids: [], asks: [] });
    const btc = await balanceOf(ledger, sut.user as number, 'spot', 'BTC');
    expect(btc.frozen).toBe('0.00000000');
  });
});
