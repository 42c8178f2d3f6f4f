import type { UserAccount } from '@kestrel/contract';
import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  assets,
  balances,
  journalTransactions,
  ledgerAccounts,
  postings,
  reservations,
} from './ledger.schema';

/*
 * What other modules may read of the ledger's tables (decision 0040). The tables stay the ledger's; a module that
 * shows an amount at its asset's scale, or a reservation's progress, joins these in its own query.
 */

const query = new QueryBuilder();

/** Each listed asset's code and precision. */
export const assetPrecisions = query
  .select({ code: assets.code, precision: assets.precision })
  .from(assets)
  .as('asset_precisions');

/** What each reservation has had consumed, by its purpose and reference. */
export const reservationProgress = query
  .select({
    purpose: reservations.purpose,
    reference: reservations.reference,
    consumed: reservations.consumed,
  })
  .from(reservations)
  .as('reservation_progress');

/** A system add or system debit as the ledger recorded it: the user's side of it. */
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

/** The system add or system debit written under this reference, whichever direction it took. */
export async function findAdjustment(db: Db, reference: string): Promise<RecordedAdjustment | undefined> {
  const [row] = await db
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

/**
 * What every user holds of each asset across their accounts (available and frozen), as a subquery of columns
 * `user_id`, `asset`, `amount` for a set-based statement of another module (the membership snapshot).
 */
export function userHoldings(): SQL {
  return sql`select ${ledgerAccounts.userId} as user_id, ${balances.asset} as asset,
      sum(${balances.available} + ${balances.frozen}) as amount
    from ${balances} join ${ledgerAccounts} on ${ledgerAccounts.id} = ${balances.accountId}
    where ${ledgerAccounts.userId} is not null and ${balances.available} + ${balances.frozen} > 0
    group by ${ledgerAccounts.userId}, ${balances.asset}`;
}

/** These users' balances in their accounts of one purpose, each with its asset's precision. */
export function balancesOfUsers(db: Db, userIds: readonly number[], purpose: UserAccount) {
  return db
    .select({
      userId: ledgerAccounts.userId,
      asset: balances.asset,
      available: balances.available,
      frozen: balances.frozen,
      precision: assets.precision,
    })
    .from(balances)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, balances.accountId))
    .innerJoin(assets, eq(assets.code, balances.asset))
    .where(and(inArray(ledgerAccounts.userId, [...userIds]), eq(ledgerAccounts.purpose, purpose)));
}

/**
 * Users' postings with their journal kind and time (the mission hall counts deposits and earn subscriptions from
 * them): signed as the ledger wrote them, positive into the user's account.
 */
export const userPostings = query
  .select({
    kind: journalTransactions.kind,
    userId: sql<number>`${ledgerAccounts.userId}`.as('user_id'),
    asset: postings.asset,
    amount: postings.amount,
    createdAt: journalTransactions.createdAt,
  })
  .from(postings)
  .innerJoin(journalTransactions, eq(journalTransactions.id, postings.transactionId))
  .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
  .where(isNotNull(ledgerAccounts.userId))
  .as('user_postings');
