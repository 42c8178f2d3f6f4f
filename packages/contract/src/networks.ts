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

export const adminAsset = z.object({
  code: z.string(),
  precision: z.number().int(),
  networks: z.array(adminNetwork),
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
