import type { LedgerBook } from '@kestrel/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/*
 * Every SQL statement of option orders and recorded ticks. Times that decide an outcome are compared in the
 * database, or in microseconds since the epoch (`micros`) where the settlement compares them itself: a JavaScript
 * Date keeps milliseconds, and a tick a few microseconds after an acceptance is after it.
 */

/** A recorded tick; `micros` is its time in microseconds since the epoch. */
export type TickRow = { id: string; price: string; recordedAt: Date; micros: bigint };

/** An order as its views need it: its own row, its product's symbol and asset, its open and close ticks. */
export type OrderViewRow = {
  id: string;
  userId: number;
  productId: string;
  symbol: string;
  asset: string;
  periodSeconds: number;
  periodNumber: number;
  direction: 'up' | 'down';
  amount: string;
  payoutRate: string;
  acceptedAt: Date;
  buyCutoffTime: Date;
  closeTime: Date;
  status: 'open' | 'settled';
  outcome: string | null;
  rule: string | null;
  payout: string | null;
  profit: string | null;
  settledAt: Date | null;
  openTickId: string | null;
  openPrice: string | null;
  openTime: Date | null;
  closeTickId: string | null;
  closePrice: string | null;
  closeTickTime: Date | null;
};

/** A round with open orders whose close has passed, and whether it may be settled now. */
export type DueRound = {
  periodSeconds: number;
  closeTime: Date;
  /** The close as PostgreSQL writes it, to the microsecond: what the round's queries compare with. */
  closeAt: string;
  closeMicros: bigint;
  ready: boolean;
};

/** An open order of a round being settled. */
export type SettlingOrder = {
  id: string;
  userId: number;
  book: LedgerBook;
  direction: 'up' | 'down';
  amount: string;
  payoutRate: string;
  acceptedMicros: bigint;
};

/** What the settlement decided for one order. */
export type OrderSettlement = {
  id: string;
  outcome: string;
  rule: string;
  openTickId: string | null;
  payout: string;
  profit: string;
};

/** A user's standing on a product when buying: orders open, their stakes, and today's settled losses. */
export type UserStanding = { openOrders: number; openStakes: string; lossesToday: string };

export type NewOptionOrder = {
  userId: number;
  book: LedgerBook;
  productId: string;
  periodSeconds: number;
  periodNumber: number;
  direction: 'up' | 'down';
  amount: string;
  payoutRate: string;
  buyCutoffTime: Date;
  closeTime: Date;
};

const micros = (column: SQL) => sql`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** A PostgreSQL array literal of plain values (ids, decimals, words): one parameter whatever its length. */
const arrayOf = (values: readonly (string | number | null)[]) =>
  `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;

// Output columns are named as the views read them (`id` is text): ORDER BY names the table's columns.
const VIEW_COLUMNS = sql`o.id::text as "id", o.user_id as "userId", o.product_id::text as "productId",
  p.symbol, p.asset, o.period_seconds as "periodSeconds", o.period_number::int as "periodNumber", o.direction,
  o.amount::text as "amount", o.payout_rate::text as "payoutRate", o.accepted_at as "acceptedAt",
  o.buy_cutoff_time as "buyCutoffTime", o.close_time as "closeTime", o.status, o.outcome, o.rule,
  o.payout::text as "payout", o.profit::text as "profit", o.settled_at as "settledAt",
  ot.id::text as "openTickId", ot.price::text as "openPrice", ot.recorded_at as "openTime",
  ct.id::text as "closeTickId", ct.price::text as "closePrice", ct.recorded_at as "closeTickTime"`;

// Until settled, an order's open tick is found at read time: the first recorded strictly after its acceptance
// and at or before its close.
const VIEW_FROM = sql`option_orders o
  join option_products p on p.id = o.product_id
  left join lateral (
    select t.id, t.price, t.recorded_at from option_ticks t
    where o.status = 'settled' and t.id = o.open_tick_id
    union all
    (select t.id, t.price, t.recorded_at from option_ticks t
      where o.status = 'open' and t.product_id = o.product_id and t.recorded_at > o.accepted_at
        and t.recorded_at <= o.close_time
      order by t.recorded_at, t.id limit 1)
  ) ot on true
  left join option_ticks ct on ct.id = o.close_tick_id`;

function viewRowOf(row: OrderViewRow): OrderViewRow {
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    ...row,
    acceptedAt: new Date(row.acceptedAt),
    buyCutoffTime: new Date(row.buyCutoffTime),
    closeTime: new Date(row.closeTime),
    settledAt: date(row.settledAt),
    openTime: date(row.openTime),
    closeTickTime: date(row.closeTickTime),
  };
}

function tickRowOf(row: { id: string; price: string; recordedAt: Date | string; micros: string }): TickRow {
  return { id: row.id, price: row.price, recordedAt: new Date(row.recordedAt), micros: BigInt(row.micros) };
}

export class OptionOrdersRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction, with a repository over it. */
  transaction<T>(work: (repository: OptionOrdersRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new OptionOrdersRepository(tx), tx));
  }

  /** The same statements on another connection (a ledger batch's transaction). */
  on(db: Db): OptionOrdersRepository {
    return new OptionOrdersRepository(db);
  }

  /** The database's clock: every time that decides an outcome is the database's. */
  async now(): Promise<Date> {
    const [row] = await rowsOf<{ now: Date | string }>(this.db, sql`select clock_timestamp() as now`);
    return new Date(row?.now ?? Date.now());
  }

  /** Serialises one user's buying until the end of the transaction, so that caps are checked atomically. */
  async lockUser(userId: number): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext('options:user'), ${userId}::int)`);
  }

  async standingOf(userId: number, productId: string): Promise<UserStanding> {
    const [row] = await rowsOf<{ openOrders: number; openStakes: string; lossesToday: string }>(
      this.db,
      sql`select
        (select count(*)::int from option_orders
          where user_id = ${userId} and product_id = ${productId}::bigint and status = 'open') as "openOrders",
        (select coalesce(sum(amount), 0)::text from option_orders
          where user_id = ${userId} and product_id = ${productId}::bigint and status = 'open') as "openStakes",
        (select coalesce(sum(-profit), 0)::text from option_orders
          where user_id = ${userId} and product_id = ${productId}::bigint and status = 'settled' and profit < 0
            and settled_at >= date_trunc('day', clock_timestamp() at time zone 'UTC') at time zone 'UTC')
          as "lossesToday"`,
    );
    return row ?? { openOrders: 0, openStakes: '0', lossesToday: '0' };
  }

  /**
   * Stores an order accepted now, by the database's clock, if buying for its round is still open then; undefined
   * when the cutoff passed between reading the clock and the insert.
   */
  async insertOrder(order: NewOptionOrder): Promise<{ id: string } | undefined> {
    const [row] = await rowsOf<{ id: string }>(
      this.db,
      sql`insert into option_orders (user_id, book, product_id, period_seconds, period_number, direction, amount,
          payout_rate, buy_cutoff_time, close_time)
        select ${order.userId}::int, ${order.book}::text, ${order.productId}::bigint, ${order.periodSeconds}::int,
          ${order.periodNumber}::bigint, ${order.direction}::text, ${order.amount}::numeric,
          ${order.payoutRate}::numeric, ${order.buyCutoffTime.toISOString()}::timestamptz,
          ${order.closeTime.toISOString()}::timestamptz
        where clock_timestamp() < ${order.buyCutoffTime.toISOString()}::timestamptz
        returning id::text as id`,
    );
    return row;
  }

  async findOrder(id: string): Promise<OrderViewRow | undefined> {
    const [row] = await rowsOf<OrderViewRow>(
      this.db,
      sql`select ${VIEW_COLUMNS} from ${VIEW_FROM} where o.id = ${id}::bigint`,
    );
    return row && viewRowOf(row);
  }

  async ordersByIds(ids: readonly string[]): Promise<OrderViewRow[]> {
    if (ids.length === 0) return [];
    const rows = await rowsOf<OrderViewRow>(
      this.db,
      sql`select ${VIEW_COLUMNS} from ${VIEW_FROM} where o.id = any(${arrayOf(ids)}::bigint[]) order by o.id`,
    );
    return rows.map(viewRowOf);
  }

  /** A user's orders, open or settled, newest first, before the order `before` when paging. */
  async listOrders(query: {
    userId: number;
    state: 'open' | 'settled';
    productId?: string;
    before?: bigint;
    limit: number;
  }): Promise<OrderViewRow[]> {
    const product =
      query.productId === undefined ? sql`` : sql`and o.product_id = ${query.productId}::bigint`;
    const before = query.before === undefined ? sql`` : sql`and o.id < ${String(query.before)}::bigint`;
    const rows = await rowsOf<OrderViewRow>(
      this.db,
      sql`select ${VIEW_COLUMNS} from ${VIEW_FROM}
        where o.user_id = ${query.userId} and o.status = ${query.state} ${product} ${before}
        order by o.id desc limit ${query.limit}`,
    );
    return rows.map(viewRowOf);
  }

  // ---- Ticks ----

  /** Records an index tick of a product as its owner of `epoch`: refused by the fence for a deposed owner. */
  async recordTick(productId: string, price: string, epoch: bigint): Promise<TickRow> {
    const [row] = await rowsOf<{ id: string; price: string; recordedAt: Date; micros: string }>(
      this.db,
      sql`insert into option_ticks (product_id, price, epoch)
        values (${productId}::bigint, ${price}::numeric, ${String(epoch)}::bigint)
        returning id::text as id, price::text as price, recorded_at as "recordedAt", ${micros(sql`recorded_at`)} as micros`,
    );
    if (!row) throw new Error('a recorded tick was not returned');
    return tickRowOf(row);
  }

  async tick(id: string): Promise<TickRow | undefined> {
    const [row] = await rowsOf<{ id: string; price: string; recordedAt: Date; micros: string }>(
      this.db,
      sql`select id::text as id, price::text as price, recorded_at as "recordedAt", ${micros(sql`recorded_at`)} as micros
        from option_ticks where id = ${id}::bigint`,
    );
    return row && tickRowOf(row);
  }

  /** The latest tick of each product, with the database's clock. */
  async latestTicks(): Promise<{ now: Date; ticks: Map<string, TickRow> }> {
    const rows = await rowsOf<{
      productId: string;
      id: string | null;
      price: string | null;
      recordedAt: Date | null;
      micros: string | null;
      now: Date;
    }>(
      this.db,
      sql`select p.id::text as "productId", t.id::text as id, t.price::text as price, t.recorded_at as "recordedAt",
          ${micros(sql`t.recorded_at`)} as micros, clock_timestamp() as now
        from option_products p
        left join lateral (
          select id, price, recorded_at from option_ticks where product_id = p.id
          order by recorded_at desc, id desc limit 1
        ) t on true`,
    );
    const ticks = new Map<string, TickRow>();
    let now = new Date();
    for (const row of rows) {
      now = new Date(row.now);
      if (row.id !== null && row.price !== null && row.recordedAt !== null && row.micros !== null) {
        ticks.set(
          row.productId,
          tickRowOf({ id: row.id, price: row.price, recordedAt: row.recordedAt, micros: row.micros }),
        );
      }
    }
    if (rows.length === 0) now = await this.now();
    return { now, ticks };
  }

  /** Ticks of a product, oldest first: those after `after`, or the latest `limit`. */
  async ticks(productId: string, after: string | undefined, limit: number): Promise<TickRow[]> {
    const columns = sql`id::text as id, price::text as price, recorded_at as "recordedAt", ${micros(sql`recorded_at`)} as micros`;
    const rows = await rowsOf<{ id: string; price: string; recordedAt: Date; micros: string }>(
      this.db,
      after === undefined
        ? sql`select * from (select ${columns} from option_ticks where product_id = ${productId}::bigint
            order by option_ticks.recorded_at desc, option_ticks.id desc limit ${limit}) latest order by "recordedAt", id::bigint`
        : sql`select ${columns} from option_ticks where product_id = ${productId}::bigint and id > ${after}::bigint
            order by option_ticks.id limit ${limit}`,
    );
    return rows.map(tickRowOf);
  }

  /** The last tick at or before `at`. */
  async lastTickAtOrBefore(productId: string, at: string): Promise<TickRow | undefined> {
    const [row] = await rowsOf<{ id: string; price: string; recordedAt: Date; micros: string }>(
      this.db,
      sql`select id::text as id, price::text as price, recorded_at as "recordedAt", ${micros(sql`recorded_at`)} as micros
        from option_ticks where product_id = ${productId}::bigint and recorded_at <= ${at}::timestamptz
        order by option_ticks.recorded_at desc, option_ticks.id desc limit 1`,
    );
    return row && tickRowOf(row);
  }

  /** Ticks recorded strictly after `afterMicros` and at or before `upTo`, oldest first. */
  async ticksBetween(productId: string, afterMicros: bigint, upTo: string): Promise<TickRow[]> {
    const rows = await rowsOf<{ id: string; price: string; recordedAt: Date; micros: string }>(
      this.db,
      sql`select id::text as id, price::text as price, recorded_at as "recordedAt", ${micros(sql`recorded_at`)} as micros
        from option_ticks where product_id = ${productId}::bigint
          and recorded_at > to_timestamp(${String(afterMicros)}::numeric / 1000000) - interval '1 second'
          and ${micros(sql`recorded_at`)}::bigint > ${String(afterMicros)}::bigint
          and recorded_at <= ${upTo}::timestamptz
        order by option_ticks.recorded_at, option_ticks.id`,
    );
    return rows.map(tickRowOf);
  }

  // ---- Settlement ----

  /**
   * Rounds of a product with open orders whose close has passed. One is ready once a tick after its close is
   * visible (the owner writes ticks one at a time, so none at or before the close can still appear), or once its
   * close is older than the staleness window (no tick came: the round is void).
   */
  async dueRounds(productId: string, staleSeconds: number): Promise<DueRound[]> {
    const rows = await rowsOf<{
      periodSeconds: number;
      closeTime: Date;
      closeAt: string;
      closeMicros: string;
      ready: boolean;
    }>(
      this.db,
      sql`select r.period_seconds as "periodSeconds", r.close_time as "closeTime", r.close_time::text as "closeAt",
          ${micros(sql`r.close_time`)} as "closeMicros",
          (exists (select 1 from option_ticks t where t.product_id = ${productId}::bigint and t.recorded_at > r.close_time)
            or clock_timestamp() > r.close_time + make_interval(secs => ${staleSeconds}::int)) as ready
        from (select distinct period_seconds, close_time from option_orders
          where product_id = ${productId}::bigint and status = 'open' and close_time <= clock_timestamp()) r
        order by r.close_time, r.period_seconds`,
    );
    return rows.map((row) => ({
      periodSeconds: row.periodSeconds,
      closeTime: new Date(row.closeTime),
      closeAt: row.closeAt,
      closeMicros: BigInt(row.closeMicros),
      ready: row.ready,
    }));
  }

  /** The next open orders of a round, in id order. */
  async openOrdersOf(
    productId: string,
    periodSeconds: number,
    closeAt: string,
    /** Orders after this id only (keyset paging); '0' for the first chunk. */
    afterId: string,
    limit: number,
  ): Promise<SettlingOrder[]> {
    const rows = await rowsOf<SettlingOrder & { acceptedMicros: string }>(
      this.db,
      sql`select id::text as id, user_id as "userId", book, direction, amount::text as amount,
          payout_rate::text as "payoutRate", ${micros(sql`accepted_at`)} as "acceptedMicros"
        from option_orders
        where product_id = ${productId}::bigint and close_time = ${closeAt}::timestamptz
          and period_seconds = ${periodSeconds}::int and status = 'open' and id > ${afterId}::bigint
        order by option_orders.id limit ${limit}`,
    );
    return rows.map((row) => ({ ...row, acceptedMicros: BigInt(row.acceptedMicros) }));
  }

  /**
   * Settles orders in one statement, only those still open, with the owner's epoch (the fence refuses the whole
   * statement for a deposed owner). Answers the ids it settled, with their users.
   */
  async settle(
    settlements: readonly OrderSettlement[],
    closeTickId: string | null,
    epoch: bigint,
  ): Promise<Array<{ id: string; userId: number }>> {
    if (settlements.length === 0) return [];
    const column = <K extends keyof OrderSettlement>(key: K) => arrayOf(settlements.map((each) => each[key]));
    return rowsOf<{ id: string; userId: number }>(
      this.db,
      sql`update option_orders o set status = 'settled', outcome = v.outcome, rule = v.rule,
          open_tick_id = v.open_tick_id, close_tick_id = ${closeTickId}::bigint, payout = v.payout,
          profit = v.profit, settled_at = clock_timestamp(), epoch = ${String(epoch)}::bigint
        from unnest(${column('id')}::bigint[], ${column('outcome')}::text[], ${column('rule')}::text[],
          ${column('openTickId')}::bigint[], ${column('payout')}::numeric[], ${column('profit')}::numeric[])
          as v(id, outcome, rule, open_tick_id, payout, profit)
        where o.id = v.id and o.status = 'open'
        returning o.id::text as id, o.user_id as "userId"`,
    );
  }

  /** How many orders demo accounts placed since a moment (the back office counts them apart). */
  async demoOrdersSince(since: Date): Promise<number> {
    const [row] = await rowsOf<{ orders: number }>(
      this.db,
      sql`select count(*)::int as orders from option_orders
        where book = 'demo' and accepted_at >= ${since.toISOString()}::timestamptz`,
    );
    return row?.orders ?? 0;
  }

  // ---- Exposure ----

  /** Per open round: orders, stakes on up and down, and what each way of ending pays (rounded down per order). */
  async openRounds(places: number): Promise<
    Array<{
      productId: string;
      symbol: string;
      periodSeconds: number;
      periodNumber: number;
      closeTime: Date;
      orders: number;
      upStake: string;
      downStake: string;
      upPays: string;
      downPays: string;
    }>
  > {
    const rows = await rowsOf<{
      productId: string;
      symbol: string;
      periodSeconds: number;
      periodNumber: number;
      closeTime: Date;
      orders: number;
      upStake: string;
      downStake: string;
      upPays: string;
      downPays: string;
    }>(
      this.db,
      sql`select o.product_id::text as "productId", p.symbol, o.period_seconds as "periodSeconds",
          o.period_number::int as "periodNumber", o.close_time as "closeTime", count(*)::int as orders,
          coalesce(sum(o.amount) filter (where o.direction = 'up'), 0)::text as "upStake",
          coalesce(sum(o.amount) filter (where o.direction = 'down'), 0)::text as "downStake",
          coalesce(sum(trunc(o.amount * (1 + o.payout_rate), ${places}::int)) filter (where o.direction = 'up'), 0)::text
            as "upPays",
          coalesce(sum(trunc(o.amount * (1 + o.payout_rate), ${places}::int)) filter (where o.direction = 'down'), 0)::text
            as "downPays"
        from option_orders o join option_products p on p.id = o.product_id
        where o.status = 'open' and o.book = 'real'
        group by o.product_id, p.symbol, o.period_seconds, o.period_number, o.close_time
        order by o.close_time, o.product_id, o.period_seconds`,
    );
    return rows.map((row) => ({ ...row, closeTime: new Date(row.closeTime) }));
  }
}
