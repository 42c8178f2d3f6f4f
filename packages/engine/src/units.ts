import {
  type Decimal,
  decimalOf,
  formatDecimal,
  multiplyDecimals,
  parseDecimal,
  stepsIn,
} from '@kestrel/money';
import type { Lots, Ticks } from './types';

/**
 * Trading math between the wire's decimal strings and the engine's integer ticks and lots, on the money
 * package's decimal core. Exact, never rounding; meant for the edges (validating an order, writing a trade), not
 * the matching hot path.
 */

/** `value / step` as a safe integer above zero, or undefined when it is not an exact positive multiple. */
function stepsOf(value: string, step: string): number | undefined {
  const amount = parseDecimal(value);
  const unit = parseDecimal(step);
  if (amount === undefined || unit === undefined) return undefined;
  const steps = stepsIn(amount, unit);
  if (steps === undefined || steps <= 0n || steps > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return Number(steps);
}

/** `count` whole steps written with the places of the step. */
function stepsWritten(count: bigint, step: Decimal): string {
  return formatDecimal(multiplyDecimals({ units: count, scale: 0 }, step));
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
  return stepsWritten(BigInt(ticks), decimalOf(tickSize));
}

/** The decimal size of `lots`, with as many places as the lot size is written with. */
export function sizeOf(lots: Lots | number, lotSize: string): string {
  return stepsWritten(BigInt(lots), decimalOf(lotSize));
}

/** The exact notional price × size of `lots` at `ticks`, with the places of tick size and lot size together. */
export function notionalOf(
  ticks: Ticks | number,
  lots: Lots | number,
  tickSize: string,
  lotSize: string,
): string {
  const price = multiplyDecimals({ units: BigInt(ticks), scale: 0 }, decimalOf(tickSize));
  return formatDecimal(
    multiplyDecimals(price, multiplyDecimals({ units: BigInt(lots), scale: 0 }, decimalOf(lotSize))),
  );
}
