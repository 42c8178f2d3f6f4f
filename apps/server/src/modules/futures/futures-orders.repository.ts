import type { LedgerBook } from '@kestrel/contract';
import { and, count, desc, eq, gt, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  type FuturesOrderRow,
  type FuturesPositionRow,
  type FuturesTradeRow,
  futuresFundingPayments,
  futuresOrders,
  futuresPositions,
  futuresRounding,
  futuresTrades,
} from './futures.schema';
import type { FuturesOrderUpdate, FuturesPositionUpdate, FuturesRoundingUpdate } from './futures-settlement';

const LIVE = ['new', 'open', 'partially_filled'];

export type NewFuturesOrder = typeof futuresOrders.$inferInsert & { id: bigint; epoch: bigint };
export type NewFuturesTrade = Omit<typeof futuresTrades.$inferInsert, 'id' | 'createdAt'>;
export type PositionKey = {
  userId: number;
  symbol: string;
  side: 'long' | 'short';
  leverage: number;
  marginMode: string;
  book: LedgerBook;
  epoch: bigint;
};

/** Rows per insert statement: under PostgreSQL's 65,535 parameters at 25 columns. */
const INSERT_ROWS = 1000;

/** Futures orders, trades, positions and funding payments (the tables of decision 0046 this module writes). */
export class FuturesOrdersRepository {
  constructor(private readonly db: Db) {}

  /** Order ids from the order sequence, ascending. */
  async takeIds(count: number): Promise<bigint[]> {
    const result = (await this.db.execute(
      sql`select nextval(pg_get_serial_sequence('futures_orders', 'id'))::text as id from generate_series(1, ${count}::int)`,
    )) as unknown as { rows: { id: string }[] };
    return result.rows.map((row) => BigInt(row.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  async findByReference(userId: number, reference: string): Promise<FuturesOrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(futuresOrders)
      .where(and(eq(futuresOrders.userId, userId), eq(futuresOrders.reference, reference)));
    return row;
  }

  /** Stores orders, in statements of at most INSERT_ROWS rows (a statement takes at most 65,535 parameters). */
  async insertOrders(db: Db, rows: readonly NewFuturesOrder[]): Promise<FuturesOrderRow[]> {
    const stored: FuturesOrderRow[] = [];
    for (let start = 0; start < rows.length; start += INSERT_ROWS) {
      stored.push(
        ...(await db
          .insert(futuresOrders)
          .values(rows.slice(start, start + INSERT_ROWS))
          .returning()),
      );
    }
    return stored;
  }

  /** The positions these orders name, created empty where the user has none yet; answers them all. */
  async ensurePositions(db: Db, keys: readonly PositionKey[]): Promise<FuturesPositionRow[]> {
    if (keys.length === 0) return [];
    await db
      .insert(futuresPositions)
      .values(keys.map((key) => ({ ...key })))
      .onConflictDoNothing();
    const rows = await db
      .select()
      .from(futuresPositions)
      .where(
        sql`(${futuresPositions.userId}, ${futuresPositions.symbol}, ${futuresPositions.side}) in (${sql.join(
          keys.map((key) => sql`(${key.userId}::int, ${key.symbol}::text, ${key.side}::text)`),
          sql`, `,
        )})`,
      );
    return rows;
  }

  /** Writes a settled batch's order and position states and its trades (with their journal transactions). */
  async writeSettlement(
    db: Db,
    orders: readonly FuturesOrderUpdate[],
    positions: readonly FuturesPositionUpdate[],
    trades: readonly NewFuturesTrade[],
  ): Promise<FuturesOrderRow[]> {
    if (positions.length > 0) {
      const values = sql.join(
        positions.map(
          (p) =>
            sql`(${p.id}::bigint, ${p.size}::numeric, ${p.entryPrice}::numeric, ${p.margin}::numeric,
              ${p.leverage}::smallint, ${p.marginMode}::text, ${p.realizedPnl}::numeric,
              ${p.takeProfit}::numeric, ${p.stopLoss}::numeric, ${p.epoch}::bigint)`,
        ),
        sql`, `,
      );
      await db.execute(sql`
        update futures_positions p set size = v.size, entry_price = v.entry_price, margin = v.margin,
          leverage = v.leverage, margin_mode = v.margin_mode, realized_pnl = v.realized_pnl,
          take_profit = v.take_profit, stop_loss = v.stop_loss, epoch = v.epoch,
          updated_at = now(),
          opened_at = case when p.size = 0 and v.size > 0 then now() else p.opened_at end
        from (values ${values})
          as v(id, size, entry_price, margin, leverage, margin_mode, realized_pnl, take_profit, stop_loss, epoch)
        where p.id = v.id`);
    }
    for (let start = 0; start < trades.length; start += INSERT_ROWS)
      await db.insert(futuresTrades).values(trades.slice(start, start + INSERT_ROWS));
    if (orders.length === 0) return [];
    const values = sql.join(
      orders.map(
        (o) =>
          sql`(${o.id}::bigint, ${o.size}::numeric, ${o.filledSize}::numeric, ${o.filledTotal}::numeric,
            ${o.fee}::numeric, ${o.realizedPnl}::numeric, ${o.status}::text, ${o.epoch}::bigint)`,
      ),
      sql`, `,
    );
    const result = (await db.execute(sql`
      update futures_orders o set size = v.size, filled_size = v.filled_size, filled_total = v.filled_total,
        fee = v.fee, realized_pnl = v.realized_pnl, status = v.status, epoch = v.epoch, updated_at = now()
      from (values ${values}) as v(id, size, filled_size, filled_total, fee, realized_pnl, status, epoch)
      where o.id = v.id
      returning o.id`)) as unknown as { rows: { id: string }[] };
    const ids = result.rows.map((row) => BigInt(row.id));
    return db.select().from(futuresOrders).where(inArray(futuresOrders.id, ids));
  }

  /** Stores what rounding kept in these perpetuals, fenced by their books' epochs. */
  async writeRounding(db: Db, updates: readonly FuturesRoundingUpdate[]) {
    if (updates.length === 0) return;
    await db
      .insert(futuresRounding)
      .values(updates.map((update) => ({ ...update, updatedAt: new Date() })))
      .onConflictDoUpdate({
        target: futuresRounding.symbol,
        set: {
          kept: sql`excluded.kept`,
          epoch: sql`excluded.epoch`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }

  /** What rounding a perpetual's realised pnl kept, as last settled ("0" before its first close). */
  async roundingKept(symbol: string): Promise<string> {
    const [row] = await this.db
      .select({ kept: futuresRounding.kept })
      .from(futuresRounding)
      .where(eq(futuresRounding.symbol, symbol));
    return row?.kept ?? '0';
  }

  /** A perpetual's live orders of one book in sequence. */
  liveOrders(symbol: string, book: LedgerBook = 'real'): Promise<FuturesOrderRow[]> {
    return this.db
      .select()
      .from(futuresOrders)
      .where(
        and(
          eq(futuresOrders.symbol, symbol),
          eq(futuresOrders.book, book),
          inArray(futuresOrders.status, LIVE),
        ),
      )
      .orderBy(futuresOrders.id);
  }

  /** A perpetual's positions of one book (open or not) of users who hold one or have a live order there. */
  positionsOf(symbol: string, book: LedgerBook = 'real'): Promise<FuturesPositionRow[]> {
    return this.db
      .select()
      .from(futuresPositions)
      .where(and(eq(futuresPositions.symbol, symbol), eq(futuresPositions.book, book)));
  }

  /** A user's live orders, in every perpetual. */
  liveOrdersOf(userId: number): Promise<FuturesOrderRow[]> {
    return this.db
      .select()
      .from(futuresOrders)
      .where(and(eq(futuresOrders.userId, userId), inArray(futuresOrders.status, LIVE)))
      .orderBy(futuresOrders.id);
  }

  /** How many orders users of a book placed since a time (the liquidation engine's not counted). */
  async countOrders(book: LedgerBook, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ count: count() })
      .from(futuresOrders)
      .where(
        and(
          eq(futuresOrders.book, book),
          gte(futuresOrders.createdAt, since),
          inArray(futuresOrders.origin, ['user', 'takeProfit', 'stopLoss']),
        ),
      );
    return row?.count ?? 0;
  }

  async findOrder(id: bigint): Promise<FuturesOrderRow | undefined> {
    const [row] = await this.db.select().from(futuresOrders).where(eq(futuresOrders.id, id));
    return row;
  }

  /** A user's orders, newest first: live ones (`open`) or final ones (`history`); `before` is an id cursor. */
  listOrders(options: {
    userId: number;
    state: 'open' | 'history';
    symbol?: string;
    before?: bigint;
    limit: number;
  }): Promise<FuturesOrderRow[]> {
    const conditions: SQL[] = [eq(futuresOrders.userId, options.userId)];
    conditions.push(
      options.state === 'open'
        ? inArray(futuresOrders.status, LIVE)
        : sql`${futuresOrders.status} not in ('new', 'open', 'partially_filled')`,
    );
    if (options.symbol) conditions.push(eq(futuresOrders.symbol, options.symbol));
    if (options.before !== undefined) conditions.push(lt(futuresOrders.id, options.before));
    return this.db
      .select()
      .from(futuresOrders)
      .where(and(...conditions))
      .orderBy(desc(futuresOrders.id))
      .limit(options.limit);
  }

  /** A user's open positions. */
  openPositions(userId: number, symbol?: string): Promise<FuturesPositionRow[]> {
    const conditions: SQL[] = [eq(futuresPositions.userId, userId), gt(futuresPositions.size, '0')];
    if (symbol) conditions.push(eq(futuresPositions.symbol, symbol));
    return this.db
      .select()
      .from(futuresPositions)
      .where(and(...conditions))
      .orderBy(futuresPositions.symbol, futuresPositions.side);
  }

  /** The open positions of many users, in every perpetual. */
  openPositionsOf(userIds: readonly number[]): Promise<FuturesPositionRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(futuresPositions)
      .where(and(inArray(futuresPositions.userId, [...userIds]), gt(futuresPositions.size, '0')))
      .orderBy(futuresPositions.userId, futuresPositions.symbol, futuresPositions.side);
  }

  async findPosition(userId: number, symbol: string, side: string): Promise<FuturesPositionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(futuresPositions)
      .where(
        and(
          eq(futuresPositions.userId, userId),
          eq(futuresPositions.symbol, symbol),
          eq(futuresPositions.side, side),
        ),
      );
    return row;
  }

  /** Sets a position's take profit and stop loss, fenced by its book's epoch. */
  async setTriggers(id: bigint, takeProfit: string | null, stopLoss: string | null, epoch: bigint) {
    await this.db
      .update(futuresPositions)
      .set({ takeProfit, stopLoss, epoch, updatedAt: new Date() })
      .where(eq(futuresPositions.id, id));
  }

  /** Adds `delta` (signed) to a position's margin, fenced by its book's epoch. */
  async changeMargin(db: Db, id: bigint, delta: string, epoch: bigint) {
    await db
      .update(futuresPositions)
      .set({ margin: sql`${futuresPositions.margin} + ${delta}::numeric`, epoch, updatedAt: new Date() })
      .where(eq(futuresPositions.id, id));
  }

  /**
   * The epochs the perpetuals' books are owned with now (decisions 0044 and 0046), to tell which of them a refused
   * write was no longer this node's.
   */
  async leadershipEpochs(symbols: readonly string[]): Promise<Map<string, bigint>> {
    if (symbols.length === 0) return new Map();
    const rows = await rowsOf<{ name: string; epoch: string }>(
      this.db,
      sql`select name, epoch::text as epoch from leadership
        where name = any(${sql.param(symbols.map((symbol) => `futures:${symbol}`))}::text[])`,
    );
    return new Map(rows.map((row) => [row.name.slice('futures:'.length), BigInt(row.epoch)]));
  }

  /** A perpetual's latest trades, newest first. */
  latestTrades(symbol: string, limit: number): Promise<FuturesTradeRow[]> {
    return this.db
      .select()
      .from(futuresTrades)
      .where(eq(futuresTrades.symbol, symbol))
      .orderBy(desc(futuresTrades.id))
      .limit(limit);
  }

  /** A user's funding payments, newest first; `before` is an id cursor. */
  fundingPayments(options: { userId: number; symbol?: string; before?: bigint; limit: number }) {
    const conditions: SQL[] = [eq(futuresFundingPayments.userId, options.userId)];
    if (options.symbol) conditions.push(eq(futuresFundingPayments.symbol, options.symbol));
    if (options.before !== undefined) conditions.push(lt(futuresFundingPayments.id, options.before));
    return this.db
      .select()
      .from(futuresFundingPayments)
      .where(and(...conditions))
      .orderBy(desc(futuresFundingPayments.id))
      .limit(options.limit);
  }
}
