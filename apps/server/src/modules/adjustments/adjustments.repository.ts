import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type AuditEntryRow,
  type Audited,
  adminAccounts,
  appendAuditEntry,
  isTransactionAudited,
} from '../admin';
import { lockUser, userAccounts, userExists } from '../auth';
import { assetPrecisions, findAdjustment, type RecordedAdjustment } from '../ledger';
import {
  type Decision,
  decisionValues,
  type QueueFilter,
  queuePage,
  queueWhere,
  stillPending,
} from '../review';
import { adjustmentProposals } from './adjustments.schema';

export type ProposalRow = typeof adjustmentProposals.$inferSelect;
export type NewProposal = typeof adjustmentProposals.$inferInsert;

const proposers = adminAccounts('proposers');
const reviewers = adminAccounts('reviewers');
const queueColumns = {
  id: adjustmentProposals.id,
  userId: adjustmentProposals.userId,
  status: adjustmentProposals.status,
  submittedAt: adjustmentProposals.submittedAt,
  reviewedAt: adjustmentProposals.reviewedAt,
};

/** The adjustments area's SQL: finding an adjustment by its reference, and its audit entry. */
export class AdjustmentsRepository implements Audited<AdjustmentsRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: AdjustmentsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new AdjustmentsRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  userExists(id: number): Promise<boolean> {
    return userExists(this.db, id);
  }

  /** Locks the user until the end of the transaction, so that two runs of one adjustment audit it once. */
  lockUser(id: number) {
    return lockUser(this.db, id);
  }

  /** The system add or system debit written under this reference, whichever direction it took. */
  findByReference(reference: string): Promise<RecordedAdjustment | undefined> {
    return findAdjustment(this.db, reference);
  }

  /** Whether the audit log already holds the entry for this journal transaction. */
  isAudited(action: string, transactionId: string): Promise<boolean> {
    return isTransactionAudited(this.db, action, transactionId);
  }

  /** The asset's precision, or undefined for an asset the platform does not list. */
  async precisionOf(asset: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ precision: assetPrecisions.precision })
      .from(assetPrecisions)
      .where(eq(assetPrecisions.code, asset));
    return row?.precision;
  }

  /**
   * The connection this repository talks over: inside `transaction`, the transaction's, which the ledger's unit
   * of work (`ledger.within`) joins so that an approval's posting commits with the proposal's change from
   * pending, or neither does.
   */
  get connection(): Db {
    return this.db;
  }

  /** Stores a proposal once per request reference; undefined when that reference already has one. */
  async insertProposal(proposal: NewProposal): Promise<ProposalRow | undefined> {
    const [row] = await this.db
      .insert(adjustmentProposals)
      .values(proposal)
      .onConflictDoNothing({ target: adjustmentProposals.requestReference })
      .returning();
    return row;
  }

  async findProposalByReference(reference: string): Promise<ProposalRow | undefined> {
    const [row] = await this.db
      .select()
      .from(adjustmentProposals)
      .where(eq(adjustmentProposals.requestReference, reference));
    return row;
  }

  /** The pending proposal, locked until the end of the transaction; undefined when decided or unknown. */
  async lockPendingProposal(id: number): Promise<ProposalRow | undefined> {
    const [row] = await this.db
      .select()
      .from(adjustmentProposals)
      .where(stillPending(queueColumns, id))
      .for('update');
    return row;
  }

  async proposalExists(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: adjustmentProposals.id })
      .from(adjustmentProposals)
      .where(eq(adjustmentProposals.id, id));
    return row !== undefined;
  }

  /** Records the decision while the proposal is still pending; undefined when it no longer is. */
  async decideProposal(
    id: number,
    decision: Decision,
    adminId: number,
    transactionId: bigint | null,
  ): Promise<ProposalRow | undefined> {
    const [row] = await this.db
      .update(adjustmentProposals)
      .set({ ...decisionValues(decision, adminId), transactionId })
      .where(stillPending(queueColumns, id))
      .returning();
    return row;
  }

  pageProposals(filter: QueueFilter) {
    const list = this.selectProposals().$dynamic();
    return queuePage(this.db, list, queueColumns, filter, queueWhere(queueColumns, filter));
  }

  async findProposal(id: number) {
    const [row] = await this.selectProposals().where(eq(adjustmentProposals.id, id));
    return row;
  }

  /** Proposals with their user, their asset's precision and both operators' e-mails. */
  private selectProposals() {
    return this.db
      .select({
        proposal: adjustmentProposals,
        userEmail: userAccounts.email,
        userPhone: userAccounts.phone,
        precision: assetPrecisions.precision,
        proposerEmail: proposers.email,
        reviewerEmail: reviewers.email,
      })
      .from(adjustmentProposals)
      .innerJoin(userAccounts, eq(userAccounts.id, adjustmentProposals.userId))
      .innerJoin(assetPrecisions, eq(assetPrecisions.code, adjustmentProposals.asset))
      .innerJoin(proposers, eq(proposers.id, adjustmentProposals.proposerAdminId))
      .leftJoin(reviewers, eq(reviewers.id, adjustmentProposals.reviewerAdminId));
  }
}
