import {
  CHAINS,
  SWAP_AMOUNT_SIDES,
  SWAP_RATE_TYPES,
  SWAP_STATUSES,
  SWAP_WATCHER_MODES,
} from '@kestrel/contract';
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
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { inList } from '../../db/check-list';
import { users } from '../auth/auth.schema';
import { assets } from '../ledger/ledger.schema';

/*
 * The swap desk (ARCHITECTURE.md section 6, docs/decisions/0048-swap-desk.md). Settings, coins and pairs are the
 * operators' settings for new quotes and orders; an order copies its terms (rate, amounts, fee, spread, limits)
 * when placed. Every change of an order's status is a conditional update (`where status = …`) with a row in
 * `swap_order_events`, so a repeat or a race changes nothing twice.
 */

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const SWAP_REVIEW_REASONS = ['amountOutsideQuote', 'lateDeposit'] as const;

/** One row (id 1), created at the desk's first start. */
export const swapSettings = pgTable(
  'swap_settings',
  {
    id: smallint('id').primaryKey().default(1),
    fixedRateSeconds: integer('fixed_rate_seconds').notNull().default(900),
    floatingWaitSeconds: integer('floating_wait_seconds').notNull().default(7200),
    watcherMode: text('watcher_mode').notNull(),
    approvalThreshold: amount('approval_threshold').notNull().default('10000'),
    /** Signs quotes when SWAP_QUOTE_SECRET is not set: drawn once, shared by every node through this row. */
    quoteSecret: text('quote_secret').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('swap_settings_one_row', sql`${table.id} = 1`),
    check('swap_settings_watcher_mode', sql`${table.watcherMode} in (${inList(SWAP_WATCHER_MODES)})`),
    check(
      'swap_settings_figures',
      sql`${table.fixedRateSeconds} > 0 and ${table.floatingWaitSeconds} > 0 and ${table.approvalThreshold} >= 0`,
    ),
  ],
);

/** A coin the desk swaps: an asset on one network, its network fee, and where its deposits go. */
export const swapCoins = pgTable(
  'swap_coins',
  {
    asset: text('asset')
      .notNull()
      .references(() => assets.code),
    network: text('network').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** What a transfer on this network costs, in the asset: taken from payouts and refunds sent on it. */
    networkFee: amount('network_fee').notNull(),
    /** Each order's deposit address is derived from it at the next index (chains that derive). */
    extendedPublicKey: text('extended_public_key'),
    /** On memo chains: the desk's one deposit address, each order with a memo of its own. */
    depositAddress: text('deposit_address'),
    /** The next index to derive (or the next memo number): taken atomically by each new order. */
    nextIndex: integer('next_index').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.asset, table.network] }),
    check('swap_coins_figures', sql`${table.networkFee} >= 0 and ${table.nextIndex} >= 0`),
    check('swap_coins_network', sql`${table.network} in (${inList(CHAINS)})`),
  ],
);

/** A pair the desk swaps, one way: spread, and minimum and maximum in the sent asset. */
export const swapPairs = pgTable(
  'swap_pairs',
  {
    fromAsset: text('from_asset').notNull(),
    fromNetwork: text('from_network').notNull(),
    toAsset: text('to_asset').notNull(),
    toNetwork: text('to_network').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    spread: amount('spread').notNull(),
    min: amount('min').notNull(),
    max: amount('max').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.fromAsset, table.fromNetwork, table.toAsset, table.toNetwork] }),
    foreignKey({
      columns: [table.fromAsset, table.fromNetwork],
      foreignColumns: [swapCoins.asset, swapCoins.network],
    }),
    foreignKey({
      columns: [table.toAsset, table.toNetwork],
      foreignColumns: [swapCoins.asset, swapCoins.network],
    }),
    check(
      'swap_pairs_figures',
      sql`${table.spread} >= 0 and ${table.spread} < 1 and ${table.min} > 0 and ${table.max} >= ${table.min}`,
    ),
    check(
      'swap_pairs_two_coins',
      sql`(${table.fromAsset}, ${table.fromNetwork}) <> (${table.toAsset}, ${table.toNetwork})`,
    ),
  ],
);

export const swapOrders = pgTable(
  'swap_orders',
  {
    /** 16 random Crockford base-32 characters (SWAP_ORDER_ID_PATTERN). */
    id: text('id').primaryKey(),
    /** Order of creation, for pages. */
    seq: bigint('seq', { mode: 'bigint' }).notNull().generatedAlwaysAsIdentity(),
    /** SHA-256 of the secret given once at creation (hex). */
    secretHash: text('secret_hash').notNull(),
    userId: integer('user_id').references(() => users.id),
    rateType: text('rate_type').notNull(),
    amountSide: text('amount_side').notNull(),
    fromAsset: text('from_asset').notNull(),
    fromNetwork: text('from_network').notNull(),
    toAsset: text('to_asset').notNull(),
    toNetwork: text('to_network').notNull(),
    sendAmount: amount('send_amount').notNull(),
    /** Quoted until the exchange, then what is paid out. */
    receiveAmount: amount('receive_amount').notNull(),
    /** Quoted until the exchange, then the rate applied. */
    rate: amount('rate').notNull(),
    networkFee: amount('network_fee').notNull(),
    spread: amount('spread').notNull(),
    min: amount('min').notNull(),
    max: amount('max').notNull(),
    depositAddress: text('deposit_address').notNull(),
    depositMemo: text('deposit_memo'),
    /** The derivation index (or memo number) taken from the coin's counter. */
    depositIndex: integer('deposit_index').notNull(),
    receiveAddress: text('receive_address').notNull(),
    receiveMemo: text('receive_memo'),
    refundAddress: text('refund_address'),
    status: text('status').notNull().default('waiting'),
    reviewReason: text('review_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    /** When the status last changed (the simulated watcher paces its steps from it). */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    depositAmount: amount('deposit_amount'),
    depositTxHash: text('deposit_tx_hash'),
    payoutTxHash: text('payout_tx_hash'),
    refundAmount: amount('refund_amount'),
    refundTxHash: text('refund_tx_hash'),
    spreadAmount: amount('spread_amount'),
    needsApproval: boolean('needs_approval').notNull().default(false),
    payoutRequestedBy: integer('payout_requested_by'),
    payoutApprovedBy: integer('payout_approved_by'),
    simulated: boolean('simulated').notNull().default(false),
  },
  (table) => [
    index('swap_orders_user_idx').on(table.userId, table.seq),
    index('swap_orders_status_idx').on(table.status, table.seq),
    index('swap_orders_waiting_idx').on(table.expiresAt).where(sql`${table.status} = 'waiting'`),
    check('swap_orders_status', sql`${table.status} in (${inList(SWAP_STATUSES)})`),
    check('swap_orders_rate_type', sql`${table.rateType} in (${inList(SWAP_RATE_TYPES)})`),
    check('swap_orders_amount_side', sql`${table.amountSide} in (${inList(SWAP_AMOUNT_SIDES)})`),
    check(
      'swap_orders_review_reason',
      sql`${table.reviewReason} is null or ${table.reviewReason} in (${inList(SWAP_REVIEW_REASONS)})`,
    ),
    check(
      'swap_orders_figures',
      sql`${table.sendAmount} > 0 and ${table.receiveAmount} > 0 and ${table.rate} > 0 and ${table.networkFee} >= 0`,
    ),
  ],
);

/** Every change of an order's status, with the time the desk recorded it; never changed. */
export const swapOrderEvents = pgTable(
  'swap_order_events',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: text('order_id')
      .notNull()
      .references(() => swapOrders.id),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [
    index('swap_order_events_order_idx').on(table.orderId, table.id),
    check('swap_order_events_status', sql`${table.status} in (${inList(SWAP_STATUSES)})`),
  ],
);

export type SwapSettingsRow = typeof swapSettings.$inferSelect;
export type SwapCoinRow = typeof swapCoins.$inferSelect;
export type SwapPairRow = typeof swapPairs.$inferSelect;
export type SwapOrderRow = typeof swapOrders.$inferSelect;
export type SwapOrderEventRow = typeof swapOrderEvents.$inferSelect;
