import {
  addressKey,
  type CryptoWalletList,
  type CryptoWalletView,
  type cryptoWalletBody,
  PAYOUT_ACCOUNTS_LIMIT,
  uploadUrl,
} from '@kestrel/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { ProfileService } from '../profile';
import type { UploadsService } from '../uploads';
import type { CryptoWalletRow, CryptoWalletsRepository } from './crypto-wallets.repository';

function toView(row: CryptoWalletRow): CryptoWalletView {
  return {
    id: row.id,
    chain: row.chain,
    address: row.address,
    walletType: row.walletType,
    screenshotUrl: uploadUrl(row.screenshotUploadId),
    status: row.status,
    rejectionReason: row.rejectionReason,
    createdAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** A user's own crypto withdrawal wallets: listing, binding one for review, deleting one. */
export class CryptoWalletsService {
  constructor(
    private readonly repository: CryptoWalletsRepository,
    private readonly profile: Pick<ProfileService, 'verifySecurityPassword'>,
    private readonly uploads: Pick<UploadsService, 'findOwnUpload'>,
  ) {}

  async list(userId: number): Promise<CryptoWalletList> {
    const rows = await this.repository.listLive(userId);
    return { items: rows.map(toView), limit: PAYOUT_ACCOUNTS_LIMIT };
  }

  /**
   * The address was already checked against its chain by the contract; here the security password, the limit,
   * the screenshot (the caller's own payment_proof upload) and the one-address-per-chain rule.
   */
  async bind(userId: number, body: z.output<typeof cryptoWalletBody>): Promise<CryptoWalletView> {
    await this.profile.verifySecurityPassword(userId, body.securityPassword);
    if (!(await this.uploads.findOwnUpload(userId, body.screenshotUploadId, 'payment_proof'))) {
      throw new AppError('cryptoWalletScreenshotInvalid');
    }
    const stored = await this.repository.transaction(async (repository) => {
      await repository.lockOwner(userId);
      if ((await repository.countLive(userId)) >= PAYOUT_ACCOUNTS_LIMIT)
        throw new AppError('cryptoWalletLimit');
      return repository.insert({
        userId,
        chain: body.chain,
        address: body.address,
        addressKey: addressKey(body.chain, body.address),
        walletType: body.walletType,
        screenshotUploadId: body.screenshotUploadId,
      });
    });
    if (!stored) throw new AppError('cryptoWalletDuplicate');
    return toView(stored);
  }

  /** A stranger's wallet, or one already deleted, is not found: nothing tells them it exists. */
  async remove(userId: number, id: number): Promise<void> {
    if (!(await this.repository.softDelete(userId, id))) throw new AppError('notFound');
  }
}
