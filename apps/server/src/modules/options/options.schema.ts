import { LEDGER_BOOKS, OPTION_DIRECTIONS, OPTION_OUTCOMES, OPTION_RULES } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { inList } from '../../db/check-list';
import { users } from '../auth/auth.schema';
import { assets } from '../ledger/ledger.schema';
import { markets } from '../markets/markets.schema';

/*
 * Timed up/down options (ARCHITECTURE.md section 6, docs/decisions/0047-options.md). Products and their periods
 * are operators' settings for new orders; an order copies what it was accepted with. Ticks are recorded by the
 * owner of the product (`options:<id>` in `leadership`) with its epoch and never change; settlement updates of
 * orders carry the owner's epoch too, and the database refuses both from a deposed owner.
 */

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const OPTION_ORDER_STATES = ['open', 'settled'] as const;

export const optionProducts = pgTable(
  'option_products',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    symbol: text('symbol')
      .notNull()
      .references(() => markets.symbol),
    asset: text('asset')
      .notNull()
      .default('USDT')
      .references(() => assets.code),
    open: boolean('open').notNull().default(true),
    maxOpenOrders: integer('max_open_orders').notNull(),
    maxDailyLoss: amount('max_daily_loss').notNull(),
    staleSeconds: integer('stale_seconds').notNull().default(10),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('option_products_symbol_key').on(table.symbol),
    check(
      'option_products_limits',
      sql`${table.maxOpenOrders} > 0 and ${table.maxDailyLoss} > 0 and ${table.staleSeconds} > 0`,
    ),
  ],
);

export const optionPeriods = pgTable(
  'option_periods',
  {
    productId: bigint('product_id', { mode: 'bigint' })
      .notNull()
      .references(() => optionProducts.id),
    seconds: integer('seconds').notNull(),
    payoutRate: amount('payout_rate').notNull(),
    minStake: amount('min_stake').notNull(),
    maxStake: amount('max_stake').notNull(),
    buyCutoffSeconds: integer('buy_cutoff_seconds').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.seconds] }),
    check(
      'option_periods_figures',
      sql`${table.seconds} > 0 and ${table.buyCutoffSeconds} >= 0 and ${table.buyCutoffSeconds} < ${table.seconds}
        and ${table.payoutRate} > 0 and ${table.payoutRate} < 1
        and ${table.minStake} > 0 and ${table.maxStake} >= ${table.minStake}`,
    ),
  ],
);

/** Append-only: the only prices an outcome is ever computed from (a trigger refuses UPDATE and DELETE). */
export const optionTicks = pgTable(
  'option_ticks',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: bigint('product_id', { mode: 'bigint' })
      .notNull()
      .references(() => optionProducts.id),
    price: amount('price').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    epoch: bigint('epoch', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    index('option_ticks_product_time_idx').on(table.productId, table.recordedAt),
    check('option_ticks_price_positive', sql`${table.price} > 0`),
  ],
);

export const optionOrders = pgTable(
  'option_orders',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The user's book (decision 0055): a demo order's stake and payout are in the demo book's options pool. */
    book: text('book', { enum: LEDGER_BOOKS }).notNull().default('real'),
    productId: bigint('product_id', { mode: 'bigint' })
      .notNull()
      .references(() => optionProducts.id),
    periodSeconds: integer('period_seconds').notNull(),
    periodNumber: bigint('period_number', { mode: 'number' }).notNull(),
    direction: text('direction').notNull(),
    amount: amount('amount').notNull(),
    /** Copied from the period at acceptance: a later change of the product does not touch it. */
    payoutRate: amount('payout_rate').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    buyCutoffTime: timestamp('buy_cutoff_time', { withTimezone: true }).notNull(),
    closeTime: timestamp('close_time', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('open'),
    outcome: text('outcome'),
    rule: text('rule'),
    openTickId: bigint('open_tick_id', { mode: 'bigint' }).references(() => optionTicks.id),
    closeTickId: bigint('close_tick_id', { mode: 'bigint' }).references(() => optionTicks.id),
    payout: amount('payout'),
    profit: amount('profit'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The settling owner's epoch; null while open (buying needs no owner). */
    epoch: bigint('epoch', { mode: 'bigint' }),
  },
  (table) => [
    index('option_orders_user_idx').on(table.userId, table.id),
    index('option_orders_open_idx')
      .on(table.productId, table.closeTime, table.periodSeconds, table.id)
      .where(sql`${table.status} = 'open'`),
    index('option_orders_user_settled_idx').on(table.userId, table.productId, table.settledAt),
    index('option_orders_demo_idx').on(table.acceptedAt).where(sql`${table.book} = 'demo'`),
    foreignKey({
      name: 'option_orders_user_book_fk',
      columns: [table.userId, table.book],
      foreignColumns: [users.id, users.book],
    }),
    check('option_orders_direction', sql`${table.direction} in (${inList(OPTION_DIRECTIONS)})`),
    check('option_orders_status', sql`${table.status} in (${inList(OPTION_ORDER_STATES)})`),
    check(
      'option_orders_outcome',
      sql`${table.outcome} is null or ${table.outcome} in (${inList(OPTION_OUTCOMES)})`,
    ),
    check('option_orders_rule', sql`${table.rule} is null or ${table.rule} in (${inList(OPTION_RULES)})`),
    check('option_orders_amount', sql`${table.amount} > 0 and ${table.payoutRate} > 0`),
    check(
      'option_orders_settled',
      sql`(${table.status} = 'open') = (${table.settledAt} is null)
        and (${table.status} = 'open' or (${table.outcome} is not null and ${table.rule} is not null
          and ${table.payout} is not null and ${table.profit} is not null))`,
    ),
  ],
);

export type OptionProductRow = typeof optionProducts.$inferSelect;
export type OptionPeriodRow = typeof optionPeriods.$inferSelect;
export type OptionOrderRow = typeof optionOrders.$inferSelect;
export type OptionTickRow = typeof optionTicks.$inferSelect;
