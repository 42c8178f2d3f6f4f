import { decimalOf } from '@kestrel/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, cumulativeInterest, dayInterest, daysBetween, earlyRedemption } from './earn-interest';

const principal = fc.bigInt({ min: 1n, max: 10n ** 15n });
const rate = fc.integer({ min: 0, max: 999_999 }).map((units) => ({ units: BigInt(units), scale: 6 }));

describe('the interest formula', () => {
  it('pays a term’s days that add up to exactly floor(P × r × N / 365), no day below zero', () => {
    fc.assert(
      fc.property(principal, rate, fc.integer({ min: 1, max: 400 }), (p, r, term) => {
        let sum = 0n;
        for (let day = 1; day <= term; day++) {
          const paid = dayInterest(p, r, day);
          expect(paid >= 0n).toBe(true);
          sum += paid;
        }
        expect(sum).toBe((p * r.units * BigInt(term)) / (365n * 10n ** 6n));
      }),
      { numRuns: 200 },
    );
  });

  it('rounds a day down: 1,000 USDT at 3 % pays 0.082191 then 0.082192', () => {
    const rate3 = decimalOf('0.03');
    expect([dayInterest(1_000_000_000n, rate3, 1), dayInterest(1_000_000_000n, rate3, 2)]).toEqual([
      82_191n,
      82_192n,
    ]);
    expect(cumulativeInterest(1_000_000_000n, rate3, 0)).toBe(0n);
  });

  it('splits an early redemption into payout, interest reclaimed and penalty adding up to the principal', () => {
    fc.assert(
      fc.property(principal, fc.bigInt({ min: 0n, max: 10n ** 15n }), rate, (p, paid, penaltyRate) => {
        const split = earlyRedemption(p, paid, penaltyRate);
        expect(split.payout + split.reclaimed + split.penalty).toBe(p);
        expect(split.payout >= 0n && split.reclaimed >= 0n && split.penalty >= 0n).toBe(true);
      }),
    );
    expect(earlyRedemption(1000n, 30n, decimalOf('0.01'))).toEqual({
      reclaimed: 30n,
      penalty: 10n,
      payout: 960n,
    });
  });

  it('counts UTC days across month and year ends', () => {
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(daysBetween('2027-12-30', '2028-03-01')).toBe(62);
  });
});
