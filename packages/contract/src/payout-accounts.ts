import { z } from 'zod';
import { INVALID_ADDRESS_MESSAGE, isValidAddress } from './addresses';
import { adminPageOf } from './admin';
import { chainField } from './chains';
import { REVIEW_STATUSES, reviewer } from './identity';
import { securityPasswordField } from './profile';

/*
 * Where a user's withdrawals may go (spec sections 4 and 5): bank cards and crypto withdrawal wallets. Each is
 * bound with the security password, reviewed by an operator (status0 pending review, status11 bound, statusx1
 * rejected) and only an approved one can receive a withdrawal. Deleting one hides it; the row stays for the
 * withdrawals that already went to it.
 */

/** How many live bank cards, and separately crypto wallets, one user may keep. */
export const PAYOUT_ACCOUNTS_LIMIT = 10;

// Control characters and the invisible bidi overrides that could disguise what a reviewer reads.
const CONTROL_CHARACTERS = /\p{Cc}|[\u202a-\u202e\u2066-\u2069]/u;

function requiredText(required: string, max: number) {
  return z
    .string(required)
    .trim()
    .min(1, required)
    .max(max, 'bankCards.tooLong')
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'bankCards.invalidCharacters');
}

/** An optional text: blank means absent, so an emptied field does not fail the form. */
function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, 'bankCards.tooLong')
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'bankCards.invalidCharacters')
    .optional()
    .transform((value) => (value ? value : null));
}

/** Spaces and hyphens people type to group digits are dropped; letters are upper-cased (IBANs carry some). */
function compact(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

// ---- Bank cards ----

export const bankCardBody = z.object({
  bankName: requiredText('bankCards.bankNameRequired', 64),
  /** The account's name or branch as the bank writes it; optional. */
  bankAccount: optionalText(64),
  /** A card number or an account number / IBAN: 8 to 34 letters and digits once grouping is removed. */
  cardNumber: z
    .string('bankCards.cardNumberRequired')
    .trim()
    .min(1, 'bankCards.cardNumberRequired')
    .transform(compact)
    .pipe(z.string().regex(/^[A-Z0-9]{8,34}$/, 'bankCards.cardNumberInvalid')),
  cardholder: requiredText('bankCards.cardholderRequired', 64),
  /** International form, as the rest of the product stores phone numbers. */
  phone: z
    .string('bankCards.phoneRequired')
    .trim()
    .min(1, 'bankCards.phoneRequired')
    .transform((value) => value.replace(/[\s()-]+/g, ''))
    .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'validation.phoneIncorrect')),
  /** The routing code of the branch: an Indian IFSC (e.g. SBIN0001234), or a sort code or ABA number. */
  routingCode: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? compact(value) : null))
    .pipe(
      z
        .string()
        .regex(/^[A-Z0-9]{4,20}$/, 'bankCards.routingCodeInvalid')
        .nullable(),
    ),
  securityPassword: securityPasswordField,
});

/** A card as its owner sees it: the number masked to its last four characters. */
export const bankCardView = z.object({
  id: z.number().int(),
  bankName: z.string(),
  bankAccount: z.string().nullable(),
  cardNumberMasked: z.string(),
  cardholder: z.string(),
  phone: z.string(),
  routingCode: z.string().nullable(),
  status: z.enum(REVIEW_STATUSES),
  rejectionReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
});

export const bankCardList = z.object({ items: z.array(bankCardView), limit: z.number().int() });

export const payoutAccountIdParams = z.object({ id: z.coerce.number().int().positive() });

/** Only the last four characters: enough to recognise the card, too little to use. */
export function maskCardNumber(cardNumber: string): string {
  return `**** ${cardNumber.slice(-4)}`;
}

// ---- Crypto withdrawal wallets ----

/**
 * Where the address lives, as exchanges ask before a withdrawal: another exchange's deposit address (which may
 * need a memo and can be closed by that exchange), or a wallet the user holds the keys of.
 */
export const WALLET_TYPES = ['exchange', 'personal'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

export const cryptoWalletBody = z
  .object({
    chain: chainField,
    address: z
      .string('validation.contentBlank')
      .trim()
      .min(1, 'validation.contentBlank')
      .max(128, INVALID_ADDRESS_MESSAGE),
    walletType: z.enum(WALLET_TYPES, 'cryptoWallets.walletTypeRequired'),
    /** A screenshot of the wallet showing the address: the caller's own upload with purpose payment_proof. */
    screenshotUploadId: z.uuid('cryptoWallets.screenshotRequired'),
    securityPassword: securityPasswordField,
  })
  .superRefine((value, context) => {
    if (!isValidAddress(value.chain, value.address)) {
      context.addIssue({ code: 'custom', message: INVALID_ADDRESS_MESSAGE, path: ['address'] });
    }
  });

export const cryptoWalletView = z.object({
  id: z.number().int(),
  chain: chainField,
  address: z.string(),
  walletType: z.enum(WALLET_TYPES),
  screenshotUrl: z.string(),
  status: z.enum(REVIEW_STATUSES),
  rejectionReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
});

export const cryptoWalletList = z.object({ items: z.array(cryptoWalletView), limit: z.number().int() });

// ---- Review queues (back office) ----

const reviewedByUser = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userEmail: z.string().nullable(),
  userPhone: z.string().nullable(),
  status: z.enum(REVIEW_STATUSES),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
});

export const adminBankCardSummary = reviewedByUser.extend({
  bankName: z.string(),
  cardholder: z.string(),
  cardNumberMasked: z.string(),
});

/** Reviewers see the whole number: they compare it with the holder's name and the bank. */
export const adminBankCardDetail = adminBankCardSummary.extend({
  bankAccount: z.string().nullable(),
  cardNumber: z.string(),
  phone: z.string(),
  routingCode: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  reviewer,
  /** The same user's earlier cards, deleted ones included, newest first: what was rejected before. */
  history: z.array(adminBankCardSummary.extend({ rejectionReason: z.string().nullable() })),
});

export const adminBankCardPage = adminPageOf(adminBankCardSummary);

export const adminCryptoWalletSummary = reviewedByUser.extend({
  chain: chainField,
  address: z.string(),
  walletType: z.enum(WALLET_TYPES),
});

export const adminCryptoWalletDetail = adminCryptoWalletSummary.extend({
  /** Admin image address (`/api/admin/uploads/:id`), fetched with the admin token. */
  screenshotUrl: z.string(),
  rejectionReason: z.string().nullable(),
  reviewer,
  /** The same user's earlier wallets, deleted ones included, newest first: what was rejected before. */
  history: z.array(adminCryptoWalletSummary.extend({ rejectionReason: z.string().nullable() })),
});

export const adminCryptoWalletPage = adminPageOf(adminCryptoWalletSummary);

export type BankCardBody = z.input<typeof bankCardBody>;
export type BankCardView = z.infer<typeof bankCardView>;
export type BankCardList = z.infer<typeof bankCardList>;
export type CryptoWalletBody = z.input<typeof cryptoWalletBody>;
export type CryptoWalletView = z.infer<typeof cryptoWalletView>;
export type CryptoWalletList = z.infer<typeof cryptoWalletList>;
export type AdminBankCardSummary = z.infer<typeof adminBankCardSummary>;
export type AdminBankCardDetail = z.infer<typeof adminBankCardDetail>;
export type AdminCryptoWalletSummary = z.infer<typeof adminCryptoWalletSummary>;
export type AdminCryptoWalletDetail = z.infer<typeof adminCryptoWalletDetail>;
