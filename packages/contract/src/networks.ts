import { z } from 'zod';
import { adminReasonField } from './admin';
import { CHAINS, chainField } from './chains';
import { amountField, assetField } from './wallet';

/*
 * Assets and their networks: which chains each coin moves on, the platform's deposit address on each,
 * the minimum deposit and the withdrawal fee and range. Operators configure them in the back office. A network
 * without a deposit address is not offered for deposit: the screens say deposits on it are not available yet.
 */

/** A network as the deposit and withdraw screens need it; amounts at the asset's precision. */
export const walletNetwork = z.object({
  chain: z.enum(CHAINS),
  /** How people name the chain's token standard: TRC20, ERC20, Bitcoin... */
  label: z.string(),
  /** Null until an operator sets one; no deposit is taken on the network until then. */
  depositAddress: z.string().nullable(),
  minDeposit: z.string(),
  withdrawalFee: z.string(),
  withdrawalMin: z.string(),
  withdrawalMax: z.string(),
  /** Enabled and with an address: the user may deposit on it now. */
  depositAvailable: z.boolean(),
  withdrawalAvailable: z.boolean(),
});

export const walletAssetNetworks = z.object({
  asset: z.string(),
  precision: z.number().int(),
  networks: z.array(walletNetwork),
});

/** Every asset with at least one enabled network, in display order. */
export const walletNetworks = z.object({ assets: z.array(walletAssetNetworks) });

/** A network as the back office configures it. */
export const adminNetwork = z.object({
  id: z.number().int(),
  asset: z.string(),
  chain: z.enum(CHAINS),
  depositAddress: z.string().nullable(),
  minDeposit: z.string(),
  withdrawalFee: z.string(),
  withdrawalMin: z.string(),
  withdrawalMax: z.string(),
  depositEnabled: z.boolean(),
  withdrawalEnabled: z.boolean(),
  displayOrder: z.number().int(),
  updatedAt: z.iso.datetime(),
});

// ---- Platform bank accounts ----

// Control characters and the invisible bidi overrides that could disguise what a user copies.
const CONTROL_CHARACTERS = /\p{Cc}|[\u202a-\u202e\u2066-\u2069]/u;

function bankText(max: number) {
  return z
    .string('admin.assets.errors.bankFieldRequired')
    .trim()
    .min(1, 'admin.assets.errors.bankFieldRequired')
    .max(max, 'admin.assets.errors.bankFieldTooLong')
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'admin.assets.errors.bankFieldInvalid');
}

/** Spaces and hyphens that group digits are dropped; letters are upper-cased (IBANs and SWIFT codes carry some). */
function compact(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * The platform's bank account that takes bank transfers for one asset, as an operator sets it: the currency the
 * account receives (ISO 4217), the bank, the account's name, its number or IBAN and its SWIFT/BIC or routing code.
 */
export const bankAccountBody = z.object({
  currency: z
    .string('admin.assets.errors.currencyInvalid')
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{3}$/, 'admin.assets.errors.currencyInvalid')),
  bankName: bankText(64),
  accountName: bankText(64),
  accountNumber: z
    .string('admin.assets.errors.bankFieldRequired')
    .trim()
    .min(1, 'admin.assets.errors.bankFieldRequired')
    .transform(compact)
    .pipe(z.string().regex(/^[A-Z0-9]{6,34}$/, 'admin.assets.errors.accountNumberInvalid')),
  routingCode: z
    .string('admin.assets.errors.bankFieldRequired')
    .trim()
    .min(1, 'admin.assets.errors.bankFieldRequired')
    .transform(compact)
    .pipe(z.string().regex(/^[A-Z0-9]{6,11}$/, 'admin.assets.errors.routingCodeInvalid')),
  /** Off keeps the details on record and stops bank transfers for the asset. */
  enabled: z.boolean(),
  reason: adminReasonField,
});

/** The account details a user copies into their bank's transfer form (and a deposit keeps as shown). */
export const bankAccountDetails = z.object({
  currency: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  routingCode: z.string(),
});

export const adminBankAccount = bankAccountDetails.extend({
  asset: z.string(),
  enabled: z.boolean(),
  updatedAt: z.iso.datetime(),
});

export const bankAssetParams = z.object({ asset: assetField });

export const adminAsset = z.object({
  code: z.string(),
  precision: z.number().int(),
  networks: z.array(adminNetwork),
  /** Null until an operator sets one; no bank transfer is taken for the asset until then. */
  bankAccount: adminBankAccount.nullable(),
});

export const adminAssets = z.object({ assets: z.array(adminAsset) });

/** Null (or blank) clears the address, which stops deposits on the network. */
const depositAddressField = z
  .string()
  .trim()
  .max(128, 'admin.assets.errors.addressInvalid')
  .nullable()
  .transform((value) => (value ? value : null));

const networkFields = {
  depositAddress: depositAddressField,
  minDeposit: amountField,
  withdrawalFee: z
    .string('money.errors.amountInvalid')
    .regex(/^\d{1,18}(\.\d{1,18})?$/, 'money.errors.amountInvalid'),
  withdrawalMin: amountField,
  withdrawalMax: amountField,
  depositEnabled: z.boolean(),
  withdrawalEnabled: z.boolean(),
  displayOrder: z.number().int().min(0).max(1000),
};

/** Changes to a network: only the fields sent change; the reason goes to the audit log. */
export const networkUpdateBody = z.object(networkFields).partial().extend({ reason: adminReasonField });

/** A new network for an asset the platform already lists. */
export const networkCreateBody = z.object({
  asset: assetField,
  chain: chainField,
  ...networkFields,
  reason: adminReasonField,
});

export type WalletNetwork = z.infer<typeof walletNetwork>;
export type WalletAssetNetworks = z.infer<typeof walletAssetNetworks>;
export type WalletNetworks = z.infer<typeof walletNetworks>;
export type AdminNetwork = z.infer<typeof adminNetwork>;
export type AdminAsset = z.infer<typeof adminAsset>;
export type AdminAssets = z.infer<typeof adminAssets>;
export type NetworkUpdateBody = z.input<typeof networkUpdateBody>;
export type NetworkCreateBody = z.input<typeof networkCreateBody>;
export type BankAccountBody = z.input<typeof bankAccountBody>;
export type BankAccountDetails = z.infer<typeof bankAccountDetails>;
export type AdminBankAccount = z.infer<typeof adminBankAccount>;
