import { CHAINS, type Chain, LEDGER_BOOKS } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { inList } from '../../db/check-list';
import { users } from '../auth/auth.schema';

/*
 * The double-entry ledger (ARCHITECTURE.md section 5, docs/decisions/0012-ledger.md). Journal transactions and
 * their postings are append-only: the database refuses UPDATE, DELETE and TRUNCATE on them, and refuses at
 * commit a transaction whose postings do not sum to zero per asset (migration 0003).
 */

/** Purposes of the accounts every user holds (the contract's USER_ACCOUNTS). */
export const USER_ACCOUNT_PURPOSES = ['spot', 'futures'] as const;
/** The swap desk's inventory on a network it swaps on (decision 0048), each asset a position in it. */
export const swapInventoryOf = (chain: Chain) => `swap_inventory_${chain}` as const;

/**
 * The swap desk's accounts (decision 0048): deposits arriving and payouts, refunds and network fees leaving on
 * chain, the desk's share, and its inventory, one account per network.
 */
export const SWAP_DESK_PURPOSES = [
  'swap_deposits_clearing',
  'swap_payouts_clearing',
  'swap_refunds_clearing',
  'swap_network_fees',
  'swap_revenue',
  ...CHAINS.map(swapInventoryOf),
] as const;

/**
 * System accounts that only ever receive: their positions can never be negative, and the ledger check says so
 * when one is. Clearing accounts that money arrives from (deposits) and the desk's inventory (which may be short)
 * are not among them.
 */
export const RECEIVING_SYSTEM_PURPOSES = [
  'swap_payouts_clearing',
  'swap_refunds_clearing',
  'swap_network_fees',
  'swap_revenue',
  // What users hold in earn products: subscriptions in, principal back out.
  'earn_principal',
] as const;

/** The demo book's own system accounts (decision 0055); the real book has none of them. */
export const DEMO_ONLY_PURPOSES = ['demo_grants', 'demo_market'] as const;

/**
 * The system accounts the demo book has: what trading and earning need, and nothing through which money enters
 * or leaves the platform (no deposits, withdrawals, swap desk or rewards), so no demo journal can be one of those.
 */
export const DEMO_BOOK_PURPOSES = [
  'fees',
  'rounding',
  'futures_clearing',
  'insurance_fund',
  'options_pool',
  'earn_principal',
  'earn_interest',
  ...DEMO_ONLY_PURPOSES,
] as const;

/** The platform's side of every entry; later areas add theirs (insurance fund, options pool, market maker...). */
export const SYSTEM_ACCOUNT_PURPOSES = [
  'deposits_clearing',
  'withdrawals_clearing',
  'fees',
  'rounding',
  'adjustments',
  // Futures (decision 0046): the other side of realised profit and loss and of funding; the insurance fund.
  'futures_clearing',
  'insurance_fund',
  // Options (decision 0047): stakes paid in, payouts paid out.
  'options_pool',
  // The swap desk (decision 0048).
  ...SWAP_DESK_PURPOSES,
  // Earn (issue 21): the principal users hold in products, and the interest paid on it (the platform's cost).
  'earn_principal',
  'earn_interest',
  // Mission rewards paid out (the platform's cost).
  'rewards',
  // Demo accounts (decision 0055): where their virtual funds come from and go back to, and the market their
  // orders fill against. These two exist in the demo book only.
  ...DEMO_ONLY_PURPOSES,
] as const;
export type SystemAccountPurpose = (typeof SYSTEM_ACCOUNT_PURPOSES)[number];

export const JOURNAL_KINDS = [
  'deposit',
  'withdrawal',
  'transfer',
  'fee',
  'system_add',
  'system_debit',
  'trade',
  'funding',
  'liquidation',
  'option_stake',
  'option_payout',
  'swap',
  // Earn: a subscription, a day's interest, the principal back at maturity or on redemption.
  'earn_subscription',
  'earn_interest',
  'earn_redemption',
  'mission_reward',
  // An inviter's share of an invitee's trading fee, paid from the fees account.
  'referral_commission',
  // A demo account's virtual funds: given at the start and at a reset, taken back at a reset or its closing.
  'demo_grant',
  'demo_return',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

export const RESERVATION_STATUSES = ['open', 'released', 'consumed'] as const;

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const assets = pgTable(
  'assets',
  {
    code: text('code').primaryKey(),
    /** Decimal places an amount of this asset may have; more are refused, never rounded. */
    precision: smallint('precision').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('assets_code_format', sql`${table.code} ~ '^[A-Z0-9]{2,12}$'`),
    check('assets_precision_range', sql`${table.precision} between 0 and 18`),
  ],
);

/**
 * A user account is (user, purpose); a system account has no user. Only user accounts carry balance rows: a
 * system account is the unbounded other side of an entry, its position the sum of its postings, so no single
 * hot row serialises every deposit or fee of the platform.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id),
    purpose: text('purpose').notNull(),
    /**
     * The book the account is in (decision 0055): a user account's is its user's (set by a trigger, held by the
     * foreign key below); a system account exists once per book. A journal's postings are all in one book.
     */
    book: text('book', { enum: LEDGER_BOOKS }).notNull().default('real'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_user_purpose_key').on(table.userId, table.purpose),
    uniqueIndex('ledger_accounts_system_purpose_key')
      .on(table.purpose, table.book)
      .where(sql`${table.userId} is null`),
    uniqueIndex('ledger_accounts_id_book_key').on(table.id, table.book),
    foreignKey({
      name: 'ledger_accounts_user_book_fk',
      columns: [table.userId, table.book],
      foreignColumns: [users.id, users.book],
    }),
    check('ledger_accounts_book', sql`${table.book} in (${inList(LEDGER_BOOKS)})`),
    check(
      'ledger_accounts_purpose',
      sql`(${table.userId} is not null and ${table.purpose} in (${inList(USER_ACCOUNT_PURPOSES)}))
        or (${table.userId} is null and ${table.book} = 'real'
          and ${table.purpose} in (${inList(SYSTEM_ACCOUNT_PURPOSES)})
          and ${table.purpose} not in (${inList(DEMO_ONLY_PURPOSES)}))
        or (${table.userId} is null and ${table.book} = 'demo' and ${table.purpose} in (${inList(DEMO_BOOK_PURPOSES)}))`,
    ),
  ],
);

/** One business event. `reference` makes it happen once: the same (kind, reference) is the same event. */
export const journalTransactions = pgTable(
  'journal_transactions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    memo: text('memo'),
    /** Who caused it: `user:<id>`, `admin:<id>` or `system`. */
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('journal_transactions_kind_reference_key').on(table.kind, table.reference),
    check('journal_transactions_kind', sql`${table.kind} in (${inList(JOURNAL_KINDS)})`),
    check('journal_transactions_actor', sql`${table.actor} ~ '^(user:[0-9]+|admin:[0-9]+|system)$'`),
  ],
);

/** A signed amount on one account: credits positive, debits negative; never zero, never changed. */
export const postings = pgTable(
  'postings',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => journalTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    asset: text('asset')
      .notNull()
      .references(() => assets.code),
    amount: amount('amount').notNull(),
  },
  (table) => [
    index('postings_transaction_idx').on(table.transactionId),
    index('postings_account_asset_idx').on(table.accountId, table.asset),
    check('postings_amount_nonzero', sql`${table.amount} <> 0`),
  ],
);

/** What a user account holds of an asset: the sum of its postings, split into spendable and frozen. */
export const balances = pgTable(
  'balances',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    asset: text('asset')
      .notNull()
      .references(() => assets.code),
    available: amount('available').notNull().default('0'),
    frozen: amount('frozen').notNull().default('0'),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.asset] }),
    check('balances_not_negative', sql`${table.available} >= 0 and ${table.frozen} >= 0`),
  ],
);

/** An open freeze of funds for a purpose (a withdrawal, an order); released back or consumed by a transaction. */
export const reservations = pgTable(
  'reservations',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    asset: text('asset')
      .notNull()
      .references(() => assets.code),
    amount: amount('amount').notNull(),
    /**
     * What trades have taken of it so far (a spot order fills in parts); the rest, `amount - consumed`, is what
     * stays frozen while it is open, and is given back when it closes.
     */
    consumed: amount('consumed').notNull().default('0'),
    purpose: text('purpose').notNull(),
    reference: text('reference').notNull(),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull().default('open'),
    /** The journal transaction that consumed it; for one consumed in parts (an order's fills), the latest. */
    transactionId: bigint('transaction_id', { mode: 'bigint' }).references(() => journalTransactions.id),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('reservations_purpose_reference_key').on(table.purpose, table.reference),
    index('reservations_open_idx').on(table.accountId, table.asset).where(sql`${table.status} = 'open'`),
    check('reservations_amount_positive', sql`${table.amount} > 0`),
    check(
      'reservations_consumed_range',
      sql`${table.consumed} >= 0 and ${table.consumed} <= ${table.amount}`,
    ),
    check('reservations_status', sql`${table.status} in (${inList(RESERVATION_STATUSES)})`),
    check(
      'reservations_settled',
      sql`(${table.status} = 'open') = (${table.settledAt} is null)
        and (${table.status} <> 'consumed' or ${table.transactionId} is not null)
        and (${table.status} <> 'released' or ${table.transactionId} is null)`,
    ),
  ],
);
