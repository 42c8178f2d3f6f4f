/*
 * The order form's arithmetic on decimal strings, exact: every value is read into a bigint of a known number
 * of decimal places, computed there, and written back as a string. No amount ever becomes a JS number.
 */

/** A decimal read exactly: `units` of 10^-`scale`. */
type Fixed = { units: bigint; scale: number };

const DECIMAL = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/;

function read(text: string): Fixed | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? match[3] ?? '';
  return { units: BigInt(`${whole}${fraction}` || '0'), scale: fraction.length };
}

function rescale(value: Fixed, scale: number): bigint {
  return scale >= value.scale
    ? value.units * 10n ** BigInt(scale - value.scale)
    : value.units / 10n ** BigInt(value.scale - scale);
}

/** Writes units of 10^-scale as a decimal string without trailing zeros ("12.5", "0.001", "3"). */
function write(units: bigint, scale: number): string {
  const padded = writeFixed(units, scale);
  return padded.includes('.') ? padded.replace(/\.?0+$/, '') : padded;
}

/** Writes units of 10^-scale with all `scale` decimals ("12.50"). */
function writeFixed(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

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
  const scale = Math.max(x.scale, y.scale);
  const left = rescale(x, scale);
  const right = rescale(y, scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Whether `value` is a whole multiple of `step`. */
export function isOnStep(value: string, step: string): boolean {
  const x = read(value);
  const s = read(step);
  if (!x || !s || s.units === 0n) return false;
  const scale = Math.max(x.scale, s.scale);
  return rescale(x, scale) % rescale(s, scale) === 0n;
}

/** `value` rounded down to a multiple of `step` ("0.123456" on "0.0001" → "0.1234"). */
export function floorToStep(value: string, step: string): string {
  const x = read(value);
  const s = read(step);
  if (!x || !s || s.units === 0n) return '0';
  const scale = Math.max(x.scale, s.scale);
  const stepUnits = rescale(s, scale);
  return write((rescale(x, scale) / stepUnits) * stepUnits, scale);
}

/** `value` rounded down to the tick and written with the tick's decimals ("64321.5" on "0.01" → "64321.50"). */
export function onTick(value: string, tick: string): string {
  const s = read(tick);
  const floored = read(floorToStep(value, tick));
  if (!s || !floored) return value;
  return writeFixed(rescale(floored, s.scale), s.scale);
}

/** The price one tick up (`+1`) or down (`-1`), on the tick grid, never below one tick. */
export function stepPrice(price: string, tick: string, direction: 1 | -1): string {
  const s = read(tick);
  if (!s || s.units === 0n) return price;
  const floored = read(floorToStep(price, tick));
  const current = read(price) && floored ? rescale(floored, s.scale) : 0n;
  const next = current + BigInt(direction) * s.units;
  return writeFixed(next < s.units ? s.units : next, s.scale);
}

/** a + b, exact. */
export function add(a: string, b: string): string {
  const x = read(a);
  const y = read(b);
  if (!x || !y) return '0';
  const scale = Math.max(x.scale, y.scale);
  return write(rescale(x, scale) + rescale(y, scale), scale);
}

/** price × amount, exact. */
export function multiply(price: string, amount: string): string {
  const p = read(price);
  const a = read(amount);
  if (!p || !a) return '0';
  return write(p.units * a.units, p.scale + a.scale);
}

/** The amount that `total` buys at `price`, rounded down to the lot. */
export function amountForTotal(total: string, price: string, lot: string): string {
  const t = read(total);
  const p = read(price);
  const l = read(lot);
  if (!t || !p || !l || p.units === 0n || l.units === 0n) return '0';
  // lots = floor(total / (price × lot)), with every value's decimals moved across.
  const lots = (t.units * 10n ** BigInt(p.scale + l.scale)) / (p.units * l.units * 10n ** BigInt(t.scale));
  return write(lots * l.units, l.scale);
}

/** `percent` (0–100) of `value`, rounded down to `step`. */
export function percentOf(value: string, percent: number, step: string): string {
  const x = read(value);
  if (!x || !Number.isInteger(percent) || percent < 0 || percent > 100) return '0';
  const scaled = write((x.units * BigInt(percent)) / 100n, x.scale);
  return floorToStep(scaled, step);
}

/** How many percent (0–100, whole) `part` is of `whole`; 0 when `whole` is zero. */
export function percentage(part: string, whole: string): number {
  const p = read(part);
  const w = read(whole);
  if (!p || !w || w.units === 0n) return 0;
  const scale = Math.max(p.scale, w.scale);
  const share = (rescale(p, scale) * 100n) / rescale(w, scale);
  return share > 100n ? 100 : Number(share);
}
