import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api';
import { outboxMessagesTo } from '../../../test/outbox';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ConfigError, loadConfig, type MarketMakerSettings } from '../../config';
import { MARKET_MAKER_EMAIL, MarketMakerRepository } from '../auth/market-maker-account.repository';
import { balanceOf, deposit, ledgerOf } from '../ledger/test-ledger';
import { MarketMaker } from './market-maker';
import { BTC, FakeMarkets, FakeOrders, SETTINGS } from './test-maker';

/*
 * The maker against the real ledger and users table, with small fakes of the markets and spot orders services:
 * the fakes record what the maker asked for, so each test reads its quotes as the book would hold them.
 */

let app: TestApp;
let markets: FakeMarkets;
let orders: FakeOrders;
const warnings: unknown[] = [];
const running: MarketMaker[] = [];

function makerWith(settings: Partial<MarketMakerSettings> = {}) {
  const sut = new MarketMaker({
    repository: new MarketMakerRepository(app.database.db),
    ledger: ledgerOf(app),
    markets,
    orders,
    settings: { ...SETTINGS, ...settings },
    log: { info: () => {}, warn: (...args: unknown[]) => warnings.push(args), error: () => {} },
  });
  running.push(sut);
  return sut;
}

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  for (const sut of running.splice(0)) await sut.stop();
  markets = new FakeMarkets([BTC]);
  markets.prices.set('BTCUSDT', '50000.00');
  orders = new FakeOrders();
  warnings.length = 0;
});

describe('market maker', () => {
  it('trades as one platform user, funded once per asset across restarts', async () => {
    const first = makerWith();
    await first.start();
    await first.idle();
    await first.stop();
    // A restart at another price funds nothing again.
    markets.prices.set('BTCUSDT', '60000.00');
    const second = makerWith();
    await second.start();
    await second.idle();

    expect(second.user).toBe(first.user);
    const ledger = ledgerOf(app);
    const userId = second.user as number;
    // 100,000 USDT of BTC at the first start's 50,000: 2 BTC.
    expect(await balanceOf(ledger, userId, 'spot', 'BTC')).toEqual({
      available: '2.00000000',
      frozen: '0.00000000',
    });
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toEqual({
      available: '1000000.000000',
      frozen: '0.000000',
    });
    expect(warnings).toEqual([]);
  });

  it('cannot be signed in to, nor have its password reset', async () => {
    const sut = makerWith();
    await sut.start();
    const login = await callApi(app, 'POST', '/api/auth/login', {
      body: { account: MARKET_MAKER_EMAIL, password: '!' },
    });
    expect(login.body.code).toBe(2001);
    const code = await callApi(app, 'POST', '/api/auth/code', {
      body: { account: MARKET_MAKER_EMAIL, purpose: 'reset' },
    });
    // Answered like any account's request (nothing tells that it exists), and no code is made or sent for it.
    expect(code.body.code).toBe(0);
    expect(await outboxMessagesTo(app.database, MARKET_MAKER_EMAIL)).toEqual([]);
  });

  it('quotes post-only levels on both sides around the index price', async () => {
    const sut = makerWith();
    await sut.start();
    await sut.idle();
    // A 10 bps grid of 50,000 is 50.00; half the 10 bps spread puts the best quotes on the next lines out.
    // Sizes are rounded up to the lot: each level is worth at least its 1,000 USDT.
    expect(orders.book()).toEqual({
      bids: [
        ['49950.00', '0.02003'],
        ['49900.00', '0.02005'],
        ['49850.00', '0.02007'],
      ],
      asks: [
        ['50050.00', '0.01999'],
        ['50100.00', '0.01997'],
        ['50150.00', '0.01995'],
      ],
    });
    expect(orders.orders.every((order) => order.postOnly && order.type === 'limit')).toBe(true);
    expect(new Set(orders.orders.map((order) => order.reference)).size).toBe(6);
  });

  it('keeps its quotes while the index moves between grid lines, and moves the edges across them', async () => {
    const sut = makerWith();
    await sut.start();
    await sut.idle();
    const placed = orders.placed;

    markets.tick('BTCUSDT', '50010.00'); // 2 bps: the best bid and ask stay on their lines
    await sut.idle();
    expect(orders.placed).toBe(placed);
    expect(orders.cancelled).toBe(0);

    markets.tick('BTCUSDT', '50100.00'); // 20 bps: two lines up
    await sut.idle();
    expect(orders.book()).toEqual({
      bids: [
        ['50050.00', '0.01999'],
        ['50000.00', '0.02000'],
        ['49950.00', '0.02003'],
      ],
      asks: [
        ['50150.00', '0.01995'],
        ['50200.00', '0.01993'],
        ['50250.00', '0.01991'],
      ],
    });
    // The bid at 49,950 and the ask at 50,150 stayed where they were.
    expect(orders.cancelled).toBe(4);
    expect(orders.placed).toBe(placed + 4);
  });

  it('replaces a quote that was partly filled and leaves the others in their place', async () => {
    const sut = makerWith();
    await sut.start();
    await sut.idle();
    const best = orders.orders.find((order) => order.side === 'sell' && order.price === '50050.00');
    if (!best) throw new Error('no best ask');
    best.filledSize = '0.01';
    best.status = 'partially_filled';
    await sut.refresh('BTCUSDT');
    expect(orders.cancelled).toBe(1);
    expect(best.status).toBe('cancelled');
    expect(orders.book().asks).toHaveLength(3);
    expect(orders.book().asks[0]).toEqual(['50050.00', '0.01999']);
  });

  it('runs one refresh of a market at a time and folds requests made meanwhile into one', async () => {
    const sut = makerWith();
    await sut.start();
    await sut.idle();
    markets.prices.set('BTCUSDT', '51000.00');
    await Promise.all([sut.refresh('BTCUSDT'), sut.refresh('BTCUSDT'), sut.refresh('BTCUSDT')]);
    // Had two refreshes overlapped, both would have placed a ladder.
    expect(orders.book().bids).toHaveLength(3);
    expect(orders.book().asks).toHaveLength(3);
    expect(orders.placed).toBe(12);
  });

  it('shrinks the side that grows its position, and stops it at the inventory limit', async () => {
    const sut = makerWith();
    await sut.start();
    await sut.idle();
    const userId = sut.user as number;
    // 0.5 BTC more: 125,000 USDT of BTC against a 100,000 target is half of the 50,000 limit.
    await deposit(ledgerOf(app), userId, 'BTC', '0.5');
    await sut.refresh('BTCUSDT');
    const leaning = orders.book();
    expect(leaning.bids.map(([price, size]) => Math.floor(Number(price) * Number(size)))).toEqual([
      500, 500, 500,
    ]);
    expect(leaning.asks.map(([price, size]) => Math.floor(Number(price) * Number(size)))).toEqual([
      1000, 1000, 1000,
    ]);

    await deposit(ledgerOf(app), userId, 'BTC', '0.5');
    await sut.refresh('BTCUSDT');
    expect(orders.book().bids).toEqual([]);
    expect(orders.book().asks).toHaveLength(3);

    // Back to the funded 2 BTC for the tests that follow.
    await ledgerOf(app).execute({
      type: 'debit',
      kind: 'system_debit',
      to: 'adjustments',
      userId,
      account: 'spot',
      asset: 'BTC',
      amount: '1',
      reference: 'market-maker-test-inventory',
      actor: 'system',
    });
  });

  it('cancels its quotes in a market switched off, closed or stale, and quotes again when it is back', async () => {
    const sut = makerWith();
    await sut.start();
    await sut.idle();

    markets.change('BTCUSDT', { marketMaker: false });
    await sut.idle();
    expect(orders.book()).toEqual({ bids: [], asks: [] });
    markets.tick('BTCUSDT', '52000.00');
    await sut.idle();
    expect(orders.book()).toEqual({ bids: [], asks: [] });

    markets.change('BTCUSDT', { marketMaker: true });
    await sut.idle();
    expect(orders.book().asks).toHaveLength(3);

    markets.change('BTCUSDT', { open: false });
    await sut.idle();
    expect(orders.book()).toEqual({ bids: [], asks: [] });

    markets.change('BTCUSDT', { open: true });
    await sut.idle();
    markets.stale.add('BTCUSDT');
    await sut.refresh('BTCUSDT');
    expect(orders.book()).toEqual({ bids: [], asks: [] });
  });

  it('cancels its quotes and stops listening when stopped', async () => {
    const sut = makerWith();
    await sut.start();
    await sut.idle();
    expect(orders.book().bids).toHaveLength(3);
    await sut.stop();
    expect(orders.book()).toEqual({ bids: [], asks: [] });
    expect(markets.listeners).toBe(0);
  });

  it('does nothing when switched off in the configuration', async () => {
    const sut = makerWith({ enabled: false });
    await sut.start();
    await sut.idle();
    expect(sut.user).toBeUndefined();
    expect(orders.placed).toBe(0);
    expect(markets.listeners).toBe(0);
  });
});

describe('market maker settings', () => {
  it('is on with five levels by default, as `npm start` runs, and off with MARKET_MAKER=off', () => {
    expect(loadConfig({}).marketMaker).toMatchObject({ enabled: true, levels: 5, spreadBps: 5, stepBps: 5 });
    expect(loadConfig({ MARKET_MAKER: 'off' }).marketMaker.enabled).toBe(false);
  });

  it('refuses settings it cannot quote with, naming each', () => {
    expect(() =>
      loadConfig({ MARKET_MAKER: 'maybe', MARKET_MAKER_LEVELS: '0', MARKET_MAKER_INVENTORY_LIMIT: '2' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ MARKET_MAKER: 'maybe', MARKET_MAKER_LEVELS: '0', MARKET_MAKER_INVENTORY_LIMIT: '2' });
    } catch (error) {
      expect((error as ConfigError).problems.map((line) => line.split(':')[0]).sort()).toEqual([
        'MARKET_MAKER',
        'MARKET_MAKER_INVENTORY_LIMIT',
        'MARKET_MAKER_LEVELS',
      ]);
    }
  });
});
