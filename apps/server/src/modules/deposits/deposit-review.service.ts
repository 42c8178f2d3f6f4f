import {
  type AdminDepositDetail,
  type AdminDepositSummary,
  type AdminPage,
  type ApproveBody,
  adminUploadUrl,
  type DepositAmountBody,
  type RejectBody,
} from '@kestrel/contract';
import { fitsLedger, formatAmount, parseAmount, unitsFromNumeric } from '@kestrel/money';
import { AppError } from '../../http/app-error';
import { quantity } from '../../http/i18n';
import { type Actor, withAudit } from '../admin';
import type { LedgerService } from '../ledger';
import type { MessagesService } from '../messages';
import type { NetworksService } from '../networks';
import { type Decision, decideOnce, type QueueFilter } from '../review';
import type { DepositRow, DepositsRepository } from './deposits.repository';
import { precisionOf } from './deposits.service';

type UserContact = { userEmail: string | null; userPhone: string | null };

function toSummary(row: DepositRow, user: UserContact, precision: number): AdminDepositSummary {
  const amount = (numeric: string) => formatAmount(unitsFromNumeric(numeric, precision), precision);
  return {
    id: row.id,
    userId: row.userId,
    userEmail: user.userEmail,
    userPhone: user.userPhone,
    method: row.method,
    asset: row.asset,
    chain: row.chain as AdminDepositSummary['chain'],
    account: row.account,
    amount: amount(row.amount),
    claimedAmount: amount(row.claimedAmount),
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/**
 * The deposits queue of the back office. An approval credits the deposit through the ledger inside the
 * decision's own transaction, so a deposit is approved and credited together or not at all, and of two
 * approvals the second finds it decided and credits nothing. The credit's reference is the deposit's id, so
 * even a credit run twice would be one journal entry.
 */
export class DepositReviewService {
  constructor(
    private readonly repository: DepositsRepository,
    private readonly ledger: Pick<LedgerService, 'within'>,
    private readonly networks: Pick<NetworksService, 'precisions'>,
    private readonly messages: Pick<MessagesService, 'notify'>,
  ) {}

  async list(filter: QueueFilter): Promise<AdminPage<AdminDepositSummary>> {
    const { rows, total } = await this.repository.page(filter);
    const precisions = await this.networks.precisions();
    return {
      items: rows.map(({ deposit, ...user }) =>
        toSummary(deposit, user, precisionOf(precisions, deposit.asset)),
      ),
      total,
    };
  }

  async detail(id: number): Promise<AdminDepositDetail> {
    const found = await this.repository.findForReview(id);
    if (!found) throw new AppError('notFound');
    const { deposit, reviewerEmail, ...user } = found;
    const precisions = await this.networks.precisions();
    const earlier = await this.repository.earlierThan(deposit.userId, deposit.id);
    return {
      ...toSummary(deposit, user, precisionOf(precisions, deposit.asset)),
      address: deposit.address,
      bank: deposit.bank,
      reference: deposit.bankReference,
      credentialUrl: adminUploadUrl(deposit.credentialUploadId),
      rejectionReason: deposit.rejectionReason,
      reviewer:
        deposit.reviewerAdminId !== null && reviewerEmail !== null
          ? { id: deposit.reviewerAdminId, email: reviewerEmail }
          : null,
      transactionId: deposit.transactionId === null ? null : String(deposit.transactionId),
      history: earlier.map((row) => ({
        ...toSummary(row, user, precisionOf(precisions, row.asset)),
        rejectionReason: row.rejectionReason,
      })),
    };
  }

  /** Corrects what a pending deposit will credit, with the reason; the audit entry keeps both amounts. */
  async correctAmount(id: number, body: DepositAmountBody, actor: Actor): Promise<AdminDepositDetail> {
    const precisions = await this.networks.precisions();
    await withAudit(this.repository, actor, { type: 'deposit', id }, body.reason, async (repository) => {
      const pending = await repository.lockPending(id);
      if (!pending) throw new AppError((await repository.exists(id)) ? 'reviewNotPending' : 'notFound');
      const precision = precisionOf(precisions, pending.asset);
      const units = parseAmount(body.amount, precision);
      if (units === undefined || units <= 0n || !fitsLedger(units, precision)) {
        throw new AppError('amountInvalid');
      }
      const before = formatAmount(unitsFromNumeric(pending.amount, precision), precision);
      const after = formatAmount(units, precision);
      await repository.setAmount(id, after);
      return { before: { amount: before }, after: { amount: after }, result: undefined };
    });
    return this.detail(id);
  }

  approve(id: number, body: ApproveBody, actor: Actor): Promise<AdminDepositDetail> {
    return this.decide(id, { status: 'approved', note: body.note }, actor);
  }

  reject(id: number, body: RejectBody, actor: Actor): Promise<AdminDepositDetail> {
    return this.decide(id, { status: 'rejected', reason: body.reason }, actor);
  }

  private async decide(id: number, decision: Decision, actor: Actor): Promise<AdminDepositDetail> {
    if (actor.adminId === null) throw new Error('a review decision needs the deciding admin');
    const adminId = actor.adminId;
    const precisions = await this.networks.precisions();
    const decided = await decideOnce(this.repository, actor, { type: 'deposit', id }, decision, {
      decide: async (repository) => {
        const pending = await repository.lockPending(id);
        if (!pending) return undefined;
        if (decision.status === 'rejected') return repository.decide(id, decision, adminId, null);
        const precision = precisionOf(precisions, pending.asset);
        const outcome = await this.ledger.within(repository.connection).execute({
          type: 'credit',
          kind: 'deposit',
          from: 'deposits_clearing',
          userId: pending.userId,
          account: pending.account,
          asset: pending.asset,
          amount: formatAmount(unitsFromNumeric(pending.amount, precision), precision),
          reference: `deposit:${id}`,
          actor: `admin:${adminId}`,
        });
        if (outcome.transactionId === undefined) throw new Error('a credit returned no journal transaction');
        return repository.decide(id, decision, adminId, BigInt(outcome.transactionId));
      },
      exists: (repository) => repository.exists(id),
    });
    // After the commit: a decision is never undone because its notice could not be stored.
    const precision = precisionOf(precisions, decided.asset);
    const amount = quantity(formatAmount(unitsFromNumeric(decided.amount, precision), precision));
    if (decision.status === 'approved') {
      await this.messages.notify(decided.userId, 'depositApproved', { amount, asset: decided.asset });
    } else {
      await this.messages.notify(decided.userId, 'depositRejected', {
        amount,
        asset: decided.asset,
        reason: decision.reason,
      });
    }
    return this.detail(id);
  }
}
