import { type AdjustmentBody, type AdjustmentProposal, type ApproveBody, endpoints } from '@kestrel/contract';
import { formatAmount, unitsFromNumeric } from '@kestrel/money';
import { AppError } from '../../http/app-error';
import { quantity } from '../../http/i18n';
import type { LedgerService } from '../ledger';
import type { MessagesService } from '../messages';
import { type ReviewKind, reviewerOf } from '../review';
import type { AdjustmentsRepository, ProposalRow } from './adjustments.repository';
import { ledgerCommandOf } from './adjustments.service';

type ProposalWithPeople = NonNullable<Awaited<ReturnType<AdjustmentsRepository['findProposal']>>>;

function toProposal(found: ProposalWithPeople): AdjustmentProposal {
  const { proposal, precision } = found;
  return {
    id: proposal.id,
    userId: proposal.userId,
    userEmail: found.userEmail,
    userPhone: found.userPhone,
    direction: proposal.direction,
    account: proposal.account,
    asset: proposal.asset,
    amount: formatAmount(unitsFromNumeric(proposal.amount, precision), precision),
    reason: proposal.reason,
    status: proposal.status,
    proposer: { id: proposal.proposerAdminId, email: found.proposerEmail },
    reviewer: reviewerOf(proposal.reviewerAdminId, found.reviewerEmail),
    rejectionReason: proposal.rejectionReason,
    transactionId: proposal.transactionId === null ? null : String(proposal.transactionId),
    submittedAt: proposal.submittedAt.toISOString(),
    reviewedAt: proposal.reviewedAt?.toISOString() ?? null,
  };
}

/** A decided proposal, with the amount an approval posted at its asset's precision. */
type DecidedProposal = { proposal: ProposalRow; posted?: string };

/**
 * The queue of proposed adjustments (decision 0031): a second operator, never the proposer, approves or rejects
 * each. An approval posts the adjustment: the ledger entry and the proposal's change from pending commit together
 * with the audit entry, which names both operators, and of two approvals at once the second waits for the first
 * one's row lock and finds the proposal decided (409), so it posts once. A rejection moves nothing, since nothing
 * was moved. The list shows each proposal whole, so there is no detail endpoint.
 */
export function adjustmentReview(
  repository: AdjustmentsRepository,
  ledger: Pick<LedgerService, 'within'>,
  messages: Pick<MessagesService, 'notify'>,
): ReviewKind<AdjustmentsRepository, AdjustmentProposal, AdjustmentProposal, ApproveBody, DecidedProposal> {
  return {
    endpoints: {
      list: endpoints.listAdjustmentProposals,
      approve: endpoints.approveAdjustment,
      reject: endpoints.rejectAdjustment,
    },
    target: 'adjustment_proposal',
    approvedMessage: 'admin.adjustments.done',
    repository,

    async page(filter) {
      const { rows, total } = await repository.pageProposals(filter);
      return { items: rows.map(toProposal), total };
    },

    async detail(id) {
      const found = await repository.findProposal(id);
      if (!found) throw new AppError('notFound');
      return toProposal(found);
    },

    async decide(inTransaction, id, decision, adminId) {
      const open = await inTransaction.lockPendingProposal(id);
      if (!open) return undefined;
      if (open.proposerAdminId === adminId) throw new AppError('adjustmentSameOperator');
      const before = { status: 'pending', proposerAdminId: open.proposerAdminId };
      if (decision.status === 'rejected') {
        const rejected = await inTransaction.decideProposal(id, decision, adminId, null);
        if (!rejected) throw new Error(`proposal ${id} was locked pending but could not be rejected`);
        return {
          before,
          after: {
            status: 'rejected',
            proposerAdminId: open.proposerAdminId,
            rejectionReason: decision.reason,
          },
          result: { proposal: rejected },
        };
      }
      const precision = await inTransaction.precisionOf(open.asset);
      if (precision === undefined) throw new AppError('assetUnknown');
      const amount = formatAmount(unitsFromNumeric(open.amount, precision), precision);
      const proposal: AdjustmentBody = { ...open, amount };
      const outcome = await ledger
        .within(inTransaction.connection)
        .execute(ledgerCommandOf(open.userId, proposal, `proposal:${id}`, `admin:${adminId}`));
      if (outcome.transactionId === undefined)
        throw new Error('an adjustment returned no journal transaction');
      const approved = await inTransaction.decideProposal(
        id,
        decision,
        adminId,
        BigInt(outcome.transactionId),
      );
      if (!approved) throw new Error(`proposal ${id} was locked pending but could not be approved`);
      return {
        before,
        after: {
          status: 'approved',
          proposerAdminId: open.proposerAdminId,
          approverAdminId: adminId,
          transactionId: outcome.transactionId,
          userId: open.userId,
          direction: open.direction,
          account: open.account,
          asset: open.asset,
          amount,
        },
        result: { proposal: approved, posted: amount },
      };
    },
    exists: (inTransaction, id) => inTransaction.proposalExists(id),

    async notify({ proposal, posted }) {
      if (posted === undefined) return;
      await messages.notify(proposal.userId, proposal.direction === 'add' ? 'systemAdd' : 'systemDebit', {
        amount: quantity(posted),
        asset: proposal.asset,
      });
    },
  };
}
