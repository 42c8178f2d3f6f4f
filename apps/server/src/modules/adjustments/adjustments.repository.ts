import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { adminAudit, admins } from '../admin/admin.schema';
import type { Audited } from '../admin/audit';
import { type AuditEntryRow, appendAuditEntry } from '../admin/audit.repository';
import { LedgerRepository } from '../ledger/ledger.repository';
import { assets, journalTransactions, ledgerAccounts, postings } from '../ledger/ledger.schema';
import { LedgerService } from '../ledger/ledger.service';
import {
  type Decision,
  decisionValues,
  type QueueFilter,
  queueOrder,
  queueWhere,
  queueWindow,
  stillPending,
} from '../review/review-queue';
import { adjustmentProposals } from './adjustments.schema';

export type ProposalRow = typeof adjustmentProposals.$inferSelect;
export type NewProposal = typeof adjustmentProposals.$inferInsert;

const proposers = alias(admins, 'proposers');
const reviewers = alias(admins, 'reviewers');
const queueColumns = {
  id: adjustmentProposals.id,
  status: adjustmentProposals.status,
  submittedAt: adjustmentProposals.submittedAt,
  reviewedAt: adjustmentProposals.reviewedAt,
};

/** An adjustment as the ledger recorded it: the user's side of a system add or system debit. */
export type RecordedAdjustment = {
  transactionId: bigint;
  kind: string;
  userId: number;
  account: string;
  asset: string;
  /** Signed NUMERIC literal of the user's posting. */
  amount: string;
  precision: number;
  createdAt: Date;
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

  async userExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, id));
    return row !== undefined;
  }

  /** Locks the user until the end of the transaction, so that two runs of one adjustment audit it once. */
  async lockUser(id: number) {
    await this.db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  }

  /** The system add or system debit written under this reference, whichever direction it took. */
  async findByReference(reference: string): Promise<RecordedAdjustment | undefined> {
    const [row] = await this.db
      .select({
        transactionId: journalTransactions.id,
        kind: journalTransactions.kind,
        userId: sql<number>`${ledgerAccounts.userId}`,
        account: ledgerAccounts.purpose,
        asset: postings.asset,
        amount: postings.amount,
        precision: assets.precision,
        createdAt: journalTransactions.createdAt,
      })
      .from(journalTransactions)
      .innerJoin(postings, eq(postings.transactionId, journalTransactions.id))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
      .innerJoin(assets, eq(assets.code, postings.asset))
      .where(
        and(
          eq(journalTransactions.reference, reference),
          inArray(journalTransactions.kind, ['system_add', 'system_debit']),
          isNotNull(ledgerAccounts.userId),
        ),
      );
    return row;
  }

  /** Whether the audit log already holds the entry for this journal transaction. */
  async isAudited(action: string, transactionId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: adminAudit.id })
      .from(adminAudit)
      .where(
        and(eq(adminAudit.action, action), sql`${adminAudit.after}->>'transactionId' = ${transactionId}`),
      )
      .limit(1);
    return row !== undefined;
  }

  /** The asset's precision, or undefined for an asset the platform does not list. */
  async precisionOf(asset: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ precision: assets.precision })
      .from(assets)
      .where(eq(assets.code, asset));
    return row?.precision;
  }

  /**
   * The ledger on this repository's connection: inside `transaction`, an approval's posting commits with the
   * proposal's change from pending, or neither does.
   */
  ledger(): LedgerService {
    return new LedgerService(new LedgerRepository(this.db));
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

  async pageProposals(filter: QueueFilter) {
    const where = queueWhere(queueColumns, filter);
    const { limit, offset } = queueWindow(filter);
    const rows = await this.selectProposals()
      .where(where)
      .orderBy(...queueOrder(queueColumns, filter.status))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db
      .select({ value: count() })
      .from(adjustmentProposals)
      .innerJoin(users, eq(users.id, adjustmentProposals.userId))
      .where(where);
    return { rows, total: total?.value ?? 0 };
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
        userEmail: users.email,
        userPhone: users.phone,
        precision: assets.precision,
        proposerEmail: proposers.email,
        reviewerEmail: reviewers.email,
      })
      .from(adjustmentProposals)
      .innerJoin(users, eq(users.id, adjustmentProposals.userId))
      .innerJoin(assets, eq(assets.code, adjustmentProposals.asset))
      .innerJoin(proposers, eq(proposers.id, adjustmentProposals.proposerAdminId))
      .leftJoin(reviewers, eq(reviewers.id, adjustmentProposals.reviewerAdminId));
  }
}
