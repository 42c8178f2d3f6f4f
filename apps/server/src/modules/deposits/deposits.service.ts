import type {
  BankTransferInfo,
  bankDepositBody,
  DepositStatus,
  DepositView,
  depositBody,
  ReviewStatus,
} from '@kestrel/contract';
import { fitsLedger, formatAmount, parseAmount, unitsFromNumeric } from '@kestrel/money';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import { quantity } from '../../http/i18n';
import type { UserRow } from '../auth';
import type { NetworksService } from '../networks';
import type { UploadsService } from '../uploads';
import type { DepositRow, DepositsRepository, NewDepositRow } from './deposits.repository';

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
    method: row.method,
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

/**
 * The reference a user quotes in every bank transfer: K, their user id and two ISO 7064 MOD 97-10 check digits
 * (as an IBAN's), so it is stable, unique to them, and a mistyped digit or two swapped ones do not name someone
 * else.
 */
export function bankReferenceOf(userId: number): string {
  const checkDigits = 98 - Number((BigInt(userId) * 100n) % 97n);
  return `K${userId}${String(checkDigits).padStart(2, '0')}`;
}

/** A user's deposits: declaring one for review, and the list of them. */
export class DepositsService {
  constructor(
    private readonly repository: DepositsRepository,
    private readonly networks: Pick<
      NetworksService,
      'depositNetwork' | 'precisions' | 'bankTransferAccounts' | 'depositBankAccount'
    >,
    private readonly uploads: Pick<UploadsService, 'findOwnUpload'>,
  ) {}

  /** What the bank transfer screen shows: the user's reference and each asset's open bank account. */
  async bankTransfer(user: UserRow): Promise<BankTransferInfo> {
    return { reference: bankReferenceOf(user.id), accounts: await this.networks.bankTransferAccounts() };
  }

  /**
   * Declares a bank transfer to the platform's bank account of the asset, for review, with the account details
   * and the reference as the user was shown them.
   */
  async submitBank(
    user: UserRow,
    body: z.output<typeof bankDepositBody>,
    reference: string,
  ): Promise<DepositView> {
    if (user.frozenAt) throw new AppError('accountFrozen');
    const { asset, precision, ...bank } = await this.networks.depositBankAccount(body.asset);
    const units = parseAmount(body.amount, precision);
    if (units === undefined || units <= 0n || !fitsLedger(units, precision)) {
      throw new AppError('amountInvalid');
    }
    await this.checkCredential(user, body.credentialUploadId);
    const amount = formatAmount(units, precision);
    return this.store(
      {
        userId: user.id,
        method: 'bank',
        asset,
        account: body.account,
        bank,
        bankReference: bankReferenceOf(user.id),
        amount,
        claimedAmount: amount,
        credentialUploadId: body.credentialUploadId,
        requestReference: reference,
      },
      precision,
    );
  }

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
    await this.checkCredential(user, body.credentialUploadId);
    const amount = formatAmount(units, network.precision);
    return this.store(
      {
        userId: user.id,
        method: 'crypto',
        asset: body.asset,
        chain: body.chain,
        account: body.account,
        address: network.address,
        amount,
        claimedAmount: amount,
        credentialUploadId: body.credentialUploadId,
        requestReference: reference,
      },
      network.precision,
    );
  }

  private async checkCredential(user: UserRow, uploadId: string) {
    if (!(await this.uploads.findOwnUpload(user.id, uploadId, 'payment_proof'))) {
      throw new AppError('depositCredentialInvalid');
    }
  }

  /** Stores the deposit, or finds the one this request reference already stored (a retried request). */
  private async store(row: NewDepositRow, precision: number): Promise<DepositView> {
    const stored =
      (await this.repository.insertPending(row)) ??
      (await this.repository.findByReference(row.requestReference));
    if (!stored) throw new Error(`deposit ${row.requestReference} was neither stored nor found`);
    return depositViewOf(stored, precision);
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
