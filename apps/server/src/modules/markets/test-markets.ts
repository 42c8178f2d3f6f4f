import { type ChannelParams, type ChannelPayload, channelName, type PublicChannel } from '@kestrel/contract';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { SnapshotRegistry } from './markets.service';
import { type FeedMarket, type PriceFeed, TickListeners } from './price-feed';

/** A feed that ticks only when told to, and remembers where it was told to continue from. */
export class ManualFeed implements PriceFeed {
  readonly source = 'simulated' as const;
  private readonly listeners = new TickListeners();
  started: FeedMarket[] = [];
  readonly continuedFrom = new Map<string, string>();
  onTick = this.listeners.add.bind(this.listeners);
  continueFrom(symbol: string, price: string) {
    this.continuedFrom.set(symbol, price);
  }
  async start(markets: readonly FeedMarket[]) {
    this.started = [...markets];
  }
  updateMarket() {}
  async stop() {
    this.started = [];
  }
  tick(symbol: string, price: string, volume: string, at: Date) {
    this.listeners.emit(symbol, price, volume, at);
  }
}

export class RecordingPublisher implements RealtimePublisher {
  readonly messages: { channel: string; data: unknown }[] = [];
  publish<C extends PublicChannel>(channel: C, params: ChannelParams<C>, data: ChannelPayload<C>) {
    this.messages.push({ channel: channelName(channel, params), data });
  }
  publishToUser() {}
  follows() {
    return false;
  }
}

/** The hub's snapshot registry, asked directly. */
export class RecordingSnapshots implements SnapshotRegistry {
  private readonly providers = new Map<string, (channel: string) => unknown | undefined>();
  snapshot(kind: string, provider: (channel: string) => unknown | undefined) {
    this.providers.set(kind, provider);
  }
  of(channel: string): unknown | undefined {
    return this.providers.get(channel.split(':')[0] ?? '')?.(channel);
  }
}
