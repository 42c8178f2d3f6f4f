import { z } from 'zod';
import { adminReasonField } from './admin';

/*
 * Markets (ARCHITECTURE.md section 6): spot pairs of a base asset against a quote asset, their index prices from
 * the price feed, candles and 24-hour statistics. Prices, sizes and amounts travel as decimal strings.
 */

/** A market's symbol: base then quote, no separator ("BTCUSDT"). */
export const marketSymbolField = z
  .string('markets.errors.unknownMarket')
  .regex(/^[A-Z0-9]{2,12}USDT$/, 'markets.errors.unknownMarket');

export const CANDLE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

/** The length of each interval in seconds; weeks start on Monday 00:00 UTC. */
export const CANDLE_SECONDS: Record<CandleInterval, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '4h': 14400,
  '1d': 86400,
  '1w': 604800,
};

/** Where a market's index price comes from: the built-in simulation or a public exchange's stream. */
export const PRICE_SOURCES = ['simulated', 'exchange'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** A positive decimal string such as "0.01"; used for prices, sizes and their increments. */
export const decimalField = z
  .string('validation.parameterError')
  .regex(/^\d{1,18}(\.\d{1,18})?$/, 'validation.parameterError')
  .refine((value) => /[1-9]/.test(value), 'validation.parameterError');

/** Fee rates as decimal fractions ("0.001" is 0.1 %). */
export const feeRateField = z
  .string('validation.parameterError')
  .regex(/^0(\.\d{1,6})?$/, 'validation.parameterError');

/** 24-hour statistics over a rolling window (spec: latest, highest, lowest, open, close, turnover, change). */
export const marketStats = z.object({
  last: z.string(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  /** Base volume traded in the last 24 hours. */
  volume: z.string(),
  /** Quote turnover in the last 24 hours. */
  turnover: z.string(),
  /** Percentage change of `last` against `open`, two decimals, signed ("-1.25"). */
  changePercent: z.string(),
});
export type MarketStats = z.infer<typeof marketStats>;

export const marketSummary = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  tickSize: z.string(),
  lotSize: z.string(),
  minNotional: z.string(),
  makerFee: z.string(),
  takerFee: z.string(),
  open: z.boolean(),
  /** The index price, or null before the feed's first tick. */
  indexPrice: z.string().nullable(),
  source: z.enum(PRICE_SOURCES),
  /** True while the feed has been silent for longer than the configured time. */
  stale: z.boolean(),
  stats: marketStats,
});
export type MarketSummary = z.infer<typeof marketSummary>;

export const marketList = z.object({ items: z.array(marketSummary) });

export const marketParams = z.object({ symbol: marketSymbolField });

export const candle = z.object({
  /** Start of the interval, Unix seconds. */
  time: z.number().int(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  close: z.string(),
  volume: z.string(),
});
export type Candle = z.infer<typeof candle>;

export const CANDLES_MAX_LIMIT = 1000;

export const candlesQuery = z.object({
  interval: z.enum(CANDLE_INTERVALS, 'validation.parameterError').default('15m'),
  /** Only candles that start before this time (Unix seconds): the next page further back. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(CANDLES_MAX_LIMIT).default(300),
});

export const candleList = z.object({
  interval: z.enum(CANDLE_INTERVALS),
  /** Oldest first, as charts draw them. */
  items: z.array(candle),
  source: z.enum(PRICE_SOURCES),
});

/** One price level: [price, total size resting there]. */
export const depthLevel = z.tuple([z.string(), z.string()]);

export const DEPTH_MAX_LEVELS = 50;

export const depthQuery = z.object({
  levels: z.coerce.number().int().min(1).max(DEPTH_MAX_LEVELS).default(20),
});

export const depthSnapshot = z.object({
  symbol: z.string(),
  /** Best first on both sides. */
  bids: z.array(depthLevel),
  asks: z.array(depthLevel),
  /** Grows with every change of the book; a client drops updates older than its snapshot. */
  version: z.number().int(),
});
export type DepthSnapshot = z.infer<typeof depthSnapshot>;

/** A public trade of a market. `side` is the taker's. */
export const publicTrade = z.object({
  id: z.string(),
  price: z.string(),
  size: z.string(),
  side: z.enum(['buy', 'sell']),
  time: z.number().int(),
});
export type PublicTrade = z.infer<typeof publicTrade>;

export const publicTradeList = z.object({ items: z.array(publicTrade) });

export const RECENT_TRADES_LIMIT = 50;

// ---- Back office ----

export const adminMarket = marketSummary.extend({
  /** Whether the built-in market maker quotes this market. */
  marketMaker: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type AdminMarket = z.infer<typeof adminMarket>;

export const adminMarketList = z.object({ items: z.array(adminMarket) });

/** The settings an operator may change; every change is audited with its reason. */
export const adminMarketUpdateBody = z.object({
  tickSize: decimalField.optional(),
  lotSize: decimalField.optional(),
  minNotional: decimalField.optional(),
  makerFee: feeRateField.optional(),
  takerFee: feeRateField.optional(),
  open: z.boolean().optional(),
  marketMaker: z.boolean().optional(),
  reason: adminReasonField,
});
export type AdminMarketUpdateBody = z.input<typeof adminMarketUpdateBody>;
