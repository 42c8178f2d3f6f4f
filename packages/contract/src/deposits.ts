import { z } from 'zod';
import { adminPageOf, adminReasonField } from './admin';
import { CHAINS } from './chains';
import { REVIEW_STATUSES, reviewer } from './identity';
import { bankAccountDetails } from './networks';
import { amountField, USER_ACCOUNTS } from './wallet';

/*
 * Deposits (spec section 5): the user sends coins to the platform's address on a network, then tells
 * the platform the amount and uploads the transfer credential; a reviewer checks it and approves (which credits
 * the amount) or rejects with a reason. Nothing reaches the ledger before the approval.
 */

/** The spec's words for a deposit's state: under review, credited, refused. */
export const DEPOSIT_STATUSES = ['processing', 'completed', 'fail'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/**
 * The spec's recharge types: a crypto transfer to the platform's address on a network (charge1), or a bank
 * transfer to the platform's bank account for the asset (charge2). Both are reviewed in the one deposit queue.
 */
export const DEPOSIT_METHODS = ['crypto', 'bank'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

/**
 * The spec's recharge form: a recharge type (the coin), a deposit network, a wallet type (the account the
 * deposit is credited to), the amount and the credential; each missing choice has its own message.
 */
export const depositBody = z.object({
  asset: z
    .string('deposit.errors.typeRequired')
    .min(1, 'deposit.errors.typeRequired')
    .regex(/^[A-Z0-9]{2,12}$/, 'money.errors.assetUnknown'),
  chain: z.enum(CHAINS, 'deposit.errors.networkRequired'),
  account: z.enum(USER_ACCOUNTS, 'deposit.errors.walletTypeRequired'),
  amount: amountField,
  /** The user's own upload with purpose payment_proof. */
  credentialUploadId: z
    .string('deposit.errors.credentialRequired')
    .min(1, 'deposit.errors.credentialRequired'),
});

/** A bank transfer's form: no network; the platform bank account of the asset and the user's reference apply. */
export const bankDepositBody = depositBody.omit({ chain: true });

/**
 * The bank transfer screen's data: the user's own reference to quote in every transfer (stable, so a reviewer
 * can match any transfer to its sender), and each asset that takes bank transfers now, with its account.
 */
export const bankTransferInfo = z.object({
  reference: z.string(),
  accounts: z.array(bankAccountDetails.extend({ asset: z.string(), precision: z.number().int() })),
});

export const depositView = z.object({
  id: z.number().int(),
  method: z.enum(DEPOSIT_METHODS),
  asset: z.string(),
  /** Null for a bank transfer. */
  chain: z.enum(CHAINS).nullable(),
  account: z.enum(USER_ACCOUNTS),
  /** What is credited: the amount sent, or the reviewer's correction of it. */
  amount: z.string(),
  /** The platform address shown when a crypto deposit was made; null for a bank transfer. */
  address: z.string().nullable(),
  status: z.enum(DEPOSIT_STATUSES),
  rejectionReason: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
});

export const depositsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export const depositPage = z.object({ items: z.array(depositView), total: z.number().int() });

// ---- The back office's queue ----

export const adminDepositSummary = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userEmail: z.string().nullable(),
  userPhone: z.string().nullable(),
  method: z.enum(DEPOSIT_METHODS),
  asset: z.string(),
  chain: z.enum(CHAINS).nullable(),
  account: z.enum(USER_ACCOUNTS),
  amount: z.string(),
  /** What the user said they sent; differs from `amount` once a reviewer corrected it. */
  claimedAmount: z.string(),
  status: z.enum(REVIEW_STATUSES),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
});

export const adminDepositDetail = adminDepositSummary.extend({
  address: z.string().nullable(),
  /** The bank account a bank transfer was shown, as it was then, and the reference the user was to quote. */
  bank: bankAccountDetails.nullable(),
  reference: z.string().nullable(),
  /** Admin image address (`/api/admin/uploads/:id`), fetched with the admin token. */
  credentialUrl: z.string(),
  rejectionReason: z.string().nullable(),
  reviewer,
  /** The journal transaction that credited it, once approved. */
  transactionId: z.string().nullable(),
  history: z.array(adminDepositSummary.extend({ rejectionReason: z.string().nullable() })),
});

export const adminDepositPage = adminPageOf(adminDepositSummary);

/** A reviewer's correction of a pending deposit's amount, before approving it. */
export const depositAmountBody = z.object({ amount: amountField, reason: adminReasonField });

export type DepositBody = z.input<typeof depositBody>;
export type BankDepositBody = z.input<typeof bankDepositBody>;
export type BankTransferInfo = z.infer<typeof bankTransferInfo>;
export type DepositView = z.infer<typeof depositView>;
export type DepositPage = z.infer<typeof depositPage>;
export type DepositsQuery = z.input<typeof depositsQuery>;
export type AdminDepositSummary = z.infer<typeof adminDepositSummary>;
export type AdminDepositDetail = z.infer<typeof adminDepositDetail>;
export type DepositAmountBody = z.infer<typeof depositAmountBody>;
