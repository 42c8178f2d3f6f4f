import { and, desc, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type SpotDemoFillRow, type SpotDemoOrderRow, spotDemoFills, spotDemoOrders } from './spot.schema';

/** A demo order's live statuses: it rests, waiting for the real book to cross it. */
const LIVE = ['open', 'partially_filled'];

export type NewDemoOrder = typeof spotDemoOrders.$inferInsert;
export type NewDemoFill = typeof spotDemoFills.$inferInsert;

/** The demo desk's orders and fills (decision 0055), on a connection or inside a transaction's. */
export class DemoDeskRepository {
  constructor(private readonly db: Db) {}

  on(connection: Db): DemoDeskRepository {
    return new DemoDeskRepository(connection);
  }

  async insert(row: NewDemoOrder): Promise<SpotDemoOrderRow> {
    const [stored] = await this.db.insert(spotDemoOrders).values(row).returning();
    if (!stored) throw new Error('a demo order was not stored');
    return stored;
  }

  async insertFills(rows: NewDemoFill[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(spotDemoFills).values(rows);
  }

  async findOrder(id: bigint): Promise<SpotDemoOrderRow | undefined> {
    const [row] = await this.db.select().from(spotDemoOrders).where(eq(spotDemoOrders.id, id));
    return row;
  }

  /** The order, its row locked until the transaction ends. */
  async lock(id: bigint): Promise<SpotDemoOrderRow | undefined> {
    const [row] = await this.db.select().from(spotDemoOrders).where(eq(spotDemoOrders.id, id)).for('update');
    return row;
  }

  async findByReference(userId: number, reference: string): Promise<SpotDemoOrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(spotDemoOrders)
      .where(and(eq(spotDemoOrders.userId, userId), eq(spotDemoOrders.reference, reference)));
    return row;
  }

  async update(
    id: bigint,
    change: Pick<SpotDemoOrderRow, 'filledSize' | 'filledTotal' | 'status' | 'taken'>,
  ): Promise<SpotDemoOrderRow> {
    const [row] = await this.db
      .update(spotDemoOrders)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(spotDemoOrders.id, id))
      .returning();
    if (!row) throw new Error(`demo order ${id} vanished`);
    return row;
  }

  /** What a resting order has taken of the real book, alone (no fill, no new update time). */
  async remember(id: bigint, taken: Record<string, string>): Promise<void> {
    await this.db.update(spotDemoOrders).set({ taken }).where(eq(spotDemoOrders.id, id));
  }

  /** A market's resting demo orders, oldest first. */
  liveOrders(symbol: string): Promise<SpotDemoOrderRow[]> {
    return this.db
      .select()
      .from(spotDemoOrders)
      .where(and(eq(spotDemoOrders.symbol, symbol), inArray(spotDemoOrders.status, LIVE)))
      .orderBy(spotDemoOrders.id);
  }

  /** The markets with resting demo orders. */
  async liveSymbols(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ symbol: spotDemoOrders.symbol })
      .from(spotDemoOrders)
      .where(inArray(spotDemoOrders.status, LIVE));
    return rows.map((row) => row.symbol);
  }

  /** Ids of a user's resting orders (of one market or all), oldest first. */
  async liveOrderIds(userId: number, symbol?: string): Promise<bigint[]> {
    const conditions: SQL[] = [eq(spotDemoOrders.userId, userId), inArray(spotDemoOrders.status, LIVE)];
    if (symbol) conditions.push(eq(spotDemoOrders.symbol, symbol));
    const rows = await this.db
      .select({ id: spotDemoOrders.id })
      .from(spotDemoOrders)
      .where(and(...conditions))
      .orderBy(spotDemoOrders.id);
    return rows.map((row) => row.id);
  }

  /** A user's orders, newest first: resting ones (`open`) or final ones (`history`); `before` is an id cursor. */
  listOrders(options: {
    userId: number;
    state: 'open' | 'history';
    symbol?: string;
    before?: bigint;
    limit: number;
  }): Promise<SpotDemoOrderRow[]> {
    const conditions: SQL[] = [eq(spotDemoOrders.userId, options.userId)];
    conditions.push(
      options.state === 'open'
        ? inArray(spotDemoOrders.status, LIVE)
        : sql`${spotDemoOrders.status} not in ('open', 'partially_filled')`,
    );
    if (options.symbol) conditions.push(eq(spotDemoOrders.symbol, options.symbol));
    if (options.before !== undefined) conditions.push(lt(spotDemoOrders.id, options.before));
    return this.db
      .select()
      .from(spotDemoOrders)
      .where(and(...conditions))
      .orderBy(desc(spotDemoOrders.id))
      .limit(options.limit);
  }

  /** A user's fills, newest first. */
  userFills(options: {
    userId: number;
    symbol?: string;
    before?: bigint;
    limit: number;
  }): Promise<SpotDemoFillRow[]> {
    const conditions: SQL[] = [eq(spotDemoFills.userId, options.userId)];
    if (options.symbol) conditions.push(eq(spotDemoFills.symbol, options.symbol));
    if (options.before !== undefined) conditions.push(lt(spotDemoFills.id, options.before));
    return this.db
      .select()
      .from(spotDemoFills)
      .where(and(...conditions))
      .orderBy(desc(spotDemoFills.id))
      .limit(options.limit);
  }

  /** How many demo orders were placed since a moment, by every demo account (a rejected one was not placed). */
  async placedSince(since: Date): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(spotDemoOrders)
      .where(and(gte(spotDemoOrders.createdAt, since), ne(spotDemoOrders.status, 'rejected')));
    return Number(row?.count ?? 0);
  }
}
