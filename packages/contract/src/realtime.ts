import { z } from 'zod';
import { type AgentChannelEntry, type Channel, channels, type PrivateChannelEntry } from './channels';
import { CANDLE_INTERVALS } from './markets';
import { SUPPORT_VISITOR_CHANNEL_PATTERN } from './support';
import { SWAP_ORDER_ID_PATTERN } from './swap';

/*
 * The WebSocket at `/ws` (ARCHITECTURE.md section 7). A client subscribes to the channels of `channels.ts` by
 * name (`tickers`, `ticker:<symbol>`, `depth:<symbol>`, `trades:<symbol>`, `candles:<symbol>:<interval>`), and
 * to its own `orders` and `balances` after `auth` with its token.
 */

/** What each parameter of a channel's name may be. */
const PARAMETER_PATTERNS: Record<string, string> = {
  symbol: '[A-Z0-9]{2,12}USDT',
  interval: `(?:${CANDLE_INTERVALS.join('|')})`,
  product: '[0-9]{1,18}',
  order: SWAP_ORDER_ID_PATTERN,
  visitor: SUPPORT_VISITOR_CHANNEL_PATTERN,
};
const table: readonly Channel[] = Object.values(channels);

export const PUBLIC_CHANNEL_PATTERN = new RegExp(
  `^(${table
    .filter((channel) => channel.access === 'public')
    .map((channel) =>
      channel.pattern.replace(/<([a-z]+)>/g, (_, name: string) => PARAMETER_PATTERNS[name] ?? ''),
    )
    .join('|')})$`,
);
export type PrivateChannel = PrivateChannelEntry['pattern'];
export const PRIVATE_CHANNELS = table
  .filter((channel) => channel.access === 'private')
  .map((channel) => channel.pattern) as readonly PrivateChannel[];

export type AgentChannel = AgentChannelEntry['pattern'];
export const AGENT_CHANNELS = table
  .filter((channel) => channel.access === 'agent')
  .map((channel) => channel.pattern) as readonly AgentChannel[];

export const WS_MAX_CHANNELS = 50;

/** Close codes the server uses on `/ws` (4000–4999 are the application's). A client reconnects after each. */
export const WS_CLOSE_CODES = {
  /** The server is shutting down or restarting. */
  goingAway: 1001,
  /**
   * The server lost updates it relays from other nodes (its connection to them dropped and came back): the
   * client reconnects and subscribes again, and gets each channel's current value afresh.
   */
  serviceRestart: 1012,
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
    (name) =>
      PUBLIC_CHANNEL_PATTERN.test(name) ||
      (PRIVATE_CHANNELS as readonly string[]).includes(name) ||
      (AGENT_CHANNELS as readonly string[]).includes(name),
    'validation.parameterError',
  );

/** What a client may send on `/ws`. */
export const wsClientMessage = z.discriminatedUnion('op', [
  z.object({ op: z.literal('ping') }),
  /**
   * Binds the connection to the holder of `token`: a user's session token opens the private channels, an
   * operator's (`adm_…`, support role) the agent channels.
   */
  z.object({ op: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ op: z.literal('subscribe'), channels: z.array(wsChannel).min(1).max(WS_MAX_CHANNELS) }),
  z.object({ op: z.literal('unsubscribe'), channels: z.array(wsChannel).min(1).max(WS_MAX_CHANNELS) }),
]);

/** The payload of each channel kind's `data` messages. */
export const wsData = Object.fromEntries(table.map((channel) => [channel.kind, channel.payload])) as {
  [Kind in keyof typeof channels]: (typeof channels)[Kind]['payload'];
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
