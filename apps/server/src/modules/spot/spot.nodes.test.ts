import { placeOrderBody } from '@kestrel/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../test/database';
import { onRedis, testRedisPrefix } from '../../../test/redis';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type ClusterBus, LocalBus, RedisBus } from '../../cluster/bus';
import { refusedByFence } from '../../cluster/fence';
import { openRedis } from '../../cluster/redis';
import { AppError } from '../../http/app-error';
import { LedgerRepository, LedgerService } from '../ledger';
import { journalTransactions } from '../ledger/ledger.schema';
import { balanceOf, createUsers, deposit, tradingLedgerOf } from '../ledger/test-ledger';
import { spotOrders, spotTrades } from './spot.schema';
import { BTC, FakeMarkets, nodeOf, RecordingPublisher, spotServiceOf, until } from './test-spot';

/*
 * Two nodes on one database (decision 0044): each runs a spot service, they share a bus, and leadership of the
 * market is contended for in PostgreSQL with short leases. Each test trades a market of its own, which the test
 * app's own service does not know, since leases outlive the nodes that held them.
 */

let app: TestApp;
let seq = 0;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A market of the test's own, in BTC and USDT. */
function marketOf() {
  seq += 1;
  return { ...BTC, symbol: `N${seq}BTCUSDT` };
}

const limit = (symbol: string, side: 'buy' | 'sell', price: string, size: string) =>
  placeOrderBody.parse({ symbol, side, type: 'limit', price, size });

/**
 * Two nodes for a market: the first leads it, the second waits. They share one bus in process unless each is
 * given its own (on Redis).
 */
async function twoNodes(
  symbol: string,
  options: { first?: LedgerService; buses?: [ClusterBus, ClusterBus] } = {},
) {
  const shared = new LocalBus();
  const [firstBus, secondBus] = options.buses ?? [shared, shared];
  const markets = new FakeMarkets([{ ...BTC, symbol }]);
  const node = (bus: ClusterBus) => nodeOf(app, { alone: false, bus, leaseMs: 600 });
  const first = await spotServiceOf(app, { markets, node: node(firstBus), ledger: options.first });
  await until(() => first.sut.serves(symbol), 'the first node leads the market');
  const second = await spotServiceOf(app, {
    markets,
    node: node(secondBus),
    publisher: new RecordingPublisher(),
  });
  expect(second.sut.serves(symbol)).toBe(false);
  const stop = async () => {
    for (const each of [first, second]) {
      await each.node.leadership.stop();
      await each.sut.stop();
    }
  };
  return { first, second, stop };
}

async function ordersOf(userId: number) {
  return app.database.db.select().from(spotOrders).where(eq(spotOrders.userId, userId));
}

async function tradeCount(symbol: string) {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(spotTrades)
    .where(eq(spotTrades.symbol, symbol));
  return row?.n;
}

describe('spot trading on several nodes', () => {
  it("sends an order placed on another node to the market's leader, which stores it once, matches it and answers", async () => {
    const symbol = marketOf().symbol;
    const ledger = tradingLedgerOf(app);
    const [maker = 0, taker = 0] = await createUsers(app, 2);
    await deposit(ledger, maker, 'BTC', '1');
    await deposit(ledger, taker, 'USDT', '1000');
    const { first, second, stop } = await twoNodes(symbol);

    const ask = await first.sut.place(maker, limit(symbol, 'sell', '50000', '0.01'), 'nodes-ask');
    expect(ask.status).toBe('open');
    const bid = await second.sut.place(taker, limit(symbol, 'buy', '50000', '0.01'), 'nodes-bid');
    expect(bid).toMatchObject({
      symbol,
      status: 'filled',
      filledSize: '0.01000000',
      filledTotal: '500.000000',
    });

    // The same reference again, on either node, is the same order.
    expect((await second.sut.place(taker, limit(symbol, 'buy', '50000', '0.01'), 'nodes-bid')).id).toBe(
      bid.id,
    );
    const stored = await ordersOf(taker);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.epoch).toBe(first.node.leadership.epochOf(`spot:${symbol}`));
    expect(await tradeCount(symbol)).toBe(1);

    // The leader published the trade; the other node answers reads all the same.
    expect(first.publisher.published.some((frame) => frame.channel === `trades:${symbol}`)).toBe(true);
    expect(second.publisher.published).toEqual([]);
    expect(await second.sut.depth(symbol, 5)).toEqual(await first.sut.depth(symbol, 5));
    expect((await second.sut.publicTrades(symbol)).items.map((trade) => trade.id)).toEqual(
      (await first.sut.publicTrades(symbol)).items.map((trade) => trade.id),
    );
    expect((await second.sut.orders(taker, { state: 'history', limit: 10 })).items).toEqual([
      expect.objectContaining({ id: bid.id, status: 'filled' }),
    ]);
    expect(second.sut.snapshot(`depth:${symbol}`)).toBeUndefined();
    expect(first.sut.snapshot(`depth:${symbol}`)).toMatchObject({ symbol });
    await stop();
  });

  it("cancels on another node through the leader, and answers the leader's refusals as the same errors", async () => {
    const symbol = marketOf().symbol;
    const ledger = tradingLedgerOf(app);
    const [user = 0] = await createUsers(app, 1);
    await deposit(ledger, user, 'USDT', '100');
    const { second, stop } = await twoNodes(symbol);

    const resting = await second.sut.place(user, limit(symbol, 'buy', '40000', '0.001'), null);
    expect(resting.status).toBe('open');
    expect(await balanceOf(ledger, user, 'spot', 'USDT')).toEqual({
      available: '60.000000',
      frozen: '40.000000',
    });
    expect(await second.sut.cancel(user, resting.id)).toMatchObject({ id: resting.id, status: 'cancelled' });
    expect(await balanceOf(ledger, user, 'spot', 'USDT')).toEqual({
      available: '100.000000',
      frozen: '0.000000',
    });

    const refused = await second.sut
      .place(user, limit(symbol, 'buy', '40000', '1'), null)
      .catch((error) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ reason: 'insufficientBalance', code: 6001 });
    const offTick = await second.sut
      .place(user, limit(symbol, 'buy', '40000.001', '0.001'), null)
      .catch((e) => e);
    expect(offTick).toMatchObject({ reason: 'orderPriceNotOnTick', params: { tick: { quantity: '0.01' } } });
    expect(await ordersOf(user)).toHaveLength(1);
    await stop();
  });

  it('hands the market to the other node when its leader stops, which matches what was accepted and not settled once', async () => {
    const symbol = marketOf().symbol;
    const ledger = tradingLedgerOf(app);
    const [maker = 0, taker = 0] = await createUsers(app, 2);
    await deposit(ledger, maker, 'BTC', '1');
    await deposit(ledger, taker, 'USDT', '1000');
    // The first leader stores orders but cannot settle them, as one about to die would leave them.
    const settling = new TogglingLedger(app);
    const { first, second, stop } = await twoNodes(symbol, { first: settling });
    await first.sut.place(maker, limit(symbol, 'sell', '50000', '0.01'), 'failover-ask');
    settling.failing = true;
    await expect(
      second.sut.place(taker, limit(symbol, 'buy', '50000', '0.01'), 'failover-bid'),
    ).rejects.toMatchObject({ reason: 'systemBusy' });
    expect((await ordersOf(taker)).map((row) => row.status)).toEqual(['new']);

    await first.node.leadership.stop();
    await until(() => second.sut.serves(symbol), 'the second node leads the market');
    expect(first.sut.serves(symbol)).toBe(false);
    const [bid] = await ordersOf(taker);
    expect(bid).toMatchObject({ status: 'filled', epoch: second.node.leadership.epochOf(`spot:${symbol}`) });
    expect(await tradeCount(symbol)).toBe(1);

    // It carries on, and the first node's orders now go to it.
    await deposit(ledger, taker, 'BTC', '0.01');
    const sell = await first.sut.place(taker, limit(symbol, 'sell', '49000', '0.01'), 'failover-sell');
    expect(sell.status).toBe('open');
    expect((await second.sut.depth(symbol, 5)).asks).toEqual([['49000.00', '0.01000']]);
    expect(await tradeCount(symbol)).toBe(1);
    await stop();
    expect((await ledger.check()).problems).toEqual([]);
  });

  it('refuses the settlement of a leader whose market was taken over, and writes nothing of it', async () => {
    const symbol = marketOf().symbol;
    const name = `spot:${symbol}`;
    const ledger = tradingLedgerOf(app);
    const [maker = 0, taker = 0] = await createUsers(app, 2);
    await deposit(ledger, maker, 'BTC', '1');
    await deposit(ledger, taker, 'USDT', '1000');
    const taken = new TakenOverLedger(app, name);
    const { first, second, stop } = await twoNodes(symbol, { first: taken });
    const ask = await first.sut.place(maker, limit(symbol, 'sell', '50000', '0.01'), 'fence-ask');
    const [askBefore] = await ordersOf(maker);
    const journalBefore = await journalCount();
    const takerBefore = await balanceOf(ledger, taker, 'spot', 'USDT');

    // Between storing the bid and settling its trade, another node takes the market, as after a pause.
    taken.armed = true;
    const bid = await first.sut.place(taker, limit(symbol, 'buy', '50000', '0.01'), 'fence-bid');

    expect(taken.refusals).toHaveLength(1);
    expect(refusedByFence(taken.refusals[0])).toBe(true);
    expect(taken.refusals[0]).toMatchObject({ cause: { code: 'KF001' } });
    // The bid was stored before the takeover and is answered as stored, for the new leader to match.
    expect(bid.status).toBe('new');
    expect(await tradeCount(symbol)).toBe(0);
    expect(await journalCount()).toBe(journalBefore);
    expect(await ordersOf(maker)).toEqual([askBefore]);
    expect(await balanceOf(ledger, taker, 'spot', 'USDT')).toEqual({
      available: '500.000000',
      frozen: '500.000000',
    });
    expect(takerBefore).toEqual({ available: '1000.000000', frozen: '0.000000' });
    // The deposed node serves the market no more.
    expect(first.sut.serves(symbol)).toBe(false);

    // The lease the takeover left lapses; whichever node takes the market next matches the bid once.
    await until(() => first.sut.serves(symbol) || second.sut.serves(symbol), 'a node leads the market again');
    const leader = first.sut.serves(symbol) ? first : second;
    expect((await ordersOf(taker))[0]).toMatchObject({
      status: 'filled',
      epoch: leader.node.leadership.epochOf(name),
    });
    expect((await ordersOf(maker))[0]).toMatchObject({ id: BigInt(ask.id), status: 'filled' });
    expect(await tradeCount(symbol)).toBe(1);
    await stop();
    expect((await ledger.check()).problems).toEqual([]);
  });
});

async function journalCount() {
  const [row] = await app.database.db.select({ n: count() }).from(journalTransactions);
  return row?.n;
}

/** The spot ledger, whose settlements fail while `failing` is set, as a lost connection would make them. */
class TogglingLedger extends LedgerService {
  failing = false;
  constructor(app: TestApp) {
    super(new LedgerRepository(app.database.trading));
  }
  override settle<Row = never>(...args: Parameters<LedgerService['settle']>): Promise<Row[]> {
    if (this.failing) return Promise.reject(new Error('connection lost'));
    return super.settle<Row>(...args);
  }
}

/**
 * The spot ledger of a leader that pauses just before a settlement: once armed, another node takes the market
 * (its epoch raised, its lease left to lapse) before the settlement is written. Keeps what the database answered.
 */
class TakenOverLedger extends LedgerService {
  armed = false;
  readonly refusals: unknown[] = [];
  constructor(
    private readonly app: TestApp,
    private readonly name: string,
  ) {
    super(new LedgerRepository(app.database.trading));
  }
  override async settle<Row = never>(...args: Parameters<LedgerService['settle']>): Promise<Row[]> {
    if (this.armed) {
      this.armed = false;
      await rowsOf(
        this.app.database.db,
        sql`update leadership set epoch = epoch + 1, holder = 'node-elsewhere', expires_at = now()
          where name = ${this.name} returning epoch`,
      );
    }
    try {
      return await super.settle<Row>(...args);
    } catch (error) {
      this.refusals.push(error);
      throw error;
    }
  }
}

/*
 * The same over Redis, as nodes in separate processes reach each other: runs when REDIS_URL names a server, with
 * channels under a prefix of this run's own.
 */
onRedis('spot trading on several nodes over Redis', () => {
  it("sends an order to the market's leader through Redis and answers its result and its refusals", async () => {
    const symbol = marketOf().symbol;
    const prefix = testRedisPrefix();
    const url = process.env.REDIS_URL as string;
    const connections = await Promise.all([openRedis(url), openRedis(url)]);
    const buses: [ClusterBus, ClusterBus] = [
      new RedisBus(connections[0], prefix),
      new RedisBus(connections[1], prefix),
    ];
    const ledger = tradingLedgerOf(app);
    const [maker = 0, taker = 0] = await createUsers(app, 2);
    await deposit(ledger, maker, 'BTC', '1');
    await deposit(ledger, taker, 'USDT', '1000');
    const { first, second, stop } = await twoNodes(symbol, { buses });
    try {
      await first.sut.place(maker, limit(symbol, 'sell', '50000', '0.01'), null);
      const bid = await second.sut.place(taker, limit(symbol, 'buy', '50000', '0.01'), 'redis-bid');
      expect(bid).toMatchObject({ status: 'filled', filledSize: '0.01000000' });
      await expect(second.sut.place(taker, limit(symbol, 'buy', '50000', '1'), null)).rejects.toMatchObject({
        reason: 'insufficientBalance',
      });
      expect(await ordersOf(taker)).toHaveLength(1);
    } finally {
      await stop();
      await Promise.all(connections.map((redis) => redis.close()));
    }
  });
});
