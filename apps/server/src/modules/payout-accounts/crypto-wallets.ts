import {
  type AdminCryptoWalletDetail,
  type AdminCryptoWalletSummary,
  addressKey,
  adminUploadUrl,
  CHAIN_LABELS,
  type CryptoWalletView,
  type cryptoWalletBody,
  endpoints,
  uploadUrl,
} from '@kestrel/contract';
import { ilike } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { PayoutAccountKind } from './payout-account-kind';
import { withdrawalWallets } from './payout-accounts.schema';

/**
 * Crypto withdrawal wallets: found in the queue by address. The contract already checked the address against its
 * chain; a bind also needs a screenshot (the caller's own payment_proof upload), and one address is one wallet
 * per chain, whatever its case where the chain ignores case.
 */
export const cryptoWalletAccounts: PayoutAccountKind<
  typeof withdrawalWallets,
  z.output<typeof cryptoWalletBody>,
  CryptoWalletView,
  AdminCryptoWalletSummary,
  AdminCryptoWalletDetail
> = {
  table: withdrawalWallets,
  search: (table, pattern) => [ilike(table.address, pattern)],
  endpoints: {
    list: endpoints.listCryptoWallets,
    bind: endpoints.bindCryptoWallet,
    remove: endpoints.deleteCryptoWallet,
    submissions: endpoints.listCryptoWalletSubmissions,
    submission: endpoints.getCryptoWalletSubmission,
    approve: endpoints.approveCryptoWallet,
    reject: endpoints.rejectCryptoWallet,
  },
  deletedMessage: 'cryptoWallets.deleted',
  refusals: { limit: 'cryptoWalletLimit', duplicate: 'cryptoWalletDuplicate' },

  async toRow(userId, body, { uploads }) {
    if (!(await uploads.findOwnUpload(userId, body.screenshotUploadId, 'payment_proof'))) {
      throw new AppError('cryptoWalletScreenshotInvalid');
    }
    return {
      userId,
      chain: body.chain,
      address: body.address,
      addressKey: addressKey(body.chain, body.address),
      walletType: body.walletType,
      screenshotUploadId: body.screenshotUploadId,
    };
  },

  toView: (row) => ({
    id: row.id,
    chain: row.chain,
    address: row.address,
    walletType: row.walletType,
    screenshotUrl: uploadUrl(row.screenshotUploadId),
    status: row.status,
    rejectionReason: row.rejectionReason,
    createdAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  }),

  target: 'cryptoWallet',

  toSummary: (row, user) => ({
    id: row.id,
    userId: row.userId,
    userEmail: user.userEmail,
    userPhone: user.userPhone,
    chain: row.chain,
    address: row.address,
    walletType: row.walletType,
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  }),

  toDetail: (row, user, decided) => ({
    ...cryptoWalletAccounts.toSummary(row, user),
    screenshotUrl: adminUploadUrl(row.screenshotUploadId),
    ...decided,
  }),

  async notify(messages, row, decision) {
    const wallet = { chain: CHAIN_LABELS[row.chain], address: row.address };
    if (decision.status === 'approved') await messages.notify(row.userId, 'walletApproved', wallet);
    else await messages.notify(row.userId, 'walletRejected', { ...wallet, reason: decision.reason });
  },
};
