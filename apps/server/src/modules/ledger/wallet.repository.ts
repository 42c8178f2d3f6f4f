import type { UserAccount } from '@kestrel/contract';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assets, type JournalKind, journalTransactions, ledgerAccounts, postings } from './ledger.schema';

export type RecordFilter = { kinds?: JournalKind[]; asset?: string; beforePosting?: bigint; limit: number };

/**
 * The wallet module's reads of the ledger, kept here with the tables they read (decision 0040). The account change log is the user's postings joined to their journal
 * entries: a view of the ledger, never a second record of it.
 */
export class WalletRepository {
  constructor(private readonly db: Db) {}

  /** The user's postings newest first (by posting id, which only grows), after `beforePosting` when given. */
  records(userId: number, filter: RecordFilter) {
    const where: (SQL | undefined)[] = [eq(ledgerAccounts.userId, userId)];
    if (filter.kinds) where.push(inArray(journalTransactions.kind, filter.kinds));
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

  /**
   * What changed one of the user's accounts since a moment: its postings summed per asset, journal kind and
   * minute (Unix seconds of the minute's start), as exact decimals.
   */
  movesSince(userId: number, account: UserAccount, since: Date) {
    const minute = sql<string>`extract(epoch from date_trunc('minute', ${journalTransactions.createdAt}))::bigint::text`;
    return this.db
      .select({
        asset: postings.asset,
        precision: assets.precision,
        kind: journalTransactions.kind,
        minute,
        amount: sql<string>`sum(${postings.amount})::text`,
      })
      .from(postings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
      .innerJoin(journalTransactions, eq(journalTransactions.id, postings.transactionId))
      .innerJoin(assets, eq(assets.code, postings.asset))
      .where(
        and(
          eq(ledgerAccounts.userId, userId),
          eq(ledgerAccounts.purpose, account),
          gte(journalTransactions.createdAt, since),
        ),
      )
      .groupBy(postings.asset, assets.precision, journalTransactions.kind, minute);
  }
}
