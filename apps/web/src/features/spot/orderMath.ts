import {
  addDecimals,
  compareDecimals as compare,
  type Decimal,
  divideDecimals,
  formatDecimal,
  formatShortest,
  multiplyDecimals,
  parseTypedDecimal as read,
  stepsIn,
  toScale,
  toStep,
} from '@kestrel/money';

/*
 * The order form's arithmetic on decimal strings as typed ("12", "12.", ".5"), on the money package's decimal
 * core: every value is read exactly, computed there, and written back as a string. No amount ever becomes a JS
 * number. The order's rules themselves are the engine's `checkOrder`.
 */

const ZERO: Decimal = { units: 0n, scale: 0 };

/** Whether `text` is a decimal as a person may type it ("12", "12.", "0.5"). */
export function isDecimal(text: string): boolean {
  return read(text) !== undefined;
}

/** Decimal places of a step such as a tick size ("0.01" → 2, "1" → 0). */
export function decimalsOf(step: string): number {
  return read(step)?.scale ?? 0;
}

/** Whether the value is above zero. */
export function isPositive(text: string): boolean {
  const value = read(text);
  return value !== undefined && value.units > 0n;
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`; both must be decimals. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const x = read(a);
  const y = read(b);
  if (!x || !y) throw new Error(`not decimals: ${a}, ${b}`);
  return compare(x, y);
}

/** Whether `value` is a whole multiple of `step`. */
export function isOnStep(value: string, step: string): boolean {
  const x = read(value);
  const s = read(step);
  return x !== undefined && s !== undefined && stepsIn(x, s) !== undefined;
}

/** `value` rounded down to a multiple of `step` ("0.123456" on "0.0001" → "0.1234"). */
export function floorToStep(value: string, step: string): string {
  const x = read(value);
  const s = read(step);
  if (!x || !s || s.units === 0n) return '0';
  return formatShortest(toStep(x, s, 'down'));
}

/** `value` rounded down to the tick and written with the tick's decimals ("64321.5" on "0.01" → "64321.50"). */
export function onTick(value: string, tick: string): string {
  const s = read(tick);
  if (!s) return value;
  const x = read(value);
  const floored = x && s.units > 0n ? toStep(x, s, 'down') : ZERO;
  return formatDecimal(toScale(floored, s.scale, 'down'));
}

/** The price one tick up (`+1`) or down (`-1`), on the tick grid, never below one tick. */
export function stepPrice(price: string, tick: string, direction: 1 | -1): string {
  const s = read(tick);
  if (!s || s.units === 0n) return price;
  const x = read(price);
  const current = x ? toScale(toStep(x, s, 'down'), s.scale, 'down').units : 0n;
  const next = current + BigInt(direction) * s.units;
  return formatDecimal({ units: next < s.units ? s.units : next, scale: s.scale });
}

/** a + b, exact. */
export function add(a: string, b: string): string {
  const x = read(a);
  const y = read(b);
  if (!x || !y) return '0';
  return formatShortest(addDecimals(x, y));
}

/** price × amount, exact. */
export function multiply(price: string, amount: string): string {
  const p = read(price);
  const a = read(amount);
  if (!p || !a) return '0';
  return formatShortest(multiplyDecimals(p, a));
}

/** The amount that `total` buys at `price`, rounded down to the lot. */
export function amountForTotal(total: string, price: string, lot: string): string {
  const t = read(total);
  const p = read(price);
  const l = read(lot);
  if (!t || !p || !l || p.units === 0n || l.units === 0n) return '0';
  const lots = divideDecimals(t, multiplyDecimals(p, l), 0, 'down');
  return formatShortest(multiplyDecimals(lots, l));
}

/** `percent` (0–100) of `value`, rounded down to `step`. */
export function percentOf(value: string, percent: number, step: string): string {
  const x = read(value);
  if (!x || !Number.isInteger(percent) || percent < 0 || percent > 100) return '0';
  const hundredths = multiplyDecimals(x, { units: BigInt(percent), scale: 0 });
  const share = divideDecimals(hundredths, { units: 100n, scale: 0 }, x.scale, 'down');
  return floorToStep(formatShortest(share), step);
}

/** How many percent (0–100, whole) `part` is of `whole`; 0 when `whole` is zero. */
export function percentage(part: string, whole: string): number {
  const p = read(part);
  const w = read(whole);
  if (!p || !w || w.units === 0n) return 0;
  const share = divideDecimals(multiplyDecimals(p, { units: 100n, scale: 0 }), w, 0, 'down').units;
  return share > 100n ? 100 : Number(share);
}
