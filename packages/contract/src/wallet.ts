import { z } from 'zod';

/*
 * Wallets: the user's balances and the moves between their own accounts. Amounts travel as decimal strings and
 * are never JS numbers; the server checks each against its asset's precision.
 */

/** The accounts every user holds, one per purpose; later areas add theirs here. */
export const USER_ACCOUNTS = ['spot', 'futures'] as const;
export type UserAccount = (typeof USER_ACCOUNTS)[number];

/** Digits before the decimal point that the ledger's NUMERIC(36,18) can hold. */
export const AMOUNT_INTEGER_DIGITS = 18;

/** A positive decimal string as typed by a person ("12", "0.5"); precision is checked per asset by the server. */
export const amountField = z
  .string('money.errors.amountInvalid')
  .regex(new RegExp(`^\\d{1,${AMOUNT_INTEGER_DIGITS}}(\\.\\d{1,18})?$`), 'money.errors.amountInvalid');

/** An asset code such as USDT or BTC; whether the platform lists it is the server's answer. */
export const assetField = z
  .string('money.errors.assetUnknown')
  .regex(/^[A-Z0-9]{2,12}$/, 'money.errors.assetUnknown');

export const userAccountField = z.enum(USER_ACCOUNTS, 'money.errors.accountInvalid');

export const transferBody = z
  .object({
    from: userAccountField,
    to: userAccountField,
    asset: assetField,
    amount: amountField,
  })
  .refine((value) => value.from !== value.to, { message: 'money.errors.sameAccount', path: ['to'] });

export const transferResult = z.object({
  /** The journal transaction that moved the funds. */
  id: z.string(),
  from: userAccountField,
  to: userAccountField,
  asset: z.string(),
  amount: z.string(),
  createdAt: z.iso.datetime(),
});

export const walletBalance = z.object({
  account: userAccountField,
  asset: z.string(),
  available: z.string(),
  frozen: z.string(),
});

/** Every account and listed asset of the user, zero where nothing was ever credited. */
export const walletBalances = z.object({ balances: z.array(walletBalance) });

/** What the ledger check found: `ok` only when no rule has a problem. */
export const ledgerCheckReport = z.object({
  ok: z.boolean(),
  checkedAt: z.iso.datetime(),
  counts: z.object({
    transactions: z.number().int(),
    postings: z.number().int(),
    balances: z.number().int(),
    openReservations: z.number().int(),
  }),
  problems: z.array(
    z.object({
      rule: z.enum([
        'assetNotBalanced',
        'transactionNotBalanced',
        'balanceNotPostings',
        'frozenNotReservations',
        'negative',
      ]),
      detail: z.string(),
    }),
  ),
  /** Where the money sits on the platform's side, per system account and asset: for the auditor's eye. */
  systemPositions: z.array(z.object({ account: z.string(), asset: z.string(), amount: z.string() })),
});

export type TransferBody = z.infer<typeof transferBody>;
export type TransferResult = z.infer<typeof transferResult>;
export type WalletBalance = z.infer<typeof walletBalance>;
export type WalletBalances = z.infer<typeof walletBalances>;
export type LedgerCheckReport = z.infer<typeof ledgerCheckReport>;
