import { z } from 'zod';
import { adminPageOf } from './admin';
import { CHAINS, type Chain } from './chains';
import { REVIEW_STATUSES, reviewer } from './identity';
import { securityPasswordField } from './profile';
import { amountField } from './wallet';

/*
 * Withdrawals (spec section 5): the user sends part of their spot balance to one of their approved
 * crypto wallets or bank cards. Submitting freezes the amount; a reviewer pays it out and approves (entering the
 * transaction hash or bank reference), which consumes the frozen funds, or rejects with a reason, which gives
 * them back. Large withdrawals need a second, different reviewer. The fee is taken out of the amount: the
 * user's balance goes down by `amount`, the destination receives `amount - fee`.
 */

/** The spec's words for a withdrawal's state: under review, paid out, refused. */
export const WITHDRAWAL_STATUSES = ['processing', 'completed', 'fail'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Where a withdrawal goes: one of the user's approved crypto wallets or bank cards. */
export const WITHDRAWAL_TARGET_TYPES = ['wallet', 'bank_card'] as const;
export type WithdrawalTargetType = (typeof WITHDRAWAL_TARGET_TYPES)[number];

/**
 * The review states: a large withdrawal approved once waits in `awaiting_second` for another reviewer. The
 * queue's "pending" tab shows both undecided states.
 */
export const WITHDRAWAL_REVIEW_STATES = ['pending', 'awaiting_second', 'approved', 'rejected'] as const;
export type WithdrawalReviewState = (typeof WITHDRAWAL_REVIEW_STATES)[number];

/**
 * Bank cards are paid in USDT's value only, with the fee, range and switch of USDT on TRC20: one configured
 * network rather than a second set of bank settings.
 */
export const BANK_CARD_ASSET = 'USDT';
export const BANK_CARD_NETWORK: { asset: string; chain: Chain } = { asset: BANK_CARD_ASSET, chain: 'tron' };

/** The spec's withdrawal form: "Withdrawal amount and withdrawal account required" when either is missing. */
export const withdrawalBody = z.object({
  targetType: z.enum(WITHDRAWAL_TARGET_TYPES, 'withdraw.errors.required'),
  targetId: z.number('withdraw.errors.required').int('withdraw.errors.required').positive(),
  asset: z.string('withdraw.errors.required').regex(/^[A-Z0-9]{2,12}$/, 'money.errors.assetUnknown'),
  amount: z.string('withdraw.errors.required').min(1, 'withdraw.errors.required').pipe(amountField),
  securityPassword: securityPasswordField,
});

/** What one target can withdraw: per asset (and, for a wallet, its chain), the fee, range and spendable funds. */
export const withdrawalOption = z.object({
  asset: z.string(),
  chain: z.enum(CHAINS),
  precision: z.number().int(),
  fee: z.string(),
  /** The smallest amount accepted: the network's minimum, and always more than the fee. */
  min: z.string(),
  max: z.string(),
  /** The spot account's available balance of the asset. */
  withdrawable: z.string(),
});

export const withdrawalTarget = z.object({
  type: z.enum(WITHDRAWAL_TARGET_TYPES),
  id: z.number().int(),
  /** The wallet's chain; null for a bank card. */
  chain: z.enum(CHAINS).nullable(),
  /** The wallet address, or the card masked to its last four characters. */
  destination: z.string(),
  /** The card's bank; null for a wallet. */
  bankName: z.string().nullable(),
  options: z.array(withdrawalOption),
});

export const withdrawalTargets = z.object({
  items: z.array(withdrawalTarget),
  /** True while this user must have their identity verified before withdrawing (the back office's setting). */
  identityRequired: z.boolean(),
});

export const withdrawalView = z.object({
  id: z.number().int(),
  targetType: z.enum(WITHDRAWAL_TARGET_TYPES),
  destination: z.string(),
  bankName: z.string().nullable(),
  asset: z.string(),
  chain: z.enum(CHAINS).nullable(),
  amount: z.string(),
  fee: z.string(),
  received: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  /** The transaction hash or bank reference, once paid out. */
  payoutReference: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
});

export const withdrawalsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export const withdrawalPage = z.object({ items: z.array(withdrawalView), total: z.number().int() });

// ---- The back office's queue ----

export const adminWithdrawalSummary = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userEmail: z.string().nullable(),
  userPhone: z.string().nullable(),
  targetType: z.enum(WITHDRAWAL_TARGET_TYPES),
  asset: z.string(),
  chain: z.enum(CHAINS).nullable(),
  amount: z.string(),
  fee: z.string(),
  received: z.string(),
  /** The queue's tab it sits in: pending until decided, whether or not one reviewer approved it. */
  status: z.enum(REVIEW_STATUSES),
  state: z.enum(WITHDRAWAL_REVIEW_STATES),
  /** True when this amount needs two different reviewers. */
  needsSecondApproval: z.boolean(),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
});

export const adminWithdrawalDetail = adminWithdrawalSummary.extend({
  /** The full wallet address or card number, as the payment needs it. */
  destination: z.string(),
  bankName: z.string().nullable(),
  cardholder: z.string().nullable(),
  routingCode: z.string().nullable(),
  payoutReference: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  firstReviewer: reviewer,
  reviewer,
  /** The journal transaction that paid it out, once approved. */
  transactionId: z.string().nullable(),
  history: z.array(adminWithdrawalSummary.extend({ rejectionReason: z.string().nullable() })),
});

export const adminWithdrawalPage = adminPageOf(adminWithdrawalSummary);

/** The queue's tabs: pending holds both undecided states. */
export const withdrawalQueueQuery = z.object({
  status: z.enum(REVIEW_STATUSES, 'validation.parameterError').default('pending'),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * An approval. The approval that completes a withdrawal carries the transaction hash (crypto) or the bank's
 * reference; a first approval of a large one may leave it out, since the second reviewer makes the payment.
 */
export const withdrawalApproveBody = z.object({
  payoutReference: z.string().trim().max(128, 'admin.withdrawals.errors.referenceInvalid').optional(),
  note: z.string().trim().max(500, 'backOffice.validation.reasonLength').optional(),
});

const HEX_64 = /^[0-9a-fA-F]{64}$/;

/**
 * A loose check of a transaction hash per chain: its shape only (64 hex digits, 0x-prefixed on EVM chains; a
 * base58 signature on Solana). Whether it exists on chain is the reviewer's job.
 */
export function isPlausibleTransactionHash(chain: Chain, hash: string): boolean {
  switch (chain) {
    case 'ethereum':
    case 'bsc':
      return hash.startsWith('0x') && HEX_64.test(hash.slice(2));
    case 'bitcoin':
    case 'litecoin':
    case 'tron':
      return HEX_64.test(hash);
    case 'solana':
      return /^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(hash);
  }
}

/** A bank's transfer reference: 4 to 64 letters, digits, spaces, dashes, dots or slashes. */
export function isPlausibleBankReference(reference: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9 ./_-]{2,62}[A-Za-z0-9]$/.test(reference);
}

export type WithdrawalBody = z.input<typeof withdrawalBody>;
export type WithdrawalOption = z.infer<typeof withdrawalOption>;
export type WithdrawalTarget = z.infer<typeof withdrawalTarget>;
export type WithdrawalTargets = z.infer<typeof withdrawalTargets>;
export type WithdrawalView = z.infer<typeof withdrawalView>;
export type WithdrawalPage = z.infer<typeof withdrawalPage>;
export type AdminWithdrawalSummary = z.infer<typeof adminWithdrawalSummary>;
export type AdminWithdrawalDetail = z.infer<typeof adminWithdrawalDetail>;
export type WithdrawalQueueQuery = z.input<typeof withdrawalQueueQuery>;
export type WithdrawalApproveBody = z.infer<typeof withdrawalApproveBody>;
