import type { PlaceOrderBody } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase, until } from '../../../test/scratch-database';
import { LocalBus } from '../../cluster/bus';
import { PostgresLeadership } from '../../cluster/postgres-leadership';
import type { Database } from '../../db/client';
import { MarketMakerRepository } from '../auth/market-maker-account.repository';
import { LedgerRepository } from '../ledger/ledger.repository';
import { LedgerService } from '../ledger/ledger.service';
import { balanceOf } from '../ledger/test-ledger';
import { MARKET_MAKER_JOB, MarketMaker, type MarketMakerOrders } from './market-maker';
import { BTC, FakeMarkets, FakeOrders, SETTINGS } from './test-maker';

/*
 * The maker on two nodes sharing one database, one bus and one book (the spot service forwards every node's
 * orders to the market's owner): only the leader of its job quotes.
 */

/** One node's way to the shared book, remembering the orders this node placed. */
class NodeOrders implements MarketMakerOrders {
  readonly placed = new Set<string>();
  constructor(private readonly book: FakeOrders) {}
  async place(userId: number, body: PlaceOrderBody, reference: string) {
    const order = await this.book.place(userId, body, reference);
    this.placed.add(order.id);
    return order;
  }
  cancel(userId: number, orderId: string) {
    return this.book.cancel(userId, orderId);
  }
  cancelAll(userId: number, symbol?: string) {
    return this.book.cancelAll(userId, symbol);
  }
  openOrders(userId: number, symbol?: string) {
    return this.book.openOrders(userId, symbol);
  }
}

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await scratchDatabase());
});
afterAll(async () => drop());

describe('the market-maker job on two nodes', () => {
  it('quotes on its leader only, hands over to the other node, and is funded once', async () => {
    const bus = new LocalBus();
    const markets = new FakeMarkets([BTC]);
    markets.prices.set('BTCUSDT', '50000.00');
    const book = new FakeOrders();
    const ledger = new LedgerService(new LedgerRepository(database.db));
    const nodeOf = (nodeId: string) => {
      // A lease long enough never to lapse under a slow run: the job changes hands because its holder stops.
      const leadership = new PostgresLeadership({
        db: database.db,
        nodeId,
        alone: false,
        bus,
        leaseMs: 5000,
        tickMs: 50,
      });
      const orders = new NodeOrders(book);
      const maker = new MarketMaker({
        repository: new MarketMakerRepository(database.db),
        ledger,
        markets,
        orders,
        settings: SETTINGS,
        log: { info: () => {}, warn: () => {}, error: () => {} },
        leadership,
      });
      return { leadership, orders, maker };
    };
    const first = nodeOf('node-a');
    const second = nodeOf('node-b');
    await first.maker.start();
    await second.maker.start();
    await first.leadership.start();
    await second.leadership.start();
    expect(first.leadership.epochOf(MARKET_MAKER_JOB)).toBe(1n);
    await first.maker.idle();

    expect(book.book()).toMatchObject({ bids: { length: 3 }, asks: { length: 3 } });
    expect(first.orders.placed.size).toBe(6);
    expect(second.orders.placed.size).toBe(0);
    expect(second.maker.user).toBeUndefined();

    // A new index moves the leader's quotes; the other node, not leading, does nothing with it.
    markets.tick('BTCUSDT', '50100.00');
    await first.maker.idle();
    expect(second.orders.placed.size).toBe(0);

    // The leader stops: its quotes are cancelled and the other node quotes from then on.
    await first.leadership.stop();
    await until(() => second.orders.placed.size === 6, 'the second node quotes');
    await second.maker.idle();
    const resting = await book.openOrders(second.maker.user as number);
    expect(resting).toHaveLength(6);
    expect(resting.every((order) => second.orders.placed.has(order.id))).toBe(true);

    const userId = second.maker.user as number;
    expect(first.maker.user).toBe(userId);
    await second.leadership.stop();
    expect(await book.openOrders(userId)).toEqual([]);

    // Funded once whichever node quoted: 1,000,000 USDT, and 100,000 USDT of BTC at the first index, 50,000.
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toEqual({
      available: '1000000.000000',
      frozen: '0.000000',
    });
    expect(await balanceOf(ledger, userId, 'spot', 'BTC')).toEqual({
      available: '2.00000000',
      frozen: '0.00000000',
    });
  });
});
