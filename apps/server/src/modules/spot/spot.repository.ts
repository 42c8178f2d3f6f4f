import { and, desc, eq, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type Alongside, balancesOfUsers, reservationProgress } from '../ledger';
import { RESERVATION_PURPOSE, type SpotOrderRow, spotOrders, spotTrades } from './spot.schema';

export type NewOrderRow = {
  id: bigint;
  userId: number;
  symbol: string;
  side: string;
  type: string;
  timeInForce: string;
  postOnly: boolean;
  price: string | null;
  size: string | null;
  total: string | null;
  frozenAsset: string;
  frozenAmount: string;
  /** The fee rates the order pays (decision 0050). */
  makerFeeRate: string;
  takerFeeRate: string;
  reference: string | null;
  /** The epoch of the market's leadership under which the order is stored (decision 0044). */
  epoch: bigint;
};

/** An order's state after a batch: absolute filled amounts and status, written under the market's epoch. */
export type OrderUpdate = {
  id: bigint;
  filledSize: string;
  filledTotal: string;
  status: string;
  epoch: bigint;
};

/** A trade as matching makes it; settlement adds the id of its journal transaction. */
export type NewTradeRow = Omit<typeof spotTrades.$inferInsert, 'id' | 'transactionId' | 'createdAt'>;

/** A live order as recovery reads it: the row and what its reservation has had consumed. */
export type LiveOrder = SpotOrderRow & { consumed: string };

const LIVE = ['new', 'open', 'partially_filled'];

/**
 * Every SQL statement of spot trading. The writes of a batch's orders and trades ride in the ledger's own statements
 * (`Alongside`).
 */
export class SpotRepository {
  constructor(private readonly db: Db) {}

  /** `count` fresh order ids from the order sequence, ascending. */
  async takeIds(count: number): Promise<bigint[]> {
    const result = (await this.db.execute(
      sql`select nextval(pg_get_serial_sequence('spot_orders', 'id'))::text as id from generate_series(1, ${count}::int)`,
    )) as unknown as { rows: { id: string }[] };
    return result.rows.map((row) => BigInt(row.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Orders already stored under these (user, reference) pairs. */
  async findByReferences(
    pairs: ReadonlyArray<{ userId: number; reference: string }>,
  ): Promise<SpotOrderRow[]> {
    if (pairs.length === 0) return [];
    return this.db
      .select()
      .from(spotOrders)
      .where(
        or(
          ...pairs.map((pair) =>
            and(eq(spotOrders.userId, pair.userId), eq(spotOrders.reference, pair.reference)),
          ),
        ),
      );
  }

  /** The insert of a batch's new orders, to ride in the ledger's freeze (answering ORDER_COLUMNS). */
  ordersInsert(rows: readonly NewOrderRow[]): Alongside {
    const values = sql.join(
      rows.map(
        (row) =>
          sql`(${row.id}::bigint, ${row.userId}::int, ${row.symbol}::text, ${row.side}::text, ${row.type}::text,
            ${row.timeInForce}::text, ${row.postOnly}::boolean, ${row.price}::numeric, ${row.size}::numeric,
            ${row.total}::numeric, ${row.frozenAsset}::text, ${row.frozenAmount}::numeric, ${row.makerFeeRate}::numeric,
            ${row.takerFeeRate}::numeric, ${row.reference}::text, ${row.epoch}::bigint)`,
      ),
      sql`, `,
    );
    return {
      returning: sql`
        insert into spot_orders as o (id, user_id, symbol, side, type, time_in_force, post_only, price, size, total,
          frozen_asset, frozen_amount, maker_fee_rate, taker_fee_rate, reference, epoch)
        values ${values}
        returning ${ORDER_COLUMNS}`,
    };
  }

  /**
   * A batch's trades and its orders' new states, to ride in the ledger's settlement (answering ORDER_COLUMNS of
   * the updated orders): each trade row takes the id of its journal transaction, whose reference is its key.
   */
  settlementWrites(trades: readonly NewTradeRow[], updates: readonly OrderUpdate[]): Alongside {
    const values = sql.join(
      updates.map(
        (update) =>
          sql`(${update.id}::bigint, ${update.filledSize}::numeric, ${update.filledTotal}::numeric, ${update.status}::text,
            ${update.epoch}::bigint)`,
      ),
      sql`, `,
    );
    return {
      with:
        trades.length === 0
          ? undefined
          : sql`traded as (
              insert into spot_trades (symbol, taker_order_id, maker_order_id, taker_user_id, maker_user_id,
                taker_side, price, size, quote_amount, maker_fee, taker_fee, trade_key, transaction_id)
              select t.*, journal.id from (values ${sql.join(
                trades.map(
                  (trade) =>
                    sql`(${trade.symbol}::text, ${trade.takerOrderId}::bigint, ${trade.makerOrderId}::bigint,
                      ${trade.takerUserId}::int, ${trade.makerUserId}::int, ${trade.takerSide}::text,
                      ${trade.price}::numeric, ${trade.size}::numeric, ${trade.quoteAmount}::numeric,
                      ${trade.makerFee}::numeric, ${trade.takerFee}::numeric, ${trade.tradeKey}::text)`,
                ),
                sql`, `,
              )}) as t(symbol, taker_order_id, maker_order_id, taker_user_id, maker_user_id, taker_side, price, size,
                quote_amount, maker_fee, taker_fee, trade_key)
              join journal on journal.reference = t.trade_key
            )`,
      returning: sql`
        update spot_orders o set filled_size = v.filled_size, filled_total = v.filled_total, status = v.status,
          epoch = v.epoch, updated_at = now()
        from (values ${values}) as v(id, filled_size, filled_total, status, epoch)
        where o.id = v.id
        returning ${ORDER_COLUMNS}`,
      // An order of the batch that is not there refuses the whole settlement.
      rows: updates.length,
    };
  }

  /**
   * The epochs the markets' books are led with now (decision 0044), to tell which of them a refused write was
   * no longer this node's.
   */
  async leadershipEpochs(symbols: readonly string[]): Promise<Map<string, bigint>> {
    if (symbols.length === 0) return new Map();
    const rows = await rowsOf<{ name: string; epoch: string }>(
      this.db,
      sql`select name, epoch::text as epoch from leadership
        where name = any(${sql.param(symbols.map((symbol) => `spot:${symbol}`))}::text[])`,
    );
    return new Map(rows.map((row) => [row.name.slice('spot:'.length), BigInt(row.epoch)]));
  }

  /** A market's live orders in sequence, with what their reservations have had consumed. */
  async liveOrders(symbol: string): Promise<LiveOrder[]> {
    const rows = await this.db
      .select({ order: spotOrders, consumed: reservationProgress.consumed })
      .from(spotOrders)
      .innerJoin(
        reservationProgress,
        and(
          eq(reservationProgress.purpose, RESERVATION_PURPOSE),
          eq(reservationProgress.reference, sql`${spotOrders.id}::text`),
        ),
      )
      .where(and(eq(spotOrders.symbol, symbol), inArray(spotOrders.status, LIVE)))
      .orderBy(spotOrders.id);
    return rows.map((row) => ({ ...row.order, consumed: row.consumed }));
  }

  async findOrder(id: bigint): Promise<SpotOrderRow | undefined> {
    const [row] = await this.db.select().from(spotOrders).where(eq(spotOrders.id, id));
    return row;
  }

  /** A user's orders, newest first: live ones (`open`) or final ones (`history`); `before` is an id cursor. */
  listOrders(options: {
    userId: number;
    state: 'open' | 'history';
    symbol?: string;
    before?: bigint;
    limit: number;
  }): Promise<SpotOrderRow[]> {
    const conditions: SQL[] = [eq(spotOrders.userId, options.userId)];
    conditions.push(
      options.state === 'open'
        ? inArray(spotOrders.status, LIVE)
        : sql`${spotOrders.status} not in ('new', 'open', 'partially_filled')`,
    );
    if (options.symbol) conditions.push(eq(spotOrders.symbol, options.symbol));
    if (options.before !== undefined) conditions.push(lt(spotOrders.id, options.before));
    return this.db
      .select()
      .from(spotOrders)
      .where(and(...conditions))
      .orderBy(desc(spotOrders.id))
      .limit(options.limit);
  }

  async liveOrderCount(symbol: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(spotOrders)
      .where(and(eq(spotOrders.symbol, symbol), inArray(spotOrders.status, LIVE)));
    return row?.count ?? 0;
  }

  /** Ids of a user's live orders, oldest first. */
  async liveOrderIds(userId: number, symbol?: string): Promise<Array<{ id: bigint; symbol: string }>> {
    const conditions: SQL[] = [eq(spotOrders.userId, userId), inArray(spotOrders.status, LIVE)];
    if (symbol) conditions.push(eq(spotOrders.symbol, symbol));
    return this.db
      .select({ id: spotOrders.id, symbol: spotOrders.symbol })
      .from(spotOrders)
      .where(and(...conditions))
      .orderBy(spotOrders.id);
  }

  /** A user's fills, newest first, as taker and as maker. */
  async userTrades(options: { userId: number; symbol?: string; before?: bigint; limit: number }) {
    const mine = or(eq(spotTrades.takerUserId, options.userId), eq(spotTrades.makerUserId, options.userId));
    const conditions: (SQL | undefined)[] = [mine];
    if (options.symbol) conditions.push(eq(spotTrades.symbol, options.symbol));
    if (options.before !== undefined) conditions.push(lt(spotTrades.id, options.before));
    return this.db
      .select()
      .from(spotTrades)
      .where(and(...conditions))
      .orderBy(desc(spotTrades.id))
      .limit(options.limit);
  }

  /** How many orders the user placed since a moment that were accepted (a rejected order was never placed). */
  async placedSince(userId: number, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(spotOrders)
      .where(
        and(
          eq(spotOrders.userId, userId),
          gte(spotOrders.createdAt, since),
          ne(spotOrders.status, 'rejected'),
        ),
      );
    return Number(row?.count ?? 0);
  }

  /** The quote amount the user bought with since a moment, per market: their buy fills as taker and as maker. */
  boughtSince(userId: number, since: Date) {
    const bought = or(
      and(eq(spotTrades.takerUserId, userId), eq(spotTrades.takerSide, 'buy')),
      and(eq(spotTrades.makerUserId, userId), eq(spotTrades.takerSide, 'sell')),
    );
    return this.db
      .select({ symbol: spotTrades.symbol, quoteAmount: sql<string>`sum(${spotTrades.quoteAmount})::text` })
      .from(spotTrades)
      .where(and(bought, gte(spotTrades.createdAt, since)))
      .groupBy(spotTrades.symbol);
  }

  /** The latest trades of every market, newest first. */
  latestTrades(limit: number) {
    return this.db.select().from(spotTrades).orderBy(desc(spotTrades.id)).limit(limit);
  }

  /** A market's latest trades, newest first. */
  recentTrades(symbol: string, limit: number) {
    return this.db
      .select()
      .from(spotTrades)
      .where(eq(spotTrades.symbol, symbol))
      .orderBy(desc(spotTrades.id))
      .limit(limit);
  }

  /** The spot balances of these users, as the `balances` channel sends them. */
  async spotBalances(userIds: readonly number[]) {
    if (userIds.length === 0) return [];
    return balancesOfUsers(this.db, userIds, 'spot');
  }
}

/** An order row as plain statements return it (`o` is spot_orders): amounts as text, times in milliseconds. */
const ORDER_COLUMNS =
  sql.raw(`o.id::text as id, o.user_id, o.symbol, o.side, o.type, o.time_in_force, o.post_only,
  o.price::text as price, o.size::text as size, o.total::text as total,
  o.filled_size::text as filled_size, o.filled_total::text as filled_total, o.status,
  o.frozen_asset, o.frozen_amount::text as frozen_amount, o.maker_fee_rate::text as maker_fee_rate,
  o.taker_fee_rate::text as taker_fee_rate, o.reference, o.epoch::text as epoch,
  (extract(epoch from o.created_at) * 1000)::float8 as created_ms,
  (extract(epoch from o.updated_at) * 1000)::float8 as updated_ms`);

export type RawOrder = {
  id: string;
  user_id: number;
  symbol: string;
  side: string;
  type: string;
  time_in_force: string;
  post_only: boolean;
  price: string | null;
  size: string | null;
  total: string | null;
  filled_size: string;
  filled_total: string;
  status: string;
  frozen_asset: string;
  frozen_amount: string;
  maker_fee_rate: string | null;
  taker_fee_rate: string | null;
  reference: string | null;
  epoch: string | null;
  created_ms: number | string;
  updated_ms: number | string;
};

export function orderOf(raw: RawOrder): SpotOrderRow {
  return {
    id: BigInt(raw.id),
    userId: Number(raw.user_id),
    symbol: raw.symbol,
    side: raw.side,
    type: raw.type,
    timeInForce: raw.time_in_force,
    postOnly: raw.post_only,
    price: raw.price,
    size: raw.size,
    total: raw.total,
    filledSize: raw.filled_size,
    filledTotal: raw.filled_total,
    status: raw.status,
    frozenAsset: raw.frozen_asset,
    frozenAmount: raw.frozen_amount,
    makerFeeRate: raw.maker_fee_rate,
    takerFeeRate: raw.taker_fee_rate,
    reference: raw.reference,
    epoch: raw.epoch === null ? null : BigInt(raw.epoch),
    createdAt: new Date(Number(raw.created_ms)),
    updatedAt: new Date(Number(raw.updated_ms)),
  };
}
