import { CHAINS, REVIEW_STATUSES, WALLET_TYPES } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { admins } from '../admin/admin.schema';
import { users } from '../auth/auth.schema';
import { uploads } from '../uploads/uploads.schema';

/*
 * Where withdrawals may go. A deleted card or wallet keeps its row (deleted_at set) because withdrawals already
 * sent to it point at it; every "live" rule below (one of each per user, the queue) ignores deleted rows.
 * Decisions follow the review-queue pattern: CHECKs keep a decided row's time and a rejected row's reason.
 */

export const bankCards = pgTable(
  'bank_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bankName: text('bank_name').notNull(),
    bankAccount: text('bank_account'),
    /** Upper-cased, without spaces; users see only its last four characters. */
    cardNumber: text('card_number').notNull(),
    cardholder: text('cardholder').notNull(),
    phone: text('phone').notNull(),
    routingCode: text('routing_code'),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    reviewerAdminId: integer('reviewer_admin_id').references(() => admins.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bank_cards_live_number_key')
      .on(table.userId, table.cardNumber)
      .where(sql`${table.deletedAt} is null`),
    index('bank_cards_user_idx').on(table.userId, table.id),
    index('bank_cards_pending_idx').on(table.status, table.submittedAt),
    index('bank_cards_decided_idx').on(table.status, table.reviewedAt),
    check('bank_cards_decided', sql`(${table.status} = 'pending') = (${table.reviewedAt} is null)`),
    check(
      'bank_cards_rejection_reason',
      sql`(${table.status} = 'rejected') = (${table.rejectionReason} is not null)`,
    ),
  ],
);

export const withdrawalWallets = pgTable(
  'withdrawal_wallets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    chain: text('chain', { enum: CHAINS }).notNull(),
    /** As the user typed it (an EIP-55 checksum keeps its case). */
    address: text('address').notNull(),
    /**
     * The address as the chain compares it: hex and bech32 addresses are case-insensitive, base58 ones are not.
     * The same address typed twice in different case is one wallet.
     */
    addressKey: text('address_key').notNull(),
    walletType: text('wallet_type', { enum: WALLET_TYPES }).notNull(),
    screenshotUploadId: uuid('screenshot_upload_id')
      .notNull()
      .references(() => uploads.id),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    reviewerAdminId: integer('reviewer_admin_id').references(() => admins.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('withdrawal_wallets_live_address_key')
      .on(table.userId, table.chain, table.addressKey)
      .where(sql`${table.deletedAt} is null`),
    index('withdrawal_wallets_user_idx').on(table.userId, table.id),
    index('withdrawal_wallets_pending_idx').on(table.status, table.submittedAt),
    index('withdrawal_wallets_decided_idx').on(table.status, table.reviewedAt),
    check('withdrawal_wallets_decided', sql`(${table.status} = 'pending') = (${table.reviewedAt} is null)`),
    check(
      'withdrawal_wallets_rejection_reason',
      sql`(${table.status} = 'rejected') = (${table.rejectionReason} is not null)`,
    ),
  ],
);
