import type { Channel, Channels } from './channels';
import type { ImageBytes } from './endpoint';
import type { Endpoints, OperationId } from './endpoints';
import type { CandleInterval } from './markets';

/**
 * What a client needs to call one endpoint, without its schemas: the routes table (routes.ts) holds one per
 * endpoint so that an app's first paint carries paths, not zod. The types still come from the endpoint.
 */
export type Route<Id extends OperationId = OperationId> = {
  readonly operationId: Id;
  readonly method: Endpoints[Id]['method'];
  readonly path: Endpoints[Id]['path'];
} & (Endpoints[Id]['response'] extends ImageBytes
  ? { readonly answer: 'bytes' }
  : { readonly answer?: never }) &
  (Endpoints[Id] extends { consumes: 'multipart/form-data' }
    ? { readonly sends: 'multipart' }
    : { readonly sends?: never });

/** One route per endpoint, matching the endpoints table: the typecheck fails when they part. */
export type RouteTable = { readonly [Id in OperationId]: Route<Id> };

/** What a client needs to name one channel, without its payload schema. */
export type Stream<K extends keyof Channels = keyof Channels> = Pick<
  Channels[K],
  'kind' | 'pattern' | 'access'
>;

/** One stream per channel, matching the channels table. */
export type StreamTable = { readonly [K in keyof Channels]: Stream<K> };

type ParameterNames<P extends string> = P extends `${string}<${infer Name}>${infer Rest}`
  ? Name | ParameterNames<Rest>
  : never;

/** What fills a channel's name: `{ symbol }` for `ticker:<symbol>`, nothing for `tickers`. */
export type ChannelParams<C extends Pick<Channel, 'pattern'>> = {
  [Name in ParameterNames<C['pattern']>]: Name extends 'interval' ? CandleInterval : string;
};

/** The name of one channel of a kind, e.g. `ticker:BTCUSDT`. */
export function channelName<C extends Pick<Channel, 'kind' | 'pattern'>>(
  channel: C,
  params: ChannelParams<C>,
): string {
  const values = params as Record<string, string>;
  return channel.pattern.replace(/<([a-z]+)>/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${channel.kind} needs <${name}>`);
    return value;
  });
}
