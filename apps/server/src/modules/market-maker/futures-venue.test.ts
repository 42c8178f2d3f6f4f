import type { FuturesOrderView, FuturesPosition, MarginMode, PlaceFuturesOrderBody } from '@kestrel/contract';
import { decimalOf } from '@kestrel/money';
import { describe, expect, it } from 'vitest';
import type { LedgerCommand } from '../ledger';
import {
  actionsOf,
  type FuturesMakerOrders,
  type FuturesMakerSettings,
  FuturesVenue,
  type MakerPerpetual,
} from './futures-venue';
import { type Quote, quoteLadder } from './quote-ladder';
import type { MarketMakerLedger } from './spot-venue';
import { SETTINGS } from './test-maker';

/*
 * The perpetuals as the maker's venue, over small fakes of the futures orders service, the settings and the
 * ledger: which action each quote takes, the leverage, the funding and the funds the ladder is drawn from.
 */

const BTC: MakerPerpetual = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  tickSize: decimalOf('0.1'),
  lotSize: decimalOf('0.001'),
  minNotional: decimalOf('5'),
  open: true,
  marketMaker: true,
};

const quote = (side: 'buy' | 'sell', price: string, size: string) => ({ side, price, size }) as Quote;

class FakeOrders implements FuturesMakerOrders {
  readonly placed: PlaceFuturesOrderBody[] = [];
  readonly cancelled: string[] = [];
  resting: FuturesOrderView[] = [];
  held: FuturesPosition[] = [];

  async place(_userId: number, body: PlaceFuturesOrderBody) {
    this.placed.push(body);
    return this.view(String(this.placed.length), body.action, body.price ?? '0', body.size);
  }
  async cancel(_userId: number, orderId: string) {
    this.cancelled.push(orderId);
    const order = this.resting.find((item) => item.id === orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    return order;
  }
  async orders(_userId: number, query: { symbol?: string; cursor?: string; limit: number }) {
    // Two pages of one order each, to read every page.
    const from = query.cursor === undefined ? 0 : Number(query.cursor);
    const items = this.resting.filter((order) => !query.symbol || order.symbol === query.symbol);
    const next = from + 1 < items.length ? String(from + 1) : null;
    return { items: items.slice(from, from + 1), next };
  }
  async positions() {
    return this.held;
  }
  view(id: string, action: FuturesOrderView['action'], price: string, size: string, margin = '0') {
    const now = new Date().toISOString();
    return {
      id,
      symbol: 'BTCUSDT',
      action,
      type: 'limit' as const,
      timeInForce: 'GTC' as const,
      postOnly: true,
      price,
      size,
      filledSize: '0',
      averagePrice: null,
      leverage: 5,
      marginMode: 'cross' as const,
      margin,
      takeProfit: null,
      stopLoss: null,
      realizedPnl: '0',
      fee: '0',
      status: 'open' as const,
      origin: 'user' as const,
      createdAt: now,
      updatedAt: now,
    };
  }
  hold(side: 'long' | 'short', size: string) {
    this.held.push({ symbol: 'BTCUSDT', side, size } as FuturesPosition);
  }
}

class FakeSettings implements FuturesMakerSettings {
  setting: { leverage: number; marginMode: MarginMode } = { leverage: 20, marginMode: 'cross' };
  updates = 0;
  async of() {
    return this.setting;
  }
  async update(_userId: number, setting: { leverage: number; marginMode: MarginMode }) {
    this.updates += 1;
    this.setting = { leverage: setting.leverage, marginMode: setting.marginMode };
    return setting;
  }
}

function venueOf(balance = { available: '100000', frozen: '0' }) {
  const orders = new FakeOrders();
  const settings = new FakeSettings();
  const commands: LedgerCommand[] = [];
  const ledger = {
    execute: async (command: LedgerCommand) => {
      commands.push(command);
    },
    balancesOf: async () => [{ account: 'futures', asset: 'USDT', ...balance }],
    assets: async () => new Map([['USDT', 8]]),
  } as unknown as MarketMakerLedger;
  const venue = new FuturesVenue({
    ledger,
    markets: { all: () => [BTC], market: (symbol) => (symbol === 'BTCUSDT' ? BTC : undefined) },
    index: {
      indexPrice: () => '50000',
      isStale: () => false,
      onIndexPrice: () => () => {},
      onMarketChanged: () => () => {},
    },
    orders,
    futuresSettings: settings,
    settings: SETTINGS,
  });
  return { venue, orders, settings, commands };
}

describe('futures venue', () => {
  it('closes the opposite position up to its size, and opens for the rest', () => {
    const quotes = [
      quote('buy', '99', '0.3'),
      quote('sell', '101', '0.3'),
      quote('buy', '98', '0.3'),
      quote('sell', '102', '0.3'),
    ];
    expect(actionsOf(quotes, { long: 0n, short: 0n })).toEqual([
      'openLong',
      'openShort',
      'openLong',
      'openShort',
    ]);
    // A short of 0.5 covers the first bid only: the second would close more than is left of it.
    expect(actionsOf(quotes, { long: 0n, short: 500_000_000_000_000_000n })).toEqual([
      'closeShort',
      'openShort',
      'openLong',
      'openShort',
    ]);
    expect(actionsOf(quotes, { long: 600_000_000_000_000_000n, short: 0n })).toEqual([
      'openLong',
      'closeLong',
      'openLong',
      'closeLong',
    ]);
  });

  it('places post-only limit quotes, closing what its short and resting closes leave to close', async () => {
    const { venue, orders } = venueOf();
    orders.hold('short', '0.5');
    orders.resting = [orders.view('7', 'closeShort', '49000', '0.2')];
    await venue.place(1, 'BTCUSDT', [
      quote('buy', '49950', '0.2'),
      quote('sell', '50050', '0.2'),
      quote('buy', '49900', '0.2'),
    ]);
    expect(orders.placed).toEqual([
      {
        symbol: 'BTCUSDT',
        action: 'closeShort',
        type: 'limit',
        price: '49950',
        size: '0.2',
        timeInForce: 'GTC',
        postOnly: true,
      },
      expect.objectContaining({ action: 'openShort', price: '50050', postOnly: true }),
      expect.objectContaining({ action: 'openLong', price: '49900', postOnly: true }),
    ]);
  });

  it('reads its quotes as sides of the book, and cancels every one', async () => {
    const { venue, orders } = venueOf();
    orders.resting = [
      orders.view('1', 'openLong', '49950', '0.2'),
      orders.view('2', 'closeLong', '50050', '0.1'),
      orders.view('3', 'openShort', '50100', '0.3'),
    ];
    const quotes = await venue.quotes(1, 'BTCUSDT');
    expect(quotes.map((item) => ({ ...item, remaining: Number(item.remaining) }))).toEqual([
      { id: '1', side: 'buy', price: '49950', remaining: 0.2, replace: false },
      { id: '2', side: 'sell', price: '50050', remaining: 0.1, replace: false },
      { id: '3', side: 'sell', price: '50100', remaining: 0.3, replace: false },
    ]);
    await venue.cancelAll(1);
    expect(orders.cancelled).toEqual(['1', '2', '3']);
  });

  it('replaces the opening quotes that could close a position taken since they were placed, best first', async () => {
    const { venue, orders } = venueOf();
    orders.hold('short', '0.5');
    orders.resting = [
      orders.view('1', 'openLong', '49900', '0.2'),
      orders.view('2', 'openLong', '49950', '0.2'),
      orders.view('3', 'closeShort', '49850', '0.2'),
      orders.view('4', 'openLong', '49800', '0.2'),
      orders.view('5', 'openShort', '50050', '0.2'),
    ];
    const quotes = await venue.quotes(1, 'BTCUSDT');
    // 0.3 of the short is left to close: the best opening bid (49,950) can close 0.2 of it, the next cannot.
    expect(quotes.filter((quote) => quote.replace).map((quote) => quote.id)).toEqual(['2']);
  });

  it('funds its futures account once from the adjustments account', async () => {
    const { venue, commands } = venueOf();
    await venue.fund(1);
    await venue.fund(1);
    expect(commands).toEqual([
      expect.objectContaining({
        type: 'credit',
        from: 'adjustments',
        userId: 1,
        account: 'futures',
        asset: 'USDT',
        amount: SETTINGS.quoteFunds,
        reference: 'futures-market-maker:USDT',
      }),
    ]);
  });

  it('sets its leverage to 5x cross once, and opens half its margin times five on each side', async () => {
    const { venue, orders, settings } = venueOf({ available: '9000', frozen: '1000' });
    orders.resting = [orders.view('1', 'openLong', '49950', '0.2', '1000')];
    const market = venue.market('BTCUSDT');
    if (!market) throw new Error('no market');
    const funds = await venue.funds(1, market, '50000');
    await venue.funds(1, market, '50000');
    expect(settings.updates).toBe(1);
    expect(settings.setting).toEqual({ leverage: 5, marginMode: 'cross' });
    // 10,000 USDT of margin × 5 ÷ 2 = 25,000 USDT a side: bids commit that much, asks 0.5 BTC at 50,000.
    expect(Number(funds.budget.quote)).toBe(25_000);
    expect(Number(funds.budget.base)).toBe(0.5);
    expect(Number(funds.inventory.baseHeld)).toBe(Number(SETTINGS.baseValue) / 50_000);
  });

  it('leans its quotes against its net position', async () => {
    const flat = venueOf();
    const short = venueOf();
    short.orders.hold('short', '1');
    short.orders.hold('long', '0.2');
    const market = flat.venue.market('BTCUSDT');
    if (!market) throw new Error('no market');
    const ladderOf = async (venue: FuturesVenue) =>
      quoteLadder({
        indexPrice: '50000',
        tickSize: market.tickSize,
        lotSize: market.lotSize,
        minNotional: market.minNotional,
        levels: SETTINGS.levels,
        spreadBps: SETTINGS.spreadBps,
        stepBps: SETTINGS.stepBps,
        levelNotional: SETTINGS.levelNotional,
        ...(await venue.funds(1, market, '50000')),
      });
    const even = await ladderOf(flat.venue);
    const leaning = await ladderOf(short.venue);
    expect(even.skewPpm).toBe(0);
    // Net short 0.8 BTC = 40,000 USDT against a limit of 50,000: the asks, which would grow it, shrink.
    expect(leaning.skewPpm).toBe(-800_000);
    expect(leaning.bids[0]?.size).toBe(even.bids[0]?.size);
    expect(Number(leaning.asks[0]?.size)).toBeLessThan(Number(even.asks[0]?.size));
  });
});
