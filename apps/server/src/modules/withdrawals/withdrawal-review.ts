import {
  type AdminWithdrawalDetail,
  type AdminWithdrawalSummary,
  endpoints,
  isPlausibleBankReference,
  isPlausibleTransactionHash,
  type WithdrawalApproveBody,
} from '@kestrel/contract';
import { formatAmount, parseAmount, unitsFromNumeric } from '@kestrel/money';
import { AppError } from '../../http/app-error';
import { quantity } from '../../http/i18n';
import type { AuditedChange } from '../admin';
import type { LedgerService } from '../ledger';
import type { MessagesService } from '../messages';
import { type Decision, type ReviewKind, reviewerOf } from '../review';
import type { WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository';
import { precisionOf, WITHDRAWAL_PURPOSE } from './withdrawals.service';

type UserContact = { userEmail: string | null; userPhone: string | null };

/**
 * The withdrawals queue of the back office. An approval pays the frozen amount out (consume: the fee to the fees
 * account, the rest to withdrawals clearing) and a rejection gives it back (release), each inside the decision's
 * own transaction after locking the row, so of two decisions at once the second finds it decided and moves
 * nothing. From the configured amount per asset, the first approval only records its reviewer (the item stays in
 * the pending tab, `awaiting_second`); a different reviewer's approval completes it.
 */
export function withdrawalReview(
  repository: WithdrawalsRepository,
  ledger: Pick<LedgerService, 'within'>,
  messages: Pick<MessagesService, 'notify'>,
  /** Per asset, the amount from which two reviewers are needed; an asset not listed always needs two. */
  secondReviewAt: ReadonlyMap<string, string>,
): ReviewKind<
  WithdrawalsRepository,
  AdminWithdrawalSummary,
  AdminWithdrawalDetail,
  WithdrawalApproveBody,
  WithdrawalRow
> {
  function needsSecondApproval(row: WithdrawalRow, precision: number): boolean {
    const threshold = secondReviewAt.get(row.asset);
    const units = threshold === undefined ? undefined : parseAmount(threshold, precision);
    // An asset without a (usable) threshold is never paid on one reviewer's word.
    if (units === undefined) return true;
    return unitsFromNumeric(row.amount, precision) >= units;
  }

  function toSummary(row: WithdrawalRow, user: UserContact, precision: number): AdminWithdrawalSummary {
    const amount = (numeric: string) => formatAmount(unitsFromNumeric(numeric, precision), precision);
    return {
      id: row.id,
      userId: row.userId,
      userEmail: user.userEmail,
      userPhone: user.userPhone,
      targetType: row.targetType,
      asset: row.asset,
      chain: row.chain,
      amount: amount(row.amount),
      fee: amount(row.fee),
      received: amount(row.received),
      status: row.state === 'awaiting_second' ? 'pending' : row.state,
      state: row.state,
      needsSecondApproval: needsSecondApproval(row, precision),
      submittedAt: row.submittedAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
    };
  }

  /**
   * A first approval of a large withdrawal waits for a second reviewer; otherwise the payment's reference is
   * checked and the reservation consumed with the fee. The same reviewer twice is refused.
   */
  async function approve(
    inTransaction: WithdrawalsRepository,
    open: WithdrawalRow,
    body: WithdrawalApproveBody,
    adminId: number,
  ): Promise<AuditedChange<WithdrawalRow>> {
    const { id } = open;
    const precision = precisionOf(await inTransaction.precisions(), open);
    if (open.state === 'pending' && needsSecondApproval(open, precision)) {
      const waiting = await inTransaction.approveFirst(id, adminId);
      if (!waiting) throw new Error(`withdrawal ${id} was locked pending but could not be approved once`);
      return { before: { state: open.state }, after: { state: waiting.state }, result: waiting };
    }
    if (open.firstReviewerAdminId === adminId) throw new AppError('withdrawalSameReviewer');
    const reference = body.payoutReference ?? '';
    const plausible =
      open.targetType === 'bank_card'
        ? isPlausibleBankReference(reference)
        : isPlausibleTransactionHash(open.chain, reference);
    if (!plausible) throw new AppError('withdrawalReferenceInvalid');
    const outcome = await ledger.within(inTransaction.connection).execute({
      type: 'consume',
      purpose: WITHDRAWAL_PURPOSE,
      reference: open.requestReference,
      kind: 'withdrawal',
      into: 'withdrawals_clearing',
      // The ledger takes amounts at the asset's precision; NUMERIC reads back with 18 decimals.
      fee: formatAmount(unitsFromNumeric(open.fee, precision), precision),
      actor: `admin:${adminId}`,
      memo: `withdrawal:${id}`,
    });
    if (outcome.transactionId === undefined) throw new Error('a consume returned no journal transaction');
    const completed = await inTransaction.complete(id, adminId, reference, BigInt(outcome.transactionId));
    if (!completed) throw new Error(`withdrawal ${id} was locked undecided but could not be completed`);
    return {
      before: { state: open.state },
      after: { state: completed.state, payoutReference: reference },
      result: completed,
    };
  }

  /** A rejection's reason is the user's to read; the frozen amount goes back to their available funds. */
  async function reject(
    inTransaction: WithdrawalsRepository,
    open: WithdrawalRow,
    reason: string,
    adminId: number,
  ): Promise<AuditedChange<WithdrawalRow>> {
    await ledger.within(inTransaction.connection).execute({
      type: 'release',
      purpose: WITHDRAWAL_PURPOSE,
      reference: open.requestReference,
    });
    const rejected = await inTransaction.reject(open.id, adminId, reason);
    if (!rejected) throw new Error(`withdrawal ${open.id} was locked undecided but could not be rejected`);
    return {
      before: { state: open.state },
      after: { state: rejected.state, rejectionReason: reason },
      result: rejected,
    };
  }

  return {
    endpoints: {
      list: endpoints.listWithdrawalReviews,
      detail: endpoints.getWithdrawalReview,
      approve: endpoints.approveWithdrawal,
      reject: endpoints.rejectWithdrawal,
    },
    target: 'withdrawal',
    repository,

    async page(filter) {
      const { rows, total } = await repository.page(filter);
      const precisions = await repository.precisions();
      return {
        items: rows.map(({ withdrawal, ...user }) =>
          toSummary(withdrawal, user, precisionOf(precisions, withdrawal)),
        ),
        total,
      };
    },

    async detail(id) {
      const found = await repository.findForReview(id);
      if (!found) throw new AppError('notFound');
      const { withdrawal, address, card, reviewerEmail, firstReviewerEmail, ...user } = found;
      const precisions = await repository.precisions();
      const earlier = await repository.earlierThan(withdrawal.userId, withdrawal.id);
      return {
        ...toSummary(withdrawal, user, precisionOf(precisions, withdrawal)),
        destination: card?.cardNumber ?? address ?? '',
        bankName: card?.bankName ?? null,
        cardholder: card?.cardholder ?? null,
        routingCode: card?.routingCode ?? null,
        payoutReference: withdrawal.payoutReference,
        rejectionReason: withdrawal.rejectionReason,
        firstReviewer: reviewerOf(withdrawal.firstReviewerAdminId, firstReviewerEmail),
        reviewer: reviewerOf(withdrawal.reviewerAdminId, reviewerEmail),
        transactionId: withdrawal.transactionId === null ? null : String(withdrawal.transactionId),
        history: earlier.map((row) => ({
          ...toSummary(row, user, precisionOf(precisions, row)),
          rejectionReason: row.rejectionReason,
        })),
      };
    },

    async decide(inTransaction, id, decision: Decision<WithdrawalApproveBody>, adminId) {
      const open = await inTransaction.lockUndecided(id);
      if (!open) return undefined;
      return decision.status === 'approved'
        ? approve(inTransaction, open, decision, adminId)
        : reject(inTransaction, open, decision.reason, adminId);
    },
    exists: (inTransaction, id) => inTransaction.exists(id),

    /** A first approval of two tells the user nothing yet. */
    async notify(decided, decision) {
      if (decision.status === 'approved' && decided.state !== 'approved') return;
      const precision = precisionOf(await repository.precisions(), decided);
      const asset = decided.asset;
      if (decision.status === 'approved') {
        const amount = quantity(formatAmount(unitsFromNumeric(decided.received, precision), precision));
        await messages.notify(decided.userId, 'withdrawalCompleted', { amount, asset });
      } else {
        const amount = quantity(formatAmount(unitsFromNumeric(decided.amount, precision), precision));
        await messages.notify(decided.userId, 'withdrawalRejected', {
          amount,
          asset,
          reason: decision.reason,
        });
      }
    },
  };
}
