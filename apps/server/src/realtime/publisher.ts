import type { ChannelParams, ChannelPayload, PrivateChannelEntry, PublicChannel } from '@kestrel/contract';

/**
 * What the trading modules need from the realtime layer: publish a channel's payload (serialised once for every
 * subscriber) or a user's own update. Channels and their payloads are the contract's channels table.
 */
export interface RealtimePublisher {
  publish<C extends PublicChannel>(channel: C, params: ChannelParams<C>, data: ChannelPayload<C>): void;
  publishToUser<C extends PrivateChannelEntry>(userId: number, channel: C, data: ChannelPayload<C>): void;
  /**
   * Whether one of the user's connections is subscribed to the channel: an update nobody follows need not be read.
   * With several nodes, always (decision 0044).
   */
  follows(userId: number, channel: PrivateChannelEntry): boolean;
}
