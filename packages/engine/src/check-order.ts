import {
  compareDecimals,
  type Decimal,
  decimalOf,
  multiplyDecimals,
  parseTypedDecimal,
  stepsIn,
  toScale,
} from '@kestrel/money';
import type { Lots, Side, Ticks } from './types';

/**
 * The rules an order meets before it reaches a book, written once for the order form (live, as the user types)
 * and the order service (before anything is frozen). Pure: a result, never a throw.
 */

/** A market's order rules, as decimal strings; the same shape serves spot and, later, futures. */
export type OrderRules = {
  /** The price step. */
  tickSize: string;
  /** The size step, in the base asset. */
  lotSize: string;
  /** The smallest price × size an order may have, in the quote asset. */
  minNotional: string;
  /** The quote asset's decimals where the caller knows them: a spend written with more places is refused. */
  quoteDecimals?: number;
};

/**
 * An order as drafted, its figures as typed or sent ("12." and ".5" read as 12 and 0.5; the wire's schema is
 * stricter already). A figure not given is undefined or blank. A market buy names what to spend (`total`);
 * every other order names its size.
 */
export type OrderDraft = {
  side: Side;
  type: 'limit' | 'market';
  price?: string;
  size?: string;
  total?: string;
  /**
   * The price a market sell is held to the minimum notional at (the market's index price), where known. A price
   * between ticks is no reference: the book cannot trade there.
   */
  referencePrice?: string;
};

/** The order in the engine's units once every rule is met. */
export type CheckedOrder =
  | { type: 'limit'; side: Side; price: Ticks; size: Lots; notional: Decimal }
  | { type: 'market'; side: 'sell'; size: Lots }
  /** `total` is at the quote's decimals when the rules name them, exactly as typed otherwise. */
  | { type: 'market'; side: 'buy'; total: Decimal };

/**
 * Refusal codes in named bands, so a new rule takes the next number of its band: 1xx the price, 2xx the size,
 * 3xx the spend of a market buy, 4xx the order as a whole.
 */
export const ORDER_REFUSAL_CODES = {
  priceMissing: 101,
  priceInvalid: 102,
  priceOffTick: 103,
  priceOutOfRange: 104,
  sizeMissing: 201,
  sizeInvalid: 202,
  sizeOffLot: 203,
  sizeOutOfRange: 204,
  totalMissing: 301,
  totalInvalid: 302,
  totalTooPrecise: 303,
  belowMinNotional: 401,
} as const;

export type OrderRefusalReason = keyof typeof ORDER_REFUSAL_CODES;

/** Which figure of the draft a refusal is about. */
export type OrderField = 'price' | 'size' | 'total';

/** A rule the draft breaks, with the figure the rule names. */
export type OrderRefusal = { code: number; field: OrderField } & (
  | { reason: 'priceMissing' | 'priceInvalid' | 'priceOutOfRange' }
  | { reason: 'priceOffTick'; tick: string }
  | { reason: 'sizeMissing' | 'sizeInvalid' | 'sizeOutOfRange' }
  | { reason: 'sizeOffLot'; lot: string }
  | { reason: 'totalMissing' | 'totalInvalid' }
  | { reason: 'totalTooPrecise'; decimals: number }
  | { reason: 'belowMinNotional'; minimum: string }
);

/**
 * The checked order, or the rules the draft breaks: one per figure, price before size, and the minimum notional
 * only once every figure is right. A caller that answers with one reason takes the first.
 */
export type OrderCheck =
  | { ok: true; order: CheckedOrder }
  | { ok: false; refusals: [OrderRefusal, ...OrderRefusal[]] };

function refusal(field: OrderField, reason: OrderRefusalReason, params: object = {}): OrderRefusal {
  return { code: ORDER_REFUSAL_CODES[reason], field, reason, ...params } as OrderRefusal;
}

const isRefusal = (value: object): value is OrderRefusal => 'reason' in value;

const MAX_STEPS = BigInt(Number.MAX_SAFE_INTEGER);

const blank = (text: string | undefined): text is undefined => text === undefined || text.trim() === '';

/** A positive decimal figure as typed, or undefined. */
function positive(text: string): Decimal | undefined {
  const value = parseTypedDecimal(text);
  return value !== undefined && value.units > 0n ? value : undefined;
}

/** A price or size on its step grid: its value and its count of steps (a safe integer for the engine). */
function onGrid(
  text: string | undefined,
  step: string,
  field: 'price' | 'size',
): { value: Decimal; steps: number } | OrderRefusal {
  const [missing, invalid, offGrid, outOfRange] =
    field === 'price'
      ? (['priceMissing', 'priceInvalid', 'priceOffTick', 'priceOutOfRange'] as const)
      : (['sizeMissing', 'sizeInvalid', 'sizeOffLot', 'sizeOutOfRange'] as const);
  if (blank(text)) return refusal(field, missing);
  const value = positive(text);
  if (value === undefined) return refusal(field, invalid);
  const steps = stepsIn(value, decimalOf(step));
  if (steps === undefined) return refusal(field, offGrid, field === 'price' ? { tick: step } : { lot: step });
  if (steps > MAX_STEPS) return refusal(field, outOfRange);
  return { value, steps: Number(steps) };
}

/** Checks an order draft against its market's rules: the order in ticks and lots, or every rule it breaks. */
export function checkOrder(rules: OrderRules, draft: OrderDraft): OrderCheck {
  const minimum = decimalOf(rules.minNotional);
  const reaches = (notional: Decimal) => compareDecimals(notional, minimum) >= 0;
  const belowMinimum = (field: OrderField): OrderCheck => ({
    ok: false,
    refusals: [refusal(field, 'belowMinNotional', { minimum: rules.minNotional })],
  });

  if (draft.type === 'market' && draft.side === 'buy') {
    const spend = spendOf(rules, draft.total);
    if (isRefusal(spend)) return { ok: false, refusals: [spend] };
    // The spend must reach the minimum and pay for at least one lot at one tick.
    const smallest = multiplyDecimals(decimalOf(rules.tickSize), decimalOf(rules.lotSize));
    if (!reaches(spend) || compareDecimals(spend, smallest) < 0) return belowMinimum('total');
    return { ok: true, order: { type: 'market', side: 'buy', total: spend } };
  }

  const price = draft.type === 'limit' ? onGrid(draft.price, rules.tickSize, 'price') : undefined;
  const size = onGrid(draft.size, rules.lotSize, 'size');
  if (isRefusal(size) || (price !== undefined && isRefusal(price))) {
    const refusals = [price, size].filter((figure) => figure !== undefined).filter(isRefusal);
    return { ok: false, refusals: refusals as [OrderRefusal, ...OrderRefusal[]] };
  }

  if (price !== undefined) {
    const notional = multiplyDecimals(price.value, size.value);
    if (!reaches(notional)) return belowMinimum('size');
    const order = { price: price.steps as Ticks, size: size.steps as Lots, notional };
    return { ok: true, order: { type: 'limit', side: draft.side, ...order } };
  }

  const reference =
    draft.referencePrice === undefined ? undefined : onGrid(draft.referencePrice, rules.tickSize, 'price');
  if (
    reference !== undefined &&
    !isRefusal(reference) &&
    !reaches(multiplyDecimals(reference.value, size.value))
  ) {
    return belowMinimum('size');
  }
  return { ok: true, order: { type: 'market', side: 'sell', size: size.steps as Lots } };
}

/** The spend of a market buy, at the quote's decimals when the rules name them. */
function spendOf(rules: OrderRules, total: string | undefined): Decimal | OrderRefusal {
  if (blank(total)) return refusal('total', 'totalMissing');
  const value = positive(total);
  if (value === undefined) return refusal('total', 'totalInvalid');
  if (rules.quoteDecimals === undefined) return value;
  if (value.scale > rules.quoteDecimals) {
    return refusal('total', 'totalTooPrecise', { decimals: rules.quoteDecimals });
  }
  return toScale(value, rules.quoteDecimals, 'down');
}
