import { z } from 'zod';
import { adminReasonField } from './admin';
import { CHAINS, type Chain, chainField } from './chains';
import { decimalField, feeRateField } from './markets';
import { ORDERS_MAX_PAGE_SIZE } from './orders';
import { amountField, assetField } from './wallet';

/*
 * The swap desk (ARCHITECTURE.md section 6): anonymous cross-chain swaps. A visitor asks for a quote between two
 * coins (an asset on a network), turns it into an order with a receive address, and sends the deposit to the
 * order's own address; the desk exchanges and pays out, or refunds. Networks are the platform's chains
 * (`tron` is TRC20, `ethereum` ERC20, `bsc` BEP20). Amounts and rates are decimal strings.
 */

/** The request header that proves an anonymous visitor holds an order (its secret, given once at creation). */
export const SWAP_SECRET_HEADER = 'x-swap-secret';

export const SWAP_RATE_TYPES = ['fixed', 'floating'] as const;
export type SwapRateType = (typeof SWAP_RATE_TYPES)[number];

/** Which side of the swap the entered amount is: what the visitor sends, or what they want to receive. */
export const SWAP_AMOUNT_SIDES = ['send', 'receive'] as const;
export type SwapAmountSide = (typeof SWAP_AMOUNT_SIDES)[number];

/**
 * Where an order stands. The happy path is waiting (for the deposit) → confirming (seen on chain) → exchanging →
 * sending → completed; a fixed-rate order whose deposit does not arrive in time expires; a visitor may cancel while
 * waiting; an amount outside the quote or a late deposit goes to review, from where the desk exchanges or refunds.
 */
export const SWAP_STATUSES = [
  'waiting',
  'confirming',
  'exchanging',
  'sending',
  'completed',
  'expired',
  'cancelled',
  'refunding',
  'refunded',
  'review',
] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];

/** The happy path, in order: the steps a timeline shows before they happen. */
export const SWAP_STEPS = ['waiting', 'confirming', 'exchanging', 'sending', 'completed'] as const;

/** Statuses after which nothing more happens to an order. */
export const SWAP_FINAL_STATUSES: readonly SwapStatus[] = ['completed', 'expired', 'cancelled', 'refunded'];

/**
 * The spec's payment statuses, as the order list and details show them beside the swap status: in payment until
 * the deposit is confirmed, payment successful once it is, payment cancelled when it expired or goes back, canceled
 * when the visitor cancelled.
 */
export const SWAP_PAY_STATUSES = ['inPayment', 'paymentSuccessful', 'paymentCancelled', 'canceled'] as const;
export type SwapPayStatus = (typeof SWAP_PAY_STATUSES)[number];

export function payStatusOf(status: SwapStatus): SwapPayStatus {
  switch (status) {
    case 'waiting':
    case 'confirming':
    case 'review':
      return 'inPayment';
    case 'exchanging':
    case 'sending':
    case 'completed':
      return 'paymentSuccessful';
    case 'expired':
    case 'refunding':
    case 'refunded':
      return 'paymentCancelled';
    case 'cancelled':
      return 'canceled';
  }
}

/** The order list's tabs: every order, the cancelled or expired ones, and the finished ones (history). */
export const SWAP_LIST_TABS = ['all', 'cancelled', 'history'] as const;
export type SwapListTab = (typeof SWAP_LIST_TABS)[number];

export function listTabsOf(status: SwapStatus): readonly SwapListTab[] {
  if (status === 'cancelled' || status === 'expired') return ['all', 'cancelled'];
  if (status === 'completed' || status === 'refunded') return ['all', 'history'];
  return ['all'];
}

/** How long each step usually takes, in seconds (the FAQ's 2 to 20 minutes end to end), shown on the timeline. */
export const SWAP_STEP_SECONDS: Record<
  'confirming' | 'exchanging' | 'sending',
  { min: number; max: number }
> = {
  confirming: { min: 60, max: 900 },
  exchanging: { min: 10, max: 60 },
  sending: { min: 30, max: 300 },
};

/**
 * Chains whose transfers carry a memo (tag) a receiver may need. None of the desk's receive chains requires one;
 * Solana deposits to the desk use its one address with a memo per order.
 */
export const MEMO_CHAINS: readonly Chain[] = ['solana'];

const memoField = z
  .string('validation.parameterError')
  .regex(/^[A-Za-z0-9_-](?:[A-Za-z0-9 _-]{0,62}[A-Za-z0-9_-])?$/, 'swap.errors.memoInvalid');

/** A chain's address as typed: exact text after trimming; its checksum is checked against the pair's chain. */
const swapAddressField = z.string('swap.completeInformation').trim().max(128, 'cryptoWallets.invalidAddress');

/** A coin the desk swaps: an asset on one network. */
export const swapCoin = z.object({
  asset: assetField,
  network: chainField,
});
export type SwapCoin = z.infer<typeof swapCoin>;

/** A pair the desk swaps, one way; `min` and `max` are in the sent asset. */
export const swapPair = z.object({
  fromAsset: z.string(),
  fromNetwork: z.enum(CHAINS),
  toAsset: z.string(),
  toNetwork: z.enum(CHAINS),
  min: z.string(),
  max: z.string(),
  /** Indicative floating rate now: units of the received asset per unit sent, spread included. */
  rate: z.string(),
  /** What the receiving chain's transfer costs, in the received asset, taken from what is received. */
  networkFee: z.string(),
});
export type SwapPair = z.infer<typeof swapPair>;

export const swapPairList = z.object({
  items: z.array(swapPair),
  /** How long a fixed rate is held, in seconds. */
  fixedRateSeconds: z.number().int(),
  /** How long a floating-rate order waits for its deposit, in seconds. */
  floatingWaitSeconds: z.number().int(),
  /** True while deposits are confirmed by the simulated watcher: no real funds move. */
  simulated: z.boolean(),
});
export type SwapPairList = z.infer<typeof swapPairList>;

export const swapQuoteBody = z.object({
  fromAsset: assetField,
  fromNetwork: chainField,
  toAsset: assetField,
  toNetwork: chainField,
  amount: amountField,
  amountSide: z.enum(SWAP_AMOUNT_SIDES, 'validation.parameterError'),
  rateType: z.enum(SWAP_RATE_TYPES, 'validation.parameterError'),
});
export type SwapQuoteBody = z.input<typeof swapQuoteBody>;

export const swapQuote = z.object({
  quoteId: z.string(),
  rate: z.string(),
  sendAmount: z.string(),
  receiveAmount: z.string(),
  min: z.string(),
  max: z.string(),
  /** A fixed quote's rate is held until then; a floating quote must become an order by then. */
  expiresAt: z.iso.datetime(),
  fromAsset: z.string(),
  fromNetwork: z.enum(CHAINS),
  toAsset: z.string(),
  toNetwork: z.enum(CHAINS),
  rateType: z.enum(SWAP_RATE_TYPES),
  amountSide: z.enum(SWAP_AMOUNT_SIDES),
  networkFee: z.string(),
});
export type SwapQuote = z.infer<typeof swapQuote>;

/**
 * Turns a quote into an order. The receive address must be valid on the receiving network; a memo only where that
 * network carries one; the refund address (on the sending network) is required for a fixed rate, since an amount
 * that arrives late or wrong goes back there.
 */
export const swapOrderBody = z.object({
  quoteId: z.string('swap.completeInformation').regex(/^[A-Za-z0-9_.-]{8,512}$/, 'swap.errors.quoteUnknown'),
  receiveAddress: swapAddressField.min(1, 'swap.completeInformation'),
  receiveMemo: memoField.optional(),
  refundAddress: swapAddressField.optional(),
});
export type SwapOrderBody = z.input<typeof swapOrderBody>;

/** One change of status, with the time the desk recorded it. */
export const swapEvent = z.object({
  status: z.enum(SWAP_STATUSES),
  at: z.iso.datetime(),
});
export type SwapEvent = z.infer<typeof swapEvent>;

/** An order number: 16 characters of Crockford base 32, random, so that one order's number tells nothing of another. */
export const SWAP_ORDER_ID_PATTERN = '[0-9A-HJKMNP-TV-Z]{16}';

export const swapOrderParams = z.object({
  id: z.string().regex(new RegExp(`^${SWAP_ORDER_ID_PATTERN}$`), 'swap.errors.orderUnknown'),
});

export const swapOrderView = z.object({
  id: z.string(),
  status: z.enum(SWAP_STATUSES),
  payStatus: z.enum(SWAP_PAY_STATUSES),
  rateType: z.enum(SWAP_RATE_TYPES),
  fromAsset: z.string(),
  fromNetwork: z.enum(CHAINS),
  toAsset: z.string(),
  toNetwork: z.enum(CHAINS),
  /** The amount to send (a fixed rate needs exactly it; a floating one exchanges what arrives). */
  sendAmount: z.string(),
  /** What the visitor receives: quoted until the exchange, then exact. */
  receiveAmount: z.string(),
  /** Units received per unit sent: quoted until the exchange, then the rate applied. */
  rate: z.string(),
  networkFee: z.string(),
  depositAddress: z.string(),
  depositMemo: z.string().nullable(),
  receiveAddress: z.string(),
  receiveMemo: z.string().nullable(),
  refundAddress: z.string().nullable(),
  /** The deposit must arrive by then. */
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  /** What arrived, and its transaction; null until a deposit is seen. */
  depositAmount: z.string().nullable(),
  depositTxHash: z.string().nullable(),
  /** The payout's transaction once sent. */
  payoutTxHash: z.string().nullable(),
  /** What goes back to the refund address, and its transaction, when the order is refunded. */
  refundAmount: z.string().nullable(),
  refundTxHash: z.string().nullable(),
  /** Why an order is under review (`amountOutsideQuote`, `lateDeposit`), null otherwise. */
  reviewReason: z.enum(['amountOutsideQuote', 'lateDeposit']).nullable(),
  /** Every change of status, oldest first. */
  events: z.array(swapEvent),
  /** True when the deposit and payout were simulated (a demonstration install): no real funds moved. */
  simulated: z.boolean(),
});
export type SwapOrderView = z.infer<typeof swapOrderView>;

/** A new order with the secret that opens it without an account: shown once, kept by the app. */
export const swapOrderCreated = swapOrderView.extend({ secret: z.string() });
export type SwapOrderCreated = z.infer<typeof swapOrderCreated>;

/** The orders an app holds the secrets of (at most 50), looked up at once for the order list. */
export const swapOrderLookupBody = z.object({
  orders: z
    .array(
      z.object({
        id: z.string().regex(new RegExp(`^${SWAP_ORDER_ID_PATTERN}$`), 'swap.errors.orderUnknown'),
        secret: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'swap.errors.orderUnknown'),
      }),
    )
    .max(50, 'validation.parameterError'),
});
export type SwapOrderLookupBody = z.input<typeof swapOrderLookupBody>;

/** The orders found; an unknown id or a wrong secret is left out. */
export const swapOrderList = z.object({ items: z.array(swapOrderView) });

export const swapOrdersQuery = z.object({
  tab: z.enum(SWAP_LIST_TABS, 'validation.parameterError').default('all'),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'validation.parameterError')
    .optional(),
  limit: z.coerce.number().int().min(1).max(ORDERS_MAX_PAGE_SIZE).default(20),
});
export const swapOrderPage = z.object({ items: z.array(swapOrderView), next: z.string().nullable() });

/** The stream of one order's status: `swapOrder:<id>`; it carries no address or amount. */
export const swapOrderStatusMessage = z.object({
  id: z.string(),
  status: z.enum(SWAP_STATUSES),
  payStatus: z.enum(SWAP_PAY_STATUSES),
  events: z.array(swapEvent),
});
export type SwapOrderStatusMessage = z.infer<typeof swapOrderStatusMessage>;

// ---- The desk (back office) ----

export const SWAP_WATCHER_MODES = ['manual', 'simulated'] as const;
export type SwapWatcherMode = (typeof SWAP_WATCHER_MODES)[number];

/** The desk's settings: one set for the whole desk. */
export const swapDeskSettings = z.object({
  fixedRateSeconds: z.number().int().min(60).max(3_600),
  floatingWaitSeconds: z.number().int().min(600).max(604_800),
  /** `manual`: operators confirm deposits; `simulated`: a watcher confirms and pays out by itself (no real funds). */
  watcherMode: z.enum(SWAP_WATCHER_MODES),
  /** A payout worth more than this many USDT needs a second operator's approval before it is sent. */
  approvalThreshold: decimalField,
});
export type SwapDeskSettings = z.infer<typeof swapDeskSettings>;
export const swapDeskSettingsBody = swapDeskSettings.extend({ reason: adminReasonField });
export type SwapDeskSettingsBody = z.input<typeof swapDeskSettingsBody>;

/**
 * A coin as the desk sets it up: its network fee (in the asset, taken from payouts on that network) and where its
 * deposits go: an extended public key from which each order's address is derived (the server never holds a
 * private key), or on memo chains the desk's one address with a memo per order.
 */
export const adminSwapCoin = z.object({
  asset: z.string(),
  network: z.enum(CHAINS),
  enabled: z.boolean(),
  networkFee: z.string(),
  /** The extended public key's first and last characters; the whole key is never sent back. */
  extendedPublicKey: z.string().nullable(),
  depositAddress: z.string().nullable(),
  /** How many deposit addresses have been derived. */
  addressesIssued: z.number().int(),
  /** The desk's inventory of the coin (its ledger account). */
  inventory: z.string(),
  updatedAt: z.iso.datetime(),
});
export type AdminSwapCoin = z.infer<typeof adminSwapCoin>;

export const adminSwapCoinParams = z.object({
  asset: assetField,
  network: chainField,
});

export const adminSwapCoinBody = z.object({
  enabled: z.boolean(),
  networkFee: decimalField,
  /** A new extended public key; absent keeps the current one. */
  extendedPublicKey: z
    .string('validation.parameterError')
    .regex(/^[1-9A-HJ-NP-Za-km-z]{100,120}$/, 'swap.errors.extendedKeyInvalid')
    .optional(),
  depositAddress: z.string('validation.parameterError').trim().max(128).optional(),
  reason: adminReasonField,
});
export type AdminSwapCoinBody = z.input<typeof adminSwapCoinBody>;

export const adminSwapPair = swapPair.extend({
  enabled: z.boolean(),
  /** The desk's share of each swap, as a fraction of the index rate ("0.005" is 0.5 %). */
  spread: z.string(),
  updatedAt: z.iso.datetime(),
});
export type AdminSwapPair = z.infer<typeof adminSwapPair>;

export const adminSwapPairParams = z.object({
  fromAsset: assetField,
  fromNetwork: chainField,
  toAsset: assetField,
  toNetwork: chainField,
});

/** A pair's settings; the server refuses a minimum worth less than five times the receiving network's fee. */
export const adminSwapPairBody = z.object({
  enabled: z.boolean(),
  spread: feeRateField,
  min: decimalField,
  max: decimalField,
  reason: adminReasonField,
});
export type AdminSwapPairBody = z.input<typeof adminSwapPairBody>;

export const adminSwapDesk = z.object({
  settings: swapDeskSettings,
  coins: z.array(adminSwapCoin),
  pairs: z.array(adminSwapPair),
});
export type AdminSwapDesk = z.infer<typeof adminSwapDesk>;

/** An order as the desk sees it: who holds it, what waits on whom. */
export const adminSwapOrder = swapOrderView.extend({
  /** The account the order is tied to, if it was created signed in. */
  userId: z.string().nullable(),
  /** The e-mail of the operator whose action brought the order to sending: the approver must be someone else. */
  payoutRequestedBy: z.string().nullable(),
  /** The e-mail of the operator who approved the payout. */
  payoutApprovedBy: z.string().nullable(),
  /** True when the payout is worth more than the approval threshold. */
  needsApproval: z.boolean(),
  /** What the desk kept as its spread, in the sent asset; null until exchanged. */
  spreadAmount: z.string().nullable(),
});
export type AdminSwapOrder = z.infer<typeof adminSwapOrder>;

export const adminSwapOrdersQuery = z.object({
  status: z.enum(SWAP_STATUSES, 'validation.parameterError').optional(),
  /** An order number, or part of an address or transaction hash. */
  search: z.string().trim().max(128).optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'validation.parameterError')
    .optional(),
  limit: z.coerce.number().int().min(1).max(ORDERS_MAX_PAGE_SIZE).default(20),
});
export const adminSwapOrderPage = z.object({ items: z.array(adminSwapOrder), next: z.string().nullable() });

const txHashField = z
  .string('swap.errors.txHashInvalid')
  .regex(/^(0x)?[0-9A-Za-z]{32,128}$/, 'swap.errors.txHashInvalid');

/** A deposit seen on chain: the amount that arrived and its transaction. */
export const adminSwapDepositBody = z.object({
  amount: amountField,
  txHash: txHashField,
  reason: adminReasonField,
});
export type AdminSwapDepositBody = z.input<typeof adminSwapDepositBody>;

/** A payout or refund sent on chain by an operator: its transaction. */
export const adminSwapTransferBody = z.object({
  txHash: txHashField,
  reason: adminReasonField,
});
export type AdminSwapTransferBody = z.input<typeof adminSwapTransferBody>;

/** An order under review: exchange what arrived at the rate now, or send it back. */
export const adminSwapReviewBody = z.object({
  decision: z.enum(['exchange', 'refund'], 'validation.parameterError'),
  reason: adminReasonField,
});
export type AdminSwapReviewBody = z.input<typeof adminSwapReviewBody>;
