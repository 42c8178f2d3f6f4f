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
import { bankCards } from './payout-accounts.schema';

const reviewers = adminAccounts('reviewers');

export type BankCardRow = typeof bankCards.$inferSelect;
export type NewBankCardRow = typeof bankCards.$inferInsert;

type UserContact = { userEmail: string | null; userPhone: string | null };

const live = isNull(bankCards.deletedAt);

/** Every SQL statement of bank cards: the owner's list and the review queue. */
export class BankCardsRepository implements Audited<BankCardsRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: BankCardsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new BankCardsRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  /** The user's cards that are not deleted, newest first. */
  listLive(userId: number): Promise<BankCardRow[]> {
    return this.db
      .select()
      .from(bankCards)
      .where(and(eq(bankCards.userId, userId), live))
      .orderBy(desc(bankCards.id));
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
      .from(bankCards)
      .where(and(eq(bankCards.userId, userId), live));
    return row?.value ?? 0;
  }

  /** Stores a card, or nothing when the user already has this number live (the partial unique index). */
  async insert(card: NewBankCardRow): Promise<BankCardRow | undefined> {
    const [row] = await this.db.insert(bankCards).values(card).onConflictDoNothing().returning();
    return row;
  }

  /** Hides the user's own card; another user's, or one already deleted, changes nothing. */
  async softDelete(userId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .update(bankCards)
      .set({ deletedAt: new Date() })
      .where(and(eq(bankCards.id, id), eq(bankCards.userId, userId), live))
      .returning({ id: bankCards.id });
    return rows.length > 0;
  }

  async page(filter: QueueFilter): Promise<{ rows: (UserContact & { card: BankCardRow })[]; total: number }> {
    const where = and(
      live,
      queueWhere(bankCards, filter, (pattern) => [
        ilike(bankCards.cardholder, pattern),
        ilike(bankCards.cardNumber, pattern),
      ]),
    );
    const { limit, offset } = queueWindow(filter);
    const rows = await this.db
      .select({ card: bankCards, userEmail: userAccounts.email, userPhone: userAccounts.phone })
      .from(bankCards)
      .innerJoin(userAccounts, eq(userAccounts.id, bankCards.userId))
      .where(where)
      .orderBy(...queueOrder(bankCards, filter.status))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db
      .select({ value: count() })
      .from(bankCards)
      .innerJoin(userAccounts, eq(userAccounts.id, bankCards.userId))
      .where(where);
    return { rows, total: total?.value ?? 0 };
  }

  /** One live card with its user and the reviewer who decided it. */
  async findForReview(id: number) {
    const [row] = await this.db
      .select({
        card: bankCards,
        userEmail: userAccounts.email,
        userPhone: userAccounts.phone,
        reviewerEmail: reviewers.email,
      })
      .from(bankCards)
      .innerJoin(userAccounts, eq(userAccounts.id, bankCards.userId))
      .leftJoin(reviewers, eq(reviewers.id, bankCards.reviewerAdminId))
      .where(and(eq(bankCards.id, id), live))
      .limit(1);
    return row;
  }

  /** The user's rows before this one, deleted ones included, newest first. */
  earlierThan(userId: number, id: number): Promise<BankCardRow[]> {
    return this.db
      .select()
      .from(bankCards)
      .where(and(eq(bankCards.userId, userId), lt(bankCards.id, id)))
      .orderBy(desc(bankCards.id));
  }

  async exists(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: bankCards.id })
      .from(bankCards)
      .where(and(eq(bankCards.id, id), live))
      .limit(1);
    return row !== undefined;
  }

  /** Records a decision if the card is still pending and not deleted; otherwise changes nothing. */
  async decide(id: number, decision: Decision, adminId: number): Promise<BankCardRow | undefined> {
    const [row] = await this.db
      .update(bankCards)
      .set(decisionValues(decision, adminId))
      .where(and(stillPending(bankCards, id), live))
      .returning();
    return row;
  }
}
