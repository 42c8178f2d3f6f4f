/*
 * What opening a position costs and how much the available balance can open. Binance USDⓈ-M, "Leverage and
 * Margin of USDⓈ-M Futures" and "What Is Open Loss" (https://www.binance.com/en/support/faq/360033162192,
 * https://www.binance.com/en/support/faq/87fa7ee33b574f7084d42bd2ce2e463b):
 *   Initial Margin = Notional / Leverage
 *   Open Loss (buy) = Size × max(0, Order Price − Mark Price); (sell) = Size × max(0, Mark Price − Order Price)
 *   Order Cost = Initial Margin + Open Loss
 * We also hold the taker fee on the notional as a bound of the opening fee, so an accepted order can always pay it.
 */
import { compareDecimals, type Decimal, divideDecimals, toScale, toStep } from '@kestrel/money';
import { type Bracket, notionalLimitAt } from './brackets';
import {
  isPositive,
  maxOf,
  minOf,
  minus,
  ONE,
  plus,
  type Side,
  times,
  WORKING_PLACES,
  wholeOf,
  ZERO,
} from './figures';

/** Initial margin of `notional` at `leverage`, rounded up to `places`: never less than the rule asks. */
export function initialMargin(notional: Decimal, leverage: number, places: number): Decimal {
  return divideDecimals(notional, wholeOf(leverage), places, 'up');
}

/** Binance's open loss: what an order priced worse than the mark loses the moment it fills, per its side. */
export function openLoss(side: Side, price: Decimal, size: Decimal, markPrice: Decimal): Decimal {
  const gap = side === 'long' ? minus(price, markPrice) : minus(markPrice, price);
  return times(size, maxOf(gap, ZERO));
}

/** A draft order to open a position. Leverage is a whole number; the fee rate is the taker's, e.g. "0.0005". */
export type OpenDraft = {
  readonly side: Side;
  readonly price: Decimal;
  readonly size: Decimal;
  readonly leverage: number;
  readonly markPrice: Decimal;
  readonly takerFeeRate: Decimal;
};

/** The figures of an order's cost, each rounded up to `places`; `cost` is what it freezes. */
export type OrderCost = {
  readonly notional: Decimal;
  readonly initialMargin: Decimal;
  readonly openLoss: Decimal;
  readonly fee: Decimal;
  readonly cost: Decimal;
};

/** Cost of opening: initial margin + open loss + the taker fee on the notional, each rounded up to `places`. */
export function orderCost(draft: OpenDraft, places: number): OrderCost {
  const notional = times(draft.price, draft.size);
  const margin = initialMargin(notional, draft.leverage, places);
  const loss = toScale(openLoss(draft.side, draft.price, draft.size, draft.markPrice), places, 'up');
  const fee = toScale(times(notional, draft.takerFeeRate), places, 'up');
  return { notional, initialMargin: margin, openLoss: loss, fee, cost: plus(plus(margin, loss), fee) };
}

/** What `maxOpen` needs besides the draft's side, price, leverage, mark and fee rate. */
export type OpenLimits = {
  readonly available: Decimal;
  readonly lotSize: Decimal;
  readonly brackets: readonly Bracket[];
  readonly places: number;
};

/**
 * The largest size, on the lot, that `available` can open on `side` at this price and leverage: its cost (margin,
 * open loss, fee) within the balance and its notional within the brackets allowing the leverage. Zero when none.
 */
export function maxOpen(draft: Omit<OpenDraft, 'size'>, limits: OpenLimits): Decimal {
  const { available, lotSize, brackets, places } = limits;
  if (!isPositive(draft.price) || !isPositive(available)) return ZERO;
  // Rounded down, the estimate is never below the answer; the exact costs below take it down to it.
  const marginPerUnit = divideDecimals(draft.price, wholeOf(draft.leverage), WORKING_PLACES, 'down');
  const lossPerUnit = openLoss(draft.side, draft.price, ONE, draft.markPrice);
  const perUnit = plus(plus(marginPerUnit, lossPerUnit), times(draft.price, draft.takerFeeRate));
  const byBalance = divideDecimals(available, perUnit, lotSize.scale, 'down');
  const byBrackets = divideDecimals(
    notionalLimitAt(brackets, draft.leverage),
    draft.price,
    lotSize.scale,
    'down',
  );
  let size = toStep(minOf(byBalance, byBrackets), lotSize, 'down');
  // Each figure of the cost rounds up to `places`, so the estimate may exceed the balance by a lot or two.
  while (isPositive(size) && compareDecimals(orderCost({ ...draft, size }, places).cost, available) > 0) {
    size = minus(size, lotSize);
  }
  return isPositive(size) ? size : ZERO;
}

/** The largest long and the largest short `maxOpen` allows at this price and leverage (the form's max long/short). */
export function maxLongAndShort(
  draft: Omit<OpenDraft, 'size' | 'side'>,
  limits: OpenLimits,
): { readonly maxLong: Decimal; readonly maxShort: Decimal } {
  return {
    maxLong: maxOpen({ ...draft, side: 'long' }, limits),
    maxShort: maxOpen({ ...draft, side: 'short' }, limits),
  };
}
