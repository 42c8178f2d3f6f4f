import type { ReviewStatus } from '@kestrel/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/contains-pattern';
import { userAccounts } from '../auth';

/*
 * The SQL every review queue shares (identity, bank cards, wallets, deposits, withdrawals, adjustment proposals).
 * A queue's table names these columns the same way, and its list query joins the auth module's `userAccounts`.
 */

/** The columns every review table has. */
export type ReviewColumns = {
  id: PgColumn;
  status: PgColumn;
  submittedAt: PgColumn;
  reviewedAt: PgColumn;
};

/** A queue's columns as its list reads them: the review columns and the user each item belongs to. */
export type QueueColumns = ReviewColumns & { userId: PgColumn };

export type QueueFilter = { status: ReviewStatus; q?: string; page: number; pageSize: number };

/** What every approval may carry: a note the audit log keeps as its reason. */
export type ApprovalBody = { note?: string };

/**
 * A reviewer's decision; only a rejection must say why. An approval carries its endpoint's body (a note, and for a
 * withdrawal the payment's reference).
 */
export type Decision<Approval extends ApprovalBody = ApprovalBody> =
  | ({ status: 'approved' } & Approval)
  | { status: 'rejected'; reason: string };

/**
 * The rows of one status whose user matches the search: part of the e-mail or phone, or the UID. A queue adds
 * matches of its own (a real name, a card number) through `alsoMatches`.
 */
export function queueWhere(
  table: ReviewColumns,
  filter: QueueFilter,
  alsoMatches: (pattern: string) => SQL[] = () => [],
  /** The rows of the filter's tab, when a tab holds more than its status (a withdrawal's two undecided states). */
  inTab: SQL = eq(table.status, filter.status),
): SQL | undefined {
  const { q } = filter;
  if (!q) return inTab;
  const pattern = containsPattern(q);
  return and(
    inTab,
    or(
      ilike(userAccounts.email, pattern),
      ilike(userAccounts.phone, pattern),
      /^\d{1,9}$/.test(q) ? eq(userAccounts.id, Number(q)) : undefined,
      ...alsoMatches(pattern),
    ),
  );
}

/** Pending items first come, first served; decided ones with the latest decision first. */
function queueOrder(table: ReviewColumns, status: ReviewStatus): SQL[] {
  return status === 'pending'
    ? [asc(table.submittedAt), asc(table.id)]
    : [desc(table.reviewedAt), desc(table.id)];
}

/**
 * One page of a queue and the number of its rows that match `where`. `list` is the queue's own select (its
 * columns, and its joins, the user's among them), made dynamic; the page adds the filter, the order and the
 * window. The count joins only the user, whom the search reads.
 */
export async function queuePage<Q extends PgSelect>(
  db: Db,
  list: Q,
  columns: QueueColumns,
  filter: QueueFilter,
  where: SQL | undefined,
): Promise<{ rows: Awaited<Q>; total: number }> {
  const rows = await list
    .where(where)
    .orderBy(...queueOrder(columns, filter.status))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [total] = await db
    .select({ value: count() })
    .from(columns.id.table)
    .innerJoin(userAccounts, eq(userAccounts.id, columns.userId))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

/**
 * Where a decision may land: the item, and only while it is pending. Used as the WHERE of the decision's UPDATE,
 * it makes the decision happen once: of two reviewers deciding at the same moment, the second one's update
 * waits for the first one's row lock, then finds the row no longer pending and changes nothing.
 */
export function stillPending(table: ReviewColumns, id: number): SQL {
  return sql`${table.id} = ${id} and ${table.status} = 'pending'`;
}

/** The columns a decision sets. */
export function decisionValues(decision: Decision, adminId: number) {
  return {
    status: decision.status,
    rejectionReason: decision.status === 'rejected' ? decision.reason : null,
    reviewerAdminId: adminId,
    reviewedAt: sql`now()`,
  };
}
