import type { SwapStatus } from '@kestrel/contract';
import { and, asc, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type AuditEntryRow, type Audited, adminAccounts, appendAuditEntry } from '../admin';
import {
  type SwapCoinRow,
  type SwapOrderRow,
  type SwapPairRow,
  type SwapSettingsRow,
  swapCoins,
  swapOrderEvents,
  swapOrders,
  swapPairs,
  swapSettings,
} from './swap.schema';

export type NewSwapOrder = Omit<
  typeof swapOrders.$inferInsert,
  'seq' | 'status' | 'createdAt' | 'changedAt' | 'depositAmount'
>;
export type OrderEvent = { status: SwapStatus; at: Date };
export type OrderChanges = Partial<
  Pick<
    SwapOrderRow,
    | 'rate'
    | 'receiveAmount'
    | 'reviewReason'
    | 'depositAmount'
    | 'depositTxHash'
    | 'payoutTxHash'
    | 'refundAmount'
    | 'refundTxHash'
    | 'spreadAmount'
    | 'needsApproval'
    | 'payoutRequestedBy'
    | 'payoutApprovedBy'
  >
>;

/** Every SQL statement of the swap desk. */
export class SwapRepository implements Audited<SwapRepository> {
  constructor(readonly db: Db) {}

  transaction<T>(work: (repository: SwapRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new SwapRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  async now(): Promise<Date> {
    const [row] = await rowsOf<{ now: string | Date }>(this.db, sql`select clock_timestamp() as now`);
    return new Date(row?.now ?? Date.now());
  }

  // ---- Settings, coins, pairs ----

  async settings(): Promise<SwapSettingsRow | undefined> {
    const [row] = await this.db.select().from(swapSettings).where(eq(swapSettings.id, 1));
    return row;
  }

  /** The settings row as the desk's first start creates it; an existing row is kept. */
  async createSettings(watcherMode: string, quoteSecret: string): Promise<SwapSettingsRow> {
    await this.db.insert(swapSettings).values({ id: 1, watcherMode, quoteSecret }).onConflictDoNothing();
    const row = await this.settings();
    if (!row) throw new Error('the swap settings row was not created');
    return row;
  }

  async lockSettings(): Promise<SwapSettingsRow | undefined> {
    const [row] = await this.db.select().from(swapSettings).where(eq(swapSettings.id, 1)).for('update');
    return row;
  }

  async updateSettings(values: {
    fixedRateSeconds: number;
    floatingWaitSeconds: number;
    watcherMode: string;
    approvalThreshold: string;
  }): Promise<SwapSettingsRow> {
    const [row] = await this.db
      .update(swapSettings)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(swapSettings.id, 1))
      .returning();
    if (!row) throw new Error('the swap settings row is missing');
    return row;
  }

  coins(): Promise<SwapCoinRow[]> {
    return this.db.select().from(swapCoins).orderBy(asc(swapCoins.asset), asc(swapCoins.network));
  }

  pairs(): Promise<SwapPairRow[]> {
    return this.db
      .select()
      .from(swapPairs)
      .orderBy(
        asc(swapPairs.fromAsset),
        asc(swapPairs.fromNetwork),
        asc(swapPairs.toAsset),
        asc(swapPairs.toNetwork),
      );
  }

  async lockCoin(asset: string, network: string): Promise<SwapCoinRow | undefined> {
    const [row] = await this.db
      .select()
      .from(swapCoins)
      .where(and(eq(swapCoins.asset, asset), eq(swapCoins.network, network)))
      .for('update');
    return row;
  }

  async updateCoin(
    asset: string,
    network: string,
    values: Pick<SwapCoinRow, 'enabled' | 'networkFee' | 'extendedPublicKey' | 'depositAddress'>,
  ): Promise<SwapCoinRow> {
    const [row] = await this.db
      .update(swapCoins)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(swapCoins.asset, asset), eq(swapCoins.network, network)))
      .returning();
    if (!row) throw new Error(`swap coin ${asset} ${network} vanished inside its transaction`);
    return row;
  }

  async lockPair(key: PairKey): Promise<SwapPairRow | undefined> {
    const [row] = await this.db.select().from(swapPairs).where(pairIs(key)).for('update');
    return row;
  }

  async updatePair(
    key: PairKey,
    values: Pick<SwapPairRow, 'enabled' | 'spread' | 'min' | 'max'>,
  ): Promise<SwapPairRow> {
    const [row] = await this.db
      .update(swapPairs)
      .set({ ...values, updatedAt: sql`now()` })
      .where(pairIs(key))
      .returning();
    if (!row) throw new Error('a swap pair vanished inside its transaction');
    return row;
  }

  /** Takes the coin's next derivation index (or memo number): one atomic increment, never handed out twice. */
  async takeDepositIndex(asset: string, network: string): Promise<number> {
    const [row] = await this.db
      .update(swapCoins)
      .set({ nextIndex: sql`${swapCoins.nextIndex} + 1` })
      .where(and(eq(swapCoins.asset, asset), eq(swapCoins.network, network)))
      .returning({ next: swapCoins.nextIndex });
    if (!row) throw new Error(`swap coin ${asset} ${network} is missing`);
    return row.next - 1;
  }

  // ---- Orders ----

  async insertOrder(order: NewSwapOrder): Promise<SwapOrderRow> {
    const [row] = await this.db.insert(swapOrders).values(order).returning();
    if (!row) throw new Error('an inserted swap order was not returned');
    await this.db.insert(swapOrderEvents).values({ orderId: row.id, status: 'waiting', at: row.createdAt });
    return row;
  }

  async findOrder(id: string): Promise<SwapOrderRow | undefined> {
    const [row] = await this.db.select().from(swapOrders).where(eq(swapOrders.id, id));
    return row;
  }

  async ordersByIds(ids: readonly string[]): Promise<SwapOrderRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(swapOrders)
      .where(inArray(swapOrders.id, [...ids]))
      .orderBy(desc(swapOrders.seq));
  }

  /** The e-mails of the operators an order names (who asked for and who approved its payout), by id. */
  async operatorEmails(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const operators = adminAccounts('operators');
    const rows = await this.db
      .select()
      .from(operators)
      .where(inArray(operators.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row.email]));
  }

  /** Every order's events, oldest first, by order id. */
  async eventsOf(ids: readonly string[]): Promise<Map<string, OrderEvent[]>> {
    const events = new Map<string, OrderEvent[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return events;
    const rows = await this.db
      .select()
      .from(swapOrderEvents)
      .where(inArray(swapOrderEvents.orderId, [...ids]))
      .orderBy(asc(swapOrderEvents.id));
    for (const row of rows) events.get(row.orderId)?.push({ status: row.status as SwapStatus, at: row.at });
    return events;
  }

  /**
   * Moves an order from one of `from` to `to` with its changes, only if it is still in one of `from`: a repeat or a
   * race finds it moved and changes nothing (undefined). Records the event in the same transaction.
   */
  async transition(
    id: string,
    from: readonly SwapStatus[],
    to: SwapStatus,
    changes: OrderChanges = {},
  ): Promise<SwapOrderRow | undefined> {
    const [row] = await this.db
      .update(swapOrders)
      .set({ ...changes, status: to, changedAt: sql`clock_timestamp()` })
      .where(and(eq(swapOrders.id, id), inArray(swapOrders.status, [...from])))
      .returning();
    if (!row) return undefined;
    await this.db.insert(swapOrderEvents).values({ orderId: id, status: to, at: row.changedAt });
    return row;
  }

  /** Changes fields of an order still in `status`, without a new status (an approval). */
  async amend(id: string, status: SwapStatus, changes: OrderChanges): Promise<SwapOrderRow | undefined> {
    const [row] = await this.db
      .update(swapOrders)
      .set(changes)
      .where(and(eq(swapOrders.id, id), eq(swapOrders.status, status)))
      .returning();
    return row;
  }

  /** Waiting orders past their time: expired, each with its event, in one statement. Answers their ids. */
  async expireDue(limit = 500): Promise<string[]> {
    const rows = await rowsOf<{ id: string }>(
      this.db,
      sql`with due as (
          select id from swap_orders where status = 'waiting' and expires_at < clock_timestamp()
          order by expires_at limit ${limit} for update skip locked
        ), expired as (
          update swap_orders o set status = 'expired', changed_at = clock_timestamp()
          from due where o.id = due.id and o.status = 'waiting'
          returning o.id, o.changed_at
        ), recorded as (
          insert into swap_order_events (order_id, status, at)
          select id, 'expired', changed_at from expired returning order_id
        )
        select order_id as id from recorded`,
    );
    return rows.map((row) => row.id);
  }

  /** Simulated orders whose status has stood for at least `seconds`, oldest first. */
  async simulatedDue(status: SwapStatus, seconds: number, limit = 200): Promise<SwapOrderRow[]> {
    return this.db
      .select()
      .from(swapOrders)
      .where(
        and(
          eq(swapOrders.simulated, true),
          eq(swapOrders.status, status),
          lt(swapOrders.changedAt, sql`clock_timestamp() - make_interval(secs => ${seconds})`),
        ),
      )
      .orderBy(asc(swapOrders.seq))
      .limit(limit);
  }

  async listOrders(query: {
    userId?: number;
    statuses?: readonly SwapStatus[];
    search?: string;
    before?: bigint;
    limit: number;
  }): Promise<SwapOrderRow[]> {
    const conditions: SQL[] = [];
    if (query.userId !== undefined) conditions.push(eq(swapOrders.userId, query.userId));
    if (query.statuses) conditions.push(inArray(swapOrders.status, [...query.statuses]));
    if (query.before !== undefined) conditions.push(lt(swapOrders.seq, query.before));
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (found) => `\\${found}`)}%`;
      conditions.push(
        sql`(${swapOrders.id} = ${query.search.toUpperCase()} or ${swapOrders.depositAddress} ilike ${pattern}
          or ${swapOrders.receiveAddress} ilike ${pattern} or ${swapOrders.refundAddress} ilike ${pattern}
          or ${swapOrders.depositTxHash} ilike ${pattern} or ${swapOrders.payoutTxHash} ilike ${pattern}
          or ${swapOrders.refundTxHash} ilike ${pattern})`,
      );
    }
    return this.db
      .select()
      .from(swapOrders)
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(desc(swapOrders.seq))
      .limit(query.limit);
  }
}

export type PairKey = { fromAsset: string; fromNetwork: string; toAsset: string; toNetwork: string };

function pairIs(key: PairKey) {
  return and(
    eq(swapPairs.fromAsset, key.fromAsset),
    eq(swapPairs.fromNetwork, key.fromNetwork),
    eq(swapPairs.toAsset, key.toAsset),
    eq(swapPairs.toNetwork, key.toNetwork),
  );
}
