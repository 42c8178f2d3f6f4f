import { addDecimals, compareDecimals, type Decimal, formatDecimal, subtractDecimals } from '@kestrel/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALT_BRACKETS,
  applyFill,
  type Bracket,
  type CrossAccount,
  crossLiquidationPrices,
  initialMargin,
  isolatedAccount,
  isolatedLiquidationPrice,
  MAJOR_BRACKETS,
  marginAboveMaintenance,
  maxLeverageFor,
  maxOpen,
  orderCost,
  type Side,
  settleFunding,
} from './index';

const SEED = Number(process.env.FUTURES_PROPERTY_SEED ?? Date.now() % 2_147_483_647);
const RUNS = 300;
const options = { numRuns: RUNS, seed: SEED, endOnFailure: true };

const tick: Decimal = { units: 1n, scale: 1 };
const lot: Decimal = { units: 1n, scale: 3 };
// Prices 10.0 to 200,000.0 on the tick, sizes 0.001 to 50 on the lot.
const price = fc.bigInt({ min: 100n, max: 2_000_000n }).map((units): Decimal => ({ units, scale: 1 }));
const size = fc.bigInt({ min: 1n, max: 50_000n }).map((units): Decimal => ({ units, scale: 3 }));
const side = fc.constantFrom<Side>('long', 'short');
const brackets = fc.constantFrom<readonly Bracket[]>(MAJOR_BRACKETS, ALT_BRACKETS);
const rate = fc.bigInt({ min: -7_500n, max: 7_500n }).map((units): Decimal => ({ units, scale: 6 }));

const isNegative = (value: Decimal) => value.units < 0n;

describe(`futures formulas, properties (${RUNS} runs, seed ${SEED}, FUTURES_PROPERTY_SEED to replay)`, () => {
  process.stdout.write(`futures property tests: seed ${SEED} (FUTURES_PROPERTY_SEED to replay)\n`);

  it('an isolated position keeps its maintenance margin at its liquidation price and loses it one tick beyond', () => {
    fc.assert(
      fc.property(
        side,
        price,
        size,
        brackets,
        fc.integer({ min: 1, max: 125 }),
        (s, entry, qty, table, wanted) => {
          const notional = { units: entry.units * qty.units, scale: 4 };
          const leverage = Math.min(wanted, maxLeverageFor(table, notional));
          fc.pre(leverage >= 1);
          const position = {
            side: s,
            size: qty,
            entryPrice: entry,
            isolatedMargin: initialMargin(notional, leverage, 8),
          };
          const liquidation = isolatedLiquidationPrice(position, table, tick);
          const account = isolatedAccount(position);
          if (liquidation === null) {
            // Only a long survives every fall: at a price of one tick it still holds its maintenance margin.
            expect(s).toBe('long');
            expect(isNegative(marginAboveMaintenance(account, table, tick))).toBe(false);
            return;
          }
          expect(isNegative(marginAboveMaintenance(account, table, liquidation))).toBe(false);
          const beyond = s === 'long' ? subtractDecimals(liquidation, tick) : addDecimals(liquidation, tick);
          if (beyond.units > 0n)
            expect(isNegative(marginAboveMaintenance(account, table, beyond))).toBe(true);
          // A position opened at its leverage is not liquidated beyond its own entry price.
          expect(compareDecimals(liquidation, entry) * (s === 'long' ? 1 : -1)).toBeLessThanOrEqual(0);
        },
      ),
      options,
    );
  });

  it('a cross account in hedge mode holds its maintenance margin exactly down to its liquidation prices', () => {
    fc.assert(
      fc.property(
        price,
        size,
        price,
        size,
        price,
        brackets,
        (longEntry, longSize, shortEntry, shortSize, wallet, table) => {
          const account: CrossAccount = {
            walletBalance: { units: wallet.units * 10n, scale: 1 },
            otherMaintenanceMargin: { units: 0n, scale: 0 },
            otherUnrealizedPnl: { units: 0n, scale: 0 },
            long: { size: longSize, entryPrice: longEntry },
            short: { size: shortSize, entryPrice: shortEntry },
          };
          const { whenFalling, whenRising } = crossLiquidationPrices(account, table, tick);
          if (whenFalling) {
            expect(isNegative(marginAboveMaintenance(account, table, whenFalling))).toBe(false);
            const below = subtractDecimals(whenFalling, tick);
            if (below.units > 0n)
              expect(isNegative(marginAboveMaintenance(account, table, below))).toBe(true);
          }
          if (whenRising) {
            expect(isNegative(marginAboveMaintenance(account, table, whenRising))).toBe(false);
            expect(isNegative(marginAboveMaintenance(account, table, addDecimals(whenRising, tick)))).toBe(
              true,
            );
          }
        },
      ),
      options,
    );
  });

  it("an order's cost grows with its size, and the largest open is paid for while one lot more is not", () => {
    fc.assert(
      fc.property(
        side,
        price,
        price,
        size,
        size,
        fc.integer({ min: 1, max: 125 }),
        (s, p, mark, a, b, leverage) => {
          const draft = {
            side: s,
            price: p,
            leverage,
            markPrice: mark,
            takerFeeRate: { units: 5n, scale: 4 },
          };
          const [small, large] = compareDecimals(a, b) <= 0 ? [a, b] : [b, a];
          const costOf = (q: Decimal) => orderCost({ ...draft, size: q }, 8).cost;
          expect(compareDecimals(costOf(small), costOf(large))).toBeLessThanOrEqual(0);

          const available = costOf(large);
          const limits = { available, lotSize: lot, brackets: MAJOR_BRACKETS, places: 8 };
          const most = maxOpen(draft, limits);
          if (most.units > 0n) {
            expect(compareDecimals(costOf(most), available)).toBeLessThanOrEqual(0);
            expect(
              maxLeverageFor(MAJOR_BRACKETS, { units: most.units * p.units, scale: 4 }),
            ).toBeGreaterThanOrEqual(leverage);
          }
          const next = addDecimals(most, lot);
          const overBalance = compareDecimals(costOf(next), available) > 0;
          const overBrackets =
            maxLeverageFor(MAJOR_BRACKETS, { units: next.units * p.units, scale: 4 }) < leverage;
          expect(overBalance || overBrackets).toBe(true);
        },
      ),
      options,
    );
  });

  it('funding of equal long and short sizes sums to zero with the reported remainder, never against the platform', () => {
    fc.assert(
      fc.property(size, price, rate, fc.integer({ min: 0, max: 8 }), (qty, mark, r, places) => {
        const { payments, remainder } = settleFunding(
          [
            { id: 1, side: 'long', size: qty },
            { id: 2, side: 'short', size: qty },
          ],
          mark,
          r,
          places,
        );
        const total = payments.reduce((sum, payment) => addDecimals(sum, payment.amount), remainder);
        expect(total.units).toBe(0n);
        expect(isNegative(remainder)).toBe(false);
        expect(remainder.units).toBeLessThan(2n);
      }),
      options,
    );
  });

  it('opening in two fills averages to the entry of one fill within the rounding, and closing all realises the move', () => {
    fc.assert(
      fc.property(side, price, size, price, size, price, (s, p1, q1, p2, q2, exit) => {
        const start = { side: s, size: q1, entryPrice: p1 };
        const { position } = applyFill(start, { action: 'open', price: p2, size: q2 });
        const exact = addDecimals(
          { units: p1.units * q1.units, scale: 4 },
          { units: p2.units * q2.units, scale: 4 },
        );
        // entry × size is the exact cost within half a unit of the entry's last place per unit of size.
        const drift = subtractDecimals(
          { units: position.entryPrice.units * position.size.units, scale: position.entryPrice.scale + 3 },
          exact,
        );
        const bound = { units: position.size.units, scale: position.entryPrice.scale + 3 };
        expect(
          compareDecimals(
            { units: drift.units < 0n ? -drift.units : drift.units, scale: drift.scale },
            bound,
          ),
        ).toBeLessThanOrEqual(0);
        const closed = applyFill(position, { action: 'close', price: exit, size: position.size });
        expect(closed.position.size.units).toBe(0n);
        const move = subtractDecimals(exit, position.entryPrice);
        const expected = {
          units: (s === 'long' ? 1n : -1n) * move.units * position.size.units,
          scale: move.scale + 3,
        };
        expect(formatDecimal(subtractDecimals(closed.realizedPnl, expected))).toMatch(/^-?0(\.0+)?$/);
      }),
      options,
    );
  });
});
