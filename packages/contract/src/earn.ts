import { z } from 'zod';
import { adminReasonField } from './admin';
import { decimalField, feeRateField } from './markets';
import { ORDERS_MAX_PAGE_SIZE } from './orders';
import { amountField, assetField } from './wallet';

/*
 * Earn (the spec's financial packages and financial orders). An operator offers products: an asset, a fixed term
 * in days or flexible, an annual rate, limits and a quota, a sale window, and an early redemption rule. A user
 * subscribes from the spot account (the account change log's investment deduction); interest accrues once a day
 * (return on investment) from the day after the subscription, and the principal comes back at maturity or on
 * redemption. Amounts and rates are decimal strings; days are UTC days.
 */

/** Where a product stands for new subscriptions, from its sale window, its visibility and its quota. */
export const EARN_PRODUCT_STATES = ['upcoming', 'onSale', 'soldOut', 'ended'] as const;
export type EarnProductState = (typeof EARN_PRODUCT_STATES)[number];

/** An order accrues while active; it ends matured (term completed) or redeemed (by the user, before its term). */
export const EARN_ORDER_STATUSES = ['active', 'matured', 'redeemed'] as const;
export type EarnOrderStatus = (typeof EARN_ORDER_STATUSES)[number];

/** Days a fixed term may have. */
export const EARN_TERM_DAYS_MAX = 3_650;

const productIdField = z
  .string('earn.errors.productUnknown')
  .regex(/^\d{1,18}$/, 'earn.errors.productUnknown');
const orderIdField = z.string('earn.errors.orderUnknown').regex(/^\d{1,18}$/, 'earn.errors.orderUnknown');
const cursorField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'validation.parameterError')
  .optional();

/**
 * A fixed-term product's rule for leaving before maturity: the principal less the interest already paid, less
 * `penaltyRate` of the principal. A flexible product is redeemed at any time for its whole principal.
 */
export const earnEarlyRedemption = z.object({
  allowed: z.boolean(),
  /** Decimal fraction of the principal kept on an early redemption ("0.01" keeps 1 %); "0" for none. */
  penaltyRate: z.string(),
});
export type EarnEarlyRedemption = z.infer<typeof earnEarlyRedemption>;

export const earnProduct = z.object({
  id: z.string(),
  asset: z.string(),
  /** Null for a flexible product. */
  termDays: z.number().int().nullable(),
  /** Decimal fraction a year: "0.05" is 5 % APR, paid daily as rate / 365 of the principal. */
  annualRate: z.string(),
  /** The least one subscription may be. */
  minAmount: z.string(),
  /** The most one user may hold in the product at once (active orders). */
  maxPerUser: z.string(),
  /** The most all users together may hold in it at once. */
  quota: z.string(),
  /** `quota` less what all active orders hold. */
  quotaLeft: z.string(),
  saleStartsAt: z.iso.datetime(),
  /** Null when the sale has no end. */
  saleEndsAt: z.iso.datetime().nullable(),
  earlyRedemption: earnEarlyRedemption,
  state: z.enum(EARN_PRODUCT_STATES),
  /** What the caller holds in the product now (their active orders' principal). */
  held: z.string(),
});
export type EarnProduct = z.infer<typeof earnProduct>;

export const earnProductList = z.object({ items: z.array(earnProduct) });

export const earnProductParams = z.object({ id: productIdField });

export const earnSubscriptionBody = z.object({
  productId: productIdField,
  amount: amountField,
});
export type EarnSubscriptionBody = z.input<typeof earnSubscriptionBody>;

/**
 * Every figure of a subscription before the user commits: the first day that accrues, the interest of a full
 * day, and for a fixed term the maturity and the interest of the whole term, exactly as the orders will be paid.
 */
export const earnSubscriptionQuote = z.object({
  productId: z.string(),
  asset: z.string(),
  amount: z.string(),
  annualRate: z.string(),
  /** The first UTC day whose interest the order earns (the day after the subscription). */
  accrualStartsOn: z.iso.date(),
  dailyInterest: z.string(),
  /** Null for a flexible product. */
  maturesAt: z.iso.datetime().nullable(),
  /** The whole term's interest; null for a flexible product. */
  totalInterest: z.string().nullable(),
});
export type EarnSubscriptionQuote = z.infer<typeof earnSubscriptionQuote>;

export const earnOrderView = z.object({
  id: z.string(),
  productId: z.string(),
  asset: z.string(),
  principal: z.string(),
  /** The product's rate and term when the order was placed; a later change of the product does not touch them. */
  annualRate: z.string(),
  termDays: z.number().int().nullable(),
  /** The product's early redemption rule when the order was placed (a flexible order is redeemed at any time). */
  earlyRedemption: earnEarlyRedemption,
  status: z.enum(EARN_ORDER_STATUSES),
  /** Interest paid so far. */
  interestPaid: z.string(),
  /** The last UTC day paid; null before the first accrual. */
  paidThrough: z.iso.date().nullable(),
  accrualStartsOn: z.iso.date(),
  /** Null for a flexible order. */
  maturesAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** When it matured or was redeemed; null while active. */
  closedAt: z.iso.datetime().nullable(),
  /** What the closing paid back to the spot account; null while active. */
  returned: z.string().nullable(),
});
export type EarnOrderView = z.infer<typeof earnOrderView>;

export const earnOrderParams = z.object({ id: orderIdField });

export const earnOrdersQuery = z.object({
  /** `active`: accruing; `closed`: matured or redeemed. Newest first. */
  state: z.enum(['active', 'closed'], 'validation.parameterError').default('active'),
  cursor: cursorField,
  limit: z.coerce.number().int().min(1).max(ORDERS_MAX_PAGE_SIZE).default(20),
});

export const earnOrderPage = z.object({ items: z.array(earnOrderView), next: z.string().nullable() });

/** The exact payout of redeeming an order now, shown before the user confirms. */
export const earnRedemptionQuote = z.object({
  orderId: z.string(),
  asset: z.string(),
  principal: z.string(),
  interestPaid: z.string(),
  /** Interest already paid that an early redemption of a fixed term takes back; "0" for a flexible order. */
  interestReclaimed: z.string(),
  penalty: z.string(),
  /** What reaches the spot account. */
  payout: z.string(),
  /** Whether the order is redeemed before its term (a fixed term's early redemption). */
  early: z.boolean(),
});
export type EarnRedemptionQuote = z.infer<typeof earnRedemptionQuote>;

/**
 * Redeems an order. `expectedPayout` is the quote's payout the user saw: when an accrual in between changed it,
 * the redemption is refused (earnRedemptionChanged) rather than paying a figure the user did not confirm.
 */
export const earnRedeemBody = z.object({ expectedPayout: amountField });
export type EarnRedeemBody = z.input<typeof earnRedeemBody>;

/** The user's earn holdings per asset, for the financial order screen's header. */
export const earnHolding = z.object({
  asset: z.string(),
  principal: z.string(),
  interestEarned: z.string(),
  /** Interest of the last UTC day paid. */
  lastDayInterest: z.string(),
});
export const earnSummary = z.object({
  holdings: z.array(earnHolding),
  /** The sum of the holdings' principal and interest earned in $ at today's prices. */
  principalValue: z.string(),
  interestValue: z.string(),
});
export type EarnSummary = z.infer<typeof earnSummary>;

// ---- Back office ----

/** A product's settings; rate and term changes apply to new orders only, active orders keep theirs. */
export const adminEarnProductBody = z.object({
  asset: assetField,
  /** Null for a flexible product. */
  termDays: z.number('validation.parameterError').int().min(1).max(EARN_TERM_DAYS_MAX).nullable(),
  annualRate: feeRateField,
  minAmount: decimalField,
  maxPerUser: decimalField,
  quota: decimalField,
  saleStartsAt: z.iso.datetime('validation.parameterError'),
  saleEndsAt: z.iso.datetime('validation.parameterError').nullable(),
  earlyRedemption: z.object({ allowed: z.boolean(), penaltyRate: feeRateField }),
  visible: z.boolean(),
  reason: adminReasonField,
});
export type AdminEarnProductBody = z.input<typeof adminEarnProductBody>;

export const adminEarnProduct = earnProduct.omit({ held: true }).extend({
  visible: z.boolean(),
  /** What all active orders hold. */
  subscribed: z.string(),
  activeOrders: z.number().int(),
  /** Interest paid on the product so far. */
  interestPaid: z.string(),
  updatedAt: z.iso.datetime(),
});
export const adminEarnProductList = z.object({ items: z.array(adminEarnProduct) });

export const adminEarnOrder = earnOrderView.extend({ userId: z.number().int(), account: z.string() });
export const adminEarnOrdersQuery = earnOrdersQuery.extend({
  userId: z.coerce.number().int().positive().optional(),
  productId: productIdField.optional(),
});
export const adminEarnOrderPage = z.object({ items: z.array(adminEarnOrder), next: z.string().nullable() });

/** One day's accrual as the job ran it. */
export const earnAccrualRun = z.object({
  day: z.iso.date(),
  orders: z.number().int(),
  /** Interest paid that day per asset. */
  interest: z.array(z.object({ asset: z.string(), amount: z.string() })),
  matured: z.number().int(),
  finishedAt: z.iso.datetime(),
});
export const earnAccrualRunList = z.object({ items: z.array(earnAccrualRun) });
