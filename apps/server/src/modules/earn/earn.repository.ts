import type { LedgerBook } from '@kestrel/contract';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type AuditEntryRow, type Audited, appendAuditEntry } from '../admin';
import {
  type EarnOrderRow,
  type EarnProductRow,
  earnAccrualRunInterest,
  earnAccrualRuns,
  earnOrders,
  earnProducts,
} from './earn.schema';

/** What operators set on a product; decimals as strings the service checked. */
export type ProductSettings = {
  asset: string;
  termDays: number | null;
  annualRate: string;
  minAmount: string;
  maxPerUser: string;
  quota: string;
  saleStartsAt: Date;
  saleEndsAt: Date | null;
  earlyRedemptionAllowed: boolean;
  penaltyRate: string;
  visible: boolean;
};

export type NewOrder = Pick<
  EarnOrderRow,
  | 'userId'
  | 'book'
  | 'accountId'
  | 'productId'
  | 'asset'
  | 'principal'
  | 'annualRate'
  | 'termDays'
  | 'earlyRedemptionAllowed'
  | 'penaltyRate'
  | 'accrualStartsOn'
  | 'maturesAt'
  | 'createdAt'
>;

/** An order the job pays a day of; amounts as NUMERIC text. */
export type DueOrder = {
  id: string;
  accountId: number;
  productId: string;
  asset: string;
  principal: string;
  annualRate: string;
  accrualStartsOn: string;
  termDays: number | null;
};

export type ProductStanding = { productId: string; activeOrders: number; interestPaid: string };

export type RunRow = { day: string; orders: number; matured: number; finishedAt: Date };

/** Every SQL statement of earn products, orders and accruals. */
export class EarnRepository implements Audited<EarnRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: EarnRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new EarnRepository(tx), tx));
  }

  /** The same statements on another connection (a ledger batch's transaction). */
  on(db: Db): EarnRepository {
    return new EarnRepository(db);
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  // ---- Products ----

  listProducts(visibleOnly: boolean): Promise<EarnProductRow[]> {
    return this.db
      .select()
      .from(earnProducts)
      .where(visibleOnly ? eq(earnProducts.visible, true) : undefined)
      .orderBy(asc(earnProducts.id));
  }

  async findProduct(id: bigint): Promise<EarnProductRow | undefined> {
    const [row] = await this.db.select().from(earnProducts).where(eq(earnProducts.id, id));
    return row;
  }

  /** The product locked until the end of the transaction: subscriptions to it are checked one at a time. */
  async lockProduct(id: bigint): Promise<EarnProductRow | undefined> {
    const [row] = await this.db.select().from(earnProducts).where(eq(earnProducts.id, id)).for('update');
    return row;
  }

  async insertProduct(settings: ProductSettings): Promise<EarnProductRow> {
    const [row] = await this.db.insert(earnProducts).values(settings).returning();
    if (!row) throw new Error('an inserted earn product was not returned');
    return row;
  }

  async updateProduct(id: bigint, settings: ProductSettings): Promise<EarnProductRow> {
    const [row] = await this.db
      .update(earnProducts)
      .set({ ...settings, updatedAt: sql`now()` })
      .where(eq(earnProducts.id, id))
      .returning();
    if (!row) throw new Error(`earn product ${id} vanished inside its transaction`);
    return row;
  }

  /** Adds to what active orders hold of a product (negative when orders close). */
  async addHeld(id: bigint, amount: string): Promise<void> {
    await this.db
      .update(earnProducts)
      .set({ held: sql`${earnProducts.held} + ${amount}::numeric` })
      .where(eq(earnProducts.id, id));
  }

  /** Per product: its active orders and the interest it has paid. */
  async productStandings(): Promise<ProductStanding[]> {
    return rowsOf<ProductStanding>(
      this.db,
      sql`select product_id::text as "productId",
          (count(*) filter (where status = 'active'))::int as "activeOrders",
          sum(interest_paid)::text as "interestPaid"
        from earn_orders where book = 'real' group by product_id`,
    );
  }

  /** What a user holds per product in active orders. */
  async heldBy(userId: number): Promise<Map<string, string>> {
    const rows = await rowsOf<{ productId: string; held: string }>(
      this.db,
      sql`select product_id::text as "productId", sum(principal)::text as held from earn_orders
        where user_id = ${userId} and status = 'active' group by product_id`,
    );
    return new Map(rows.map((row) => [row.productId, row.held]));
  }

  // ---- Orders ----

  async insertOrder(order: NewOrder): Promise<EarnOrderRow> {
    const [row] = await this.db.insert(earnOrders).values(order).returning();
    if (!row) throw new Error('an inserted earn order was not returned');
    return row;
  }

  async findOrder(id: bigint): Promise<EarnOrderRow | undefined> {
    const [row] = await this.db.select().from(earnOrders).where(eq(earnOrders.id, id));
    return row;
  }

  /** A user's active orders, oldest first. */
  activeOrdersOf(userId: number): Promise<EarnOrderRow[]> {
    return this.db
      .select()
      .from(earnOrders)
      .where(and(eq(earnOrders.userId, userId), eq(earnOrders.status, 'active')))
      .orderBy(asc(earnOrders.id));
  }

  /** The order locked until the end of the transaction, against the job and a second redemption. */
  async lockOrder(id: bigint): Promise<EarnOrderRow | undefined> {
    const [row] = await this.db.select().from(earnOrders).where(eq(earnOrders.id, id)).for('update');
    return row;
  }

  listOrders(query: {
    /** One book's orders only; both when not given. */
    book?: LedgerBook;
    userId?: number;
    productId?: bigint;
    state: 'active' | 'closed';
    before?: bigint;
    limit: number;
  }): Promise<EarnOrderRow[]> {
    return this.db
      .select()
      .from(earnOrders)
      .where(
        and(
          query.book === undefined ? undefined : eq(earnOrders.book, query.book),
          query.userId === undefined ? undefined : eq(earnOrders.userId, query.userId),
          query.productId === undefined ? undefined : eq(earnOrders.productId, query.productId),
          query.state === 'active' ? eq(earnOrders.status, 'active') : sql`${earnOrders.status} <> 'active'`,
          query.before === undefined ? undefined : lt(earnOrders.id, query.before),
        ),
      )
      .orderBy(desc(earnOrders.id))
      .limit(query.limit);
  }

  async closeOrder(
    id: bigint,
    closing: {
      status: 'matured' | 'redeemed';
      closedAt: Date;
      returned: string;
      interestReclaimed: string;
      penalty: string;
    },
  ): Promise<EarnOrderRow> {
    const [row] = await this.db
      .update(earnOrders)
      .set(closing)
      .where(and(eq(earnOrders.id, id), eq(earnOrders.status, 'active')))
      .returning();
    if (!row) throw new Error(`earn order ${id} was not active inside its transaction`);
    return row;
  }

  /** Per asset: active principal, interest kept (paid less reclaimed), and the interest of the last day paid. */
  async holdings(
    userId: number,
  ): Promise<Array<{ asset: string; principal: string; interest: string; lastDay: string }>> {
    return rowsOf(
      this.db,
      sql`with mine as (
          select id, asset, status, principal, interest_paid - coalesce(interest_reclaimed, 0) as kept
          from earn_orders where user_id = ${userId}
        ), last_day as (
          select m.asset, max(a.day) as day from earn_accruals a join mine m on m.id = a.order_id group by m.asset
        )
        select m.asset,
          coalesce(sum(m.principal) filter (where m.status = 'active'), 0)::text as principal,
          sum(m.kept)::text as interest,
          coalesce((select sum(a.amount) from earn_accruals a join mine o on o.id = a.order_id
            join last_day l on l.asset = o.asset and a.day = l.day where o.asset = m.asset), 0)::text as "lastDay"
        from mine m group by m.asset order by m.asset`,
    );
  }

  /** A user's subscriptions and interest since a moment (today's figures). */
  async activitySince(userId: number, since: Date) {
    const subscribed = await rowsOf<{ asset: string; amount: string; orders: number }>(
      this.db,
      sql`select asset, sum(principal)::text as amount, count(*)::int as orders from earn_orders
        where user_id = ${userId} and created_at >= ${since.toISOString()}::timestamptz group by asset`,
    );
    const interest = await rowsOf<{ asset: string; amount: string }>(
      this.db,
      sql`select o.asset, sum(a.amount)::text as amount from earn_orders o
        join earn_accruals a on a.order_id = o.id
        where o.user_id = ${userId} and a.paid_at >= ${since.toISOString()}::timestamptz group by o.asset`,
    );
    return { subscribed, interest };
  }

  // ---- The accrual job ----

  /** The earliest UTC day an active order has not been paid, if any. */
  async firstUnpaidDay(): Promise<string | undefined> {
    const [row] = await rowsOf<{ day: string | null }>(
      this.db,
      sql`select min(coalesce(paid_through + 1, accrual_starts_on))::text as day
        from earn_orders where status = 'active'`,
    );
    return row?.day ?? undefined;
  }

  /**
   * Active orders of a book whose next unpaid day is `day` (and, for a fixed term, within it), after `afterId`,
   * locked against a redemption until the chunk commits.
   */
  dueOn(day: string, book: LedgerBook, afterId: bigint, limit: number): Promise<DueOrder[]> {
    return rowsOf<DueOrder>(
      this.db,
      sql`select id::text as id, account_id as "accountId", product_id::text as "productId", asset,
          principal::text as principal, annual_rate::text as "annualRate",
          accrual_starts_on::text as "accrualStartsOn", term_days as "termDays"
        from earn_orders
        where status = 'active' and book = ${book} and id > ${afterId}
          and coalesce(paid_through + 1, accrual_starts_on) = ${day}::date
          and (term_days is null or ${day}::date < accrual_starts_on + term_days)
        order by earn_orders.id limit ${limit} for update`,
    );
  }

  /**
   * Pays `day` to these orders (amounts as NUMERIC literals, in the orders' order): an accrual row each, their
   * interest and the day paid through, in one statement. Refuses the whole chunk if any (order, day) was paid.
   */
  async recordAccruals(
    day: string,
    paidAt: Date,
    accruals: ReadonlyArray<{ orderId: string; amount: string }>,
  ): Promise<void> {
    if (accruals.length === 0) return;
    const ids = sql.param(accruals.map((each) => each.orderId));
    const amounts = sql.param(accruals.map((each) => each.amount));
    const [row] = await rowsOf<{ inserted: number; updated: number }>(
      this.db,
      sql`with v as (
          select * from unnest(${ids}::bigint[], ${amounts}::numeric[]) as v(order_id, amount)
        ), inserted as (
          insert into earn_accruals (order_id, day, amount, paid_at)
          select order_id, ${day}::date, amount, ${paidAt.toISOString()}::timestamptz from v
          on conflict do nothing returning order_id
        ), updated as (
          update earn_orders o set interest_paid = o.interest_paid + v.amount, paid_through = ${day}::date
          from v where o.id = v.order_id and o.status = 'active'
            and coalesce(o.paid_through + 1, o.accrual_starts_on) = ${day}::date
          returning 1
        )
        select (select count(*) from inserted)::int as inserted, (select count(*) from updated)::int as updated`,
    );
    if (row?.inserted !== accruals.length || row.updated !== accruals.length) {
      throw new Error(`a day ${day} accrual of this chunk was already paid`);
    }
  }

  /** Adds to the record of a day's run (opened when missing). */
  async addToRun(
    day: string,
    at: Date,
    counts: { orders: number; matured: number },
    interest: ReadonlyMap<string, string>,
  ): Promise<void> {
    await this.db
      .insert(earnAccrualRuns)
      .values({ day, orders: counts.orders, matured: counts.matured, finishedAt: at })
      .onConflictDoUpdate({
        target: earnAccrualRuns.day,
        set: {
          orders: sql`${earnAccrualRuns.orders} + excluded.orders`,
          matured: sql`${earnAccrualRuns.matured} + excluded.matured`,
          finishedAt: sql`greatest(${earnAccrualRuns.finishedAt}, excluded.finished_at)`,
        },
      });
    if (interest.size === 0) return;
    await this.db
      .insert(earnAccrualRunInterest)
      .values([...interest].map(([asset, amount]) => ({ day, asset, amount })))
      .onConflictDoUpdate({
        target: [earnAccrualRunInterest.day, earnAccrualRunInterest.asset],
        set: { amount: sql`${earnAccrualRunInterest.amount} + excluded.amount` },
      });
  }

  /** Fixed orders of a book whose term has ended and whose every day is paid, after `afterId`, locked. */
  dueToMature(now: Date, book: LedgerBook, afterId: bigint, limit: number) {
    return rowsOf<{
      id: string;
      accountId: number;
      productId: string;
      asset: string;
      principal: string;
      lastDay: string;
    }>(
      this.db,
      sql`select id::text as id, account_id as "accountId", product_id::text as "productId", asset,
          principal::text as principal, ((matures_at at time zone 'UTC')::date - 1)::text as "lastDay"
        from earn_orders
        where status = 'active' and book = ${book} and matures_at <= ${now.toISOString()}::timestamptz
          and id > ${afterId}
          and paid_through = accrual_starts_on + term_days - 1
        order by earn_orders.id limit ${limit} for update`,
    );
  }

  /**
   * Closes matured orders, their principal returned, and takes it off their products' holdings (a demo order's
   * principal was never on them).
   */
  async closeMatured(ids: readonly string[], at: Date): Promise<number> {
    if (ids.length === 0) return 0;
    const [row] = await rowsOf<{ closed: number }>(
      this.db,
      sql`with closed as (
          update earn_orders set status = 'matured', closed_at = ${at.toISOString()}::timestamptz,
            returned = principal, interest_reclaimed = 0, penalty = 0
          where id = any(${sql.param(ids)}::bigint[]) and status = 'active'
          returning product_id, principal, book
        ), held as (
          update earn_products p set held = p.held - c.total
          from (select product_id, sum(principal) as total from closed where book = 'real' group by product_id) c
          where p.id = c.product_id returning 1
        )
        select (select count(*) from closed)::int as closed`,
    );
    return row?.closed ?? 0;
  }

  /** The last `limit` days' runs, newest first, with their interest per asset. */
  async runs(limit: number): Promise<Array<RunRow & { interest: Array<{ asset: string; amount: string }> }>> {
    const runs = await this.db.select().from(earnAccrualRuns).orderBy(desc(earnAccrualRuns.day)).limit(limit);
    if (runs.length === 0) return [];
    const interest = await this.db
      .select()
      .from(earnAccrualRunInterest)
      .where(sql`${earnAccrualRunInterest.day} >= ${runs.at(-1)?.day}::date`)
      .orderBy(asc(earnAccrualRunInterest.asset));
    return runs.map((run) => ({
      ...run,
      interest: interest.filter((each) => each.day === run.day),
    }));
  }
}
