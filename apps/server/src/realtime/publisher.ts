import type { PrivateChannel } from '@kestrel/contract';

/**
 * What the trading modules need from the realtime layer: publish a channel's payload (serialised once for every
 * subscriber) or a user's own update. Channel names and payloads are the contract's (`realtime.ts`).
 */
export interface RealtimePublisher {
  publish(channel: string, data: unknown): void;
  publishToUser(userId: number, channel: PrivateChannel, data: unknown): void;
  /** Whether one of the user's connections is subscribed to the channel: an update nobody follows need not be read. */
  follows(userId: number, channel: PrivateChannel): boolean;
}
