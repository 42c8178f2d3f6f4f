import {
  type Decimal,
  decimalOf,
  divideDecimals,
  formatDecimal,
  formatShortest,
  placesOf as placesOfDecimal,
  toScale,
  toStep,
  unitsAt,
} from '@kestrel/money';

/*
 * Prices, sizes and volumes of the markets module as bigints scaled by 10^18 (the ledger's NUMERIC(36,18)
 * scale): exact sums and comparisons, read and written through the money package's decimal core only at the
 * edges. Never a JS number.
 */

export const SCALE = 18;
export const ONE = 10n ** BigInt(SCALE);

const atScale = (value: bigint): Decimal => ({ units: value, scale: SCALE });

/** A decimal string (wire form or NUMERIC text) as a scaled bigint; digits beyond 18 places are dropped. */
export function scaled(text: string): bigint {
  return unitsAt(decimalOf(text.trim()), SCALE, 'down');
}

/** A scaled value as a decimal string with exactly `places` places, rounded toward zero. */
export function formatScaled(value: bigint, places: number): string {
  return formatDecimal(toScale(atScale(value), places, 'down'));
}

/** The shortest form of a decimal: "0.010000000000000000" → "0.01", "5.000" → "5". */
export function normalized(text: string): string {
  return formatShortest(atScale(scaled(text)));
}

/** Decimal places a step such as "0.001" is written with (after normalising). */
export function placesOf(step: string): number {
  return placesOfDecimal(atScale(scaled(step)));
}

/** `a × b` of two scaled values. */
export function multiply(a: bigint, b: bigint): bigint {
  return unitsAt({ units: a * b, scale: 2 * SCALE }, SCALE, 'down');
}

/** `value` rounded down to a multiple of `step` (both scaled). */
export function floorTo(value: bigint, step: bigint): bigint {
  return toStep(atScale(value), atScale(step), 'down').units;
}

/** Percentage change from `from` to `to`, two decimals, signed ("-1.25"); "0.00" when `from` is zero. */
export function changePercent(from: bigint, to: bigint): string {
  if (from === 0n) return '0.00';
  const change = { units: (to - from) * 100n, scale: 0 };
  return formatDecimal(divideDecimals(change, { units: from, scale: 0 }, 2, 'halfUp'));
}
