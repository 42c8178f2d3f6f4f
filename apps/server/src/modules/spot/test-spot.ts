import { randomBytes } from 'node:crypto';
import {
  type ChannelParams,
  type ChannelPayload,
  channelName,
  type PrivateChannel,
  type PrivateChannelEntry,
  type PublicChannel,
} from '@kestrel/contract';
import type { TestApp } from '../../../test/test-app';
import { type ClusterBus, LocalBus } from '../../cluster/bus';
import { PostgresLeadership } from '../../cluster/postgres-leadership';
import type { FeeDiscounts } from '../../fees/fee-discounts';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { LedgerService } from '../ledger/ledger.service';
import { tradingLedgerOf } from '../ledger/test-ledger';
import { SpotRepository } from './spot.repository';
import type { SpotMarket } from './spot-math';
import { type SpotMarkets, SpotOrdersService } from './spot-orders.service';
import type { SettledBatch } from './spot-sequencer';

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

/**
 * A node of the test database: alone, as `npm start` runs (decision 0044), it takes every market at once, from
 * the test app's own service and from any service a test started before.
 */
export function nodeOf(app: TestApp, options: { alone?: boolean; bus?: ClusterBus; leaseMs?: number } = {}) {
  const nodeId = `node-${randomBytes(4).toString('hex')}`;
  const bus = options.bus ?? new LocalBus();
  const alone = options.alone ?? true;
  const leadership = new PostgresLeadership({
    db: app.database.db,
    nodeId,
    alone,
    bus,
    leaseMs: options.leaseMs,
    tickMs: options.leaseMs === undefined ? undefined : Math.ceil(options.leaseMs / 4),
  });
  return { nodeId, bus, leadership, alone };
}

export async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const limit = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > limit) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A spot service on its own node, started; answers once it serves every market. */
export async function spotServiceOf<Markets extends SpotMarkets = FakeMarkets>(
  app: TestApp,
  options: {
    ledger?: LedgerService;
    markets?: Markets;
    publisher?: RecordingPublisher;
    node?: ReturnType<typeof nodeOf>;
    observe?: (batch: SettledBatch) => void;
    /** What users' membership levels take off their fees; none when not given. */
    discounts?: FeeDiscounts;
  } = {},
) {
  const ledger = options.ledger ?? tradingLedgerOf(app);
  const markets = options.markets ?? (new FakeMarkets() as SpotMarkets as Markets);
  const publisher = options.publisher ?? new RecordingPublisher();
  const node = options.node ?? nodeOf(app);
  const sut = new SpotOrdersService(
    new SpotRepository(app.database.db),
    ledger,
    markets,
    publisher,
    node,
    undefined,
    options.observe,
    options.discounts,
  );
  await sut.start();
  await node.leadership.start();
  // Alone, the node takes every market at start; among others, the test says whom it waits for.
  if (node.alone) {
    await until(
      () => markets.markets().every((market) => sut.serves(market.symbol)),
      'the node serves every market',
    );
  }
  return { sut, ledger, markets, publisher, node };
}
