import { z } from 'zod';
import { adminPageOf, adminReasonField } from './admin';
import { REVIEW_STATUSES, reviewer } from './identity';
import { amountField, assetField, userAccountField, walletBalance } from './wallet';

/*
 * The user's assets overview, the account change log (a view of the ledger) and the operators' manual
 * adjustments. Amounts and $ values are decimal strings, never JS numbers.
 */

/**
 * Assets valued at one dollar each, and the quote of every market. Any other asset is valued at the index price
 * of its USDT market (decision 0018); one without a price is listed with `valued: false` and left out of every
 * $ total.
 */
export const STABLECOINS = ['USDT'] as const;

/** Decimal places of every $ value and total. */
export const USD_DECIMALS = 8;

export const assetHolding = z.object({
  asset: z.string(),
  available: z.string(),
  /** Frozen for open orders and pending withdrawals: "in use". */
  frozen: z.string(),
  total: z.string(),
  /** Whether the asset has a $ price; when false `usdValue` is null and no total includes it. */
  valued: z.boolean(),
  usdValue: z.string().nullable(),
});

/** $ totals over valued assets only. */
export const assetTotals = z.object({
  total: z.string(),
  /** Total plus unrealised profit and loss of open positions (none until futures trade). */
  equity: z.string(),
  inUse: z.string(),
  available: z.string(),
});

export const accountAssets = z.object({
  account: userAccountField,
  totals: assetTotals,
  holdings: z.array(assetHolding),
});

/** The products whose activity adds to today's figures; futures and options join as they land. */
export const TODAY_PRODUCTS = ['spot', 'earn'] as const;
export type TodayProduct = (typeof TODAY_PRODUCTS)[number];

/** One product's share of today's figures ($ values, USD_DECIMALS places; profit is signed). */
export const todayPart = z.object({
  product: z.enum(TODAY_PRODUCTS),
  profit: z.string(),
  orderCount: z.number().int().nonnegative(),
  investment: z.string(),
});
export type TodayPart = z.infer<typeof todayPart>;

/**
 * Today's figures since 00:00 UTC, each the sum of its products' parts (decision 0035). Profit: what the
 * product's holdings are worth now, less what they were worth at 00:00 at that time's prices, less what was
 * moved in today (deposits, withdrawals, transfers, adjustments) valued at the prices of its minute. Order count:
 * orders placed today and accepted. Investment: the quote amount of today's buy fills.
 */
export const todayFigures = z.object({
  /** The start of the day the figures cover. */
  since: z.iso.datetime(),
  profit: z.string(),
  orderCount: z.number().int().nonnegative(),
  investment: z.string(),
  parts: z.array(todayPart),
});
export type TodayFigures = z.infer<typeof todayFigures>;

export const assetsOverview = z.object({
  totals: assetTotals,
  accounts: z.array(accountAssets),
  /** The assets that carry a $ value today. */
  valuedAssets: z.array(z.string()),
  today: todayFigures,
});

/**
 * The kinds of entry in the account change log, each gathering one or more journal kinds: investment deduction
 * is an option's stake or an earn subscription, return on investment an option's payout, a day's earn interest or
 * an earn order's principal coming back.
 */
export const RECORD_TYPES = [
  'deposit',
  'withdrawal',
  'transfer',
  'fee',
  'systemAdd',
  'systemDebit',
  'trade',
  'funding',
  'liquidation',
  'investmentDeduction',
  'returnOnInvestment',
  // A mission's reward, an inviter's commission on an invitee's fee.
  'reward',
  'commission',
  // A demo account's virtual funds given or taken back (decision 0055).
  'virtualFunds',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export const RECORDS_MAX_PAGE_SIZE = 50;

export const recordsQuery = z.object({
  type: z.enum(RECORD_TYPES, 'validation.parameterError').optional(),
  asset: assetField.optional(),
  /** Opaque: the `next` of the previous page. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'validation.parameterError')
    .optional(),
  limit: z.coerce.number().int().min(1).max(RECORDS_MAX_PAGE_SIZE).default(20),
});

export const accountRecord = z.object({
  /** Unique per entry of the log (one posting). */
  id: z.string(),
  type: z.enum(RECORD_TYPES),
  asset: z.string(),
  account: userAccountField,
  /** Signed: positive when funds came in, negative when they went out. */
  amount: z.string(),
  createdAt: z.iso.datetime(),
  /** The journal transaction behind the entry: what support looks up when the user asks about it. */
  reference: z.string(),
});

export const recordsPage = z.object({
  items: z.array(accountRecord),
  /** The cursor of the next (older) page; null at the end of the log. */
  next: z.string().nullable(),
});

/** The two directions of an operator's manual change to a user's balance (spec: system add, system debit). */
export const ADJUSTMENT_DIRECTIONS = ['add', 'debit'] as const;

export const adjustmentBody = z.object({
  direction: z.enum(ADJUSTMENT_DIRECTIONS, 'validation.parameterError'),
  account: userAccountField,
  asset: assetField,
  amount: amountField,
  reason: adminReasonField,
});

/** Where an adjustment stands: posted to the ledger, or proposed and waiting for a second operator. */
export const ADJUSTMENT_STATES = ['posted', 'proposed'] as const;

export const adjustmentResult = z.object({
  /** The journal transaction that moved the funds; null while the adjustment waits for approval. */
  id: z.string().nullable(),
  state: z.enum(ADJUSTMENT_STATES),
  /** The proposal a second operator approves or rejects; null for an adjustment posted at once. */
  proposalId: z.number().int().nullable(),
  userId: z.number().int(),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  account: userAccountField,
  asset: z.string(),
  amount: z.string(),
  createdAt: z.iso.datetime(),
});

/** A proposed adjustment as the approvers' list shows it. */
export const adjustmentProposal = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userEmail: z.string().nullable(),
  userPhone: z.string().nullable(),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  account: userAccountField,
  asset: z.string(),
  amount: z.string(),
  reason: z.string(),
  status: z.enum(REVIEW_STATUSES),
  proposer: z.object({ id: z.number().int(), email: z.string() }),
  reviewer,
  rejectionReason: z.string().nullable(),
  /** The journal transaction the approval posted. */
  transactionId: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
});

export const adjustmentProposalPage = adminPageOf(adjustmentProposal);

/** A user's balances as the back office sees them: every account and listed asset. */
export const adminUserBalances = z.object({ balances: z.array(walletBalance) });

export type AssetHolding = z.infer<typeof assetHolding>;
export type AssetTotals = z.infer<typeof assetTotals>;
export type AccountAssets = z.infer<typeof accountAssets>;
export type AssetsOverview = z.infer<typeof assetsOverview>;
export type RecordsQuery = z.infer<typeof recordsQuery>;
export type AccountRecord = z.infer<typeof accountRecord>;
export type RecordsPage = z.infer<typeof recordsPage>;
export type AdjustmentBody = z.infer<typeof adjustmentBody>;
export type AdjustmentResult = z.infer<typeof adjustmentResult>;
export type AdjustmentProposal = z.infer<typeof adjustmentProposal>;
