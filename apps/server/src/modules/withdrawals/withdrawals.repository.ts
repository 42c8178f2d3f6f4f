import { and, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AuditEntryRow, type Audited, adminAccounts, appendAuditEntry } from '../admin';
import { userAccounts } from '../auth';
import { assetPrecisions } from '../ledger';
import { withdrawalNetworks } from '../networks';
import {
  approvedCards,
  approvedWallets,
  type CardTarget,
  paidCard,
  paidCards,
  type WalletTarget,
  walletAddresses,
} from '../payout-accounts';
import { type QueueFilter, queuePage, queueWhere } from '../review';
import { withdrawals } from './withdrawals.schema';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawalRow = typeof withdrawals.$inferInsert;

const reviewers = adminAccounts('reviewers');
const firstReviewers = adminAccounts('first_reviewers');

/** Both undecided states sit in the queue's "pending" tab; the column is `state`, the tab is `status`. */
const queueColumns = {
  id: withdrawals.id,
  userId: withdrawals.userId,
  status: withdrawals.state,
  submittedAt: withdrawals.submittedAt,
  reviewedAt: withdrawals.reviewedAt,
};

function undecided(id: number): SQL {
  return sql`${withdrawals.id} = ${id} and ${withdrawals.state} in ('pending', 'awaiting_second')`;
}

/** The queue's tab (pending holds both undecided states) and the search over the user, as other queues do. */
function queueFilterWhere(filter: QueueFilter): SQL | undefined {
  const states = filter.status === 'pending' ? (['pending', 'awaiting_second'] as const) : [filter.status];
  return queueWhere(queueColumns, filter, undefined, inArray(withdrawals.state, states));
}

/** Every SQL statement of withdrawals. */
export class WithdrawalsRepository implements Audited<WithdrawalsRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: WithdrawalsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new WithdrawalsRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  /**
   * The connection this repository talks over: inside `transaction`, the transaction's, which the ledger's unit
   * of work (`ledger.within`) joins so that a withdrawal and its freeze (or a decision and its consume or
   * release) commit together or not at all.
   */
  get connection(): Db {
    return this.db;
  }

  /** The user's approved, not deleted wallets. */
  approvedWallets(userId: number, id?: number): Promise<WalletTarget[]> {
    return approvedWallets(this.db, userId, id);
  }

  /** The user's approved, not deleted bank cards. */
  approvedCards(userId: number, id?: number): Promise<CardTarget[]> {
    return approvedCards(this.db, userId, id);
  }

  /** Each listed asset's precision, by code. */
  async precisions(): Promise<ReadonlyMap<string, number>> {
    const rows = await this.db.select().from(assetPrecisions);
    return new Map(rows.map((row) => [row.code, row.precision]));
  }

  /** Networks open for withdrawals, with their asset's precision. */
  withdrawalNetworks() {
    return withdrawalNetworks(this.db);
  }

  /** Stores a withdrawal, or nothing when this request reference already stored one (a retried request). */
  async insert(row: NewWithdrawalRow): Promise<WithdrawalRow | undefined> {
    const [inserted] = await this.db.insert(withdrawals).values(row).onConflictDoNothing().returning();
    return inserted;
  }

  async findByReference(requestReference: string): Promise<WithdrawalRow | undefined> {
    const [row] = await this.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.requestReference, requestReference));
    return row;
  }

  /** A user's withdrawals, newest first, with where each went. */
  async pageOf(userId: number, page: number, pageSize: number) {
    const rows = await this.db
      .select({ withdrawal: withdrawals, address: walletAddresses.address, card: paidCard })
      .from(withdrawals)
      .leftJoin(walletAddresses, eq(walletAddresses.id, withdrawals.walletId))
      .leftJoin(paidCards, eq(paidCards.id, withdrawals.bankCardId))
      .where(eq(withdrawals.userId, userId))
      .orderBy(desc(withdrawals.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await this.db
      .select({ value: count() })
      .from(withdrawals)
      .where(eq(withdrawals.userId, userId));
    return { rows, total: total?.value ?? 0 };
  }

  page(filter: QueueFilter) {
    const list = this.db
      .select({ withdrawal: withdrawals, userEmail: userAccounts.email, userPhone: userAccounts.phone })
      .from(withdrawals)
      .innerJoin(userAccounts, eq(userAccounts.id, withdrawals.userId))
      .$dynamic();
    return queuePage(this.db, list, queueColumns, filter, queueFilterWhere(filter));
  }

  /** One withdrawal with its user, destination and reviewers. */
  async findForReview(id: number) {
    const [row] = await this.db
      .select({
        withdrawal: withdrawals,
        userEmail: userAccounts.email,
        userPhone: userAccounts.phone,
        address: walletAddresses.address,
        card: paidCard,
        reviewerEmail: reviewers.email,
        firstReviewerEmail: firstReviewers.email,
      })
      .from(withdrawals)
      .innerJoin(userAccounts, eq(userAccounts.id, withdrawals.userId))
      .leftJoin(walletAddresses, eq(walletAddresses.id, withdrawals.walletId))
      .leftJoin(paidCards, eq(paidCards.id, withdrawals.bankCardId))
      .leftJoin(reviewers, eq(reviewers.id, withdrawals.reviewerAdminId))
      .leftJoin(firstReviewers, eq(firstReviewers.id, withdrawals.firstReviewerAdminId))
      .where(eq(withdrawals.id, id))
      .limit(1);
    return row;
  }

  /** The user's withdrawals before this one, newest first, at most a page of them. */
  earlierThan(userId: number, id: number): Promise<WithdrawalRow[]> {
    return this.db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), lt(withdrawals.id, id)))
      .orderBy(desc(withdrawals.id))
      .limit(20);
  }

  async exists(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.id, id))
      .limit(1);
    return row !== undefined;
  }

  /**
   * The withdrawal if it is still undecided, locked until the transaction ends: a second reviewer's lock waits,
   * then sees the first one's decision.
   */
  async lockUndecided(id: number): Promise<WithdrawalRow | undefined> {
    const [row] = await this.db.select().from(withdrawals).where(undecided(id)).for('update');
    return row;
  }

  /** A first approval of a large withdrawal: it waits for a second, different reviewer. */
  async approveFirst(id: number, adminId: number): Promise<WithdrawalRow | undefined> {
    const [row] = await this.db
      .update(withdrawals)
      .set({ state: 'awaiting_second', firstReviewerAdminId: adminId, firstApprovedAt: sql`now()` })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.state, 'pending')))
      .returning();
    return row;
  }

  async complete(
    id: number,
    adminId: number,
    payoutReference: string,
    transactionId: bigint,
  ): Promise<WithdrawalRow | undefined> {
    const [row] = await this.db
      .update(withdrawals)
      .set({
        state: 'approved',
        reviewerAdminId: adminId,
        reviewedAt: sql`now()`,
        payoutReference,
        transactionId,
      })
      .where(undecided(id))
      .returning();
    return row;
  }

  async reject(id: number, adminId: number, reason: string): Promise<WithdrawalRow | undefined> {
    const [row] = await this.db
      .update(withdrawals)
      .set({ state: 'rejected', reviewerAdminId: adminId, reviewedAt: sql`now()`, rejectionReason: reason })
      .where(undecided(id))
      .returning();
    return row;
  }
}
