import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { LeadershipName } from '../cluster/leadership';
import type { PoolUse } from '../db/client';
import type { SettledBatch } from '../modules/spot';

/** What the metrics read when they are scraped. */
export type MetricSources = {
  pools: () => PoolUse[];
  /**
   * The live-data hub: its open connections, the slow consumers it dropped, and the messages to other nodes it
   * lost while Redis was out of reach.
   */
  websocket: () => { connectionCount: number; stats: { dropped: number; lost: number } };
};

/** From a millisecond to ten seconds: a request or a settlement that takes longer is counted in the last. */
const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The node's Prometheus metrics (decision 0044), in a registry of the app's own (a process that builds several
 * apps, as tests do, keeps their counts apart). Gauges of state held elsewhere (connections, pools) are read at
 * scrape time; counters of events are counted as they happen.
 */
export class NodeMetrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly leadershipChanges: Counter<'name' | 'direction'>;
  private readonly orders: Counter<'market'>;
  private readonly trades: Counter<'market'>;
  private readonly matchingLag: Histogram;
  private readonly settlement: Histogram;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    this.requests = new Histogram({
      name: 'kestrel_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status class, and how long they took',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: SECONDS_BUCKETS,
      registers,
    });
    new Gauge({
      name: 'kestrel_websocket_clients',
      help: 'WebSocket clients connected to this node',
      registers,
      collect() {
        this.set(sources.websocket().connectionCount);
      },
    });
    new Counter({
      name: 'kestrel_websocket_dropped_total',
      help: 'WebSocket clients dropped for reading too slowly',
      registers,
      collect() {
        this.reset();
        this.inc(sources.websocket().stats.dropped);
      },
    });
    new Counter({
      name: 'kestrel_realtime_lost_total',
      help: 'Live-data messages for other nodes lost while Redis was out of reach (their clients resynchronise)',
      registers,
      collect() {
        this.reset();
        this.inc(sources.websocket().stats.lost);
      },
    });
    new Gauge({
      name: 'kestrel_db_pool_connections',
      help: 'Connections of each database pool: all open, idle, and requests waiting for one (none for PGlite)',
      labelNames: ['pool', 'state'] as const,
      registers,
      collect() {
        for (const use of sources.pools()) {
          this.set({ pool: use.pool, state: 'total' }, use.total);
          this.set({ pool: use.pool, state: 'idle' }, use.idle);
          this.set({ pool: use.pool, state: 'waiting' }, use.waiting);
        }
      },
    });
    this.leadershipChanges = new Counter({
      name: 'kestrel_leadership_changes_total',
      help: 'Markets and jobs this node started (gained) or stopped (lost) leading',
      labelNames: ['name', 'direction'] as const,
      registers,
    });
    this.orders = new Counter({
      name: 'kestrel_spot_orders_total',
      help: 'Spot orders accepted and settled by this node, per market',
      labelNames: ['market'] as const,
      registers,
    });
    this.trades = new Counter({
      name: 'kestrel_spot_trades_total',
      help: 'Spot trades settled by this node, per market',
      labelNames: ['market'] as const,
      registers,
    });
    this.matchingLag = new Histogram({
      name: 'kestrel_spot_matching_lag_seconds',
      help: "From an order's arrival at its market's owner to the commit of its settlement",
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.settlement = new Histogram({
      name: 'kestrel_spot_settlement_seconds',
      help: "How long a batch's settlement statement took",
      buckets: SECONDS_BUCKETS,
      registers,
    });
  }

  /** Times every request the app answers; added before any route, so that it sees all of them. */
  timeRequests(app: FastifyInstance) {
    app.addHook('onResponse', async (request, reply) => {
      this.requests.observe(
        {
          method: request.method,
          // The pattern, not the path, so that ids do not make a series each; unknown paths share one.
          route: request.routeOptions.url ?? 'unmatched',
          status: `${Math.floor(reply.statusCode / 100)}xx`,
        },
        reply.elapsedTime / 1000,
      );
    });
  }

  leadershipChanged(name: LeadershipName, epoch: bigint | undefined) {
    this.leadershipChanges.inc({ name, direction: epoch === undefined ? 'lost' : 'gained' });
  }

  spotBatchSettled(batch: SettledBatch) {
    for (const market of batch.markets) {
      if (market.orders > 0) this.orders.inc({ market: market.symbol }, market.orders);
      if (market.trades > 0) this.trades.inc({ market: market.symbol }, market.trades);
    }
    for (const lag of batch.lagsMs) this.matchingLag.observe(lag / 1000);
    this.settlement.observe(batch.settleMs / 1000);
  }
}
