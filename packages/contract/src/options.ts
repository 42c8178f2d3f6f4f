import { z } from 'zod';
import { adminReasonField } from './admin';
import { decimalField, feeRateField, marketSymbolField } from './markets';
import { ORDERS_MAX_PAGE_SIZE } from './orders';
import { amountField } from './wallet';

/*
 * Timed up/down options (ARCHITECTURE.md section 6). A product runs consecutive rounds for each of its periods;
 * an order buys up or down for the round open for buying, opens at the first index tick recorded strictly after
 * it was accepted and closes at the last tick at or before its round's close. Stakes and payouts are in the
 * product's asset (USDT) from and to the user's spot account; rates and amounts are decimal strings.
 */

export const OPTION_DIRECTIONS = ['up', 'down'] as const;
export type OptionDirection = (typeof OPTION_DIRECTIONS)[number];

/**
 * The spec's statuses: in progress (purchase) while the order's round still accepts buying, awaiting delivery
 * once buying has closed until the round is settled, completed after.
 */
export const OPTION_ORDER_STATUSES = ['inProgress', 'awaitingDelivery', 'completed'] as const;
export type OptionOrderStatus = (typeof OPTION_ORDER_STATUSES)[number];

/** Win pays stake × (1 + payout rate); loss pays nothing; tie and void return the stake. */
export const OPTION_OUTCOMES = ['win', 'loss', 'tie', 'void'] as const;
export type OptionOutcome = (typeof OPTION_OUTCOMES)[number];

/**
 * The published rule that decided an order: `upWins` / `downWins` when the close price is above / below the open
 * price, `equalReturned` on equal prices, `voidStale` when no tick fell within the staleness window before the
 * round's close, `voidNoOpenTick` when no tick was recorded between acceptance and the close.
 */
export const OPTION_RULES = ['upWins', 'downWins', 'equalReturned', 'voidStale', 'voidNoOpenTick'] as const;
export type OptionRule = (typeof OPTION_RULES)[number];

/** Lengths a product's rounds may have, in seconds: the spec's minute, hour and day units. */
export const OPTION_PERIOD_SECONDS_MIN = 60;
export const OPTION_PERIOD_SECONDS_MAX = 86_400;

/** One round of one period: the round open for buying now, or an order's own. */
export const optionRound = z.object({
  periodSeconds: z.number().int(),
  /** Rounds are numbered from the Unix epoch: round n runs from n × periodSeconds to (n + 1) × periodSeconds. */
  periodNumber: z.number().int(),
  openTime: z.iso.datetime(),
  closeTime: z.iso.datetime(),
  /** Buying closes at this time, `buyCutoffSeconds` before the close. */
  buyCutoffTime: z.iso.datetime(),
});
export type OptionRound = z.infer<typeof optionRound>;

export const optionPeriod = optionRound.extend({
  seconds: z.number().int(),
  /** Decimal fraction: "0.85" pays 85 % of the stake on top of it on a win. */
  payoutRate: z.string(),
  minStake: z.string(),
  maxStake: z.string(),
  buyCutoffSeconds: z.number().int(),
});
export type OptionPeriod = z.infer<typeof optionPeriod>;

/** A recorded index tick: append-only, the only prices an outcome is ever computed from. */
export const optionTick = z.object({
  id: z.string(),
  price: z.string(),
  time: z.iso.datetime(),
});
export type OptionTick = z.infer<typeof optionTick>;

/**
 * A product with the round open for buying in each of its periods. `periodNumber`, `closeTime` and
 * `buyCutoffTime` at the top are those of the first (shortest) period.
 */
export const optionProduct = z.object({
  id: z.string(),
  symbol: z.string(),
  /** The asset stakes and payouts are in. */
  asset: z.string(),
  open: z.boolean(),
  periods: z.array(optionPeriod),
  periodNumber: z.number().int(),
  closeTime: z.iso.datetime(),
  buyCutoffTime: z.iso.datetime(),
  /** At most this many of a user's orders may be open on the product at once. */
  maxOpenOrders: z.number().int(),
  /** A user's losses on the product in a UTC day, settled and at stake, may not pass this. */
  maxDailyLoss: z.string(),
  /** A round whose close finds no tick younger than this is void. */
  staleSeconds: z.number().int(),
  /** The latest recorded tick; null before the first. */
  lastTick: optionTick.nullable(),
  /** True while the feed is stale: buying is refused and a round closing now would be void. */
  stale: z.boolean(),
});
export type OptionProduct = z.infer<typeof optionProduct>;

export const optionProductList = z.object({ items: z.array(optionProduct) });

export const optionProductParams = z.object({
  id: z.string().regex(/^\d{1,18}$/, 'options.errors.productUnknown'),
});

/** Recorded ticks of a product's market, oldest first: the live price line. */
export const optionTicksQuery = z.object({
  /** Ticks recorded after this one; the latest `limit` when absent. */
  after: z
    .string()
    .regex(/^\d{1,18}$/, 'validation.parameterError')
    .optional(),
  limit: z.coerce.number().int().min(1).max(600).default(300),
});
export const optionTickList = z.object({ items: z.array(optionTick) });

/**
 * Buys up or down for the round of `periodSeconds` open for buying. `periodNumber`, when given, is the round the
 * buyer saw: if buying for it has closed the order is refused rather than placed in the next round.
 */
export const placeOptionOrderBody = z.object({
  productId: z.string('options.errors.productUnknown').regex(/^\d{1,18}$/, 'options.errors.productUnknown'),
  periodSeconds: z
    .number('options.errors.periodUnknown')
    .int('options.errors.periodUnknown')
    .min(OPTION_PERIOD_SECONDS_MIN, 'options.errors.periodUnknown')
    .max(OPTION_PERIOD_SECONDS_MAX, 'options.errors.periodUnknown'),
  direction: z.enum(OPTION_DIRECTIONS, 'options.errors.directionRequired'),
  amount: amountField,
  periodNumber: z.number('validation.parameterError').int('validation.parameterError').positive().optional(),
});
export type PlaceOptionOrderBody = z.input<typeof placeOptionOrderBody>;

export const optionOrderView = z.object({
  id: z.string(),
  productId: z.string(),
  symbol: z.string(),
  asset: z.string(),
  periodSeconds: z.number().int(),
  periodNumber: z.number().int(),
  direction: z.enum(OPTION_DIRECTIONS),
  amount: z.string(),
  /** The payout rate of the order's period when it was accepted; a later change of the product does not touch it. */
  payoutRate: z.string(),
  status: z.enum(OPTION_ORDER_STATUSES),
  /** Null until settled. */
  outcome: z.enum(OPTION_OUTCOMES).nullable(),
  /** When the order was accepted. */
  createdAt: z.iso.datetime(),
  buyCutoffTime: z.iso.datetime(),
  /** The open tick's price and time; null until the first tick after acceptance is recorded. */
  openPrice: z.string().nullable(),
  openTime: z.iso.datetime().nullable(),
  closePrice: z.string().nullable(),
  /** The round's close. */
  closeTime: z.iso.datetime(),
  /** Stake × payout rate on a win, minus the stake on a loss, 0 on a tie or a void round; null until settled. */
  profit: z.string().nullable(),
  /** What was paid back (stake plus profit); null until settled. */
  payout: z.string().nullable(),
  settledAt: z.iso.datetime().nullable(),
});
export type OptionOrderView = z.infer<typeof optionOrderView>;

export const optionOrderParams = z.object({
  id: z.string().regex(/^\d{1,18}$/, 'options.errors.orderUnknown'),
});

export const optionOrdersQuery = z.object({
  /** `open`: not yet settled; `settled`: completed, newest first. */
  state: z.enum(['open', 'settled'], 'validation.parameterError').default('open'),
  productId: z
    .string()
    .regex(/^\d{1,18}$/, 'options.errors.productUnknown')
    .optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'validation.parameterError')
    .optional(),
  limit: z.coerce.number().int().min(1).max(ORDERS_MAX_PAGE_SIZE).default(20),
});

export const optionOrderPage = z.object({ items: z.array(optionOrderView), next: z.string().nullable() });

/** Everything an order's outcome was computed from, so that anyone can check it. */
export const optionProof = z.object({
  order: optionOrderView,
  /** The first tick recorded strictly after `order.createdAt`; null if none came before the close. */
  openTick: optionTick.nullable(),
  /** The last tick at or before `order.closeTime`; null until the round is settled. */
  closeTick: optionTick.nullable(),
  staleSeconds: z.number().int(),
  /** Null until settled. */
  rule: z.enum(OPTION_RULES).nullable(),
});
export type OptionProof = z.infer<typeof optionProof>;

/** The round clock of one product: pushed on every recorded tick and when a round turns. */
export const optionClockMessage = z.object({
  productId: z.string(),
  symbol: z.string(),
  rounds: z.array(optionRound),
  lastTick: optionTick.nullable(),
  stale: z.boolean(),
});
export type OptionClockMessage = z.infer<typeof optionClockMessage>;

// ---- Back office ----

/** One period as an operator sets it; the rules between fields (stakes in order, a cutoff inside the round, lengths
 * given once) are the server's, which refuses with optionPeriodsInvalid. */
const adminPeriod = z.object({
  seconds: z.number().int().min(OPTION_PERIOD_SECONDS_MIN).max(OPTION_PERIOD_SECONDS_MAX),
  payoutRate: feeRateField,
  minStake: decimalField,
  maxStake: decimalField,
  buyCutoffSeconds: z.number().int().min(0).max(3_600),
});

/** A product's settings for new orders; open orders keep what they were accepted with. */
export const adminOptionProductBody = z.object({
  periods: z.array(adminPeriod).min(1).max(8),
  maxOpenOrders: z.number().int().min(1).max(1_000),
  maxDailyLoss: decimalField,
  open: z.boolean(),
  reason: adminReasonField,
});
export type AdminOptionProductBody = z.input<typeof adminOptionProductBody>;

export const adminOptionProductCreateBody = adminOptionProductBody.extend({ symbol: marketSymbolField });
export type AdminOptionProductCreateBody = z.input<typeof adminOptionProductCreateBody>;

export const adminOptionProduct = optionProduct.extend({ updatedAt: z.iso.datetime() });
export const adminOptionProductList = z.object({ items: z.array(adminOptionProduct) });

/** What the options pool stands to pay on one open round. */
export const optionRoundExposure = z.object({
  productId: z.string(),
  symbol: z.string(),
  periodSeconds: z.number().int(),
  periodNumber: z.number().int(),
  closeTime: z.iso.datetime(),
  orders: z.number().int(),
  upStake: z.string(),
  downStake: z.string(),
  /** The most the pool pays out beyond the round's stakes, whichever way the round ends. */
  worstCase: z.string(),
});
export const optionExposure = z.object({
  /** The options pool's balance in the products' asset. */
  poolBalance: z.string(),
  asset: z.string(),
  rounds: z.array(optionRoundExposure),
});
export type OptionExposure = z.infer<typeof optionExposure>;
