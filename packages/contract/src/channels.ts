import { z } from 'zod';
import { futuresOrderView, futuresPosition, futuresTickerMessage } from './futures';
import { CANDLE_INTERVALS, candle, depthSnapshot, marketStats, publicTrade } from './markets';
import { optionClockMessage, optionOrderView } from './options';
import { orderView } from './orders';
import { supportEvent } from './support';
import { swapOrderStatusMessage } from './swap';
import { walletBalance } from './wallet';

export const tickerMessage = z.object({
  symbol: z.string(),
  indexPrice: z.string().nullable(),
  stale: z.boolean(),
  stats: marketStats,
});
export type TickerMessage = z.infer<typeof tickerMessage>;

/** One stream channel of the WebSocket at `/ws` (ARCHITECTURE.md section 7). */
export type Channel = {
  /** The part of the name before the first colon, under which the server keeps the channel's current value. */
  readonly kind: string;
  /** The name, with `<symbol>` or `<interval>` where the channel's parameters go. */
  readonly pattern: string;
  /** The payload of the channel's `data` messages. */
  readonly payload: z.ZodType;
  /**
   * A private channel carries the subscriber's own data, once the connection sent `auth` with a user's token; an
   * agent channel is for operators with the support role, once it sent `auth` with an operator's token.
   */
  readonly access: 'public' | 'private' | 'agent';
};

/** Declares one channel, keeping its literal types so that publishers and subscribers derive its payload. */
export function defineChannel<const C extends Channel>(channel: C): C {
  return channel;
}

/** Every stream channel, by kind: the server publishes only these, clients subscribe only to these. */
export const channels = {
  /** Every market's ticker (the market list). */
  tickers: defineChannel({
    kind: 'tickers',
    pattern: 'tickers',
    payload: z.array(tickerMessage),
    access: 'public',
  }),
  /** One market's ticker. */
  ticker: defineChannel({
    kind: 'ticker',
    pattern: 'ticker:<symbol>',
    payload: tickerMessage,
    access: 'public',
  }),
  /** The order book, 20 levels a side, at most 10 snapshots a second. */
  depth: defineChannel({
    kind: 'depth',
    pattern: 'depth:<symbol>',
    payload: depthSnapshot,
    access: 'public',
  }),
  /** Public trades as they happen. */
  trades: defineChannel({
    kind: 'trades',
    pattern: 'trades:<symbol>',
    payload: z.array(publicTrade),
    access: 'public',
  }),
  /** The candle being formed. */
  candles: defineChannel({
    kind: 'candles',
    pattern: 'candles:<symbol>:<interval>',
    payload: candle.extend({ interval: z.enum(CANDLE_INTERVALS) }),
    access: 'public',
  }),
  /** The caller's own orders as they change. */
  orders: defineChannel({ kind: 'orders', pattern: 'orders', payload: orderView, access: 'private' }),
  /** The caller's own spot balances as trades settle. */
  balances: defineChannel({
    kind: 'balances',
    pattern: 'balances',
    payload: z.array(walletBalance),
    access: 'private',
  }),
  /** Every perpetual's mark price and funding (the futures market list). */
  futuresTickers: defineChannel({
    kind: 'futuresTickers',
    pattern: 'futuresTickers',
    payload: z.array(futuresTickerMessage),
    access: 'public',
  }),
  /** One perpetual's mark price, index price and funding, pushed as the index moves. */
  futuresTicker: defineChannel({
    kind: 'futuresTicker',
    pattern: 'futuresTicker:<symbol>',
    payload: futuresTickerMessage,
    access: 'public',
  }),
  /** A perpetual's order book, 20 levels a side, at most 10 snapshots a second. */
  futuresDepth: defineChannel({
    kind: 'futuresDepth',
    pattern: 'futuresDepth:<symbol>',
    payload: depthSnapshot,
    access: 'public',
  }),
  /** A perpetual's public trades as they happen. */
  futuresTrades: defineChannel({
    kind: 'futuresTrades',
    pattern: 'futuresTrades:<symbol>',
    payload: z.array(publicTrade),
    access: 'public',
  }),
  /** The caller's own futures orders as they change. */
  futuresOrders: defineChannel({
    kind: 'futuresOrders',
    pattern: 'futuresOrders',
    payload: futuresOrderView,
    access: 'private',
  }),
  /** The caller's open positions, all of them, whenever one changes (fills, funding, margin, triggers, liquidation). */
  positions: defineChannel({
    kind: 'positions',
    pattern: 'positions',
    payload: z.array(futuresPosition),
    access: 'private',
  }),
  /** A product's round clock: the round open for buying in each period and the latest recorded tick. */
  optionClock: defineChannel({
    kind: 'optionClock',
    pattern: 'optionClock:<product>',
    payload: optionClockMessage,
    access: 'public',
  }),
  /** The caller's own option orders as they are bought, get their open tick and settle. */
  optionOrders: defineChannel({
    kind: 'optionOrders',
    pattern: 'optionOrders',
    payload: optionOrderView,
    access: 'private',
  }),
  /**
   * One swap order's status and timeline, public so that an anonymous visitor can follow it: the order number is
   * random and the message carries no address or amount.
   */
  swapOrder: defineChannel({
    kind: 'swapOrder',
    pattern: 'swapOrder:<order>',
    payload: swapOrderStatusMessage,
    access: 'public',
  }),
  /** The caller's customer service conversation: new messages, marks and status (a signed-in user's). */
  support: defineChannel({ kind: 'support', pattern: 'support', payload: supportEvent, access: 'private' }),
  /**
   * A visitor's conversation, named by a random key that only the visitor's app is given (like `swapOrder`); it
   * falls silent once the visitor signs in and the conversation joins the account.
   */
  supportVisitor: defineChannel({
    kind: 'supportVisitor',
    pattern: 'supportVisitor:<visitor>',
    payload: supportEvent,
    access: 'public',
  }),
  /** Every conversation's events, for the agents' inbox. */
  supportInbox: defineChannel({
    kind: 'supportInbox',
    pattern: 'supportInbox',
    payload: supportEvent,
    access: 'agent',
  }),
};

export type Channels = typeof channels;
export type PublicChannel = Extract<Channels[keyof Channels], { access: 'public' }>;
export type PrivateChannelEntry = Extract<Channels[keyof Channels], { access: 'private' }>;
export type AgentChannelEntry = Extract<Channels[keyof Channels], { access: 'agent' }>;

/** What a channel's `data` messages carry. */
export type ChannelPayload<C extends Channel> = z.input<C['payload']>;
