import {
  FUTURES_ACTIONS,
  FUTURES_ORDER_ORIGINS,
  LEDGER_BOOKS,
  MARGIN_MODES,
  ORDER_STATUSES,
  POSITION_SIDES,
} from '@kestrel/contract';
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
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { inList } from '../../db/check-list';
import { users } from '../auth/auth.schema';
import { markets } from '../markets/markets.schema';

/*
 * USDT-margined perpetual futures (ARCHITECTURE.md section 6, docs/decisions/0046-futures.md). Orders and
 * positions are written by the owner of the market's book (`futures:<symbol>` in `leadership`), with its epoch.
 * Margin is money in the user's futures account: an order's cost is frozen by a reservation ('futures_order',
 * order id), a position's margin by another ('futures_position', position id); realised profit and loss and
 * funding are journal transactions against the 'futures_clearing' account.
 */

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const ORDER_RESERVATION = 'futures_order';
export const POSITION_RESERVATION = 'futures_position';

/** A perpetual of a spot market: its increments and fees, funding parameters and leverage brackets. */
export const futuresMarkets = pgTable(
  'futures_markets',
  {
    symbol: text('symbol')
      .primaryKey()
      .references(() => markets.symbol),
    tickSize: amount('tick_size').notNull(),
    lotSize: amount('lot_size').notNull(),
    minNotional: amount('min_notional').notNull(),
    makerFee: amount('maker_fee').notNull(),
    takerFee: amount('taker_fee').notNull(),
    fundingIntervalHours: smallint('funding_interval_hours').notNull().default(8),
    /** Interest per funding interval, as a fraction ("0.0001" is 0.01 %). */
    interestRate: amount('interest_rate').notNull().default('0.0001'),
    /** The funding rate is clamped to ± this. */
    fundingCap: amount('funding_cap').notNull().default('0.0075'),
    /**
     * Ascending by cap, as the contract's `leverageBracket` without floors and maintenance amounts, which follow
     * from the caps and rates: [{ notionalCap, maxLeverage, maintenanceMarginRate }].
     */
    brackets: jsonb('brackets').notNull(),
    open: boolean('open').notNull().default(true),
    marketMaker: boolean('market_maker').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'futures_markets_increments',
      sql`${table.tickSize} > 0 and ${table.lotSize} > 0 and ${table.minNotional} >= 0`,
    ),
    check(
      'futures_markets_fees',
      sql`${table.makerFee} >= 0 and ${table.makerFee} < 1 and ${table.takerFee} >= 0 and ${table.takerFee} < 1`,
    ),
    check(
      'futures_markets_funding',
      sql`${table.fundingIntervalHours} between 1 and 24 and ${table.interestRate} >= 0 and ${table.fundingCap} > 0`,
    ),
  ],
);

/** A user's leverage and margin mode per perpetual; a market without a row is 20x cross. */
export const futuresSettings = pgTable(
  'futures_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol')
      .notNull()
      .references(() => futuresMarkets.symbol),
    leverage: smallint('leverage').notNull(),
    marginMode: text('margin_mode').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.symbol] }),
    check('futures_settings_leverage', sql`${table.leverage} between 1 and 125`),
    check('futures_settings_margin_mode', sql`${table.marginMode} in (${inList(MARGIN_MODES)})`),
  ],
);

export const futuresOrders = pgTable(
  'futures_orders',
  {
    // By default, not always: the sequencer takes a block of ids from the sequence before it writes the orders.
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    action: text('action').notNull(),
    /** The book's side: open long and close short buy, open short and close long sell. */
    side: text('side').notNull(),
    type: text('type').notNull(),
    timeInForce: text('time_in_force').notNull(),
    postOnly: boolean('post_only').notNull().default(false),
    price: amount('price'),
    size: amount('size').notNull(),
    filledSize: amount('filled_size').notNull().default('0'),
    filledTotal: amount('filled_total').notNull().default('0'),
    leverage: smallint('leverage').notNull(),
    marginMode: text('margin_mode').notNull(),
    /** What was frozen for it (initial margin, open loss and fee bound); the reservation holds what is left. */
    frozenAmount: amount('frozen_amount').notNull().default('0'),
    takeProfit: amount('take_profit'),
    stopLoss: amount('stop_loss'),
    realizedPnl: amount('realized_pnl').notNull().default('0'),
    fee: amount('fee').notNull().default('0'),
    /**
     * The fee rates the order pays, fixed when it is accepted: the perpetual's × (1 − the user's membership
     * discount) (decision 0050). Null for the liquidation engine's orders and orders from before, which pay the
     * perpetual's rates of the moment (the liquidation engine's pay none).
     */
    makerFeeRate: amount('maker_fee_rate'),
    takerFeeRate: amount('taker_fee_rate'),
    status: text('status').notNull().default('new'),
    /** Who placed it (FUTURES_ORDER_ORIGINS): the user, a trigger, the liquidation engine or auto-deleveraging. */
    origin: text('origin').notNull().default('user'),
    /** Its user's book (decision 0055): a demo order never enters the real book, it fills against its depth. */
    book: text('book', { enum: LEDGER_BOOKS }).notNull().default('real'),
    /** The caller's reference (an Idempotency-Key's): the same reference of a user is the same order. */
    reference: text('reference'),
    /** The leadership epoch of the market's book with which the row was last written (decision 0044). */
    epoch: bigint('epoch', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('futures_orders_user_reference_key').on(table.userId, table.reference),
    index('futures_orders_user_idx').on(table.userId, table.id),
    index('futures_orders_live_idx')
      .on(table.symbol, table.id)
      .where(sql`${table.status} in ('new', 'open', 'partially_filled')`),
    foreignKey({
      name: 'futures_orders_user_book_fk',
      columns: [table.userId, table.book],
      foreignColumns: [users.id, users.book],
    }),
    index('futures_orders_demo_idx').on(table.createdAt).where(sql`${table.book} = 'demo'`),
    check('futures_orders_book', sql`${table.book} in (${inList(LEDGER_BOOKS)})`),
    check('futures_orders_action', sql`${table.action} in (${inList(FUTURES_ACTIONS)})`),
    check('futures_orders_side', sql`${table.side} in ('buy', 'sell')`),
    check('futures_orders_type', sql`${table.type} in ('limit', 'market')`),
    check('futures_orders_tif', sql`${table.timeInForce} in ('GTC', 'IOC', 'FOK')`),
    check('futures_orders_status', sql`${table.status} in (${inList(ORDER_STATUSES)})`),
    check('futures_orders_margin_mode', sql`${table.marginMode} in (${inList(MARGIN_MODES)})`),
    check('futures_orders_origin', sql`${table.origin} in (${inList(FUTURES_ORDER_ORIGINS)})`),
    check('futures_orders_leverage', sql`${table.leverage} between 1 and 125`),
    check(
      'futures_orders_filled',
      sql`${table.size} > 0 and ${table.filledSize} >= 0 and ${table.filledSize} <= ${table.size} and ${table.filledTotal} >= 0`,
    ),
  ],
);

/** One fill of a perpetual, settled by one journal transaction of kind 'trade'. */
export const futuresTrades = pgTable(
  'futures_trades',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    symbol: text('symbol').notNull(),
    takerOrderId: bigint('taker_order_id', { mode: 'bigint' })
      .notNull()
      .references(() => futuresOrders.id),
    makerOrderId: bigint('maker_order_id', { mode: 'bigint' })
      .notNull()
      .references(() => futuresOrders.id),
    takerUserId: integer('taker_user_id').notNull(),
    makerUserId: integer('maker_user_id').notNull(),
    /** The taker's side; the maker's is the other. */
    takerSide: text('taker_side').notNull(),
    price: amount('price').notNull(),
    size: amount('size').notNull(),
    makerFee: amount('maker_fee').notNull(),
    takerFee: amount('taker_fee').notNull(),
    makerRealizedPnl: amount('maker_realized_pnl').notNull().default('0'),
    takerRealizedPnl: amount('taker_realized_pnl').notNull().default('0'),
    /** `futures:<taker order>:<maker order>`, also the journal transaction's reference: settled once. */
    tradeKey: text('trade_key').notNull(),
    transactionId: bigint('transaction_id', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('futures_trades_trade_key').on(table.tradeKey),
    index('futures_trades_symbol_idx').on(table.symbol, table.id),
    index('futures_trades_taker_user_idx').on(table.takerUserId, table.id),
    index('futures_trades_maker_user_idx').on(table.makerUserId, table.id),
  ],
);

/**
 * A user's position on one side of a perpetual (hedge mode: a long and a short at once). The row stays when the
 * position is closed (size 0) and opens again with the next fill; its margin is held by its reservation.
 */
export const futuresPositions = pgTable(
  'futures_positions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol')
      .notNull()
      .references(() => futuresMarkets.symbol),
    side: text('side').notNull(),
    marginMode: text('margin_mode').notNull(),
    leverage: smallint('leverage').notNull(),
    size: amount('size').notNull().default('0'),
    entryPrice: amount('entry_price').notNull().default('0'),
    /** The margin its reservation holds: isolated, all the position may lose; cross, its initial margin. */
    margin: amount('margin').notNull().default('0'),
    takeProfit: amount('take_profit'),
    stopLoss: amount('stop_loss'),
    realizedPnl: amount('realized_pnl').notNull().default('0'),
    /** Its user's book (decision 0055): a demo position is held by the perpetual's demo book. */
    book: text('book', { enum: LEDGER_BOOKS }).notNull().default('real'),
    /** The leadership epoch of the market's book with which the row was last written (decision 0044). */
    epoch: bigint('epoch', { mode: 'bigint' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('futures_positions_user_symbol_side_key').on(table.userId, table.symbol, table.side),
    index('futures_positions_open_idx').on(table.symbol, table.side).where(sql`${table.size} > 0`),
    foreignKey({
      name: 'futures_positions_user_book_fk',
      columns: [table.userId, table.book],
      foreignColumns: [users.id, users.book],
    }),
    check('futures_positions_book', sql`${table.book} in (${inList(LEDGER_BOOKS)})`),
    check('futures_positions_side', sql`${table.side} in (${inList(POSITION_SIDES)})`),
    check('futures_positions_margin_mode', sql`${table.marginMode} in (${inList(MARGIN_MODES)})`),
    check('futures_positions_leverage', sql`${table.leverage} between 1 and 125`),
    check(
      'futures_positions_amounts',
      sql`${table.size} >= 0 and ${table.entryPrice} >= 0 and ${table.margin} >= 0`,
    ),
  ],
);

/**
 * What rounding each perpetual's realised pnl against its traders has kept and not yet moved to the rounding
 * account: less than one unit of the margin asset, written by the book's owner with each settlement that closes,
 * so that the owner after it goes on from there (decision 0046).
 */
export const futuresRounding = pgTable(
  'futures_rounding',
  {
    symbol: text('symbol')
      .primaryKey()
      .references(() => futuresMarkets.symbol),
    kept: amount('kept').notNull().default('0'),
    /** The leadership epoch of the market's book with which the row was last written (decision 0044). */
    epoch: bigint('epoch', { mode: 'bigint' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('futures_rounding_kept', sql`${table.kept} >= 0`)],
);

/** Each market's settled funding rate per funding time. */
export const futuresFundingRates = pgTable(
  'futures_funding_rates',
  {
    symbol: text('symbol')
      .notNull()
      .references(() => futuresMarkets.symbol),
    fundingTime: timestamp('funding_time', { withTimezone: true }).notNull(),
    rate: amount('rate').notNull(),
    markPrice: amount('mark_price').notNull(),
    indexPrice: amount('index_price').notNull(),
    /** The journal transaction that paid it between longs and shorts; null when no position was open. */
    transactionId: bigint('transaction_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.symbol, table.fundingTime] })],
);

/** What one position paid (negative) or received at one funding time. */
export const futuresFundingPayments = pgTable(
  'futures_funding_payments',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    positionId: bigint('position_id', { mode: 'bigint' })
      .notNull()
      .references(() => futuresPositions.id),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    fundingTime: timestamp('funding_time', { withTimezone: true }).notNull(),
    size: amount('size').notNull(),
    markPrice: amount('mark_price').notNull(),
    rate: amount('rate').notNull(),
    amount: amount('amount').notNull(),
    transactionId: bigint('transaction_id', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    uniqueIndex('futures_funding_payments_position_time_key').on(table.positionId, table.fundingTime),
    index('futures_funding_payments_user_idx').on(table.userId, table.id),
  ],
);

export type FuturesMarketRow = typeof futuresMarkets.$inferSelect;
export type FuturesOrderRow = typeof futuresOrders.$inferSelect;
export type FuturesPositionRow = typeof futuresPositions.$inferSelect;
export type FuturesTradeRow = typeof futuresTrades.$inferSelect;
