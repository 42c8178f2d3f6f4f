import { CHAINS, WITHDRAWAL_REVIEW_STATES, WITHDRAWAL_TARGET_TYPES } from '@kestrel/contract';
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
import { bankCards, withdrawalWallets } from '../payout-accounts/payout-accounts.schema';

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

/**
 * Withdrawals the users asked for. Submitting froze `amount` in the user's spot account under the reservation
 * ('withdrawal', request_reference) in the same transaction as this row; approval consumes it (`fee` to the fees
 * account, `received` to withdrawals clearing) and rejection releases it, each in the decision's transaction.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    targetType: text('target_type', { enum: WITHDRAWAL_TARGET_TYPES }).notNull(),
    walletId: integer('wallet_id').references(() => withdrawalWallets.id),
    bankCardId: integer('bank_card_id').references(() => bankCards.id),
    asset: text('asset')
      .notNull()
      .references(() => assets.code),
    /** The wallet's chain, or for a bank card the network whose fee and range applied. */
    chain: text('chain', { enum: CHAINS }).notNull(),
    amount: amount('amount').notNull(),
    fee: amount('fee').notNull(),
    received: amount('received').notNull(),
    /** The request's Idempotency-Key reference, also the reservation's: a retried request finds its withdrawal. */
    requestReference: text('request_reference').notNull(),
    state: text('state', { enum: WITHDRAWAL_REVIEW_STATES }).notNull().default('pending'),
    firstReviewerAdminId: integer('first_reviewer_admin_id').references(() => admins.id),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    reviewerAdminId: integer('reviewer_admin_id').references(() => admins.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The transaction hash (crypto) or the bank's reference, entered by the reviewer who paid it. */
    payoutReference: text('payout_reference'),
    rejectionReason: text('rejection_reason'),
    transactionId: bigint('transaction_id', { mode: 'bigint' }).references(() => journalTransactions.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('withdrawals_request_reference_key').on(table.requestReference),
    index('withdrawals_user_idx').on(table.userId, table.id),
    index('withdrawals_open_idx').on(table.state, table.submittedAt),
    index('withdrawals_decided_idx').on(table.state, table.reviewedAt),
    check(
      'withdrawals_amounts',
      sql`${table.fee} >= 0 and ${table.received} > 0 and ${table.amount} = ${table.fee} + ${table.received}`,
    ),
    check(
      'withdrawals_target',
      sql`(${table.targetType} = 'wallet') = (${table.walletId} is not null)
        and (${table.targetType} = 'bank_card') = (${table.bankCardId} is not null)`,
    ),
    check(
      'withdrawals_decided',
      sql`(${table.state} in ('pending', 'awaiting_second')) = (${table.reviewedAt} is null)
        and (${table.state} = 'rejected') = (${table.rejectionReason} is not null)
        and (${table.state} = 'approved') = (${table.transactionId} is not null)
        and (${table.state} = 'approved') = (${table.payoutReference} is not null)
        and (${table.state} <> 'awaiting_second' or ${table.firstReviewerAdminId} is not null)`,
    ),
  ],
);
