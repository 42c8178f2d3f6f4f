import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { inList } from '../../db/check-list';
import { users } from '../auth/auth.schema';

/*
 * Spot orders and their fills (ARCHITECTURE.md section 6, docs/decisions/0019-spot-orders-and-settlement.md).
 * An order's id is the sequence in which the database accepted it; each market's engine is fed in that order.
 * Funds are frozen by a ledger reservation ('spot_order', order id) stored in the same transaction as the order.
 */

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const SPOT_ORDER_STATUSES = [
  'new',
  'open',
  'partially_filled',
  'filled',
  'cancelled',
  'rejected',
] as const;
export const RESERVATION_PURPOSE = 'spot_order';

export const spotOrders = pgTable(
  'spot_orders',
  {
    // By default, not always: the sequencer takes a block of ids from the sequence before it writes the orders.
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    type: text('type').notNull(),
    timeInForce: text('time_in_force').notNull(),
    postOnly: boolean('post_only').notNull().default(false),
    price: amount('price'),
    size: amount('size'),
    total: amount('total'),
    filledSize: amount('filled_size').notNull().default('0'),
    filledTotal: amount('filled_total').notNull().default('0'),
    status: text('status').notNull().default('new'),
    /** The asset frozen for it (quote for a buy, base for a sell) and how much; the reservation holds the rest. */
    frozenAsset: text('frozen_asset').notNull(),
    frozenAmount: amount('frozen_amount').notNull(),
    /**
     * The fee rates the order pays, fixed when it is accepted: the market's × (1 − the user's membership discount)
     * (decision 0050). Null for orders from before, which pay the market's rates of the moment.
     */
    makerFeeRate: amount('maker_fee_rate'),
    takerFeeRate: amount('taker_fee_rate'),
    /** The caller's reference (an Idempotency-Key's): the same reference of a user is the same order. */
    reference: text('reference'),
    /**
     * The leadership epoch of the market's book with which the row was last written (decision 0044): the database
     * refuses a write whose epoch is no longer the market's (`spot:<symbol>` in `leadership`).
     */
    epoch: bigint('epoch', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('spot_orders_user_reference_key').on(table.userId, table.reference),
    index('spot_orders_user_idx').on(table.userId, table.id),
    index('spot_orders_live_idx')
      .on(table.symbol, table.id)
      .where(sql`${table.status} in ('new', 'open', 'partially_filled')`),
    check('spot_orders_side', sql`${table.side} in ('buy', 'sell')`),
    check('spot_orders_type', sql`${table.type} in ('limit', 'market')`),
    check('spot_orders_tif', sql`${table.timeInForce} in ('GTC', 'IOC', 'FOK')`),
    check('spot_orders_status', sql`${table.status} in (${inList(SPOT_ORDER_STATUSES)})`),
    check('spot_orders_filled', sql`${table.filledSize} >= 0 and ${table.filledTotal} >= 0`),
  ],
);

/** One fill: a taker order against a resting maker order, settled by one journal transaction of kind 'trade'. */
export const spotTrades = pgTable(
  'spot_trades',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    symbol: text('symbol').notNull(),
    takerOrderId: bigint('taker_order_id', { mode: 'bigint' })
      .notNull()
      .references(() => spotOrders.id),
    makerOrderId: bigint('maker_order_id', { mode: 'bigint' })
      .notNull()
      .references(() => spotOrders.id),
    takerUserId: integer('taker_user_id').notNull(),
    makerUserId: integer('maker_user_id').notNull(),
    /** The taker's side; the maker's is the other. */
    takerSide: text('taker_side').notNull(),
    price: amount('price').notNull(),
    size: amount('size').notNull(),
    quoteAmount: amount('quote_amount').notNull(),
    /** In the asset each side receives: the buyer's in base, the seller's in quote. */
    makerFee: amount('maker_fee').notNull(),
    takerFee: amount('taker_fee').notNull(),
    /** `trade:<taker order>:<maker order>`, also the journal transaction's reference: settled once. */
    tradeKey: text('trade_key').notNull(),
    transactionId: bigint('transaction_id', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('spot_trades_trade_key').on(table.tradeKey),
    index('spot_trades_symbol_idx').on(table.symbol, table.id),
    index('spot_trades_taker_user_idx').on(table.takerUserId, table.id),
    index('spot_trades_maker_user_idx').on(table.makerUserId, table.id),
  ],
);

/*
 * Demo spot orders and their fills (decision 0055, "Demo spot trading"): a demo account's orders never reach the
 * real books, so they live apart from `spot_orders` and `spot_trades`, which public trades, candles, tickers and
 * volumes read. The foreign key names the book: only a demo user can have a row. Funds are frozen by a ledger
 * reservation (`spot_demo_order`, order id) in the demo book.
 */

export const DEMO_RESERVATION_PURPOSE = 'spot_demo_order';

export const spotDemoOrders = pgTable(
  'spot_demo_orders',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    book: text('book').notNull().default('demo'),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    type: text('type').notNull(),
    timeInForce: text('time_in_force').notNull(),
    postOnly: boolean('post_only').notNull().default(false),
    price: amount('price'),
    size: amount('size'),
    total: amount('total'),
    filledSize: amount('filled_size').notNull().default('0'),
    filledTotal: amount('filled_total').notNull().default('0'),
    status: text('status').notNull(),
    frozenAsset: text('frozen_asset').notNull(),
    frozenAmount: amount('frozen_amount').notNull(),
    makerFeeRate: amount('maker_fee_rate').notNull(),
    takerFeeRate: amount('taker_fee_rate').notNull(),
    reference: text('reference'),
    /**
     * What a resting order has taken of the real book's opposite levels, by price (base units, as text): the same
     * visible quantity is never taken twice; it shrinks as the level does, so only quantity new to it fills again.
     */
    taken: jsonb('taken').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'spot_demo_orders_user_fk',
      columns: [table.userId, table.book],
      foreignColumns: [users.id, users.book],
    }),
    uniqueIndex('spot_demo_orders_user_reference_key').on(table.userId, table.reference),
    index('spot_demo_orders_user_idx').on(table.userId, table.id),
    index('spot_demo_orders_live_idx')
      .on(table.symbol, table.id)
      .where(sql`${table.status} in ('open', 'partially_filled')`),
    index('spot_demo_orders_created_idx').on(table.createdAt),
    check('spot_demo_orders_book', sql`${table.book} = 'demo'`),
    check('spot_demo_orders_side', sql`${table.side} in ('buy', 'sell')`),
    check('spot_demo_orders_type', sql`${table.type} in ('limit', 'market')`),
    check('spot_demo_orders_tif', sql`${table.timeInForce} in ('GTC', 'IOC', 'FOK')`),
    check('spot_demo_orders_status', sql`${table.status} in (${inList(SPOT_ORDER_STATUSES)})`),
    check('spot_demo_orders_filled', sql`${table.filledSize} >= 0 and ${table.filledTotal} >= 0`),
  ],
);

/** One demo fill: the order against the real book's depth, settled by one demo-book journal of kind 'trade'. */
export const spotDemoFills = pgTable(
  'spot_demo_fills',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => spotDemoOrders.id),
    userId: integer('user_id').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    role: text('role').notNull(),
    price: amount('price').notNull(),
    size: amount('size').notNull(),
    quoteAmount: amount('quote_amount').notNull(),
    /** In the asset the order receives: base for a buy, quote for a sell. */
    fee: amount('fee').notNull(),
    /** The journal transaction's reference, `spot-demo:<order>:<filled size after it>`. */
    reference: text('reference').notNull(),
    transactionId: bigint('transaction_id', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('spot_demo_fills_reference_key').on(table.reference),
    index('spot_demo_fills_user_idx').on(table.userId, table.id),
    check('spot_demo_fills_role', sql`${table.role} in ('maker', 'taker')`),
  ],
);

export type SpotOrderRow = typeof spotOrders.$inferSelect;
export type SpotDemoOrderRow = typeof spotDemoOrders.$inferSelect;
export type SpotDemoFillRow = typeof spotDemoFills.$inferSelect;
export type SpotTradeRow = typeof spotTrades.$inferSelect;
