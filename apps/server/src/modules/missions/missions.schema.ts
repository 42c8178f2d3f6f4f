import { MISSION_EVENTS, MISSION_REPEATS } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { inList } from '../../db/check-list';
import { users } from '../auth/auth.schema';
import { assets } from '../ledger/ledger.schema';

/*
 * The mission hall (issue 21). Tasks are an operator's rows; a user's progress is computed from what other
 * modules record, so the only per-user rows are the cycles the hall has seen finished: when it first saw the task
 * reached (the claim window counts from then) and, once paid, the claim. The primary key (task, user, cycle start)
 * makes each cycle's reward payable once.
 */

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const missions = pgTable(
  'missions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    event: text('event', { enum: MISSION_EVENTS }).notNull(),
    /** A count or a $ amount (MISSION_AMOUNT_EVENTS). */
    threshold: amount('threshold').notNull(),
    rewardAsset: text('reward_asset')
      .notNull()
      .references(() => assets.code),
    rewardAmount: amount('reward_amount').notNull(),
    repeat: text('repeat', { enum: MISSION_REPEATS }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    claimHours: integer('claim_hours').notNull(),
    visible: boolean('visible').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('missions_event', sql`${table.event} in (${inList(MISSION_EVENTS)})`),
    check('missions_repeat', sql`${table.repeat} in (${inList(MISSION_REPEATS)})`),
    check('missions_amounts', sql`${table.threshold} > 0 and ${table.rewardAmount} > 0`),
    check('missions_claim_hours', sql`${table.claimHours} between 1 and 2160`),
    check('missions_window', sql`${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * A user's finished cycle of a task: `reached_at` when the hall first saw the threshold reached, `claimed_at` and
 * the amount once the reward was paid (journal reference `mission:<task>:<user>:<cycle start>`).
 */
export const missionCycles = pgTable(
  'mission_cycles',
  {
    missionId: bigint('mission_id', { mode: 'bigint' })
      .notNull()
      .references(() => missions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    cycleStart: timestamp('cycle_start', { withTimezone: true }).notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    asset: text('asset').references(() => assets.code),
    amount: amount('amount'),
  },
  (table) => [
    primaryKey({ columns: [table.missionId, table.userId, table.cycleStart] }),
    index('mission_cycles_user_idx').on(table.userId, table.cycleStart),
    check(
      'mission_cycles_claim',
      sql`(${table.claimedAt} is null) = (${table.amount} is null) and (${table.claimedAt} is null) = (${table.asset} is null)`,
    ),
  ],
);

export type MissionRow = typeof missions.$inferSelect;
export type MissionCycleRow = typeof missionCycles.$inferSelect;
