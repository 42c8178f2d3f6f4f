import { compareDecimals, type Decimal, decimalOf } from '@kestrel/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LiquidationIndex, type Side } from './index';

const SEED = Number(process.env.FUTURES_PROPERTY_SEED ?? Date.now() % 2_147_483_647);
const RUNS = 200;

describe('LiquidationIndex', () => {
  it('takes the longs at or above the mark and the shorts at or below it, once', () => {
    const index = new LiquidationIndex<string>(1);
    index.set('long at 90', 'long', decimalOf('90.0'));
    index.set('long at 80', 'long', decimalOf('80'));
    index.set('short at 110', 'short', decimalOf('110.0'));
    index.set('short at 120', 'short', decimalOf('120.0'));
    index.set('never', 'long', null);
    expect(index.size).toBe(4);
    expect(index.takeReached(decimalOf('100.0'))).toEqual([]);
    expect(index.takeReached(decimalOf('90.0'))).toEqual(['long at 90']);
    expect(index.takeReached(decimalOf('90.0'))).toEqual([]);
    expect(index.takeReached(decimalOf('110'))).toEqual(['short at 110']);
    expect(index.size).toBe(2);
    expect(index.takeReached(decimalOf('79.9'))).toEqual(['long at 80']);
    expect(index.takeReached(decimalOf('500.0'))).toEqual(['short at 120']);
    expect(index.size).toBe(0);
  });

  it('moves a position when its liquidation price changes and forgets it when removed', () => {
    const index = new LiquidationIndex<number>(2);
    index.set(1, 'long', decimalOf('95.00'));
    index.set(1, 'long', decimalOf('85.00'));
    expect(index.takeReached(decimalOf('90.00'))).toEqual([]);
    expect(index.takeReached(decimalOf('85.00'))).toEqual([1]);
    index.set(1, 'long', null);
    expect(index.takeReached(decimalOf('1.00'))).toEqual([]);
    index.set(2, 'short', decimalOf('105.00'));
    index.remove(2);
    index.remove(2);
    expect(index.size).toBe(0);
    expect(index.takeReached(decimalOf('200.00'))).toEqual([]);
  });

  it(`answers as a scan of every position would, whatever the changes (${RUNS} runs, seed ${SEED}, FUTURES_PROPERTY_SEED to replay)`, () => {
    const price = fc.bigInt({ min: 1n, max: 400n }).map((units): Decimal => ({ units, scale: 1 }));
    const change = fc.record({
      key: fc.integer({ min: 0, max: 30 }),
      side: fc.constantFrom<Side>('long', 'short'),
      price: fc.option(price, { nil: null }),
      remove: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 80 }), price, (changes, mark) => {
        const index = new LiquidationIndex<number>(1);
        const held = new Map<number, { side: Side; price: Decimal }>();
        for (const { key, side, price: liquidationPrice, remove } of changes) {
          if (remove) {
            index.remove(key);
            held.delete(key);
            continue;
          }
          index.set(key, side, liquidationPrice);
          if (liquidationPrice === null) held.delete(key);
          else held.set(key, { side, price: liquidationPrice });
        }
        const scanned = [...held]
          .filter(([, { side, price: at }]) =>
            side === 'long' ? compareDecimals(at, mark) >= 0 : compareDecimals(at, mark) <= 0,
          )
          .map(([key]) => key)
          .sort((a, b) => a - b);
        expect(index.size).toBe(held.size);
        expect(index.takeReached(mark).sort((a, b) => a - b)).toEqual(scanned);
        expect(index.size).toBe(held.size - scanned.length);
        expect(index.takeReached(mark)).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });
});
