import { type Decimal, decimalOf, formatDecimal } from '@kestrel/money';
import { describe, expect, it } from 'vitest';
import {
  bankruptcyPrice,
  type CrossAccount,
  crossLiquidationPrice,
  crossLiquidationPrices,
  type IsolatedPosition,
  isolatedLiquidationPrice,
  MAJOR_BRACKETS,
} from './index';

const d = (text: string): Decimal => decimalOf(text);
const tick = d('0.1');
const show = (value: Decimal | null) => (value ? formatDecimal(value) : null);
const isolated = (side: 'long' | 'short', size: string, entry: string, margin: string): IsolatedPosition => ({
  side,
  size: d(size),
  entryPrice: d(entry),
  isolatedMargin: d(margin),
});

describe('isolatedLiquidationPrice', () => {
  it('solves (WB + cum − size × EP) / (size × MMR − size) for a long, rounded up to the tick', () => {
    // 1 BTC at 50,000 with 20x: WB 2,500, first bracket (0.4%, cum 0): 47,500 / 0.996 = 47,690.763…
    const sut = isolated('long', '1', '50000', '2500');
    expect(show(isolatedLiquidationPrice(sut, MAJOR_BRACKETS, tick))).toBe('47690.8');
  });

  it('uses the bracket of the notional at the liquidation price', () => {
    // 10 BTC at 50,000 with 10x: (500,000 − 50,000 − 1,300) / (10 × 0.99) = 45,323.23…, notional 453,232 at 1%.
    const sut = isolated('long', '10', '50000', '50000');
    expect(show(isolatedLiquidationPrice(sut, MAJOR_BRACKETS, tick))).toBe('45323.3');
  });

  it("moves a short to the next bracket when its notional at the liquidation price crosses the entry's cap", () => {
    // 4.9 BTC at 50,000 = 245,000 (0.5% bracket); at 0.5% the root's notional would be 256,020, above 250,000,
    // so the 1% bracket (cum 1,300) applies: (12,250 + 1,300 + 245,000) / (4.9 × 1.01) = 52,242.877…
    const sut = isolated('short', '4.9', '50000', '12250');
    expect(show(isolatedLiquidationPrice(sut, MAJOR_BRACKETS, tick))).toBe('52242.8');
  });

  it('is null when the margin covers a fall to zero', () => {
    const sut = isolated('long', '1', '50000', '50000');
    expect(isolatedLiquidationPrice(sut, MAJOR_BRACKETS, tick)).toBeNull();
  });
});

describe('crossLiquidationPrices', () => {
  const account: CrossAccount = {
    walletBalance: d('10000'),
    otherMaintenanceMargin: d('100'),
    otherUnrealizedPnl: d('-200'),
    long: { size: d('1'), entryPrice: d('50000') },
    short: { size: d('0.5'), entryPrice: d('52000') },
  };

  it("solves Binance's hedge-mode formula with both sides of the market and the other markets' figures", () => {
    // (10,000 − 100 − 200 + 0 + 0 − 50,000 + 26,000) / (0.004 + 0.5 × 0.004 − 1 + 0.5) = −14,300 / −0.494
    expect(show(crossLiquidationPrices(account, MAJOR_BRACKETS, tick).whenFalling)).toBe('28947.4');
    expect(show(crossLiquidationPrice(account, MAJOR_BRACKETS, tick))).toBe('28947.4');
  });

  it('shows the rise-side price for a market whose net size is short', () => {
    const short: CrossAccount = { ...account, long: null, short: { size: d('1'), entryPrice: d('50000') } };
    // At 0.4% the root, 59,462.15, has a notional above 50,000; at 0.5% (cum 50):
    // (9,700 + 50 + 50,000) / (1 × 1.005) = 59,452.736…, rounded down.
    expect(show(crossLiquidationPrice(short, MAJOR_BRACKETS, tick))).toBe('59452.7');
    expect(crossLiquidationPrices(short, MAJOR_BRACKETS, tick).whenFalling).toBeNull();
  });

  it('is null on both sides for an account without a position', () => {
    const none: CrossAccount = { ...account, long: null, short: null };
    expect(crossLiquidationPrices(none, MAJOR_BRACKETS, tick)).toEqual({
      whenFalling: null,
      whenRising: null,
    });
  });
});

describe('bankruptcyPrice', () => {
  it('is where margin + pnl is zero, against the trader', () => {
    expect(show(bankruptcyPrice(isolated('long', '1', '50000', '2500'), tick))).toBe('47500.0');
    expect(show(bankruptcyPrice(isolated('short', '3', '50000', '1000'), tick))).toBe('50333.3');
    expect(show(bankruptcyPrice(isolated('long', '3', '50000', '1000'), tick))).toBe('49666.7');
    expect(bankruptcyPrice(isolated('long', '1', '100', '100'), tick)).toBeNull();
  });
});
