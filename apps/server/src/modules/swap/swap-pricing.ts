import {
  addDecimals,
  compareDecimals,
  type Decimal,
  decimalOf,
  divideDecimals,
  formatDecimal,
  formatShortest,
  multiplyDecimals,
  normalize,
  subtractDecimals,
  toScale,
} from '@kestrel/money';

/*
 * The desk's arithmetic (docs/decisions/0048-swap-desk.md), exact decimals only:
 *   rate          = index(from) / index(to) × (1 − spread), rounded down to RATE_DIGITS significant digits
 *   send side     : receive = floor_to_receive_places(send × rate − networkFee)
 *   receive side  : send    = ceil_to_send_places((receive + networkFee) / rate)
 *   spread amount = floor_to_send_places(deposit × spread), the desk's share, in the sent asset
 *   refund        = deposit − the sending network's fee (nothing when the deposit does not cover it)
 */

/** Significant digits a rate keeps (rounded down, in the desk's favour); never more than 18 places. */
export const RATE_DIGITS = 8;
const MAX_PLACES = 18;
/** Places an index ratio is computed with before its rounding to RATE_DIGITS. */
const RATIO_PLACES = 30;

const ONE: Decimal = { units: 1n, scale: 0 };

/** An index price as the desk reads it: USDT is 1; anything else is the market `<ASSET>USDT`'s index. */
export type IndexPrices = (asset: string) => string;

/** The desk's rate for a pair: units of the received asset per unit sent, spread taken. */
export function rateOf(fromIndex: string, toIndex: string, spread: string): Decimal {
  const ratio = divideDecimals(decimalOf(fromIndex), decimalOf(toIndex), RATIO_PLACES, 'down');
  const kept = multiplyDecimals(ratio, subtractDecimals(ONE, decimalOf(spread)));
  return significant(kept, RATE_DIGITS);
}

/** `value` rounded down to `digits` significant digits (at most 18 places; whole units are never cut). */
export function significant(value: Decimal, digits: number): Decimal {
  const normal = normalize(value);
  const length = (normal.units < 0n ? -normal.units : normal.units).toString().length;
  const places = Math.min(MAX_PLACES, normal.scale - Math.max(0, length - digits));
  return normalize(toScale(normal, Math.max(places, 0), 'down'));
}

/** What arrives at the receive address for `send`: undefined when the fee takes all of it. */
export function receiveFor(send: Decimal, rate: Decimal, fee: Decimal, places: number): Decimal | undefined {
  const gross = multiplyDecimals(send, rate);
  const net = toScale(subtractDecimals(gross, fee), places, 'down');
  return net.units > 0n ? net : undefined;
}

/** What must be sent for `receive` to arrive. */
export function sendFor(receive: Decimal, rate: Decimal, fee: Decimal, places: number): Decimal {
  return divideDecimals(addDecimals(receive, fee), rate, places, 'up');
}

/** The desk's share of a deposit, in the sent asset. */
export function spreadAmountOf(deposit: Decimal, spread: Decimal, places: number): Decimal {
  return toScale(multiplyDecimals(deposit, spread), places, 'down');
}

/** What goes back on a refund, and the sending network's fee it bears. */
export function refundOf(deposit: Decimal, fee: Decimal, places: number): { refund: Decimal; fee: Decimal } {
  const covered = compareDecimals(deposit, fee) > 0;
  const feeTaken = toScale(covered ? fee : deposit, places, 'down');
  return { refund: toScale(subtractDecimals(deposit, feeTaken), places, 'down'), fee: feeTaken };
}

/** What an amount of an asset is worth in USDT, at the index. */
export function worthInUsdt(amount: Decimal, index: string): Decimal {
  return multiplyDecimals(amount, decimalOf(index));
}

export const text = (value: Decimal, places: number) => formatDecimal(toScale(value, places, 'down'));
export const shortest = (value: string) => formatShortest(decimalOf(value));
