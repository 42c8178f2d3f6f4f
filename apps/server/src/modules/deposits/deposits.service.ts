import type { DepositStatus, DepositView, depositBody, ReviewStatus } from '@kestrel/contract';
import { fitsLedger, formatAmount, parseAmount, unitsFromNumeric } from '@kestrel/money';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import { quantity } from '../../http/i18n';
import type { UserRow } from '../auth/auth.repository';
import type { NetworksService } from '../networks/networks.service';
import type { UploadsService } from '../uploads/uploads.service';
import type { DepositRow, DepositsRepository } from './deposits.repository';

/** The spec's words for each review state. */
const STATUS_OF_REVIEW: Record<ReviewStatus, DepositStatus> = {
  pending: 'processing',
  approved: 'completed',
  rejected: 'fail',
};

/** A stored deposit as its owner sees it, amounts at the asset's precision. */
export function depositViewOf(row: DepositRow, precision: number): DepositView {
  return {
    id: row.id,
    asset: row.asset,
    chain: row.chain as DepositView['chain'],
    account: row.account,
    amount: formatAmount(unitsFromNumeric(row.amount, precision), precision),
    address: row.address,
    status: STATUS_OF_REVIEW[row.status],
    rejectionReason: row.rejectionReason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** A user's deposits: declaring one for review, and the list of them. */
export class DepositsService {
  constructor(
    private readonly repository: DepositsRepository,
    private readonly networks: Pick<NetworksService, 'depositNetwork' | 'precisions'>,
    private readonly uploads: Pick<UploadsService, 'findOwnUpload'>,
  ) {}

  /**
   * Declares a deposit for review. Nothing reaches the ledger here; `reference` (from the Idempotency-Key) makes
   * a retried request find the deposit it already stored instead of declaring it twice.
   */
  async submit(user: UserRow, body: z.output<typeof depositBody>, reference: string): Promise<DepositView> {
    if (user.frozenAt) throw new AppError('accountFrozen');
    const network = await this.networks.depositNetwork(body.asset, body.chain);
    const units = parseAmount(body.amount, network.precision);
    if (units === undefined || units <= 0n || !fitsLedger(units, network.precision)) {
      throw new AppError('amountInvalid');
    }
    if (units < network.minDeposit) {
      throw new AppError('depositBelowMinimum', {
        minimum: quantity(formatAmount(network.minDeposit, network.precision)),
        asset: body.asset,
      });
    }
    if (!(await this.uploads.findOwnUpload(user.id, body.credentialUploadId, 'payment_proof'))) {
      throw new AppError('depositCredentialInvalid');
    }
    const amount = formatAmount(units, network.precision);
    const stored =
      (await this.repository.insertPending({
        userId: user.id,
        asset: body.asset,
        chain: body.chain,
        account: body.account,
        address: network.address,
        amount,
        claimedAmount: amount,
        credentialUploadId: body.credentialUploadId,
        requestReference: reference,
      })) ?? (await this.repository.findByReference(reference));
    if (!stored) throw new Error(`deposit ${reference} was neither stored nor found`);
    return depositViewOf(stored, network.precision);
  }

  async list(userId: number, page: number, pageSize: number) {
    const { rows, total } = await this.repository.pageOf(userId, page, pageSize);
    const precisions = await this.networks.precisions();
    return { items: rows.map((row) => depositViewOf(row, precisionOf(precisions, row.asset))), total };
  }
}

export function precisionOf(precisions: ReadonlyMap<string, number>, asset: string): number {
  const precision = precisions.get(asset);
  if (precision === undefined) throw new Error(`asset ${asset} has no precision`);
  return precision;
}
