/*
 * The one decimal core: every amount, price, size, rate and step in the product is read, scaled, rounded,
 * computed and written here, exactly, as a bigint count of units of 10^-scale. No value ever becomes a JS number.
 */

/** A decimal held exactly: `units` × 10^-`scale` ("12.50" is { units: 1250n, scale: 2 }). */
export type Decimal = { readonly units: bigint; readonly scale: number };

/**
 * How a value with more places than its target keeps its magnitude, named as in IEEE 754 and Java:
 * `down` toward zero (truncation), `up` away from zero, `halfUp` to the nearest with a tie away from zero.
 */
export type Rounding = 'down' | 'up' | 'halfUp';

const STRICT = /^(-)?(\d+)(?:\.(\d+))?$/;
const TYPED = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/;

const pow10 = (places: number) => 10n ** BigInt(places);

/**
 * Reads a decimal in the wire's strict form: an optional minus, digits, and a point only between digits ("12",
 * "-0.5", "12.50"). Anything else ("1e3", "12.", ".5", " 1", "1,000", "") is refused: undefined, never a guess.
 */
export function parseDecimal(text: string): Decimal | undefined {
  const match = STRICT.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction);
  return { units: sign ? -units : units, scale: fraction.length };
}

/**
 * Reads a non-negative decimal as a person types it into a field, half-written forms included ("12", "12.",
 * ".5"); surrounding spaces are ignored. Anything else is refused: undefined.
 */
export function parseTypedDecimal(text: string): Decimal | undefined {
  const match = TYPED.exec(text.trim());
  if (!match) return undefined;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? match[3] ?? '';
  return { units: BigInt(whole + fraction), scale: fraction.length };
}

/** Reads a decimal the product itself configured (a tick size, a rate); one that is not a decimal is a bug. */
export function decimalOf(text: string): Decimal {
  const value = parseDecimal(text);
  if (value === undefined) throw new RangeError(`${text} is not a decimal`);
  return value;
}

/** `dividend / divisor` of two bigints, rounded in the named direction. */
function divide(dividend: bigint, divisor: bigint, rounding: Rounding): bigint {
  const quotient = dividend / divisor;
  const remainder = dividend % divisor;
  if (remainder === 0n) return quotient;
  const away = dividend < 0n !== divisor < 0n ? -1n : 1n;
  if (rounding === 'down') return quotient;
  if (rounding === 'up') return quotient + away;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  const magnitude = divisor < 0n ? -divisor : divisor;
  return twice >= magnitude ? quotient + away : quotient;
}

/** `value` in units of 10^-`scale`, rounded in the named direction when it has more places. */
export function unitsAt(value: Decimal, scale: number, rounding: Rounding): bigint {
  if (scale >= value.scale) return value.units * pow10(scale - value.scale);
  return divide(value.units, pow10(value.scale - scale), rounding);
}

/** `value` in units of 10^-`scale`, or undefined when a digit beyond `scale` is not zero: never a rounding. */
export function exactUnitsAt(value: Decimal, scale: number): bigint | undefined {
  if (scale >= value.scale) return value.units * pow10(scale - value.scale);
  const cut = pow10(value.scale - scale);
  return value.units % cut === 0n ? value.units / cut : undefined;
}

/** `value` with exactly `scale` places, rounded in the named direction when it had more. */
export function toScale(value: Decimal, scale: number, rounding: Rounding): Decimal {
  return { units: unitsAt(value, scale, rounding), scale };
}

/** `value` without trailing zeros after the point ("12.500" → "12.5", "3.00" → "3"). */
export function normalize(value: Decimal): Decimal {
  let { units, scale } = value;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units, scale };
}

/** The places a decimal needs once its trailing zeros are dropped ("0.0100" → 2, "5" → 0). */
export function placesOf(value: Decimal): number {
  return normalize(value).scale;
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`. */
export function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const left = unitsAt(a, scale, 'down');
  const right = unitsAt(b, scale, 'down');
  return left < right ? -1 : left > right ? 1 : 0;
}

/** a + b, exact, with the places of the finer of the two. */
export function addDecimals(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: unitsAt(a, scale, 'down') + unitsAt(b, scale, 'down'), scale };
}

/** a − b, exact, with the places of the finer of the two. */
export function subtractDecimals(a: Decimal, b: Decimal): Decimal {
  return addDecimals(a, { units: -b.units, scale: b.scale });
}

/** a × b, exact, with the places of both together. */
export function multiplyDecimals(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** a ÷ b with `scale` places, rounded in the named direction; b must not be zero. */
export function divideDecimals(a: Decimal, b: Decimal, scale: number, rounding: Rounding): Decimal {
  if (b.units === 0n) throw new RangeError('division by zero');
  // a/b × 10^scale = (a.units × 10^(scale + b.scale)) / (b.units × 10^a.scale), moved to one integer division.
  const shift = scale + b.scale - a.scale;
  const dividend = shift >= 0 ? a.units * pow10(shift) : a.units;
  const divisor = shift >= 0 ? b.units : b.units * pow10(-shift);
  return { units: divide(dividend, divisor, rounding), scale };
}

/** How many whole `step`s `value` holds, or undefined when it is not an exact multiple (step above zero). */
export function stepsIn(value: Decimal, step: Decimal): bigint | undefined {
  if (step.units <= 0n) return undefined;
  const scale = Math.max(value.scale, step.scale);
  const amount = unitsAt(value, scale, 'down');
  const unit = unitsAt(step, scale, 'down');
  return amount % unit === 0n ? amount / unit : undefined;
}

/** `value` rounded to a whole number of `step`s (step above zero) in the named direction. */
export function toStep(value: Decimal, step: Decimal, rounding: Rounding): Decimal {
  const scale = Math.max(value.scale, step.scale);
  const unit = unitsAt(step, scale, 'down');
  return { units: divide(unitsAt(value, scale, 'down'), unit, rounding) * unit, scale };
}

/** Writes a decimal with exactly its places ("12.50", "-0.000001", "42"). */
export function formatDecimal(value: Decimal): string {
  const { units, scale } = value;
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** Writes a decimal in its shortest form, trailing zeros dropped ("12.5", "0.001", "3"). */
export function formatShortest(value: Decimal): string {
  return formatDecimal(normalize(value));
}
