import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  compareDecimals,
  type Decimal,
  decimalOf,
  divideDecimals,
  exactUnitsAt,
  formatDecimal,
  formatShortest,
  multiplyDecimals,
  normalize,
  parseDecimal,
  parseTypedDecimal,
  placesOf,
  type Rounding,
  stepsIn,
  subtractDecimals,
  toScale,
  toStep,
  unitsAt,
} from './index';

const d = (text: string): Decimal => decimalOf(text);
const decimal = fc.record({ units: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), scale: fc.nat(20) });

describe('parseDecimal', () => {
  it('reads the strict wire form exactly, beyond what a JS number holds', () => {
    expect(parseDecimal('12.50')).toEqual({ units: 1250n, scale: 2 });
    expect(parseDecimal('-0.000001')).toEqual({ units: -1n, scale: 6 });
    expect(parseDecimal('42')).toEqual({ units: 42n, scale: 0 });
    expect(parseDecimal('90071992547409931234.5')).toEqual({ units: 900719925474099312345n, scale: 1 });
  });

  it.each(['', ' 1', '1 ', '1e5', '1.', '.5', '1,000', 'NaN', '0x10', '+1', '--1', '1.2.3', '-'])(
    'refuses %j',
    (text) => {
      expect(parseDecimal(text)).toBeUndefined();
    },
  );

  it('throws on a configured decimal that is not one', () => {
    expect(() => decimalOf('0,01')).toThrow(RangeError);
  });
});

describe('parseTypedDecimal', () => {
  it('reads what a person is typing, half-written forms included', () => {
    expect(parseTypedDecimal('12.')).toEqual({ units: 12n, scale: 0 });
    expect(parseTypedDecimal('.5')).toEqual({ units: 5n, scale: 1 });
    expect(parseTypedDecimal(' 0.10 ')).toEqual({ units: 10n, scale: 2 });
  });

  it.each(['', '.', '-1', '1e3', '1,5', 'abc'])('refuses %j', (text) => {
    expect(parseTypedDecimal(text)).toBeUndefined();
  });
});

describe('formatDecimal and formatShortest', () => {
  it('write exactly the places held, or the fewest that say the same', () => {
    expect(formatDecimal(d('1234.5600'))).toBe('1234.5600');
    expect(formatDecimal({ units: -5n, scale: 3 })).toBe('-0.005');
    expect(formatDecimal({ units: 0n, scale: 2 })).toBe('0.00');
    expect(formatShortest(d('1234.5600'))).toBe('1234.56');
    expect(formatShortest(d('3.000'))).toBe('3');
    expect(placesOf(d('0.0100'))).toBe(2);
  });

  it('round-trip: formatting then parsing gives back the same decimal', () => {
    fc.assert(
      fc.property(decimal, (value) => {
        expect(parseDecimal(formatDecimal(value))).toEqual(value);
        expect(compareDecimals(decimalOf(formatShortest(value)), value)).toBe(0);
      }),
    );
  });

  it('round-trip: parsing then formatting gives back the same text', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?(0|[1-9]\d{0,25})(\.\d{1,20})?$/), (text) => {
        // A negative zero ("-0.00") is written without its sign.
        expect(formatDecimal(decimalOf(text))).toBe(text.replace(/^-(0(\.0+)?)$/, '$1'));
      }),
    );
  });
});

describe('scaling and rounding', () => {
  it.each([
    ['1.25', 1, 'down', '1.2'],
    ['1.25', 1, 'up', '1.3'],
    ['1.25', 1, 'halfUp', '1.3'],
    ['1.24', 1, 'halfUp', '1.2'],
    ['-1.25', 1, 'down', '-1.2'],
    ['-1.25', 1, 'up', '-1.3'],
    ['-1.25', 1, 'halfUp', '-1.3'],
    ['-0.04', 1, 'down', '0.0'],
    ['1.20', 1, 'up', '1.2'],
    ['7', 3, 'up', '7.000'],
  ] as const)('%s to %i places %s is %s', (text, places, rounding, expected) => {
    expect(formatDecimal(toScale(d(text), places, rounding))).toBe(expected);
  });

  it('rounds toward zero, away from zero or to the nearest, never more than one unit apart', () => {
    fc.assert(
      fc.property(decimal, fc.nat(20), (value, scale) => {
        const down = unitsAt(value, scale, 'down');
        const up = unitsAt(value, scale, 'up');
        const half = unitsAt(value, scale, 'halfUp');
        const exact = exactUnitsAt(value, scale);
        const sign = value.units < 0n ? -1n : 1n;
        if (exact !== undefined) {
          expect([down, up, half]).toEqual([exact, exact, exact]);
          return;
        }
        // Magnitudes: down is below the value, up is above it, one unit apart; half is one of the two.
        expect(up - down).toBe(sign);
        expect(
          compareDecimals({ units: down * sign, scale }, { units: value.units * sign, scale: value.scale }),
        ).toBe(-1);
        expect(
          compareDecimals({ units: up * sign, scale }, { units: value.units * sign, scale: value.scale }),
        ).toBe(1);
        expect([down, up]).toContain(half);
        // Half away from zero: the nearer of the two, the one away from zero on a tie.
        const below = subtractDecimals(value, { units: down, scale });
        const above = subtractDecimals({ units: up, scale }, value);
        const nearer = compareDecimals(
          { units: below.units * sign, scale: below.scale },
          { units: above.units * sign, scale: above.scale },
        );
        expect(half).toBe(nearer < 0 ? down : up);
      }),
    );
  });

  it('scales exactly or refuses, but never rounds', () => {
    expect(exactUnitsAt(d('1.500000000'), 6)).toBe(1_500_000n);
    expect(exactUnitsAt(d('1.5000001'), 6)).toBeUndefined();
    expect(exactUnitsAt(d('-2'), 2)).toBe(-200n);
  });
});

describe('arithmetic', () => {
  it('adds, subtracts, multiplies and divides exactly where floats would not', () => {
    expect(formatShortest(addDecimals(d('0.1'), d('0.2')))).toBe('0.3');
    expect(formatShortest(subtractDecimals(d('0.3'), d('0.1')))).toBe('0.2');
    expect(formatShortest(multiplyDecimals(d('0.1'), d('0.2')))).toBe('0.02');
    expect(formatDecimal(divideDecimals(d('1'), d('3'), 4, 'down'))).toBe('0.3333');
    expect(formatDecimal(divideDecimals(d('2'), d('3'), 4, 'halfUp'))).toBe('0.6667');
    expect(formatDecimal(divideDecimals(d('10'), d('0.004'), 0, 'up'))).toBe('2500');
    expect(() => divideDecimals(d('1'), d('0'), 2, 'down')).toThrow(RangeError);
  });

  it('compares across places', () => {
    expect(compareDecimals(d('120.500000'), d('120.5'))).toBe(0);
    expect(compareDecimals(d('0.30000000000000001'), d('0.3'))).toBe(1);
    expect(compareDecimals(d('-2.40'), d('-10'))).toBe(1);
  });

  it('adds and subtracts as inverses, and multiplies like integers scaled', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        expect(compareDecimals(subtractDecimals(addDecimals(a, b), b), a)).toBe(0);
        expect(compareDecimals(addDecimals(a, b), addDecimals(b, a))).toBe(0);
        expect(normalize(multiplyDecimals(a, b))).toEqual(normalize(multiplyDecimals(b, a)));
      }),
    );
  });

  it('divides so that the quotient rounded down times the divisor never exceeds the dividend', () => {
    const positive = fc.record({ units: fc.bigInt({ min: 1n, max: 10n ** 24n }), scale: fc.nat(12) });
    fc.assert(
      fc.property(positive, positive, fc.nat(12), (a, b, scale) => {
        const rounding: Rounding = 'down';
        const quotient = divideDecimals(a, b, scale, rounding);
        expect(compareDecimals(multiplyDecimals(quotient, b), a)).toBeLessThanOrEqual(0);
        const next = { units: quotient.units + 1n, scale };
        expect(compareDecimals(multiplyDecimals(next, b), a)).toBe(1);
      }),
    );
  });
});

describe('steps', () => {
  it('counts whole steps, or refuses a value off the grid', () => {
    expect(stepsIn(d('65432.10'), d('0.01'))).toBe(6543210n);
    expect(stepsIn(d('2.5'), d('0.5'))).toBe(5n);
    expect(stepsIn(d('2.6'), d('0.5'))).toBeUndefined();
    expect(stepsIn(d('1'), d('0'))).toBeUndefined();
  });

  it('rounds to the grid in the named direction', () => {
    expect(formatShortest(toStep(d('0.123456'), d('0.0001'), 'down'))).toBe('0.1234');
    expect(formatShortest(toStep(d('0.123456'), d('0.0001'), 'up'))).toBe('0.1235');
    expect(formatShortest(toStep(d('7.5'), d('5'), 'halfUp'))).toBe('10');
  });
});
