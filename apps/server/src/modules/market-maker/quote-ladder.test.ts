import { ticksOf } from '@kestrel/engine';
import { describe, expect, it } from 'vitest';
import { gridTicksOf, inventorySkewPpm, type LadderInput, quoteLadder } from './quote-ladder';

/** BTC/USDT-like: 0.01 tick, 0.00001 lot, 5 USDT minimum; holding exactly its target of 100,000 USDT of BTC. */
const btc: LadderInput = {
  indexPrice: '50000.00',
  tickSize: '0.01',
  lotSize: '0.00001',
  minNotional: '5',
  levels: 5,
  spreadBps: 10,
  stepBps: 5,
  levelNotional: '1000',
  budget: { base: '100', quote: '1000000' },
  inventory: { baseHeld: '2', targetValue: '100000', limit: '0.5' },
};

const notional = (quote: { price: string; size: string }) => Number(quote.price) * Number(quote.size);

describe('quote ladder', () => {
  it('quotes the configured levels on each side on a grid, the best bid and ask at least the spread apart', () => {
    const sut = quoteLadder(btc);
    // A 5 bps grid of 50,000 is 25.00; half the 10 bps spread is 25.00 too.
    expect(sut.gridTicks).toBe(2500);
    expect(sut.bids.map((quote) => quote.price)).toEqual([
      '49975.00',
      '49950.00',
      '49925.00',
      '49900.00',
      '49875.00',
    ]);
    expect(sut.asks.map((quote) => quote.price)).toEqual([
      '50025.00',
      '50050.00',
      '50075.00',
      '50100.00',
      '50125.00',
    ]);
    expect(sut.skewPpm).toBe(0);
  });

  it('keeps every price while the index moves between grid lines, and moves only the edges across one', () => {
    const before = quoteLadder({ ...btc, indexPrice: '50010.00' });
    const within = quoteLadder({ ...btc, indexPrice: '50015.00', gridTicks: before.gridTicks });
    expect(within).toEqual(before);
    const across = quoteLadder({ ...btc, indexPrice: '50040.00', gridTicks: before.gridTicks });
    const prices = (ladder: typeof before) => [...ladder.bids, ...ladder.asks].map((quote) => quote.price);
    const kept = prices(across).filter((price) => prices(before).includes(price));
    expect(kept).toHaveLength(8);
    expect(across.bids[0]?.price).toBe('50000.00');
    expect(across.asks[0]?.price).toBe('50075.00');
  });

  it('puts every price on the tick and every size on the lot, each level worth the level notional', () => {
    const sut = quoteLadder({ ...btc, indexPrice: '50000.37', tickSize: '0.1' });
    for (const quote of [...sut.bids, ...sut.asks]) {
      expect(ticksOf(quote.price, '0.1')).toBe(quote.ticks);
      expect(ticksOf(quote.size, '0.00001')).toBe(quote.lots);
      // Sizes are rounded up to the lot: at least the notional, less than one lot (0.5 USDT) more.
      expect(notional(quote)).toBeGreaterThanOrEqual(1000);
      expect(notional(quote)).toBeLessThan(1000.51);
    }
    expect(sut.bids[0]?.price).toBe('49975.0');
    expect(sut.asks[0]?.price).toBe('50050.0');
  });

  it('never crosses its own quotes, keeping levels a tick apart where the steps are finer than the tick', () => {
    const sut = quoteLadder({
      ...btc,
      indexPrice: '1.00',
      tickSize: '0.01',
      lotSize: '1',
      stepBps: 0,
      budget: { base: '100000', quote: '100000' },
      inventory: { ...btc.inventory, baseHeld: '100000' },
    });
    expect(sut.bids.map((quote) => quote.price)).toEqual(['0.99', '0.98', '0.97', '0.96', '0.95']);
    expect(sut.asks.map((quote) => quote.price)).toEqual(['1.01', '1.02', '1.03', '1.04', '1.05']);
  });

  it('raises a level below the minimum notional to it', () => {
    const sut = quoteLadder({ ...btc, levelNotional: '1', minNotional: '10' });
    for (const quote of [...sut.bids, ...sut.asks]) expect(notional(quote)).toBeGreaterThanOrEqual(10);
    expect(notional(sut.bids[0] ?? { price: '0', size: '0' })).toBeLessThan(10.5);
  });

  it('stops a side where its budget runs out', () => {
    // 3,500 USDT buys three levels of 1,000 (a little more, rounded up to the lot); the fourth gets the rest.
    const sut = quoteLadder({ ...btc, budget: { base: '0.03', quote: '3500' } });
    expect(sut.bids.map((quote) => Math.round(notional(quote)))).toEqual([1000, 1000, 1000, 499]);
    expect(sut.bids.reduce((sum, quote) => sum + notional(quote), 0)).toBeLessThanOrEqual(3500);
    // 0.03 BTC covers one level of 0.02 (1,000.50 USDT) and 0.01 of the next.
    expect(sut.asks.map((quote) => quote.size)).toEqual(['0.02000', '0.01000']);
  });

  it('quotes no side whose balance is exhausted', () => {
    const sut = quoteLadder({ ...btc, budget: { base: '0', quote: '4.99' } });
    expect(sut.bids).toEqual([]);
    expect(sut.asks).toEqual([]);
  });

  it('leans against a long position: smaller bids, prices lower, full asks', () => {
    // 2.5 BTC at 50,000 is 125,000: 25,000 over the target, half of the 50,000 limit.
    const sut = quoteLadder({ ...btc, inventory: { ...btc.inventory, baseHeld: '2.5' } });
    expect(sut.skewPpm).toBe(500_000);
    expect(sut.bids.map((quote) => Math.floor(notional(quote)))).toEqual([500, 500, 500, 500, 500]);
    expect(sut.asks.map((quote) => Math.floor(notional(quote)))).toEqual([1000, 1000, 1000, 1000, 1000]);
    // The mid moves down by a quarter of the spread, to 49,987.50: the best bid drops to the next grid line.
    expect(sut.bids[0]?.price).toBe('49950.00');
    expect(sut.asks[0]?.price).toBe('50025.00');
  });

  it('leans in tenths of the limit, so a small position changes nothing', () => {
    // 0.04 BTC over the target: 4 % of the limit.
    expect(quoteLadder({ ...btc, inventory: { ...btc.inventory, baseHeld: '2.04' } })).toEqual(
      quoteLadder(btc),
    );
  });

  it('stops buying at the inventory limit and stops selling at the opposite one', () => {
    const long = quoteLadder({ ...btc, inventory: { ...btc.inventory, baseHeld: '3' } });
    expect(long.bids).toEqual([]);
    expect(long.asks).toHaveLength(5);
    const short = quoteLadder({ ...btc, inventory: { ...btc.inventory, baseHeld: '0.5' } });
    expect(short.asks).toEqual([]);
    expect(short.bids).toHaveLength(5);
    // Even leaning fully, the best bid stays below the index plus half the spread.
    expect(Number(short.bids[0]?.price)).toBeLessThan(50025);
  });

  it('measures the position against its limit in parts per million, clamped', () => {
    expect(inventorySkewPpm('100', { baseHeld: '10', targetValue: '1000', limit: '0.5' })).toBe(0);
    expect(inventorySkewPpm('100', { baseHeld: '8', targetValue: '1000', limit: '0.5' })).toBe(-400_000);
    expect(inventorySkewPpm('100', { baseHeld: '100', targetValue: '1000', limit: '0.5' })).toBe(1_000_000);
  });

  it('draws the grid from the step and the index, at least one tick', () => {
    expect(gridTicksOf('50000.00', '0.01', 5)).toBe(2500);
    expect(gridTicksOf('0.32000', '0.00001', 5)).toBe(16);
    expect(gridTicksOf('0.01000', '0.00001', 5)).toBe(1);
    expect(gridTicksOf('50000.00', '0.01', 0)).toBe(1);
  });
});
