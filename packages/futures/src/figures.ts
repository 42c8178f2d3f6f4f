/*
 * Small helpers over @kestrel/money's decimal core shared by the futures formulas. Every figure stays an exact
 * Decimal; only quotients are rounded, each at its call site with a named direction.
 */
import {
  addDecimals,
  compareDecimals,
  type Decimal,
  divideDecimals,
  multiplyDecimals,
  type Rounding,
  subtractDecimals,
} from '@kestrel/money';

/** A long gains when the price rises; a short when it falls. Hedge mode holds one of each per market. */
export type Side = 'long' | 'short';

export const ZERO: Decimal = { units: 0n, scale: 0 };
export const ONE: Decimal = { units: 1n, scale: 0 };

/** Places kept by intermediate quotients (averages, impact prices) before a result is rounded to its grid. */
export const WORKING_PLACES = 18;

/** +1 for a long, −1 for a short: the direction a price move counts in a position's profit. */
export const signOf = (side: Side): Decimal => (side === 'long' ? ONE : { units: -1n, scale: 0 });

export const negate = (value: Decimal): Decimal => ({ units: -value.units, scale: value.scale });
export const isPositive = (value: Decimal): boolean => value.units > 0n;
export const isNegative = (value: Decimal): boolean => value.units < 0n;
export const maxOf = (a: Decimal, b: Decimal): Decimal => (compareDecimals(a, b) >= 0 ? a : b);
export const minOf = (a: Decimal, b: Decimal): Decimal => (compareDecimals(a, b) <= 0 ? a : b);
export const clamp = (value: Decimal, low: Decimal, high: Decimal): Decimal => minOf(maxOf(value, low), high);
export const sumOf = (values: readonly Decimal[]): Decimal => values.reduce(addDecimals, ZERO);
export const times = multiplyDecimals;
export const plus = addDecimals;
export const minus = subtractDecimals;

/** A whole number (a leverage, a count of hours) as a Decimal. */
export function wholeOf(value: number): Decimal {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${value} is not a whole number`);
  return { units: BigInt(value), scale: 0 };
}

/** `numerator ÷ denominator` as a whole number of `step`s (step above zero), rounded toward +∞ or −∞. */
export function toGrid(
  numerator: Decimal,
  denominator: Decimal,
  step: Decimal,
  direction: 'ceiling' | 'floor',
): Decimal {
  const negativeQuotient = isNegative(numerator) !== isNegative(denominator) && numerator.units !== 0n;
  const rounding: Rounding = (direction === 'ceiling') === negativeQuotient ? 'down' : 'up';
  const steps = divideDecimals(numerator, multiplyDecimals(denominator, step), 0, rounding);
  return multiplyDecimals(steps, step);
}
