import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { adminAudit } from '../admin/admin.schema';
import type { Audited } from '../admin/audit';
import { type AuditEntryRow, appendAuditEntry } from '../admin/audit.repository';
import { assets, journalTransactions, ledgerAccounts, postings } from '../ledger/ledger.schema';

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
}
