import { type ChannelParams, channels, type PrivateChannel, type PublicChannel } from '@kestrel/contract';
import type { RealtimePublisher } from './publisher';

/**
 * Publishes a stand-in payload under a channel's name (`trades:BTCUSDT`), as a module publishes a real one: the
 * hub never reads a payload, so tests give whatever shows where it went.
 */
export function publishTo(publisher: RealtimePublisher, name: string, data: unknown) {
  const [kind, symbol, interval] = name.split(':');
  const channel = channels[kind as keyof typeof channels] as PublicChannel;
  publisher.publish(channel, { symbol, interval } as ChannelParams<PublicChannel>, data as never);
}

/** Publishes a stand-in payload on one user's private channel. */
export function publishToUser(
  publisher: RealtimePublisher,
  userId: number,
  name: PrivateChannel,
  data: unknown,
) {
  publisher.publishToUser(userId, channels[name], data as never);
}
