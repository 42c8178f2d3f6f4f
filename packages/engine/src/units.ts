import type { Lots, Ticks } from './types';

/**
 * Trading math between the wire's decimal strings and the engine's integer ticks and lots. Exact (bigint inside),
 * never rounding; meant for the edges (validating an order, writing a trade), not the matching hot path.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** A non-negative decimal as digits and a scale: "12.50" → { digits: 1250n, scale: 2 }. */
type Scaled = { digits: bigint; scale: number };

function scaled(text: string): Scaled | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  return { digits: BigInt(whole + fraction), scale: fraction.length };
}

function rescale(value: Scaled, scale: number): bigint {
  return value.digits * 10n ** BigInt(scale - value.scale);
}

/** `value / step` as a safe integer above zero, or undefined when it is not an exact positive multiple. */
function stepsOf(value: string, step: string): number | undefined {
  const amount = scaled(value);
  const unit = scaled(step);
  if (amount === undefined || unit === undefined || unit.digits === 0n) return undefined;
  const scale = Math.max(amount.scale, unit.scale);
  const numerator = rescale(amount, scale);
  const denominator = rescale(unit, scale);
  if (numerator === 0n || numerator % denominator !== 0n) return undefined;
  const steps = numerator / denominator;
  return steps > BigInt(Number.MAX_SAFE_INTEGER) ? undefined : Number(steps);
}

/** Writes `digits` × 10^-scale as a decimal string with exactly `scale` places. */
function decimal(digits: bigint, scale: number): string {
  const text = digits.toString().padStart(scale + 1, '0');
  if (scale === 0) return text;
  return `${text.slice(0, text.length - scale)}.${text.slice(text.length - scale)}`;
}

function stepScale(step: string): Scaled {
  const unit = scaled(step);
  if (unit === undefined) throw new RangeError(`${step} is not a decimal step`);
  return unit;
}

/** The price in ticks, or undefined if it is not a positive exact multiple of the tick size or not safe. */
export function ticksOf(price: string, tickSize: string): Ticks | undefined {
  return stepsOf(price, tickSize) as Ticks | undefined;
}

/** The size in lots, or undefined if it is not a positive exact multiple of the lot size or not safe. */
export function lotsOf(size: string, lotSize: string): Lots | undefined {
  return stepsOf(size, lotSize) as Lots | undefined;
}

/** The decimal price of `ticks`, with as many places as the tick size is written with. */
export function priceOf(ticks: Ticks | number, tickSize: string): string {
  const unit = stepScale(tickSize);
  return decimal(BigInt(ticks) * unit.digits, unit.scale);
}

/** The decimal size of `lots`, with as many places as the lot size is written with. */
export function sizeOf(lots: Lots | number, lotSize: string): string {
  const unit = stepScale(lotSize);
  return decimal(BigInt(lots) * unit.digits, unit.scale);
}

/** The exact notional price × size of `lots` at `ticks`, with the places of tick size and lot size together. */
export function notionalOf(
  ticks: Ticks | number,
  lots: Lots | number,
  tickSize: string,
  lotSize: string,
): string {
  const tick = stepScale(tickSize);
  const lot = stepScale(lotSize);
  return decimal(BigInt(ticks) * tick.digits * BigInt(lots) * lot.digits, tick.scale + lot.scale);
}
