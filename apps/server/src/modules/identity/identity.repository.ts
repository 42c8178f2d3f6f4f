import { and, desc, eq, ilike, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AuditEntryRow, type Audited, adminAccounts, appendAuditEntry } from '../admin';
import { userAccounts } from '../auth';
import {
  type Decision,
  decisionValues,
  type QueueFilter,
  queuePage,
  queueWhere,
  stillPending,
} from '../review';
import { identityVerifications } from './identity.schema';

const reviewers = adminAccounts('reviewers');

export type IdentityRow = typeof identityVerifications.$inferSelect;
export type NewIdentityRow = typeof identityVerifications.$inferInsert;

/** A submission with the user it belongs to, as the review queue lists it. */
export type QueueRow = { submission: IdentityRow; userEmail: string | null; userPhone: string | null };

/** Every SQL statement of identity verification. */
export class IdentityRepository implements Audited<IdentityRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: IdentityRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new IdentityRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  /** The user's newest submission, which decides their status. */
  async latestOf(userId: number): Promise<IdentityRow | undefined> {
    const [row] = await this.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, userId))
      .orderBy(desc(identityVerifications.id))
      .limit(1);
    return row;
  }

  /**
   * Stores a submission, or nothing when the user already has a pending one: the partial unique index turns a
   * race between two submissions into a conflict that is skipped here.
   */
  async insertPending(submission: NewIdentityRow): Promise<IdentityRow | undefined> {
    const [row] = await this.db
      .insert(identityVerifications)
      .values(submission)
      .onConflictDoNothing()
      .returning();
    return row;
  }

  page(filter: QueueFilter) {
    const list = this.db
      .select({
        submission: identityVerifications,
        userEmail: userAccounts.email,
        userPhone: userAccounts.phone,
      })
      .from(identityVerifications)
      .innerJoin(userAccounts, eq(userAccounts.id, identityVerifications.userId))
      .$dynamic();
    const where = queueWhere(identityVerifications, filter, (pattern) => [
      ilike(identityVerifications.realName, pattern),
    ]);
    return queuePage(this.db, list, identityVerifications, filter, where);
  }

  /** One submission with its user and the reviewer who decided it. */
  async findForReview(id: number) {
    const [row] = await this.db
      .select({
        submission: identityVerifications,
        userEmail: userAccounts.email,
        userPhone: userAccounts.phone,
        reviewerEmail: reviewers.email,
      })
      .from(identityVerifications)
      .innerJoin(userAccounts, eq(userAccounts.id, identityVerifications.userId))
      .leftJoin(reviewers, eq(reviewers.id, identityVerifications.reviewerAdminId))
      .where(eq(identityVerifications.id, id))
      .limit(1);
    return row;
  }

  /** The user's submissions before this one, newest first. */
  async earlierThan(userId: number, id: number): Promise<IdentityRow[]> {
    return this.db
      .select()
      .from(identityVerifications)
      .where(and(eq(identityVerifications.userId, userId), lt(identityVerifications.id, id)))
      .orderBy(desc(identityVerifications.id));
  }

  async exists(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: identityVerifications.id })
      .from(identityVerifications)
      .where(eq(identityVerifications.id, id))
      .limit(1);
    return row !== undefined;
  }

  /** Records a decision if the submission is still pending; otherwise changes nothing and returns nothing. */
  async decide(id: number, decision: Decision, adminId: number): Promise<IdentityRow | undefined> {
    const [row] = await this.db
      .update(identityVerifications)
      .set(decisionValues(decision, adminId))
      .where(stillPending(identityVerifications, id))
      .returning();
    return row;
  }
}
