import { and, count, desc, eq, isNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AuditEntryRow, type Audited, adminAccounts, appendAuditEntry } from '../admin';
import { lockUser, userAccounts } from '../auth';
import {
  type Decision,
  decisionValues,
  type QueueFilter,
  queuePage,
  queueWhere,
  stillPending,
} from '../review';
import type { bankCards, withdrawalWallets } from './payout-accounts.schema';

const reviewers = adminAccounts('reviewers');

/** The tables of the accounts a withdrawal may be paid to: bank cards and crypto withdrawal wallets. */
export type PayoutTable = typeof bankCards | typeof withdrawalWallets;
export type PayoutRow<T extends PayoutTable> = T['$inferSelect'];
export type NewPayoutRow<T extends PayoutTable> = T['$inferInsert'];

type UserContact = { userEmail: string | null; userPhone: string | null };

/** What a kind of payout account adds to the queue's search over the user: a holder's name, a number, an address. */
export type QueueSearch<T extends PayoutTable> = (table: T, pattern: string) => SQL[];

/**
 * Every SQL statement of one kind of payout account: the owner's list and the review queue. Both kinds' tables
 * name their common columns alike; a deleted account keeps its row, which every "live" rule ignores.
 */
export class PayoutAccountsRepository<T extends PayoutTable> implements Audited<PayoutAccountsRepository<T>> {
  constructor(
    private readonly db: Db,
    private readonly table: T,
    private readonly search: QueueSearch<T>,
  ) {}

  transaction<R>(work: (repository: PayoutAccountsRepository<T>) => Promise<R>): Promise<R> {
    return this.db.transaction((tx) => work(new PayoutAccountsRepository(tx, this.table, this.search)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  private get live(): SQL {
    return isNull(this.table.deletedAt);
  }

  /** The user's accounts that are not deleted, newest first. */
  async listLive(userId: number): Promise<PayoutRow<T>[]> {
    const { table } = this;
    return this.db
      .select()
      .from(table as PayoutTable)
      .where(and(eq(table.userId, userId), this.live))
      .orderBy(desc(table.id)) as Promise<PayoutRow<T>[]>;
  }

  /**
   * Holds the owner's row until the transaction ends, so that two binds at once count one after the other and
   * the limit holds under concurrency.
   */
  async lockOwner(userId: number): Promise<void> {
    await lockUser(this.db, userId);
  }

  async countLive(userId: number): Promise<number> {
    const { table } = this;
    const [row] = await this.db
      .select({ value: count() })
      .from(table as PayoutTable)
      .where(and(eq(table.userId, userId), this.live));
    return row?.value ?? 0;
  }

  /** Stores an account, or nothing when the user already has it live (the partial unique index). */
  async insert(account: NewPayoutRow<T>): Promise<PayoutRow<T> | undefined> {
    const [row] = await this.db
      .insert(this.table as PayoutTable)
      .values(account)
      .onConflictDoNothing()
      .returning();
    return row as PayoutRow<T> | undefined;
  }

  /** Hides the user's own account; another user's, or one already deleted, changes nothing. */
  async softDelete(userId: number, id: number): Promise<boolean> {
    const { table } = this;
    const rows = await this.db
      .update(table as PayoutTable)
      .set({ deletedAt: new Date() })
      .where(and(eq(table.id, id), eq(table.userId, userId), this.live))
      .returning({ id: table.id });
    return rows.length > 0;
  }

  async page(filter: QueueFilter) {
    const { table } = this;
    const list = this.db
      .select({ account: table as PayoutTable, userEmail: userAccounts.email, userPhone: userAccounts.phone })
      .from(table as PayoutTable)
      .innerJoin(userAccounts, eq(userAccounts.id, table.userId))
      .$dynamic();
    const where = and(
      this.live,
      queueWhere(table, filter, (pattern) => this.search(table, pattern)),
    );
    const { rows, total } = await queuePage(this.db, list, table, filter, where);
    return { rows: rows as (UserContact & { account: PayoutRow<T> })[], total };
  }

  /** One live account with its user and the reviewer who decided it. */
  async findForReview(
    id: number,
  ): Promise<(UserContact & { account: PayoutRow<T>; reviewerEmail: string | null }) | undefined> {
    const { table } = this;
    const [row] = await this.db
      .select({
        account: table as PayoutTable,
        userEmail: userAccounts.email,
        userPhone: userAccounts.phone,
        reviewerEmail: reviewers.email,
      })
      .from(table as PayoutTable)
      .innerJoin(userAccounts, eq(userAccounts.id, table.userId))
      .leftJoin(reviewers, eq(reviewers.id, table.reviewerAdminId))
      .where(and(eq(table.id, id), this.live))
      .limit(1);
    return row as (UserContact & { account: PayoutRow<T>; reviewerEmail: string | null }) | undefined;
  }

  /** The user's rows before this one, deleted ones included, newest first. */
  async earlierThan(userId: number, id: number): Promise<PayoutRow<T>[]> {
    const { table } = this;
    return this.db
      .select()
      .from(table as PayoutTable)
      .where(and(eq(table.userId, userId), lt(table.id, id)))
      .orderBy(desc(table.id)) as Promise<PayoutRow<T>[]>;
  }

  async exists(id: number): Promise<boolean> {
    const { table } = this;
    const [row] = await this.db
      .select({ id: table.id })
      .from(table as PayoutTable)
      .where(and(eq(table.id, id), this.live))
      .limit(1);
    return row !== undefined;
  }

  /** Records a decision if the account is still pending and not deleted; otherwise changes nothing. */
  async decide(id: number, decision: Decision, adminId: number): Promise<PayoutRow<T> | undefined> {
    const [row] = await this.db
      .update(this.table as PayoutTable)
      .set(decisionValues(decision, adminId))
      .where(and(stillPending(this.table, id), this.live))
      .returning();
    return row as PayoutRow<T> | undefined;
  }
}
