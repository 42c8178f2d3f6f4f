import { type BankAccountDetails, DEPOSIT_METHODS, REVIEW_STATUSES, USER_ACCOUNTS } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins } from '../admin/admin.schema';
import { users } from '../auth/auth.schema';
import { assets, journalTransactions } from '../ledger/ledger.schema';
import { uploads } from '../uploads/uploads.schema';

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

/**
 * Deposits the users declared: what they say they sent where, with the transfer credential, waiting for a
 * reviewer. Nothing is in the ledger until the approval, which credits `amount` (the reviewer may have corrected
 * it from `claimed_amount`) in the same transaction as the status change and links the journal transaction.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** A crypto transfer to a network's address, or a bank transfer to the platform's bank account. */
    method: text('method', { enum: DEPOSIT_METHODS }).notNull().default('crypto'),
    asset: text('asset')
      .notNull()
      .references(() => assets.code),
    /** A crypto transfer's network; null for a bank transfer. */
    chain: text('chain'),
    /** The user account credited on approval (the spec's "wallet type"). */
    account: text('account', { enum: USER_ACCOUNTS }).notNull(),
    /** The platform address the user was shown, kept as it was even if an operator changes it later. */
    address: text('address'),
    /** A bank transfer's account details as the user was shown them, kept as they were. */
    bank: jsonb('bank').$type<BankAccountDetails>(),
    /** The reference the user was to quote in their bank transfer. */
    bankReference: text('bank_reference'),
    amount: amount('amount').notNull(),
    claimedAmount: amount('claimed_amount').notNull(),
    credentialUploadId: uuid('credential_upload_id')
      .notNull()
      .references(() => uploads.id),
    /** The request's Idempotency-Key reference: a retried submission finds its first deposit. */
    requestReference: text('request_reference').notNull(),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    reviewerAdminId: integer('reviewer_admin_id').references(() => admins.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    transactionId: bigint('transaction_id', { mode: 'bigint' }).references(() => journalTransactions.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deposits_request_reference_key').on(table.requestReference),
    index('deposits_user_idx').on(table.userId, table.id),
    index('deposits_pending_idx').on(table.status, table.submittedAt),
    index('deposits_decided_idx').on(table.status, table.reviewedAt),
    check(
      'deposits_method_details',
      sql`${table.method} in ('crypto', 'bank')
        and (${table.method} = 'crypto') = (${table.chain} is not null and ${table.address} is not null)
        and (${table.method} = 'bank') = (${table.bank} is not null and ${table.bankReference} is not null)`,
    ),
    check('deposits_amounts_positive', sql`${table.amount} > 0 and ${table.claimedAmount} > 0`),
    check(
      'deposits_decided',
      sql`(${table.status} = 'pending') = (${table.reviewedAt} is null)
        and (${table.status} = 'rejected') = (${table.rejectionReason} is not null)
        and (${table.status} = 'approved') = (${table.transactionId} is not null)`,
    ),
  ],
);
