import {
  type ChannelParams,
  type ChannelPayload,
  channelName,
  type PrivateChannel,
  type PrivateChannelEntry,
  type PublicChannel,
} from '@kestrel/contract';
import type { TestApp } from '../../../test/test-app';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { LedgerService } from '../ledger/ledger.service';
import { tradingLedgerOf } from '../ledger/test-ledger';
import { SpotRepository } from './spot.repository';
import type { SpotMarket } from './spot-math';
import { type SpotMarkets, SpotOrdersService } from './spot-orders.service';

/*
 * Helpers for the spot tests: markets and the realtime layer are small fakes, the ledger and the database are
 * the test app's, as app.ts builds them.
 */

export const BTC: SpotMarket = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.00001',
  minNotional: '5',
  makerFee: '0.001',
  takerFee: '0.002',
  open: true,
};

export const ETH_CLOSED: SpotMarket = {
  ...BTC,
  symbol: 'ETHUSDT',
  base: 'ETH',
  open: false,
};

export class FakeMarkets implements SpotMarkets {
  readonly recorded: Array<{ symbol: string; price: string; size: string }> = [];
  stale = new Set<string>();
  index = new Map<string, string>([['BTCUSDT', '50000.00']]);
  constructor(private readonly list: SpotMarket[] = [BTC, ETH_CLOSED]) {}
  markets() {
    return this.list;
  }
  market(symbol: string) {
    return this.list.find((market) => market.symbol === symbol);
  }
  indexPrice(symbol: string) {
    return this.index.get(symbol) ?? null;
  }
  isStale(symbol: string) {
    return this.stale.has(symbol);
  }
  recordTrade(symbol: string, trade: { price: string; size: string }) {
    this.recorded.push({ symbol, price: trade.price, size: trade.size });
  }
}

export class RecordingPublisher implements RealtimePublisher {
  readonly published: Array<{ channel: string; data: unknown }> = [];
  readonly private: Array<{ userId: number; channel: PrivateChannel; data: unknown }> = [];
  publish<C extends PublicChannel>(channel: C, params: ChannelParams<C>, data: ChannelPayload<C>) {
    this.published.push({ channel: channelName(channel, params), data });
  }
  publishToUser<C extends PrivateChannelEntry>(userId: number, channel: C, data: ChannelPayload<C>) {
    this.private.push({ userId, channel: channel.pattern, data });
  }
  /** Users who follow their private channels; everyone unless a test says otherwise. */
  followers: Set<number> | undefined;
  follows(userId: number) {
    return this.followers?.has(userId) ?? true;
  }
}

export async function spotServiceOf(
  app: TestApp,
  options: { ledger?: LedgerService; markets?: FakeMarkets; publisher?: RecordingPublisher } = {},
) {
  const ledger = options.ledger ?? tradingLedgerOf(app);
  const markets = options.markets ?? new FakeMarkets();
  const publisher = options.publisher ?? new RecordingPublisher();
  const sut = new SpotOrdersService(new SpotRepository(app.database.db), ledger, markets, publisher);
  await sut.start();
  return { sut, ledger, markets, publisher };
}
