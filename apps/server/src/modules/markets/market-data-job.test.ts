import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../test/database';
import { scratchDatabase, until } from '../../../test/scratch-database';
import { type ClusterBus, LocalBus, RedisBus } from '../../cluster/bus';
import { PostgresLeadership } from '../../cluster/postgres-leadership';
import { openRedis } from '../../cluster/redis';
import type { Database, Db } from '../../db/client';
import type { StoredCandle } from './candles';
import { MarketsRepository } from './markets.repository';
import { MARKET_DATA_JOB, MarketsService } from './markets.service';
import { ManualFeed, RecordingPublisher, RecordingSnapshots } from './test-markets';

/*
 * Two nodes on one database and one bus, each with its markets service, its own feed and its own leadership:
 * the job's leader runs the feed, writes candles and publishes; the other applies what the bus brings.
 */

/** The repository of one node, writing down each write of candles it makes. */
class RecordingRepository extends MarketsRepository {
  constructor(
    private readonly database: Db,
    readonly writes: string[],
  ) {
    super(database);
  }
  override transaction<T>(work: (repository: MarketsRepository) => Promise<T>): Promise<T> {
    return this.database.transaction((tx) => work(new RecordingRepository(tx, this.writes)));
  }
  override insertHistory(symbol: string, source: 'simulated', rows: readonly StoredCandle[]) {
    this.writes.push(`history ${symbol}`);
    return super.insertHistory(symbol, source, rows);
  }
  override upsertCandles(symbol: string, source: 'simulated', rows: readonly StoredCandle[]) {
    this.writes.push(`candles ${symbol}`);
    return super.upsertCandles(symbol, source, rows);
  }
}

type Node = {
  markets: MarketsService;
  leadership: PostgresLeadership;
  feed: ManualFeed;
  publisher: RecordingPublisher;
  snapshots: RecordingSnapshots;
  writes: string[];
  bus: ClusterBus;
};

const inProcess = new LocalBus();
/** The buses the nodes talk over: in process, and Redis when REDIS_URL names a server (as in CI). */
const buses: Array<[string, (prefix: string) => Promise<{ bus: ClusterBus; close(): Promise<void> }>]> = [
  ['in process', async () => ({ bus: inProcess, close: async () => {} })],
];
const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  buses.push([
    'over Redis',
    async (prefix) => {
      const redis = await openRedis(redisUrl);
      return { bus: new RedisBus(redis, prefix), close: () => redis.close() };
    },
  ]);
}

const STALE_SECONDS = 15;

describe.each(buses)('the market-data job on two nodes, %s', (_, openBus) => {
  let database: Database;
  let drop: () => Promise<void>;
  const closers: Array<() => Promise<void>> = [];
  // Each run its own channels, so that test files sharing the Redis server never hear each other.
  const prefix = `test-${randomBytes(6).toString('hex')}`;

  async function nodeOf(nodeId: string, clock?: () => Date): Promise<Node> {
    const { bus, close } = await openBus(prefix);
    closers.push(close);
    const writes: string[] = [];
    const feed = new ManualFeed();
    const publisher = new RecordingPublisher();
    const snapshots = new RecordingSnapshots();
    // A lease long enough never to lapse under a slow run: the names change hands because their holder stops.
    const leadership = new PostgresLeadership({
      db: database.db,
      nodeId,
      alone: false,
      bus,
      leaseMs: 5000,
      tickMs: 50,
    });
    const markets = new MarketsService(new RecordingRepository(database.db, writes), {
      feed,
      publisher,
      snapshots,
      history: { seed: 'nodes', count: 6 },
      // Written and published when the test says so.
      flushMs: 600_000,
      publishMs: 600_000,
      cluster: { nodeId, bus, leadership },
      now: clock,
      staleSeconds: STALE_SECONDS,
    });
    return { markets, leadership, feed, publisher, snapshots, writes, bus };
  }

  const history = (node: Node) => node.writes.filter((write) => write.startsWith('history'));
  const candleWrites = (node: Node) => node.writes.filter((write) => write.startsWith('candles'));

  beforeAll(async () => {
    ({ database, drop } = await scratchDatabase());
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await drop();
  });

  it('runs the feed on its leader only, and the other node carries it on from the last price when it stops', async () => {
    const first = await nodeOf('node-a');
    const second = await nodeOf('node-b');
    await first.markets.start();
    await second.markets.start();
    await first.leadership.start();
    await second.leadership.start();

    // The leader generated the history, once, and runs the feed; the other node runs none.
    expect(first.leadership.epochOf(MARKET_DATA_JOB)).toBe(1n);
    expect(first.feed.started).toHaveLength(8);
    expect(second.feed.started).toEqual([]);
    expect(history(first)).toHaveLength(8);
    expect(history(second)).toEqual([]);
    // The other node reads the generated history too, so both show the same statistics.
    const statistics = (node: Node) => JSON.stringify(node.markets.summaries().map((market) => market.stats));
    await until(
      () => statistics(second) === statistics(first),
      'the second node shows the generated history',
    );

    // The leader's ticks reach the other node: its price is fresh, so orders can be checked there.
    expect(second.markets.isStale('BTCUSDT')).toBe(true);
    first.feed.tick('BTCUSDT', '90000.00', '0.5', new Date());
    await until(() => second.markets.indexPrice('BTCUSDT') === '90000.00', 'the tick reached the other node');
    expect(second.markets.isStale('BTCUSDT')).toBe(false);
    expect(second.markets.freshIndexPrice('BTCUSDT')).toBe('90000.00');

    // A trade settled on the other node (its market's owner) moves the leader's candles and statistics too.
    second.markets.recordTrade('BTCUSDT', { price: '90010.00', size: '0.25', at: new Date() });
    await until(
      () => first.markets.summary('BTCUSDT').stats.last === '90010.00',
      'the trade reached the leader',
    );
    expect(second.markets.summary('BTCUSDT').stats).toEqual(first.markets.summary('BTCUSDT').stats);

    // Only the leader publishes the market channels and answers their snapshots.
    first.markets.publishChanges();
    second.markets.publishChanges();
    expect(first.publisher.messages.map((message) => message.channel)).toContain('ticker:BTCUSDT');
    expect(second.publisher.messages).toEqual([]);
    expect(first.snapshots.of('ticker:BTCUSDT')).toMatchObject({ indexPrice: '90000.00' });
    expect(second.snapshots.of('ticker:BTCUSDT')).toBeUndefined();
    expect(second.snapshots.of('tickers')).toBeUndefined();
    expect(second.snapshots.of('candles:BTCUSDT:1m')).toBeUndefined();

    // Only the leader writes candles.
    await Promise.all([first.markets.flush(), second.markets.flush()]);
    expect(candleWrites(first)).toContain('candles BTCUSDT');
    expect(candleWrites(second)).toEqual([]);

    // The leader stops: the other node takes the job at once and continues from the last price written.
    await first.leadership.stop();
    await until(() => second.feed.started.length === 8, 'the second node runs the feed');
    expect(first.feed.started).toEqual([]);
    expect(second.leadership.epochOf(MARKET_DATA_JOB)).toBe(2n);
    expect(second.feed.continuedFrom.get('BTCUSDT')).toBe('90010.00');
    expect(history(second)).toEqual([]);

    second.feed.tick('BTCUSDT', '90020.00', '1', new Date());
    await until(() => first.markets.indexPrice('BTCUSDT') === '90020.00', 'the tick reached the old leader');
    const writtenByFirst = candleWrites(first).length;
    await Promise.all([first.markets.flush(), second.markets.flush()]);
    expect(candleWrites(second)).toContain('candles BTCUSDT');
    expect(candleWrites(first)).toHaveLength(writtenByFirst);
    const [minute] = await rowsOf<{ close: string }>(
      database.db,
      sql`select close::text as close from candles
          where symbol = 'BTCUSDT' and interval = '1m' order by start desc limit 1`,
    );
    expect(Number(minute?.close)).toBe(90020);

    first.publisher.messages.length = 0;
    first.markets.publishChanges();
    second.markets.publishChanges();
    expect(first.publisher.messages).toEqual([]);
    expect(second.publisher.messages.map((message) => message.channel)).toContain('ticker:BTCUSDT');

    await second.leadership.stop();
    await Promise.all([first.markets.stop(), second.markets.stop()]);
  });

  it('keeps every market fresh through a failover of the feed, and stale once no tick comes for the threshold', async () => {
    // The services' clock: the gap a killed leader leaves (its lease of 3 s and a round of taking) is stepped over.
    let now = Date.parse('2026-11-27T02:00:00Z');
    const clock = () => new Date(now);
    const first = await nodeOf('node-f', clock);
    const second = await nodeOf('node-g', clock);
    await first.markets.start();
    await second.markets.start();
    await first.leadership.start();
    await second.leadership.start();
    const symbols = first.feed.started.map((market) => market.symbol);
    expect(symbols).toHaveLength(8);
    const fresh = (node: Node) => symbols.every((symbol) => !node.markets.isStale(symbol));

    for (const symbol of symbols) first.feed.tick(symbol, '100.00', '1', clock());
    await until(() => fresh(second), 'the leader’s ticks reached the other node');

    // From the leader's last tick until the next leader's first, the other node is sampled all along: never stale.
    const staleSeen: string[] = [];
    const sampler = setInterval(() => {
      for (const symbol of symbols) if (second.markets.isStale(symbol)) staleSeen.push(symbol);
    }, 1);
    now += 4000;
    await first.leadership.stop();
    await until(() => second.feed.started.length === 8, 'the second node runs the feed');
    // Restoring the candles on gaining the job kept the prices heard so far, and when they were heard.
    expect(fresh(second)).toBe(true);
    for (const symbol of symbols) expect(second.markets.freshIndexPrice(symbol)).toBe('100.00');
    now += 1000;
    for (const symbol of symbols) second.feed.tick(symbol, '101.00', '1', clock());
    await until(
      () => symbols.every((symbol) => first.markets.indexPrice(symbol) === '101.00'),
      'the new leader’s ticks reached the old one',
    );
    clearInterval(sampler);
    expect(staleSeen).toEqual([]);
    expect(fresh(first)).toBe(true);

    // A feed that truly stops: fresh for the whole threshold, stale right after it, on both nodes.
    now += STALE_SECONDS * 1000;
    expect(fresh(first)).toBe(true);
    expect(fresh(second)).toBe(true);
    now += 1;
    for (const node of [first, second]) {
      for (const symbol of symbols) {
        expect(node.markets.isStale(symbol)).toBe(true);
        expect(() => node.markets.freshIndexPrice(symbol)).toThrow(
          expect.objectContaining({ reason: 'priceStale' }),
        );
      }
    }

    await second.leadership.stop();
    await Promise.all([first.markets.stop(), second.markets.stop()]);
  });

  it('starts a node that joins while another runs the feed once it has every price, so it never serves cold', async () => {
    const leader = await nodeOf('node-h');
    await leader.markets.start();
    await leader.leadership.start();
    const symbols = leader.feed.started.map((market) => market.symbol);
    expect(symbols).toHaveLength(8);

    // A node restarted while the leader runs: its start waits for the leader's ticks of every market. What is
    // stale is taken the moment its start resolves.
    const joining = await nodeOf('node-i');
    let staleAtStart: string[] | undefined;
    const start = joining.markets.start().then(() => {
      staleAtStart = symbols.filter((symbol) => joining.markets.isStale(symbol));
    });
    const [last = '', ...others] = symbols;
    const tickEach = (each: string[]) => {
      for (const symbol of each) leader.feed.tick(symbol, '100.00', '1', new Date());
    };
    // Every market but one ticks until the joining node hears them: it does not start without the last one.
    await until(() => {
      tickEach(others);
      return (
        staleAtStart !== undefined || others.every((symbol) => joining.markets.indexPrice(symbol) !== null)
      );
    }, 'the joining node heard the leader');
    await until(() => {
      tickEach([last]);
      return staleAtStart !== undefined;
    }, 'the joining node started');
    await start;
    expect(staleAtStart).toEqual([]);
    for (const symbol of symbols) expect(joining.markets.freshIndexPrice(symbol)).toBe('100.00');

    await leader.leadership.stop();
    await Promise.all([leader.markets.stop(), joining.markets.stop()]);
  });

  it("refuses a deposed leader's candle writes, and ignores its ticks", async () => {
    const node = await nodeOf('node-c');
    await node.markets.start();
    await node.leadership.start();
    const epoch = node.leadership.epochOf(MARKET_DATA_JOB) ?? 0n;
    expect(epoch).toBeGreaterThan(0n);

    // A leader of an older epoch (paused past its lease) writes nothing; the leader writes.
    const ran: bigint[] = [];
    const write = (fenceEpoch: bigint) =>
      new MarketsRepository(database.db).fenced({ name: MARKET_DATA_JOB, epoch: fenceEpoch }, async () => {
        ran.push(fenceEpoch);
      });
    expect(await write(epoch - 1n)).toBe(false);
    expect(await write(epoch)).toBe(true);
    expect(ran).toEqual([epoch]);

    // Nor do its ticks, should it broadcast any before it learns it lost the job: the current leader's, sent
    // after it on the same bus, is the one that counts.
    const tick = (epochOf: bigint, price: string) =>
      JSON.stringify({
        kind: 'tick',
        node: 'node-elsewhere',
        epoch: String(epochOf),
        symbol: 'BTCUSDT',
        price,
        volume: '1',
        at: Date.now(),
      });
    await node.bus.publish('market-data', tick(epoch - 1n, '1.00'));
    await node.bus.publish('market-data', tick(epoch, '91000.00'));
    await until(() => node.markets.indexPrice('BTCUSDT') !== null, 'a tick was heard');
    expect(node.markets.indexPrice('BTCUSDT')).toBe('91000.00');

    // Woken from a pause, it hears its successor's tick before its renewal fails: its own feed no longer counts,
    // here or, under either epoch, on the other nodes.
    const sent: string[] = [];
    const unsubscribe = await node.bus.subscribe('market-data', (message) => {
      const heard = JSON.parse(message.toString()) as { node: string; kind: string; price?: string };
      if (heard.node === 'node-c' && heard.kind === 'tick') sent.push(heard.price ?? '');
    });
    node.feed.tick('BTCUSDT', '91005.00', '1', new Date());
    await until(() => sent.length === 1, 'its tick was broadcast');
    await node.bus.publish('market-data', tick(epoch + 1n, '92000.00'));
    await until(() => node.markets.indexPrice('BTCUSDT') === '92000.00', 'the successor’s tick was heard');
    node.feed.tick('BTCUSDT', '1.00', '1', new Date());
    node.feed.tick('BTCUSDT', '91010.00', '1', new Date());
    await node.bus.publish('market-data', tick(epoch + 1n, '92001.00'));
    await until(
      () => node.markets.indexPrice('BTCUSDT') === '92001.00',
      'the successor’s next tick was heard',
    );
    expect(sent).toEqual(['91005.00']);
    await unsubscribe();

    await node.leadership.stop();
    await node.markets.stop();
  });

  it("applies an operator's change of a market on every node", async () => {
    const first = await nodeOf('node-d');
    const second = await nodeOf('node-e');
    await first.markets.start();
    await second.markets.start();
    await first.markets.update(
      'LTCUSDT',
      { makerFee: '0.0008', reason: 'Maker rebate campaign' },
      { adminId: null, action: 'updateMarket', ip: null },
    );
    await until(() => second.markets.market('LTCUSDT')?.makerFee === '0.0008', 'the other node has the fee');
    await Promise.all([first.markets.stop(), second.markets.stop()]);
  });
});
