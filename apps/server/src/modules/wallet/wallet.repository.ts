import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  assets,
  type JournalKind,
  journalTransactions,
  ledgerAccounts,
  postings,
} from '../ledger/ledger.schema';

export type RecordFilter = { kind?: JournalKind; asset?: string; beforePosting?: bigint; limit: number };

/**
 * The wallet's reads of the ledger. The account change log is the user's postings joined to their journal
 * entries: a view of the ledger, never a second record of it.
 */
export class WalletRepository {
  constructor(private readonly db: Db) {}

  /** The user's postings newest first (by posting id, which only grows), after `beforePosting` when given. */
  records(userId: number, filter: RecordFilter) {
    const where: (SQL | undefined)[] = [eq(ledgerAccounts.userId, userId)];
    if (filter.kind) where.push(eq(journalTransactions.kind, filter.kind));
    if (filter.asset) where.push(eq(postings.asset, filter.asset));
    if (filter.beforePosting !== undefined) where.push(lt(postings.id, filter.beforePosting));
    return this.db
      .select({
        id: postings.id,
        asset: postings.asset,
        amount: postings.amount,
        precision: assets.precision,
        account: ledgerAccounts.purpose,
        kind: journalTransactions.kind,
        transactionId: journalTransactions.id,
        createdAt: journalTransactions.createdAt,
      })
      .from(postings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
      .innerJoin(journalTransactions, eq(journalTransactions.id, postings.transactionId))
      .innerJoin(assets, eq(assets.code, postings.asset))
      .where(and(...where))
      .orderBy(desc(postings.id))
      .limit(filter.limit);
  }
}
