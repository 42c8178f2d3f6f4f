/*
 * Prices, sizes and volumes of the markets module as bigints scaled by 10^18 (the ledger's NUMERIC(36,18)
 * scale): exact sums and comparisons, formatted back to decimal strings only at the edges. Never a JS number.
 */

export const SCALE = 18;
export const ONE = 10n ** BigInt(SCALE);

const DECIMAL = /^(-)?(\d+)(?:\.(\d*))?$/;

/** A decimal string (wire form or NUMERIC text) as a scaled bigint; digits beyond 18 places are dropped. */
export function scaled(text: string): bigint {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`${text} is not a decimal`);
  const [, sign, whole = '0', fraction = ''] = match;
  const value = BigInt(whole + fraction.slice(0, SCALE).padEnd(SCALE, '0'));
  return sign ? -value : value;
}

/** A scaled value as a decimal string with exactly `places` places, rounded toward zero. */
export function formatScaled(value: bigint, places: number): string {
  const negative = value < 0n;
  const cut = (negative ? -value : value) / 10n ** BigInt(SCALE - places);
  const digits = cut.toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const text = places > 0 ? `${whole}.${digits.slice(digits.length - places)}` : whole;
  return negative && cut !== 0n ? `-${text}` : text;
}

/** The shortest form of a decimal: "0.010000000000000000" → "0.01", "5.000" → "5". */
export function normalized(text: string): string {
  const value = scaled(text);
  let out = formatScaled(value, SCALE);
  if (out.includes('.')) out = out.replace(/0+$/, '').replace(/\.$/, '');
  return out;
}

/** Decimal places a step such as "0.001" is written with (after normalising). */
export function placesOf(step: string): number {
  const text = normalized(step);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** `a × b` of two scaled values. */
export function multiply(a: bigint, b: bigint): bigint {
  return (a * b) / ONE;
}

/** `value` rounded down to a multiple of `step` (both scaled). */
export function floorTo(value: bigint, step: bigint): bigint {
  return (value / step) * step;
}

/** Percentage change from `from` to `to`, two decimals, signed ("-1.25"); "0.00" when `from` is zero. */
export function changePercent(from: bigint, to: bigint): string {
  if (from === 0n) return '0.00';
  // Round half away from zero at the second decimal.
  const basis = ((to - from) * 100_000n) / from;
  const rounded = basis >= 0n ? (basis + 5n) / 10n : (basis - 5n) / 10n;
  const text = formatScaled(rounded * 10n ** BigInt(SCALE - 2), 2);
  return text === '-0.00' ? '0.00' : text;
}
