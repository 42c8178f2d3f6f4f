import type { TranslationKey } from '@kestrel/i18n/web';
import { z } from 'zod';
import { decimalField, marketSymbolField, publicTrade } from './markets';

/*
 * Spot orders and the user's trades. An order's funds are frozen from the spot account when it is accepted: a
 * buy freezes its total in the quote asset (a market buy freezes the `total` it names), a sell freezes its size
 * in the base asset. Fills settle through the ledger with the maker or taker fee; a cancel gives back the rest.
 */

export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];

export const ORDER_TYPES = ['limit', 'market'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;
export type TimeInForce = (typeof TIME_IN_FORCE)[number];

/**
 * `new`: accepted, not yet matched; `open` and `partially_filled`: resting on the book; `filled`, `cancelled`
 * and `rejected` are final. A cancelled order may carry fills.
 */
export const ORDER_STATUSES = ['new', 'open', 'partially_filled', 'filled', 'cancelled', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** An order in one of these may still trade: it is listed under open orders, the others under the history. */
export const LIVE_ORDER_STATUSES: readonly OrderStatus[] = ['new', 'open', 'partially_filled'];

/**
 * One form for both kinds. A limit order names `price` and `size`. A market sell names `size`; a market buy
 * names `total`, the quote amount to spend (what a person types on a phone), or `size`, in which case the
 * server freezes the size at the market's protective bound.
 */
export const placeOrderBody = z
  .object({
    symbol: marketSymbolField,
    side: z.enum(ORDER_SIDES, 'validation.parameterError'),
    type: z.enum(ORDER_TYPES, 'validation.parameterError'),
    price: decimalField.optional(),
    size: decimalField.optional(),
    total: decimalField.optional(),
    timeInForce: z.enum(TIME_IN_FORCE, 'validation.parameterError').default('GTC'),
    postOnly: z.boolean().default(false),
  })
  .superRefine((order, context) => {
    const problem = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (order.type === 'limit') {
      if (order.price === undefined) problem('price', 'orders.errors.priceRequired');
      if (order.size === undefined) problem('size', 'orders.errors.amountRequired');
      if (order.total !== undefined) problem('total', 'validation.parameterError');
    } else {
      if (order.price !== undefined) problem('price', 'validation.parameterError');
      if (order.postOnly) problem('postOnly', 'validation.parameterError');
      const names = (order.size === undefined ? 0 : 1) + (order.total === undefined ? 0 : 1);
      if (names !== 1 || (order.side === 'sell' && order.total !== undefined)) {
        problem(order.side === 'sell' ? 'size' : 'total', 'orders.errors.amountRequired');
      }
    }
  });
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

export const orderView = z.object({
  id: z.string(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  timeInForce: z.enum(TIME_IN_FORCE),
  postOnly: z.boolean(),
  /** Null for a market order. */
  price: z.string().nullable(),
  /** Null for a market buy placed by total. */
  size: z.string().nullable(),
  /** The quote amount a market buy may spend; null otherwise. */
  total: z.string().nullable(),
  filledSize: z.string(),
  /** Quote amount of the fills. */
  filledTotal: z.string(),
  /** Size-weighted price of the fills; null before the first. */
  averagePrice: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type OrderView = z.infer<typeof orderView>;

/**
 * What placing an order achieved, as a catalogue key and whether it is good news: the server's answer and the
 * form's notice say the same. An order can be accepted and still not trade (a post-only order that would have
 * taken, a fill-or-kill that could not fill whole, an immediate-or-cancel that found nothing); a sell is never
 * called a purchase.
 */
export function placedOrderOutcome(
  order: Pick<OrderView, 'side' | 'status' | 'postOnly' | 'timeInForce' | 'filledSize'>,
): { key: TranslationKey; positive: boolean } {
  if (order.status === 'rejected') {
    if (order.postOnly) return { key: 'spot.notPlacedPostOnly', positive: false };
    if (order.timeInForce === 'FOK') return { key: 'spot.notPlacedFok', positive: false };
    return { key: 'spot.notPlaced', positive: false };
  }
  // A decimal string above zero has a non-zero digit.
  if (order.status === 'cancelled' && !/[1-9]/.test(order.filledSize)) {
    return { key: 'spot.nothingFilled', positive: false };
  }
  return { key: order.side === 'buy' ? 'orders.purchaseSuccessful' : 'spot.sellSuccessful', positive: true };
}

export const orderParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'orders.errors.notFound') });

export const ORDERS_MAX_PAGE_SIZE = 50;

const pageCursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'validation.parameterError')
  .optional();

export const ordersQuery = z.object({
  symbol: marketSymbolField.optional(),
  /** `open`: resting or not yet matched; `history`: final. */
  state: z.enum(['open', 'history'], 'validation.parameterError').default('open'),
  cursor: pageCursor,
  limit: z.coerce.number().int().min(1).max(ORDERS_MAX_PAGE_SIZE).default(20),
});

export const orderPage = z.object({ items: z.array(orderView), next: z.string().nullable() });
export type OrderPage = z.infer<typeof orderPage>;

/** One fill of one of the user's orders. */
export const userTrade = z.object({
  id: z.string(),
  orderId: z.string(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  role: z.enum(['maker', 'taker']),
  price: z.string(),
  size: z.string(),
  total: z.string(),
  fee: z.string(),
  feeAsset: z.string(),
  createdAt: z.iso.datetime(),
});
export type UserTrade = z.infer<typeof userTrade>;

export const tradesQuery = z.object({
  symbol: marketSymbolField.optional(),
  cursor: pageCursor,
  limit: z.coerce.number().int().min(1).max(ORDERS_MAX_PAGE_SIZE).default(20),
});

export const userTradePage = z.object({ items: z.array(userTrade), next: z.string().nullable() });

/** Cancels every open order of the user, in one market or all. */
export const cancelAllBody = z.object({ symbol: marketSymbolField.optional() });
export const cancelAllResult = z.object({ cancelled: z.number().int() });

/** The latest public trades across every market, newest first (the home screen's latest transactions). */
export const latestTradeList = z.object({ items: z.array(publicTrade.extend({ symbol: z.string() })) });
export type LatestTradeList = z.infer<typeof latestTradeList>;
