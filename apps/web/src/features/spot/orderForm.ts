import type { OrderSide, OrderType, PlaceOrderBody, TimeInForce } from '@kestrel/contract';
import { checkOrder, type OrderRefusal } from '@kestrel/engine';
import { compareDecimals, type Decimal, parseTypedDecimal } from '@kestrel/money';
import { amountForTotal, decimalsOf, isDecimal, isPositive, multiply, percentOf } from './orderMath';

/*
 * The spot order form's state and rules, free of React: what each field becomes when another changes, and
 * what a draft must satisfy before it is sent: the market's rules are the engine's `checkOrder`, which the server
 * applies again, so the form's instant answers are the server's.
 */

/**
 * What the form holds, all as typed. `amount` is in the base asset, `total` in the quote asset; time in force
 * and post-only apply to limit orders (a post-only order rests or is not placed, so it is always GTC).
 */
export type OrderDraft = {
  side: OrderSide;
  type: OrderType;
  price: string;
  amount: string;
  total: string;
  timeInForce: TimeInForce;
  postOnly: boolean;
};

/** The market's rules the form needs. */
export type MarketRules = {
  symbol: string;
  base: string;
  quote: string;
  tickSize: string;
  lotSize: string;
  minNotional: string;
};

/** What the user can spend: quote for a buy, base for a sell (decimal strings as the wallet gives them). */
export type Funds = { base: string; quote: string };

export type FieldName = 'price' | 'amount' | 'total';
export type FieldMessage = { key: string; params?: Record<string, string> };
export type DraftCheck =
  | { ok: true; body: PlaceOrderBody }
  | { ok: false; errors: Partial<Record<FieldName, FieldMessage>>; insufficient: boolean };

export const SLIDER_MARKS = [0, 25, 50, 75, 100] as const;

/** Digits and one decimal point, as an amount is typed. */
export const decimalOnly = (value: string) => value.replace(/[^\d.]/g, '').replace(/(\..*)\./g, '$1');

/** The step of an amount as the wallet writes it ("120.500000" → "0.000001"). */
export function stepOf(balance: string): string {
  const decimals = decimalsOf(balance);
  return decimals === 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`;
}

/** Whether the market buy is given by what to spend (`total`) rather than by size. */
export const spendsTotal = (draft: OrderDraft) => draft.type === 'market' && draft.side === 'buy';

const usable = (text: string) => isDecimal(text) && isPositive(text);

const ZERO: Decimal = { units: 0n, scale: 0 };

/** The draft after the price changed: the total follows the amount. */
export function withPrice(draft: OrderDraft, price: string): OrderDraft {
  const total = usable(price) && usable(draft.amount) ? multiply(price, draft.amount) : draft.total;
  return { ...draft, price, total: draft.amount === '' ? draft.total : total };
}

/** The draft after the amount changed: the total is price × amount. */
export function withAmount(draft: OrderDraft, amount: string): OrderDraft {
  if (spendsTotal(draft)) return { ...draft, amount };
  const total = usable(draft.price) && usable(amount) ? multiply(draft.price, amount) : '';
  return { ...draft, amount, total: draft.type === 'market' ? '' : total };
}

/** The draft after the total changed: the amount is what it buys at the price, down to the lot. */
export function withTotal(draft: OrderDraft, total: string, rules: MarketRules): OrderDraft {
  if (spendsTotal(draft)) return { ...draft, total };
  const amount =
    usable(draft.price) && usable(total) ? amountForTotal(total, draft.price, rules.lotSize) : '';
  return { ...draft, total, amount: amount === '0' ? '' : amount };
}

/** The draft after a slider mark: that share of the available funds, on the lot and the wallet's step. */
export function withPercent(
  draft: OrderDraft,
  percent: number,
  rules: MarketRules,
  funds: Funds,
): OrderDraft {
  if (draft.side === 'sell') {
    const amount = percentOf(funds.base, percent, rules.lotSize);
    return withAmount(draft, amount === '0' ? '' : amount);
  }
  const spend = percentOf(funds.quote, percent, stepOf(funds.quote));
  if (spendsTotal(draft)) return { ...draft, total: spend === '0' ? '' : spend };
  if (!usable(draft.price)) return draft;
  const amount = amountForTotal(spend, draft.price, rules.lotSize);
  return withAmount(draft, amount === '0' ? '' : amount);
}

/** The form's field and catalogue message for a rule the engine's `checkOrder` says the draft breaks. */
function messageOf(refusal: OrderRefusal, draft: OrderDraft, rules: MarketRules): [FieldName, FieldMessage] {
  const invalid = { key: 'validation.parameterError' };
  switch (refusal.reason) {
    case 'priceMissing':
      return ['price', { key: 'orders.errors.priceRequired' }];
    case 'priceInvalid':
      return ['price', invalid];
    // A price beyond the engine's range is refused by the server as off the tick; the form says the same.
    case 'priceOffTick':
    case 'priceOutOfRange':
      return ['price', { key: 'orders.errors.priceNotOnTick', params: { tick: rules.tickSize } }];
    case 'sizeMissing':
      return ['amount', { key: 'orders.errors.amountRequired' }];
    case 'sizeInvalid':
      return ['amount', invalid];
    case 'sizeOffLot':
    case 'sizeOutOfRange':
      return ['amount', { key: 'orders.errors.sizeNotOnLot', params: { lot: rules.lotSize } }];
    case 'totalMissing':
      return ['total', { key: 'orders.errors.amountRequired' }];
    case 'totalInvalid':
    case 'totalTooPrecise':
      return ['total', invalid];
    case 'belowMinNotional':
      return [
        spendsTotal(draft) ? 'total' : 'amount',
        { key: 'orders.errors.belowMinNotional', params: { minimum: `${rules.minNotional} ${rules.quote}` } },
      ];
  }
}

/** Checks a draft against the market's rules and the funds; gives the body to send or the fields' messages. */
export function checkDraft(draft: OrderDraft, rules: MarketRules, funds: Funds): DraftCheck {
  const limit = draft.type === 'limit';
  const check = checkOrder(rules, {
    side: draft.side,
    type: draft.type,
    price: limit ? draft.price : undefined,
    size: spendsTotal(draft) ? undefined : draft.amount,
    total: spendsTotal(draft) ? draft.total : undefined,
  });
  if (!check.ok) {
    const errors = Object.fromEntries(check.refusals.map((refusal) => messageOf(refusal, draft, rules)));
    return { ok: false, errors, insufficient: false };
  }

  // The funds are the wallet's matter, not the market's: what the order spends against what the user has.
  const { order } = check;
  const cost = order.type === 'limit' ? order.notional : order.side === 'buy' ? order.total : undefined;
  const needs = draft.side === 'buy' ? cost : parseTypedDecimal(draft.amount);
  const has = parseTypedDecimal(draft.side === 'buy' ? funds.quote : funds.base) ?? ZERO;
  if (needs !== undefined && compareDecimals(needs, has) > 0) {
    const field = spendsTotal(draft) || draft.side === 'buy' ? 'total' : 'amount';
    return {
      ok: false,
      errors: { [field]: { key: 'money.errors.insufficientBalance' } },
      insufficient: true,
    };
  }

  const common = { symbol: rules.symbol, side: draft.side, timeInForce: 'GTC' as const, postOnly: false };
  if (limit) {
    const { timeInForce, postOnly } = draft;
    return {
      ok: true,
      body: {
        ...common,
        type: 'limit',
        price: draft.price,
        size: draft.amount,
        timeInForce: postOnly ? 'GTC' : timeInForce,
        postOnly,
      },
    };
  }
  return {
    ok: true,
    body: spendsTotal(draft)
      ? { ...common, type: 'market', total: draft.total }
      : { ...common, type: 'market', size: draft.amount },
  };
}

/** What to tell the user once the server has answered with the order: the server's own message says the same. */
export { placedOrderOutcome as outcomeOf } from '@kestrel/contract';
