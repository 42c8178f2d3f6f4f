import type { OrderSide, OrderType, PlaceOrderBody, TimeInForce } from '@kestrel/contract';
import {
  amountForTotal,
  compareDecimals,
  decimalsOf,
  isDecimal,
  isOnStep,
  isPositive,
  multiply,
  percentOf,
} from './orderMath';

/*
 * The spot order form's state and rules, free of React: what each field becomes when another changes, and
 * what a draft must satisfy before it is sent. The server checks the same again; this is for instant answers.
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

/** The quote amount the order would use, when it can be known before matching. */
export function draftCost(draft: OrderDraft): string | undefined {
  if (spendsTotal(draft)) return usable(draft.total) ? draft.total : undefined;
  if (draft.type === 'limit' && usable(draft.price) && usable(draft.amount)) {
    return multiply(draft.price, draft.amount);
  }
  return undefined;
}

/** Checks a draft against the market's rules and the funds; gives the body to send or the fields' messages. */
export function checkDraft(draft: OrderDraft, rules: MarketRules, funds: Funds): DraftCheck {
  const errors: Partial<Record<FieldName, FieldMessage>> = {};
  let insufficient = false;
  const limit = draft.type === 'limit';

  if (limit) {
    if (draft.price.trim() === '') errors.price = { key: 'orders.errors.priceRequired' };
    else if (!usable(draft.price)) errors.price = { key: 'validation.parameterError' };
    else if (!isOnStep(draft.price, rules.tickSize)) {
      errors.price = { key: 'orders.errors.priceNotOnTick', params: { tick: rules.tickSize } };
    }
  }

  if (spendsTotal(draft)) {
    if (draft.total.trim() === '') errors.total = { key: 'orders.errors.amountRequired' };
    else if (!usable(draft.total)) errors.total = { key: 'validation.parameterError' };
  } else if (draft.amount.trim() === '') errors.amount = { key: 'orders.errors.amountRequired' };
  else if (!usable(draft.amount)) errors.amount = { key: 'validation.parameterError' };
  else if (!isOnStep(draft.amount, rules.lotSize)) {
    errors.amount = { key: 'orders.errors.sizeNotOnLot', params: { lot: rules.lotSize } };
  }

  const cost = Object.keys(errors).length === 0 ? draftCost(draft) : undefined;
  if (cost !== undefined && compareDecimals(cost, rules.minNotional) < 0) {
    errors[spendsTotal(draft) ? 'total' : 'amount'] = {
      key: 'orders.errors.belowMinNotional',
      params: { minimum: `${rules.minNotional} ${rules.quote}` },
    };
  }

  if (Object.keys(errors).length === 0) {
    const needs = draft.side === 'buy' ? cost : draft.amount;
    const has = draft.side === 'buy' ? funds.quote : funds.base;
    if (needs !== undefined && compareDecimals(needs, isDecimal(has) ? has : '0') > 0) {
      insufficient = true;
      errors[spendsTotal(draft) || draft.side === 'buy' ? 'total' : 'amount'] = {
        key: 'money.errors.insufficientBalance',
      };
    }
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors, insufficient };
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
