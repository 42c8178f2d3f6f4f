import { z } from 'zod';

/** What a client may send on `/ws`. Channels are added by the capabilities that publish them. */
export const wsClientMessage = z.discriminatedUnion('op', [z.object({ op: z.literal('ping') })]);

export const wsServerMessage = z.discriminatedUnion('op', [
  z.object({ op: z.literal('pong'), time: z.number().int() }),
  z.object({ op: z.literal('error'), msg: z.string() }),
]);

export type WsClientMessage = z.infer<typeof wsClientMessage>;
export type WsServerMessage = z.infer<typeof wsServerMessage>;
