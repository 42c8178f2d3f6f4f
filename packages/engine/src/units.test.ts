import { describe, expect, it } from 'vitest';
import type { Lots, Ticks } from './types';
import { lotsOf, notionalOf, priceOf, sizeOf, ticksOf } from './units';

describe('ticksOf and lotsOf', () => {
  it('count exact multiples of the step', () => {
    expect(ticksOf('65432.10', '0.01')).toBe(6543210);
    expect(ticksOf('65432.1', '0.01')).toBe(6543210);
    expect(ticksOf('2.5', '0.5')).toBe(5);
    expect(ticksOf('100', '5')).toBe(20);
    expect(lotsOf('0.00012', '0.00001')).toBe(12);
    expect(lotsOf('3', '1')).toBe(3);
  });

  it.each([
    ['65432.105', '0.01'],
    ['0', '0.01'],
    ['0.00', '0.01'],
    ['-1', '0.01'],
    ['1e3', '0.01'],
    ['.5', '0.1'],
    ['1.', '0.1'],
    ['', '0.1'],
    [' 1', '0.1'],
    ['2.6', '0.5'],
    ['1', '0'],
    ['1', 'x'],
    ['90071992547409.92', '0.01'],
  ])('refuse %j with step %j', (value, step) => {
    expect(ticksOf(value, step)).toBeUndefined();
    expect(lotsOf(value, step)).toBeUndefined();
  });

  it('accept the largest safe count and refuse the next', () => {
    expect(ticksOf('90071992547409.91', '0.01')).toBe(Number.MAX_SAFE_INTEGER);
    expect(ticksOf('90071992547409.92', '0.01')).toBeUndefined();
  });
});

describe('priceOf, sizeOf and notionalOf', () => {
  it('write exact decimals with the places of their steps', () => {
    expect(priceOf(6543210 as Ticks, '0.01')).toBe('65432.10');
    expect(priceOf(5 as Ticks, '0.5')).toBe('2.5');
    expect(priceOf(7 as Ticks, '0.0001')).toBe('0.0007');
    expect(priceOf(20 as Ticks, '5')).toBe('100');
    expect(sizeOf(12 as Lots, '0.00001')).toBe('0.00012');
  });

  it('round-trip every price they write', () => {
    for (const ticks of [1, 9, 10, 123456789, Number.MAX_SAFE_INTEGER]) {
      expect(ticksOf(priceOf(ticks as Ticks, '0.01'), '0.01')).toBe(ticks);
    }
  });

  it('compute the notional exactly, beyond what a float could hold', () => {
    expect(notionalOf(6543210 as Ticks, 12 as Lots, '0.01', '0.00001')).toBe('7.8518520');
    expect(notionalOf(Number.MAX_SAFE_INTEGER as Ticks, Number.MAX_SAFE_INTEGER as Lots, '1', '1')).toBe(
      (BigInt(Number.MAX_SAFE_INTEGER) ** 2n).toString(),
    );
    expect(notionalOf(3 as Ticks, 3 as Lots, '0.1', '0.1')).toBe('0.09');
  });
});
