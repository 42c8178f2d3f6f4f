import { z } from 'zod';
import { adminReasonField } from './admin';
import { decimalField, feeRateField, marketStats, marketSymbolField } from './markets';
import { ORDER_STATUSES, ORDERS_MAX_PAGE_SIZE, TIME_IN_FORCE } from './orders';

/*
 * USDT-margined perpetual futures (ARCHITECTURE.md section 6): one perpetual per spot market, in hedge mode (a
 * long and a short may be open at once per market), cross or isolated margin, leverage within the market's
 * brackets. Prices, sizes, amounts and rates travel as decimal strings; leverage is an integer.
 */

export const MARGIN_MODES = ['cross', 'isolated'] as const;
export type MarginMode = (typeof MARGIN_MODES)[number];

export const POSITION_SIDES = ['long', 'short'] as const;
export type PositionSide = (typeof POSITION_SIDES)[number];

/** Open long buys, open short sells, close long sells and close short buys; closing never opens the other side. */
export const FUTURES_ACTIONS = ['openLong', 'openShort', 'closeLong', 'closeShort'] as const;
export type FuturesAction = (typeof FUTURES_ACTIONS)[number];

export const FUTURES_ORDER_TYPES = ['limit', 'market'] as const;
export type FuturesOrderType = (typeof FUTURES_ORDER_TYPES)[number];

/**
 * Who placed a futures order: the user, a position's take profit or stop loss when it triggered, the liquidation
 * engine taking a position over, or auto-deleveraging closing a profitable position against a bankrupt one.
 */
export const FUTURES_ORDER_ORIGINS = ['user', 'takeProfit', 'stopLoss', 'liquidation', 'adl'] as const;
export type FuturesOrderOrigin = (typeof FUTURES_ORDER_ORIGINS)[number];

/** Leverage the product offers at most, whatever a market's brackets say. */
export const MAX_LEVERAGE = 125;
/** Above this leverage the order form asks the user to confirm the risk first. */
export const LEVERAGE_CONFIRMATION_ABOVE = 20;

/** A decimal string that may be signed ("-0.000125"), for rates and profit or loss. */
const signedDecimal = z.string();

/**
 * One bracket of a market's position sizes: within [notionalFloor, notionalCap) a position may use at most
 * `maxLeverage` and keeps at least `notional × maintenanceMarginRate − maintenanceAmount` as maintenance margin.
 */
export const leverageBracket = z.object({
  notionalFloor: z.string(),
  notionalCap: z.string(),
  maxLeverage: z.number().int(),
  maintenanceMarginRate: z.string(),
  maintenanceAmount: z.string(),
});
export type LeverageBracket = z.infer<typeof leverageBracket>;

export const futuresMarket = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  tickSize: z.string(),
  lotSize: z.string(),
  minNotional: z.string(),
  makerFee: z.string(),
  takerFee: z.string(),
  open: z.boolean(),
  /** Null until the index, the book or a trade gives a first price. */
  markPrice: z.string().nullable(),
  indexPrice: z.string().nullable(),
  /** The rate of the coming funding as it stands now; positive: longs pay shorts. */
  fundingRate: signedDecimal,
  nextFundingTime: z.iso.datetime(),
  fundingIntervalHours: z.number().int(),
  /** True while the index is stale: liquidations and funding of this market are halted. */
  stale: z.boolean(),
  /** 24-hour statistics of the perpetual's own trades. */
  stats: marketStats,
  brackets: z.array(leverageBracket),
});
export type FuturesMarket = z.infer<typeof futuresMarket>;

export const futuresMarketList = z.object({ items: z.array(futuresMarket) });

export const futuresSettingsBody = z.object({
  symbol: marketSymbolField,
  leverage: z
    .number('validation.parameterError')
    .int('validation.parameterError')
    .min(1, 'validation.parameterError')
    .max(MAX_LEVERAGE, 'validation.parameterError'),
  marginMode: z.enum(MARGIN_MODES, 'validation.parameterError'),
});
export type FuturesSettingsBody = z.infer<typeof futuresSettingsBody>;

/** The leverage and margin mode new orders of a market use; every market has one (20x cross until changed). */
export const futuresSetting = z.object({
  symbol: z.string(),
  leverage: z.number().int(),
  marginMode: z.enum(MARGIN_MODES),
});
export type FuturesSetting = z.infer<typeof futuresSetting>;

export const futuresSettingList = z.object({ items: z.array(futuresSetting) });

/**
 * A limit order names `price`; a market order does not. `size` is in the base asset. Take profit and stop loss
 * (prices, triggered on the mark price) may be attached to an opening order only.
 */
export const placeFuturesOrderBody = z
  .object({
    symbol: marketSymbolField,
    action: z.enum(FUTURES_ACTIONS, 'validation.parameterError'),
    type: z.enum(FUTURES_ORDER_TYPES, 'validation.parameterError'),
    price: decimalField.optional(),
    size: decimalField,
    takeProfit: decimalField.optional(),
    stopLoss: decimalField.optional(),
    timeInForce: z.enum(TIME_IN_FORCE, 'validation.parameterError').default('GTC'),
    postOnly: z.boolean().default(false),
  })
  .superRefine((order, context) => {
    const problem = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (order.type === 'limit' && order.price === undefined) problem('price', 'orders.errors.priceRequired');
    if (order.type === 'market' && order.price !== undefined) problem('price', 'validation.parameterError');
    if (order.type === 'market' && order.postOnly) problem('postOnly', 'validation.parameterError');
    const closing = order.action === 'closeLong' || order.action === 'closeShort';
    if (closing && order.takeProfit !== undefined) problem('takeProfit', 'validation.parameterError');
    if (closing && order.stopLoss !== undefined) problem('stopLoss', 'validation.parameterError');
  });
export type PlaceFuturesOrderBody = z.input<typeof placeFuturesOrderBody>;

export const futuresOrderView = z.object({
  id: z.string(),
  symbol: z.string(),
  action: z.enum(FUTURES_ACTIONS),
  type: z.enum(FUTURES_ORDER_TYPES),
  timeInForce: z.enum(TIME_IN_FORCE),
  postOnly: z.boolean(),
  /** Null for a market order. */
  price: z.string().nullable(),
  size: z.string(),
  filledSize: z.string(),
  /** Size-weighted price of the fills; null before the first. */
  averagePrice: z.string().nullable(),
  leverage: z.number().int(),
  marginMode: z.enum(MARGIN_MODES),
  /** The initial margin an opening order holds frozen while it rests (zero for a close). */
  margin: z.string(),
  takeProfit: z.string().nullable(),
  stopLoss: z.string().nullable(),
  /** Profit or loss a closing order realised, before fees. */
  realizedPnl: signedDecimal,
  fee: z.string(),
  status: z.enum(ORDER_STATUSES),
  origin: z.enum(FUTURES_ORDER_ORIGINS),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type FuturesOrderView = z.infer<typeof futuresOrderView>;

export const futuresOrderParams = z.object({
  id: z.string().regex(/^\d{1,18}$/, 'orders.errors.notFound'),
});

const pageCursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'validation.parameterError')
  .optional();
const pageLimit = z.coerce.number().int().min(1).max(ORDERS_MAX_PAGE_SIZE).default(20);

export const futuresOrdersQuery = z.object({
  symbol: marketSymbolField.optional(),
  /** `open`: resting or not yet matched; `history`: final. */
  state: z.enum(['open', 'history'], 'validation.parameterError').default('open'),
  cursor: pageCursor,
  limit: pageLimit,
});

export const futuresOrderPage = z.object({ items: z.array(futuresOrderView), next: z.string().nullable() });

export const futuresPosition = z.object({
  symbol: z.string(),
  side: z.enum(POSITION_SIDES),
  size: z.string(),
  entryPrice: z.string(),
  markPrice: z.string(),
  /** Null when no price move can liquidate the position. */
  liquidationPrice: z.string().nullable(),
  /** Isolated: the position's own margin; cross: the initial margin at its leverage. */
  margin: z.string(),
  maintenanceMargin: z.string(),
  marginMode: z.enum(MARGIN_MODES),
  leverage: z.number().int(),
  unrealizedPnl: signedDecimal,
  /** Unrealised profit or loss against the margin, in percent, two decimals. */
  pnlPercent: signedDecimal,
  takeProfit: z.string().nullable(),
  stopLoss: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type FuturesPosition = z.infer<typeof futuresPosition>;

export const futuresPositionList = z.object({ items: z.array(futuresPosition) });

/** Closes a position at the market: all of it, or `size` of it. */
export const closePositionBody = z.object({
  symbol: marketSymbolField,
  side: z.enum(POSITION_SIDES, 'validation.parameterError'),
  size: decimalField.optional(),
});

/** Sets or clears (null) a position's take profit and stop loss. */
export const positionTriggersBody = z.object({
  symbol: marketSymbolField,
  side: z.enum(POSITION_SIDES, 'validation.parameterError'),
  takeProfit: decimalField.nullable(),
  stopLoss: decimalField.nullable(),
});

/** Adds margin to an isolated position or removes what it does not need. */
export const positionMarginBody = z.object({
  symbol: marketSymbolField,
  side: z.enum(POSITION_SIDES, 'validation.parameterError'),
  direction: z.enum(['add', 'remove'], 'validation.parameterError'),
  amount: decimalField,
});

/**
 * What to explain: a position (`side`), or a draft order (`action`, `type`, `size`, and `price` for a limit) at
 * the market's current leverage and margin mode unless `leverage` and `marginMode` are given.
 */
export const explainQuery = z.object({
  /** Required: without it the answer is a translated refusal naming what to explain. */
  symbol: marketSymbolField.optional(),
  side: z.enum(POSITION_SIDES, 'validation.parameterError').optional(),
  action: z.enum(FUTURES_ACTIONS, 'validation.parameterError').optional(),
  type: z.enum(FUTURES_ORDER_TYPES, 'validation.parameterError').optional(),
  price: decimalField.optional(),
  size: decimalField.optional(),
  leverage: z.coerce.number().int().min(1).max(MAX_LEVERAGE).optional(),
  marginMode: z.enum(MARGIN_MODES, 'validation.parameterError').optional(),
});
export type ExplainQuery = z.infer<typeof explainQuery>;

/** One figure of an explanation: its name, its exact value, and how it was computed from the figures before it. */
export const explainedFigure = z.object({
  name: z.string(),
  value: z.string(),
  /** The formula over earlier figures' names; null for an input. */
  formula: z.string().nullable(),
});

export const explanation = z.object({
  symbol: z.string(),
  subject: z.enum(['position', 'draftOrder']),
  /** Inputs first, then every intermediate figure, then the results, in the order they are computed. */
  figures: z.array(explainedFigure),
});
export type Explanation = z.infer<typeof explanation>;

/** One funding payment of one of the user's positions: negative when paid. */
export const fundingPayment = z.object({
  id: z.string(),
  symbol: z.string(),
  side: z.enum(POSITION_SIDES),
  size: z.string(),
  markPrice: z.string(),
  rate: signedDecimal,
  amount: signedDecimal,
  time: z.iso.datetime(),
});

export const fundingPaymentsQuery = z.object({
  symbol: marketSymbolField.optional(),
  cursor: pageCursor,
  limit: pageLimit,
});

export const fundingPaymentPage = z.object({ items: z.array(fundingPayment), next: z.string().nullable() });

/** A market's settled funding rates, newest first. */
export const fundingRateList = z.object({
  items: z.array(z.object({ time: z.iso.datetime(), rate: signedDecimal, markPrice: z.string() })),
});

/** Mark price and funding of one market, pushed as the index moves. */
export const futuresTickerMessage = z.object({
  symbol: z.string(),
  markPrice: z.string().nullable(),
  indexPrice: z.string().nullable(),
  fundingRate: signedDecimal,
  nextFundingTime: z.iso.datetime(),
  stale: z.boolean(),
  stats: marketStats,
});
export type FuturesTickerMessage = z.infer<typeof futuresTickerMessage>;

// ---- Back office ----

export const adminFuturesMarket = futuresMarket.extend({
  interestRate: z.string(),
  fundingCap: z.string(),
  marketMaker: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type AdminFuturesMarket = z.infer<typeof adminFuturesMarket>;

export const adminFuturesMarketList = z.object({ items: z.array(adminFuturesMarket) });

const adminBracket = z.object({
  notionalCap: decimalField,
  maxLeverage: z.number().int().min(1).max(MAX_LEVERAGE),
  maintenanceMarginRate: feeRateField,
});

/**
 * The settings an operator may change for new orders; every change is audited with its reason. Brackets are
 * given in ascending caps; floors and maintenance amounts follow from them.
 */
export const adminFuturesMarketUpdateBody = z.object({
  tickSize: decimalField.optional(),
  lotSize: decimalField.optional(),
  minNotional: decimalField.optional(),
  makerFee: feeRateField.optional(),
  takerFee: feeRateField.optional(),
  fundingIntervalHours: z.number().int().min(1).max(24).optional(),
  interestRate: feeRateField.optional(),
  fundingCap: feeRateField.optional(),
  brackets: z.array(adminBracket).min(1).max(20).optional(),
  open: z.boolean().optional(),
  marketMaker: z.boolean().optional(),
  reason: adminReasonField,
});
export type AdminFuturesMarketUpdateBody = z.input<typeof adminFuturesMarketUpdateBody>;
