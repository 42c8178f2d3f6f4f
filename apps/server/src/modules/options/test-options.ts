import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app';
import type { LeadershipName, Role } from '../../cluster/leadership';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { LedgerService } from '../ledger';
import { ledgerOf } from '../ledger/test-ledger';
import { RecordingPublisher } from '../spot/test-spot';
import { OptionOrdersRepository } from './option-orders.repository';
import { OptionProductsRepository } from './option-products.repository';
import { OptionSettlement } from './option-settlement';
import { OptionsService } from './options.service';

/*
 * Helpers for the options tests. Each test works on a product of its own, on a market of its own that the test
 * app's feed never prices, and holds the product's lease itself (epoch 1, for an hour), so that the app's own
 * owner neither records ticks nor settles there: the test records ticks and settles with the epoch it holds.
 */

export type OwnProduct = { productId: string; symbol: string; epoch: bigint };

/** A product of the test's own: `<tag>BTCUSDT`, periods of 60 s (0.85, cutoff 10 s) and 300 s (0.85, 30 s). */
export async function ownProductOf(
  db: Db,
  tag: string,
  settings: { staleSeconds?: number; maxOpenOrders?: number; maxDailyLoss?: string } = {},
): Promise<OwnProduct> {
  const base = `${tag}BTC`.toUpperCase();
  const symbol = `${base}USDT`;
  // Neither the ledger nor the markets module offers to create these: written as their migrations would.
  await db.execute(sql`insert into assets (code, precision) values (${base}, 8)`);
  await db.execute(sql`insert into markets (symbol, base, quote, tick_size, lot_size, min_notional, maker_fee,
    taker_fee, open, market_maker) values (${symbol}, ${base}, 'USDT', 0.01, 0.00001, 5, 0.001, 0.001, true, false)`);
  const [product] = await rowsOf<{ id: string }>(
    db,
    sql`insert into option_products (symbol, asset, open, max_open_orders, max_daily_loss, stale_seconds)
      values (${symbol}, 'USDT', true, ${settings.maxOpenOrders ?? 20}, ${settings.maxDailyLoss ?? '50000'},
        ${settings.staleSeconds ?? 10})
      returning id::text as id`,
  );
  if (!product) throw new Error('the test product was not stored');
  await db.execute(sql`insert into option_periods (product_id, seconds, payout_rate, min_stake, max_stake,
      buy_cutoff_seconds)
    values (${product.id}::bigint, 60, 0.85, 10, 10000, 10), (${product.id}::bigint, 300, 0.85, 10, 10000, 30)`);
  await db.execute(sql`insert into leadership (name, holder, epoch, expires_at)
    values (${`options:${product.id}`}, 'options-test', 1, now() + interval '1 hour')`);
  return { productId: product.id, symbol, epoch: 1n };
}

/** Another node takes the product over: its epoch grows, and writes naming the old one are refused. */
export async function takeOver(db: Db, product: OwnProduct): Promise<bigint> {
  const [row] = await rowsOf<{ epoch: string }>(
    db,
    sql`update leadership set epoch = epoch + 1, holder = 'options-test-next'
      where name = ${`options:${product.productId}`} returning epoch::text as epoch`,
  );
  if (!row) throw new Error('the test product has no lease');
  return BigInt(row.epoch);
}

/**
 * Records a tick of the product as its owner of `epoch`, then lets the clock pass a millisecond: the embedded
 * database's clock counts whole milliseconds, and two ticks recorded within one would share a time, so that "the
 * first tick strictly after" another could not be told from it (a real owner ticks a second apart).
 */
export async function tick(db: Db, product: OwnProduct, price: string, epoch = product.epoch) {
  const recorded = await new OptionOrdersRepository(db).recordTick(product.productId, price, epoch);
  await new Promise((resolve) => setTimeout(resolve, 2));
  return recorded;
}

/**
 * Stores an order as buying does (the row, and its stake moved from the user's spot account to the options pool),
 * with times the test names in SQL: acceptance and close at a recorded tick's time, or at any other moment.
 */
export async function storeOrder(
  db: Db,
  ledger: LedgerService,
  product: OwnProduct,
  order: {
    userId: number;
    direction: 'up' | 'down';
    amount: string;
    acceptedAt: ReturnType<typeof sql>;
    closeTime: ReturnType<typeof sql>;
    payoutRate?: string;
    /** The user's book: `demo` for a demo account's order (decision 0055). */
    book?: 'real' | 'demo';
  },
): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into option_orders (user_id, book, product_id, period_seconds, period_number, direction, amount,
        payout_rate, accepted_at, buy_cutoff_time, close_time)
      select ${order.userId}::int, ${order.book ?? 'real'}, ${product.productId}::bigint, 60, 1, ${order.direction}, ${order.amount}::numeric,
        ${order.payoutRate ?? '0.85'}::numeric, a.at, a.at, c.at
      from (select ${order.acceptedAt} as at) a, (select ${order.closeTime} as at) c
      returning id::text as id`,
  );
  if (!row) throw new Error('the test order was not stored');
  await ledger.execute({
    type: 'debit',
    kind: 'option_stake',
    to: 'options_pool',
    userId: order.userId,
    account: 'spot',
    asset: 'USDT',
    amount: order.amount,
    reference: `option-stake:${row.id}`,
    actor: `user:${order.userId}`,
  });
  return row.id;
}

/** The time a recorded tick has, as SQL. */
export const tickTime = (id: string) => sql`(select recorded_at from option_ticks where id = ${id}::bigint)`;

/** A leadership that hands the test the names it says, at once, with their epoch. */
export class GivenLeadership {
  readonly roles = new Map<LeadershipName, Role>();
  constructor(private readonly given: ReadonlyMap<LeadershipName, bigint> = new Map()) {}
  contend(name: LeadershipName, role: Role) {
    this.roles.set(name, role);
    const epoch = this.given.get(name);
    if (epoch !== undefined) void role.gained(epoch);
  }
}

/** An index a test ticks by hand; the markets it knows are the given symbols. */
export class FakeOptionMarkets {
  readonly listeners = new Set<(symbol: string, price: string) => void>();
  constructor(private readonly symbols: readonly string[]) {}
  market(symbol: string) {
    return this.symbols.includes(symbol) ? { symbol } : undefined;
  }
  onIndexPrice(listener: (symbol: string, price: string) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  tick(symbol: string, price: string) {
    for (const listener of this.listeners) listener(symbol, price);
  }
}

/** The options service over the test app's database, not started; its owner holds what `leadership` gives. */
export function optionsServiceOf(
  app: TestApp,
  options: {
    ledger?: LedgerService;
    markets?: FakeOptionMarkets;
    leadership?: GivenLeadership;
    settlementChunk?: number;
  } = {},
) {
  const ledger = options.ledger ?? ledgerOf(app);
  const publisher = new RecordingPublisher();
  const markets = options.markets ?? new FakeOptionMarkets(['BTCUSDT', 'ETHUSDT']);
  const sut = new OptionsService({
    products: new OptionProductsRepository(app.database.db),
    orders: new OptionOrdersRepository(app.database.db),
    ledger,
    markets,
    publisher,
    leadership: options.leadership ?? new GivenLeadership(),
    settlementChunk: options.settlementChunk,
    settleEveryMs: 3_600_000,
  });
  return { sut, ledger, publisher, markets };
}

/** A settlement of its own over the test app's database. */
export function settlementOf(app: TestApp, ledger: LedgerService, chunk?: number) {
  return new OptionSettlement(new OptionOrdersRepository(app.database.db), ledger, () => {}, chunk);
}

export const uniqueTag = () => `T${randomBytes(3).toString('hex').toUpperCase()}`;

/** An order as stored, for checks. */
export async function storedOrder(db: Db, id: string) {
  const [row] = await rowsOf<{
    status: string;
    outcome: string | null;
    rule: string | null;
    payout: string | null;
    profit: string | null;
    openTickId: string | null;
    closeTickId: string | null;
    payoutRate: string;
  }>(
    db,
    sql`select status, outcome, rule, payout::text as payout, profit::text as profit,
        open_tick_id::text as "openTickId", close_tick_id::text as "closeTickId", payout_rate::text as "payoutRate"
      from option_orders where id = ${id}::bigint`,
  );
  if (!row) throw new Error(`order ${id} is not stored`);
  return row;
}

/** How many journal transactions of a kind name one of these references. */
export async function journalCount(db: Db, kind: string, referencePrefix: string) {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from journal_transactions
      where kind = ${kind} and reference like ${`${referencePrefix}%`}`,
  );
  return row?.count ?? 0;
}
