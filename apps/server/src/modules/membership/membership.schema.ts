import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';

/*
 * The membership centre (docs/decisions/0050-membership.md): the table of VIP levels and its grace period, set by
 * operators, and each user's level as the daily snapshot left it. The snapshot writes every member in one
 * statement; spot and futures orders copy the discounts of their user's level when they are accepted.
 */

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

/** One level: what qualifies for it ($ of 30-day volume, or $ of holdings) and the fraction off each fee. */
export const membershipLevels = pgTable(
  'membership_levels',
  {
    level: smallint('level').primaryKey(),
    minVolume: amount('min_volume').notNull(),
    minHoldings: amount('min_holdings').notNull(),
    makerDiscount: amount('maker_discount').notNull(),
    takerDiscount: amount('taker_discount').notNull(),
  },
  (table) => [
    check('membership_levels_level', sql`${table.level} >= 0`),
    check('membership_levels_minimums', sql`${table.minVolume} >= 0 and ${table.minHoldings} >= 0`),
    check(
      'membership_levels_discounts',
      sql`${table.makerDiscount} >= 0 and ${table.makerDiscount} < 1 and ${table.takerDiscount} >= 0 and ${table.takerDiscount} < 1`,
    ),
  ],
);

/** The one row of settings: the grace period, when the table last changed and when the last snapshot ran. */
export const membershipSettings = pgTable(
  'membership_settings',
  {
    id: boolean('id').primaryKey().default(true),
    graceDays: smallint('grace_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    lastSnapshotAt: timestamp('last_snapshot_at', { withTimezone: true }),
  },
  (table) => [
    check('membership_settings_single', sql`${table.id}`),
    check('membership_settings_grace', sql`${table.graceDays} between 0 and 90`),
  ],
);

/**
 * A user's level as the last snapshot left it, with the figures behind it. `level` is above `qualified_level`
 * only during a grace period, which ends at `kept_until`.
 */
export const membershipMembers = pgTable(
  'membership_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    level: smallint('level').notNull(),
    qualifiedLevel: smallint('qualified_level').notNull(),
    keptUntil: timestamp('kept_until', { withTimezone: true }),
    volume30d: amount('volume_30d').notNull(),
    holdings: amount('holdings').notNull(),
    snapshotAt: timestamp('snapshot_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('membership_members_level_idx').on(table.level),
    check(
      'membership_members_levels',
      sql`${table.qualifiedLevel} >= 0 and ${table.level} >= ${table.qualifiedLevel}`,
    ),
  ],
);

export type MembershipLevelRow = typeof membershipLevels.$inferSelect;
export type MembershipSettingsRow = typeof membershipSettings.$inferSelect;
export type MembershipMemberRow = typeof membershipMembers.$inferSelect;
