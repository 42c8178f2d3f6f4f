import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AuditEntryRow, type Audited, adminAccounts, appendAuditEntry } from '../admin';
import { userAccounts } from '../auth';
import { assetPrecisions } from '../ledger';
import {
  type Decision,
  decisionValues,
  type QueueFilter,
  queuePage,
  queueWhere,
  stillPending,
} from '../review';
import { deposits } from './deposits.schema';

const reviewers = adminAccounts('reviewers');

export type DepositRow = typeof deposits.$inferSelect;
export type NewDepositRow = typeof deposits.$inferInsert;
export type QueueRow = { deposit: DepositRow; userEmail: string | null; userPhone: string | null };

/** Every SQL statement of deposits. */
export class DepositsRepository implements Audited<DepositsRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: DepositsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new DepositsRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  /**
   * The connection this repository talks over: inside `transaction`, the transaction's, which the ledger's unit
   * of work (`ledger.within`) joins so that an approval and its credit commit together or not at all.
   */
  get connection(): Db {
    return this.db;
  }

  /** The asset's precision, read in the decision's transaction that credits at it. */
  async precisionOf(asset: string): Promise<number> {
    const [row] = await this.db
      .select({ precision: assetPrecisions.precision })
      .from(assetPrecisions)
      .where(eq(assetPrecisions.code, asset));
    if (!row) throw new Error(`asset ${asset} has no precision`);
    return row.precision;
  }

  /** Stores a deposit, or nothing when this request reference already stored one (a retried request). */
  async insertPending(row: NewDepositRow): Promise<DepositRow | undefined> {
    const [inserted] = await this.db.insert(deposits).values(row).onConflictDoNothing().returning();
    return inserted;
  }

  async findByReference(requestReference: string): Promise<DepositRow | undefined> {
    const [row] = await this.db
      .select()
      .from(deposits)
      .where(eq(deposits.requestReference, requestReference));
    return row;
  }

  /** A user's deposits, newest first. */
  async pageOf(userId: number, page: number, pageSize: number) {
    const rows = await this.db
      .select()
      .from(deposits)
      .where(eq(deposits.userId, userId))
      .orderBy(desc(deposits.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await this.db
      .select({ value: count() })
      .from(deposits)
      .where(eq(deposits.userId, userId));
    return { rows, total: total?.value ?? 0 };
  }

  page(filter: QueueFilter) {
    const list = this.db
      .select({ deposit: deposits, userEmail: userAccounts.email, userPhone: userAccounts.phone })
      .from(deposits)
      .innerJoin(userAccounts, eq(userAccounts.id, deposits.userId))
      .$dynamic();
    return queuePage(this.db, list, deposits, filter, queueWhere(deposits, filter));
  }

  /** One deposit with its user and the reviewer who decided it. */
  async findForReview(id: number) {
    const [row] = await this.db
      .select({
        deposit: deposits,
        userEmail: userAccounts.email,
        userPhone: userAccounts.phone,
        reviewerEmail: reviewers.email,
      })
      .from(deposits)
      .innerJoin(userAccounts, eq(userAccounts.id, deposits.userId))
      .leftJoin(reviewers, eq(reviewers.id, deposits.reviewerAdminId))
      .where(eq(deposits.id, id))
      .limit(1);
    return row;
  }

  /** The user's deposits before this one, newest first, at most a page of them. */
  earlierThan(userId: number, id: number): Promise<DepositRow[]> {
    return this.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, userId), lt(deposits.id, id)))
      .orderBy(desc(deposits.id))
      .limit(20);
  }

  async exists(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: deposits.id })
      .from(deposits)
      .where(eq(deposits.id, id))
      .limit(1);
    return row !== undefined;
  }

  /**
   * The deposit if it is still pending, locked until the transaction ends: a second reviewer's lock waits, then
   * finds it decided and gets nothing.
   */
  async lockPending(id: number): Promise<DepositRow | undefined> {
    const [row] = await this.db.select().from(deposits).where(stillPending(deposits, id)).for('update');
    return row;
  }

  async setAmount(id: number, amount: string): Promise<DepositRow | undefined> {
    const [row] = await this.db
      .update(deposits)
      .set({ amount })
      .where(stillPending(deposits, id))
      .returning();
    return row;
  }

  /** Records a decision if the deposit is still pending; an approval names the journal transaction that paid it. */
  async decide(
    id: number,
    decision: Decision,
    adminId: number,
    transactionId: bigint | null,
  ): Promise<DepositRow | undefined> {
    const [row] = await this.db
      .update(deposits)
      .set({ ...decisionValues(decision, adminId), transactionId })
      .where(stillPending(deposits, id))
      .returning();
    return row;
  }
}
