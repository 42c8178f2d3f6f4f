import { COMMISSION_SOURCES } from '@kestrel/contract';
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
import { inList } from '../../db/check-list';
import { users } from '../auth/auth.schema';
import { assets } from '../ledger/ledger.schema';

/*
 * Referral commissions (issue 21): a share of each invitee's spot and futures fees, credited to the inviter in
 * batches. One commission row per fee (source, trade, side) and one journal transaction per row (reference
 * `referral:<source>:<trade>:<side>`); a watermark per source, moved in the batch's transaction, says which fees
 * have been looked at, so a rerun pays nothing twice and a crash skips nothing.
 */

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const COMMISSION_SIDES = ['maker', 'taker'] as const;

/** One row (id 1): the rate for fees paid from now on, the batch interval, and the last batch. */
export const referralSettings = pgTable(
  'referral_settings',
  {
    id: integer('id').primaryKey(),
    commissionRate: amount('commission_rate').notNull(),
    batchMinutes: integer('batch_minutes').notNull(),
    lastBatchAt: timestamp('last_batch_at', { withTimezone: true }),
    lastBatchCount: integer('last_batch_count').notNull().default(0),
    /** Null until an operator first changes the settings. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (table) => [
    check('referral_settings_one', sql`${table.id} = 1`),
    check('referral_settings_rate', sql`${table.commissionRate} >= 0 and ${table.commissionRate} <= 1`),
    check('referral_settings_batch', sql`${table.batchMinutes} between 1 and 1440`),
  ],
);

/** Every rate ever in force, from its start: a fee earns the rate in force when it was paid. */
export const referralRates = pgTable(
  'referral_rates',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    rate: amount('rate').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
  },
  (table) => [index('referral_rates_from_idx').on(table.effectiveFrom)],
);

/** Per source, the last trade id the batches have looked at. */
export const referralWatermarks = pgTable('referral_watermarks', {
  source: text('source', { enum: COMMISSION_SOURCES }).primaryKey(),
  lastTradeId: bigint('last_trade_id', { mode: 'bigint' }).notNull().default(sql`0`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const referralCommissions = pgTable(
  'referral_commissions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    source: text('source', { enum: COMMISSION_SOURCES }).notNull(),
    tradeId: bigint('trade_id', { mode: 'bigint' }).notNull(),
    side: text('side', { enum: COMMISSION_SIDES }).notNull(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => users.id),
    asset: text('asset')
      .notNull()
      .references(() => assets.code),
    fee: amount('fee').notNull(),
    rate: amount('rate').notNull(),
    amount: amount('amount').notNull(),
    feePaidAt: timestamp('fee_paid_at', { withTimezone: true }).notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('referral_commissions_fee_key').on(table.source, table.tradeId, table.side),
    index('referral_commissions_inviter_idx').on(table.inviterId, table.id),
    index('referral_commissions_invitee_idx').on(table.inviteeId),
    check('referral_commissions_source', sql`${table.source} in (${inList(COMMISSION_SOURCES)})`),
    check('referral_commissions_side', sql`${table.side} in (${inList(COMMISSION_SIDES)})`),
    check('referral_commissions_amount', sql`${table.amount} > 0 and ${table.fee} > 0`),
  ],
);

export type ReferralSettingsRow = typeof referralSettings.$inferSelect;
export type ReferralCommissionRow = typeof referralCommissions.$inferSelect;
