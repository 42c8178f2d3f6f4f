import { ADJUSTMENT_DIRECTIONS, REVIEW_STATUSES, USER_ACCOUNTS } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { admins } from '../admin/admin.schema';
import { users } from '../auth/auth.schema';
import { assets, journalTransactions } from '../ledger/ledger.schema';

/**
 * Manual adjustments above the approval threshold, waiting for a second operator (decision 0031). A proposal
 * moves no funds: approval posts the system add or debit under the reference `proposal:<id>`, in the same
 * transaction as the row's change from pending, so it posts once however many approvals race.
 */
export const adjustmentProposals = pgTable(
  'adjustment_proposals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    direction: text('direction', { enum: ADJUSTMENT_DIRECTIONS }).notNull(),
    account: text('account', { enum: USER_ACCOUNTS }).notNull(),
    asset: text('asset')
      .notNull()
      .references(() => assets.code),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    reason: text('reason').notNull(),
    /** The proposing request's reference (from its Idempotency-Key), so a resend finds this proposal. */
    requestReference: text('request_reference').notNull(),
    proposerAdminId: integer('proposer_admin_id')
      .notNull()
      .references(() => admins.id),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    reviewerAdminId: integer('reviewer_admin_id').references(() => admins.id),
    rejectionReason: text('rejection_reason'),
    transactionId: bigint('transaction_id', { mode: 'bigint' }).references(() => journalTransactions.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('adjustment_proposals_request_key').on(table.requestReference),
    index('adjustment_proposals_status_idx').on(table.status, table.submittedAt),
    check('adjustment_proposals_amount_positive', sql`${table.amount} > 0`),
    check(
      'adjustment_proposals_two_operators',
      sql`${table.reviewerAdminId} is null or ${table.reviewerAdminId} <> ${table.proposerAdminId}`,
    ),
  ],
);
