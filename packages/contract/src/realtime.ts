import { z } from 'zod';
import { CANDLE_INTERVALS, candle, depthSnapshot, marketStats, publicTrade } from './markets';
import { orderView } from './orders';
import { walletBalance } from './wallet';

/*
 * The WebSocket at `/ws` (ARCHITECTURE.md section 7). A client subscribes to channels by name:
 *   tickers                      every market's ticker (the market list)
 *   ticker:<symbol>              one market's ticker
 *   depth:<symbol>               the order book, 20 levels a side, at most 10 snapshots a second
 *   trades:<symbol>              public trades as they happen
 *   candles:<symbol>:<interval>  the candle being formed
 *   orders, balances             the caller's own, after `auth` with their token
 */

const symbolPattern = '[A-Z0-9]{2,12}USDT';
const intervals = CANDLE_INTERVALS.join('|');
export const PUBLIC_CHANNEL_PATTERN = new RegExp(
  `^(tickers|ticker:${symbolPattern}|depth:${symbolPattern}|trades:${symbolPattern}|candles:${symbolPattern}:(${intervals}))$`,
);
export const PRIVATE_CHANNELS = ['orders', 'balances'] as const;
export type PrivateChannel = (typeof PRIVATE_CHANNELS)[number];

export const WS_MAX_CHANNELS = 50;

/** Close codes the server uses on `/ws` (4000–4999 are the application's). A client reconnects after each. */
export const WS_CLOSE_CODES = {
  /** The server is shutting down or restarting. */
  goingAway: 1001,
  /** The client did not read its messages fast enough and was dropped so that it held nobody else back. */
  slowConsumer: 4008,
  /** The client's address already holds as many connections as it may. */
  tooManyConnections: 4028,
  /** The client sent messages faster than it may. */
  tooManyMessages: 4029,
} as const;

export const wsChannel = z
  .string()
  .refine(
    (name) => PUBLIC_CHANNEL_PATTERN.test(name) || (PRIVATE_CHANNELS as readonly string[]).includes(name),
    'validation.parameterError',
  );

/** What a client may send on `/ws`. */
export const wsClientMessage = z.discriminatedUnion('op', [
  z.object({ op: z.literal('ping') }),
  /** Binds the connection to the holder of `token`; private channels need it first. */
  z.object({ op: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ op: z.literal('subscribe'), channels: z.array(wsChannel).min(1).max(WS_MAX_CHANNELS) }),
  z.object({ op: z.literal('unsubscribe'), channels: z.array(wsChannel).min(1).max(WS_MAX_CHANNELS) }),
]);

export const tickerMessage = z.object({
  symbol: z.string(),
  indexPrice: z.string().nullable(),
  stale: z.boolean(),
  stats: marketStats,
});
export type TickerMessage = z.infer<typeof tickerMessage>;

/** The payload of each channel's `data` messages. */
export const wsData = {
  tickers: z.array(tickerMessage),
  ticker: tickerMessage,
  depth: depthSnapshot,
  trades: z.array(publicTrade),
  candles: candle.extend({ interval: z.enum(CANDLE_INTERVALS) }),
  orders: orderView,
  balances: z.array(walletBalance),
};

export const wsServerMessage = z.discriminatedUnion('op', [
  z.object({ op: z.literal('pong'), time: z.number().int() }),
  z.object({ op: z.literal('error'), msg: z.string() }),
  z.object({ op: z.literal('authenticated') }),
  z.object({ op: z.literal('subscribed'), channels: z.array(z.string()) }),
  z.object({ op: z.literal('unsubscribed'), channels: z.array(z.string()) }),
  /** `data` is the channel kind's payload in `wsData` (the part of the name before the first colon). */
  z.object({ op: z.literal('data'), channel: z.string(), data: z.unknown() }),
]);

export type WsClientMessage = z.infer<typeof wsClientMessage>;
export type WsServerMessage = z.infer<typeof wsServerMessage>;
