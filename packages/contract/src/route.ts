import type { Channel, Channels } from './channels';
import type { ImageBytes } from './endpoint';
import type { Endpoints, OperationId } from './endpoints';

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

export type { Channel };
