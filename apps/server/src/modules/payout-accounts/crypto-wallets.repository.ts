import { and, count, desc, eq, ilike, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AuditEntryRow, type Audited, adminAccounts, appendAuditEntry } from '../admin';
import { lockUser, userAccounts } from '../auth';
import {
  type Decision,
  decisionValues,
  type QueueFilter,
  queueOrder,
  queueWhere,
  queueWindow,
  stillPending,
} from '../review';
import { withdrawalWallets } from './payout-accounts.schema';

const reviewers = adminAccounts('reviewers');

export type CryptoWalletRow = typeof withdrawalWallets.$inferSelect;
export type NewCryptoWalletRow = typeof withdrawalWallets.$inferInsert;

type UserContact = { userEmail: string | null; userPhone: string | null };

const live = isNull(withdrawalWallets.deletedAt);

/** Every SQL statement of crypto withdrawal wallets: the owner's list and the review queue. */
export class CryptoWalletsRepository implements Audited<CryptoWalletsRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: CryptoWalletsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new CryptoWalletsRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  /** The user's wallets that are not deleted, newest first. */
  listLive(userId: number): Promise<CryptoWalletRow[]> {
    return this.db
      .select()
      .from(withdrawalWallets)
      .where(and(eq(withdrawalWallets.userId, userId), live))
      .orderBy(desc(withdrawalWallets.id));
  }

  /**
   * Holds the owner's row until the transaction ends, so that two binds at once count one after the other and
   * the limit holds under concurrency.
   */
  async lockOwner(userId: number): Promise<void> {
    await lockUser(this.db, userId);
  }

  async countLive(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ value: count() })
      .from(withdrawalWallets)
      .where(and(eq(withdrawalWallets.userId, userId), live));
    return row?.value ?? 0;
  }

  /** Stores a wallet, or nothing when the user already has this address live on this chain (the partial unique index). */
  async insert(wallet: NewCryptoWalletRow): Promise<CryptoWalletRow | undefined> {
    const [row] = await this.db.insert(withdrawalWallets).values(wallet).onConflictDoNothing().returning();
    return row;
  }

  /** Hides the user's own wallet; another user's, or one already deleted, changes nothing. */
  async softDelete(userId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .update(withdrawalWallets)
      .set({ deletedAt: new Date() })
      .where(and(eq(withdrawalWallets.id, id), eq(withdrawalWallets.userId, userId), live))
      .returning({ id: withdrawalWallets.id });
    return rows.length > 0;
  }

  async page(
    filter: QueueFilter,
  ): Promise<{ rows: (UserContact & { wallet: CryptoWalletRow })[]; total: number }> {
    const where = and(
      live,
      queueWhere(withdrawalWallets, filter, (pattern) => [ilike(withdrawalWallets.address, pattern)]),
    );
    const { limit, offset } = queueWindow(filter);
    const rows = await this.db
      .select({ wallet: withdrawalWallets, userEmail: userAccounts.email, userPhone: userAccounts.phone })
      .from(withdrawalWallets)
      .innerJoin(userAccounts, eq(userAccounts.id, withdrawalWallets.userId))
      .where(where)
      .orderBy(...queueOrder(withdrawalWallets, filter.status))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db
      .select({ value: count() })
      .from(withdrawalWallets)
      .innerJoin(userAccounts, eq(userAccounts.id, withdrawalWallets.userId))
      .where(where);
    return { rows, total: total?.value ?? 0 };
  }

  /** One live wallet with its user and the reviewer who decided it. */
  async findForReview(id: number) {
    const [row] = await this.db
      .select({
        wallet: withdrawalWallets,
        userEmail: userAccounts.email,
        userPhone: userAccounts.phone,
        reviewerEmail: reviewers.email,
      })
      .from(withdrawalWallets)
      .innerJoin(userAccounts, eq(userAccounts.id, withdrawalWallets.userId))
      .leftJoin(reviewers, eq(reviewers.id, withdrawalWallets.reviewerAdminId))
      .where(and(eq(withdrawalWallets.id, id), live))
      .limit(1);
    return row;
  }

  /** The user's rows before this one, deleted ones included, newest first. */
  earlierThan(userId: number, id: number): Promise<CryptoWalletRow[]> {
    return this.db
      .select()
      .from(withdrawalWallets)
      .where(and(eq(withdrawalWallets.userId, userId), lt(withdrawalWallets.id, id)))
      .orderBy(desc(withdrawalWallets.id));
  }

  async exists(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: withdrawalWallets.id })
      .from(withdrawalWallets)
      .where(and(eq(withdrawalWallets.id, id), live))
      .limit(1);
    return row !== undefined;
  }

  /** Records a decision if the wallet is still pending and not deleted; otherwise changes nothing. */
  async decide(id: number, decision: Decision, adminId: number): Promise<CryptoWalletRow | undefined> {
    const [row] = await this.db
      .update(withdrawalWallets)
      .set(decisionValues(decision, adminId))
      .where(and(stillPending(withdrawalWallets, id), live))
      .returning();
    return row;
  }
}
