import {
  type AdminDepositDetail,
  type AdminDepositSummary,
  type ApproveBody,
  adminUploadUrl,
  endpoints,
} from '@kestrel/contract';
import { fitsLedger, formatAmount, parseAmount, unitsFromNumeric } from '@kestrel/money';
import { AppError } from '../../http/app-error';
import { quantity } from '../../http/i18n';
import { withAudit } from '../admin';
import type { LedgerService } from '../ledger';
import type { MessagesService } from '../messages';
import type { NetworksService } from '../networks';
import { type ReviewKind, reviewerOf, statusChange } from '../review';
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
 * even a credit run twice would be one journal entry. A reviewer may also correct what a pending deposit will
 * credit.
 */
export function depositReview(
  repository: DepositsRepository,
  ledger: Pick<LedgerService, 'within'>,
  networks: Pick<NetworksService, 'precisions'>,
  messages: Pick<MessagesService, 'notify'>,
): ReviewKind<DepositsRepository, AdminDepositSummary, AdminDepositDetail, ApproveBody, DepositRow> {
  return {
    endpoints: {
      list: endpoints.listDepositReviews,
      detail: endpoints.getDepositReview,
      approve: endpoints.approveDeposit,
      reject: endpoints.rejectDeposit,
    },
    target: 'deposit',
    repository,

    async page(filter) {
      const { rows, total } = await repository.page(filter);
      const precisions = await networks.precisions();
      return {
        items: rows.map(({ deposit, ...user }) =>
          toSummary(deposit, user, precisionOf(precisions, deposit.asset)),
        ),
        total,
      };
    },

    async detail(id) {
      const found = await repository.findForReview(id);
      if (!found) throw new AppError('notFound');
      const { deposit, reviewerEmail, ...user } = found;
      const precisions = await networks.precisions();
      const earlier = await repository.earlierThan(deposit.userId, deposit.id);
      return {
        ...toSummary(deposit, user, precisionOf(precisions, deposit.asset)),
        address: deposit.address,
        bank: deposit.bank,
        reference: deposit.bankReference,
        credentialUrl: adminUploadUrl(deposit.credentialUploadId),
        rejectionReason: deposit.rejectionReason,
        reviewer: reviewerOf(deposit.reviewerAdminId, reviewerEmail),
        transactionId: deposit.transactionId === null ? null : String(deposit.transactionId),
        history: earlier.map((row) => ({
          ...toSummary(row, user, precisionOf(precisions, row.asset)),
          rejectionReason: row.rejectionReason,
        })),
      };
    },

    async decide(inTransaction, id, decision, adminId) {
      const pending = await inTransaction.lockPending(id);
      if (!pending) return undefined;
      if (decision.status === 'rejected') {
        return statusChange(await inTransaction.decide(id, decision, adminId, null), decision);
      }
      const precision = await inTransaction.precisionOf(pending.asset);
      const outcome = await ledger.within(inTransaction.connection).execute({
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
      const credited = await inTransaction.decide(id, decision, adminId, BigInt(outcome.transactionId));
      return statusChange(credited, decision);
    },
    exists: (inTransaction, id) => inTransaction.exists(id),

    async notify(decided, decision) {
      const precision = precisionOf(await networks.precisions(), decided.asset);
      const amount = quantity(formatAmount(unitsFromNumeric(decided.amount, precision), precision));
      if (decision.status === 'approved') {
        await messages.notify(decided.userId, 'depositApproved', { amount, asset: decided.asset });
      } else {
        await messages.notify(decided.userId, 'depositRejected', {
          amount,
          asset: decided.asset,
          reason: decision.reason,
        });
      }
    },

    actions(action) {
      /** Corrects what a pending deposit will credit, with the reason; the audit entry keeps both amounts. */
      action(endpoints.correctDepositAmount, async (id, body, actor) => {
        const precisions = await networks.precisions();
        await withAudit(repository, actor, { type: 'deposit', id }, body.reason, async (inTransaction) => {
          const pending = await inTransaction.lockPending(id);
          if (!pending)
            throw new AppError((await inTransaction.exists(id)) ? 'reviewNotPending' : 'notFound');
          const precision = precisionOf(precisions, pending.asset);
          const units = parseAmount(body.amount, precision);
          if (units === undefined || units <= 0n || !fitsLedger(units, precision)) {
            throw new AppError('amountInvalid');
          }
          const before = formatAmount(unitsFromNumeric(pending.amount, precision), precision);
          const after = formatAmount(units, precision);
          await inTransaction.setAmount(id, after);
          return { before: { amount: before }, after: { amount: after }, result: undefined };
        });
      });
    },
  };
}
