import { EARN_ORDER_STATUSES, EARN_TERM_DAYS_MAX, LEDGER_BOOKS } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
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
import { assets, ledgerAccounts } from '../ledger/ledger.schema';

/*
 * Earn (issue 21, docs/decisions/0049-earn.md). Products are operators' settings for new orders; an order copies
 * the rate, the term and the early redemption rule it was placed with. Each order earns one accrual per UTC day,
 * a row whose (order, day) key makes paying a day twice impossible; the journal's reference
 * `earn-interest:<order>:<day>` says the same to the ledger.
 */

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const earnProducts = pgTable(
  'earn_products',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    asset: text('asset')
      .notNull()
      .references(() => assets.code),
    /** Null for a flexible product. */
    termDays: integer('term_days'),
    annualRate: amount('annual_rate').notNull(),
    minAmount: amount('min_amount').notNull(),
    maxPerUser: amount('max_per_user').notNull(),
    quota: amount('quota').notNull(),
    /** What all active orders hold: kept with every subscription and closing, so the quota is checked at once. */
    held: amount('held').notNull().default('0'),
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }).notNull(),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
    earlyRedemptionAllowed: boolean('early_redemption_allowed').notNull(),
    penaltyRate: amount('penalty_rate').notNull().default('0'),
    visible: boolean('visible').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'earn_products_figures',
      sql`(${table.termDays} is null or (${table.termDays} between 1 and ${sql.raw(String(EARN_TERM_DAYS_MAX))}))
        and ${table.annualRate} >= 0 and ${table.minAmount} > 0 and ${table.maxPerUser} >= ${table.minAmount}
        and ${table.quota} >= ${table.maxPerUser} and ${table.held} >= 0
        and ${table.penaltyRate} >= 0 and ${table.penaltyRate} < 1
        and (${table.saleEndsAt} is null or ${table.saleEndsAt} > ${table.saleStartsAt})`,
    ),
  ],
);

export const earnOrders = pgTable(
  'earn_orders',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The user's book (decision 0055): a demo order's principal and interest are in the demo book. */
    book: text('book', { enum: LEDGER_BOOKS }).notNull().default('real'),
    /** The user's spot account, which pays the principal and receives interest and principal back. */
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    productId: bigint('product_id', { mode: 'bigint' })
      .notNull()
      .references(() => earnProducts.id),
    asset: text('asset')
      .notNull()
      .references(() => assets.code),
    principal: amount('principal').notNull(),
    /** Copied from the product when placed: a later change of the product does not touch them. */
    annualRate: amount('annual_rate').notNull(),
    termDays: integer('term_days'),
    earlyRedemptionAllowed: boolean('early_redemption_allowed').notNull(),
    penaltyRate: amount('penalty_rate').notNull(),
    status: text('status').notNull().default('active'),
    /** The first UTC day that earns: the day after the subscription. */
    accrualStartsOn: date('accrual_starts_on', { mode: 'string' }).notNull(),
    /** The start of the UTC day after the last one of the term; null for a flexible order. */
    maturesAt: timestamp('matures_at', { withTimezone: true }),
    interestPaid: amount('interest_paid').notNull().default('0'),
    /** The last UTC day paid; null before the first. Days are paid in order, none skipped. */
    paidThrough: date('paid_through', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    returned: amount('returned'),
    interestReclaimed: amount('interest_reclaimed'),
    penalty: amount('penalty'),
  },
  (table) => [
    index('earn_orders_user_idx').on(table.userId, table.status, table.id),
    index('earn_orders_product_idx').on(table.productId, table.status),
    index('earn_orders_active_idx').on(table.id).where(sql`${table.status} = 'active'`),
    index('earn_orders_created_idx').on(table.userId, table.createdAt),
    index('earn_orders_maturity_idx')
      .on(table.maturesAt)
      .where(sql`${table.status} = 'active' and ${table.maturesAt} is not null`),
    foreignKey({
      name: 'earn_orders_user_book_fk',
      columns: [table.userId, table.book],
      foreignColumns: [users.id, users.book],
    }),
    check('earn_orders_status', sql`${table.status} in (${inList(EARN_ORDER_STATUSES)})`),
    check('earn_orders_principal', sql`${table.principal} > 0 and ${table.interestPaid} >= 0`),
    check(
      'earn_orders_term',
      sql`(${table.termDays} is null) = (${table.maturesAt} is null)
        and (${table.paidThrough} is null or ${table.paidThrough} >= ${table.accrualStartsOn})
        and (${table.termDays} is null or ${table.paidThrough} is null
          or ${table.paidThrough} < ${table.accrualStartsOn} + ${table.termDays})`,
    ),
    check(
      'earn_orders_closed',
      sql`(${table.status} = 'active') = (${table.closedAt} is null)
        and (${table.status} = 'active' or ${table.returned} is not null)`,
    ),
  ],
);

/** One row per order and UTC day paid, written with the day's journal entry: the job's exactly-once. */
export const earnAccruals = pgTable(
  'earn_accruals',
  {
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => earnOrders.id),
    day: date('day', { mode: 'string' }).notNull(),
    /** May be zero (a small principal's day below one unit of the asset); its day is paid all the same. */
    amount: amount('amount').notNull(),
    /** When the job paid it, on the app's clock (today's figures count it on that day). */
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.day] }),
    check('earn_accruals_amount', sql`${table.amount} >= 0`),
  ],
);

/** What the job did for a UTC day, added to in the same transactions as its payments. */
export const earnAccrualRuns = pgTable('earn_accrual_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  orders: integer('orders').notNull().default(0),
  matured: integer('matured').notNull().default(0),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A day's interest per asset. */
export const earnAccrualRunInterest = pgTable(
  'earn_accrual_run_interest',
  {
    day: date('day', { mode: 'string' })
      .notNull()
      .references(() => earnAccrualRuns.day),
    asset: text('asset')
      .notNull()
      .references(() => assets.code),
    amount: amount('amount').notNull().default('0'),
  },
  (table) => [primaryKey({ columns: [table.day, table.asset] })],
);

export type EarnProductRow = typeof earnProducts.$inferSelect;
export type EarnOrderRow = typeof earnOrders.$inferSelect;
