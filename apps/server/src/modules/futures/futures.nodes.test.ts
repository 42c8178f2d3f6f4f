import { channelName, channels, placeFuturesOrderBody } from '@kestrel/contract';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../test/database';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { LocalBus } from '../../cluster/bus';
import { refusedByFence } from '../../cluster/fence';
import { LedgerRepository, LedgerService } from '../ledger';
import { balanceOf, createUsers, deposit, tradingLedgerOf } from '../ledger/test-ledger';
import { nodeOf, until } from '../spot/test-spot';
import { futuresOrders, futuresPositions, futuresTrades } from './futures.schema';
import { ownPerpetualOf } from './test-futures';
import { FakeIndex, FakeTickers, futuresServiceOf } from './test-futures-orders';

/*
 * Two nodes on one database (decisions 0044 and 0046): each runs a futures service, they share a bus, and the
 * ownership of the perpetual (`futures:<symbol>`) is contended for in PostgreSQL with short leases. Each test
 * trades a perpetual of its own, which the test app's own service does not know, since leases outlive the nodes
 * that held them; and users of its own.
 */

let app: TestApp;
let seq = 0;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

type Action = 'openLong' | 'openShort' | 'closeLong' | 'closeShort';
const limit = (symbol: string, action: Action, price: string, size: string) =>
  placeFuturesOrderBody.parse({ symbol, action, type: 'limit', price, size });

/**
 * Two nodes for a perpetual of the test's own: the first owns it, the second waits. They hear one index and one
 * mark price (50000), as every node hears the owner's.
 */
async function twoNodes(options: { first?: LedgerService } = {}) {
  seq += 1;
  const markets = await ownPerpetualOf(app.database.db, `N${seq}`);
  const [perpetual] = markets.all();
  if (!perpetual) throw new Error('the perpetual was not created');
  const { symbol } = perpetual;
  const bus = new LocalBus();
  const tickers = new FakeTickers();
  tickers.move(symbol, '50000');
  const index = new FakeIndex({ [symbol]: '50000' });
  const node = () => nodeOf(app, { alone: false, bus, leaseMs: 600 });
  const first = await futuresServiceOf(app, { markets, tickers, index, node: node(), ledger: options.first });
  await until(() => first.sut.serves(symbol), 'the first node owns the perpetual');
  const second = await futuresServiceOf(app, { markets, tickers, index, node: node() });
  expect(second.sut.serves(symbol)).toBe(false);
  const stop = async () => {
    for (const each of [first, second]) {
      await each.node.leadership.stop();
      await each.sut.stop();
    }
  };
  return { symbol, first, second, stop };
}

async function fundedUsers(ledger: LedgerService, count: number) {
  const ids = await createUsers(app, count);
  for (const id of ids) await deposit(ledger, id, 'USDT', '10000', 'futures');
  return ids;
}

async function ordersOf(userId: number) {
  return app.database.db
    .select()
    .from(futuresOrders)
    .where(eq(futuresOrders.userId, userId))
    .orderBy(futuresOrders.id);
}

async function positionRowsOf(userIds: number[]) {
  return app.database.db
    .select()
    .from(futuresPositions)
    .where(inArray(futuresPositions.userId, userIds))
    .orderBy(futuresPositions.id);
}

async function orderCount(symbol: string) {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(futuresOrders)
    .where(eq(futuresOrders.symbol, symbol));
  return row?.n;
}

async function tradeCount(symbol: string) {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(futuresTrades)
    .where(eq(futuresTrades.symbol, symbol));
  return row?.n;
}

/** The journal's transactions, as the ledger's own check counts them. */
async function journalCount() {
  return (await new LedgerService(new LedgerRepository(app.database.db)).check()).counts.transactions;
}

describe('futures trading on several nodes', () => {
  it("sends an order placed on another node to the perpetual's owner, which stores it once, matches it and answers", async () => {
    const ledger = tradingLedgerOf(app);
    const [short = 0, long = 0] = await fundedUsers(ledger, 2);
    const { symbol, first, second, stop } = await twoNodes();
    const name = `futures:${symbol}`;

    const ask = await second.sut.place(short, limit(symbol, 'openShort', '50000', '0.1'), 'nodes-short');
    expect(ask).toMatchObject({ symbol, status: 'open', filledSize: '0' });
    const bid = await first.sut.place(long, limit(symbol, 'openLong', '50000', '0.1'), 'nodes-long');
    expect(bid).toMatchObject({ symbol, status: 'filled', filledSize: '0.1' });

    // The same reference again, on the other node, is the same order.
    const again = await second.sut.place(short, limit(symbol, 'openShort', '50000', '0.1'), 'nodes-short');
    expect(again).toMatchObject({ id: ask.id, status: 'filled', filledSize: '0.1' });
    const epoch = first.node.leadership.epochOf(name);
    expect(epoch).toBeDefined();
    expect(second.node.leadership.epochOf(name)).toBeUndefined();
    for (const user of [short, long]) {
      const stored = await ordersOf(user);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ status: 'filled', epoch });
    }
    expect(await tradeCount(symbol)).toBe(1);

    // The owner's refusals come back through the bus as the same errors, and store nothing.
    await expect(
      second.sut.place(long, limit(symbol, 'openLong', '50000.001', '0.1'), null),
    ).rejects.toMatchObject({ reason: 'orderPriceNotOnTick', params: { tick: { quantity: '0.01' } } });
    await expect(
      second.sut.place(long, limit(symbol, 'openLong', '50000', '10'), null),
    ).rejects.toMatchObject({ reason: 'insufficientBalance' });
    expect(await orderCount(symbol)).toBe(2);

    // Both positions, as either node reads them.
    for (const node of [first, second]) {
      expect(await node.sut.positions(long)).toEqual([
        expect.objectContaining({ symbol, side: 'long', size: '0.1', entryPrice: '50000', margin: '500' }),
      ]);
      expect(await node.sut.positions(short)).toEqual([
        expect.objectContaining({ symbol, side: 'short', size: '0.1', entryPrice: '50000', margin: '500' }),
      ]);
    }
    // A taker fee of 2.5 and a maker fee of 1, at 0.05 % and 0.02 % of 5000.
    expect(await balanceOf(ledger, long, 'futures', 'USDT')).toEqual({
      available: '9497.500000',
      frozen: '500.000000',
    });
    expect(await balanceOf(ledger, short, 'futures', 'USDT')).toEqual({
      available: '9499.000000',
      frozen: '500.000000',
    });

    // The owner published the trade and has the book; the other node answers reads all the same.
    const trades = channelName(channels.futuresTrades, { symbol });
    expect(first.publisher.published.some((frame) => frame.channel === trades)).toBe(true);
    expect(second.publisher.published).toEqual([]);
    expect(await second.sut.depth(symbol, 5)).toEqual(await first.sut.depth(symbol, 5));
    expect(first.sut.snapshot(`futuresDepth:${symbol}`)).toMatchObject({ bids: [], asks: [] });
    expect(second.sut.snapshot(`futuresDepth:${symbol}`)).toBeUndefined();
    await stop();
    expect((await ledger.check()).problems).toEqual([]);
  });

  it('hands the perpetual to the other node when its owner stops, which rebuilds the book and trades on, losing and doubling nothing', async () => {
    const ledger = tradingLedgerOf(app);
    const [short = 0, long = 0, later = 0] = await fundedUsers(ledger, 3);
    const { symbol, first, second, stop } = await twoNodes();
    const name = `futures:${symbol}`;

    const ask = await first.sut.place(short, limit(symbol, 'openShort', '50000', '0.2'), 'failover-short');
    const bid = await second.sut.place(long, limit(symbol, 'openLong', '50000', '0.1'), 'failover-long');
    expect(bid.status).toBe('filled');
    const ordersBefore = [...(await ordersOf(short)), ...(await ordersOf(long))];
    expect(ordersBefore.map((row) => row.status)).toEqual(['partially_filled', 'filled']);
    const positionsBefore = await positionRowsOf([short, long]);
    const balancesBefore = await Promise.all(
      [short, long].map((user) => balanceOf(ledger, user, 'futures', 'USDT')),
    );
    const firstEpoch = first.node.leadership.epochOf(name) ?? 0n;

    // The owner shuts down and hands the perpetual over.
    await first.node.leadership.stop();
    await first.sut.stop();
    await until(() => second.sut.serves(symbol), 'the second node owns the perpetual');
    expect(first.sut.serves(symbol)).toBe(false);
    expect(second.node.leadership.epochOf(name)).toBe(firstEpoch + 1n);

    // The new owner's book is the database's: the rest of the short rests, nothing was matched or written again.
    expect(await second.sut.depth(symbol, 5)).toMatchObject({ bids: [], asks: [['50000.00', '0.10000']] });
    expect([...(await ordersOf(short)), ...(await ordersOf(long))]).toEqual(ordersBefore);
    expect(await positionRowsOf([short, long])).toEqual(positionsBefore);
    expect(await tradeCount(symbol)).toBe(1);
    expect(
      await Promise.all([short, long].map((user) => balanceOf(ledger, user, 'futures', 'USDT'))),
    ).toEqual(balancesBefore);

    // It trades on: the rest of the short fills, once.
    const taken = await second.sut.place(later, limit(symbol, 'openLong', '50000', '0.1'), 'failover-later');
    expect(taken).toMatchObject({ status: 'filled', filledSize: '0.1' });
    expect((await second.sut.orders(short, { state: 'history', limit: 5 })).items).toEqual([
      expect.objectContaining({ id: ask.id, status: 'filled', filledSize: '0.2' }),
    ]);
    expect((await ordersOf(later))[0]?.epoch).toBe(firstEpoch + 1n);
    expect(await orderCount(symbol)).toBe(3);
    expect(await tradeCount(symbol)).toBe(2);
    expect((await second.sut.depth(symbol, 5)).asks).toEqual([]);
    expect(await second.sut.positions(short)).toEqual([
      expect.objectContaining({ side: 'short', size: '0.2', margin: '1000' }),
    ]);
    for (const user of [long, later]) {
      expect(await second.sut.positions(user)).toEqual([
        expect.objectContaining({ side: 'long', size: '0.1', margin: '500' }),
      ]);
    }
    // Two maker fees of 1 for the short; a taker fee of 2.5 for each long.
    expect(await balanceOf(ledger, short, 'futures', 'USDT')).toEqual({
      available: '8998.000000',
      frozen: '1000.000000',
    });
    for (const user of [long, later]) {
      expect(await balanceOf(ledger, user, 'futures', 'USDT')).toEqual({
        available: '9497.500000',
        frozen: '500.000000',
      });
    }
    await stop();
    expect((await ledger.check()).problems).toEqual([]);
  });

  it('refuses the settlement of an owner whose perpetual was taken over, and writes nothing of it', async () => {
    const ledger = tradingLedgerOf(app);
    const [short = 0, long = 0] = await fundedUsers(ledger, 2);
    const taken = new TakenOverLedger(app);
    const { symbol, first, second, stop } = await twoNodes({ first: taken });
    const name = `futures:${symbol}`;
    const ask = await first.sut.place(short, limit(symbol, 'openShort', '50000', '0.1'), 'fence-short');
    const [askBefore] = await ordersOf(short);
    const journalBefore = await journalCount();

    // Between storing the long and settling its trade, another node takes the perpetual, as after a pause.
    taken.armFor(name);
    const bid = await first.sut.place(long, limit(symbol, 'openLong', '50000', '0.1'), 'fence-long');
    // The deposed node owns the perpetual no more.
    expect(first.sut.serves(symbol)).toBe(false);

    expect(taken.refusals).toHaveLength(1);
    expect(refusedByFence(taken.refusals[0])).toBe(true);
    expect(taken.refusals[0]).toMatchObject({ cause: { code: 'KF001' } });
    // The long was stored before the takeover and is answered as stored, for the next owner to match.
    expect(bid.status).toBe('new');
    expect(await tradeCount(symbol)).toBe(0);
    expect(await journalCount()).toBe(journalBefore);
    expect(await ordersOf(short)).toEqual([askBefore]);
    expect((await positionRowsOf([short, long])).map((row) => row.size)).toEqual([
      '0.000000000000000000',
      '0.000000000000000000',
    ]);
    // Its cost stays frozen: the initial margin of 500 and the taker fee of 2.5.
    expect(await balanceOf(ledger, long, 'futures', 'USDT')).toEqual({
      available: '9497.500000',
      frozen: '502.500000',
    });

    // The lease the takeover left lapses; whichever node owns the perpetual next matches the long once.
    await until(
      () => first.sut.serves(symbol) || second.sut.serves(symbol),
      'a node owns the perpetual again',
    );
    const owner = first.sut.serves(symbol) ? first : second;
    expect((await ordersOf(long))[0]).toMatchObject({
      status: 'filled',
      epoch: owner.node.leadership.epochOf(name),
    });
    expect((await ordersOf(short))[0]).toMatchObject({ id: BigInt(ask.id), status: 'filled' });
    expect(await tradeCount(symbol)).toBe(1);
    expect(await owner.sut.positions(long)).toEqual([
      expect.objectContaining({ side: 'long', size: '0.1', margin: '500' }),
    ]);
    await stop();
    expect((await ledger.check()).problems).toEqual([]);
  });
});

/**
 * The futures ledger of an owner that pauses just before a settlement: once armed, it lets one batch through (the
 * order's storing), then another node takes the perpetual (its epoch raised, its lease left to lapse) before the
 * next batch (the trade's settlement) is written. Keeps what the database answered.
 */
class TakenOverLedger extends LedgerService {
  private name: string | undefined;
  private passing = 0;
  readonly refusals: unknown[] = [];
  constructor(private readonly app: TestApp) {
    super(new LedgerRepository(app.database.trading));
  }
  armFor(name: string) {
    this.name = name;
    this.passing = 1;
  }
  override async batch<T>(work: Parameters<LedgerService['batch']>[0]): Promise<T> {
    if (this.name !== undefined) {
      if (this.passing > 0) {
        this.passing -= 1;
      } else {
        await rowsOf(
          this.app.database.db,
          sql`update leadership set epoch = epoch + 1, holder = 'node-elsewhere', expires_at = now()
            where name = ${this.name} returning epoch`,
        );
        this.name = undefined;
      }
    }
    try {
      return (await super.batch(work)) as T;
    } catch (error) {
      this.refusals.push(error);
      throw error;
    }
  }
}
