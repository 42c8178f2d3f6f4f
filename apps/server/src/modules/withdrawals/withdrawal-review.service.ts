import {
  type AdminPage,
  type AdminWithdrawalDetail,
  type AdminWithdrawalSummary,
  isPlausibleBankReference,
  isPlausibleTransactionHash,
  type RejectBody,
  type WithdrawalApproveBody,
} from '@kestrel/contract';
import { formatAmount, parseAmount, unitsFromNumeric } from '@kestrel/money';
import { AppError } from '../../http/app-error';
import { quantity } from '../../http/i18n';
import { type Actor, withAudit } from '../admin';
import type { LedgerService } from '../ledger';
import type { MessagesService } from '../messages';
import type { QueueFilter } from '../review';
import type { WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository';
import { precisionOf, WITHDRAWAL_PURPOSE } from './withdrawals.service';

type UserContact = { userEmail: string | null; userPhone: string | null };

/**
 * The withdrawals queue of the back office. An approval pays the frozen amount out (consume: the fee to the fees
 * account, the rest to withdrawals clearing) and a rejection gives it back (release), each inside the decision's
 * own transaction after locking the row, so of two decisions at once the second finds it decided and moves
 * nothing. From the configured amount per asset, the first approval only records its reviewer; a different
 * reviewer's approval completes it.
 */
export class WithdrawalReviewService {
  constructor(
    private readonly repository: WithdrawalsRepository,
    private readonly ledger: Pick<LedgerService, 'within'>,
    private readonly messages: Pick<MessagesService, 'notify'>,
    /** Per asset, the amount from which two reviewers are needed; an asset not listed always needs two. */
    private readonly secondReviewAt: ReadonlyMap<string, string>,
  ) {}

  async list(filter: QueueFilter): Promise<AdminPage<AdminWithdrawalSummary>> {
    const { rows, total } = await this.repository.page(filter);
    const precisions = await this.repository.precisions();
    return {
      items: rows.map(({ withdrawal, ...user }) =>
        this.toSummary(withdrawal, user, precisionOf(precisions, withdrawal)),
      ),
      total,
    };
  }

  async detail(id: number): Promise<AdminWithdrawalDetail> {
    const found = await this.repository.findForReview(id);
    if (!found) throw new AppError('notFound');
    const { withdrawal, address, card, reviewerEmail, firstReviewerEmail, ...user } = found;
    const precisions = await this.repository.precisions();
    const earlier = await this.repository.earlierThan(withdrawal.userId, withdrawal.id);
    return {
      ...this.toSummary(withdrawal, user, precisionOf(precisions, withdrawal)),
      destination: card?.cardNumber ?? address ?? '',
      bankName: card?.bankName ?? null,
      cardholder: card?.cardholder ?? null,
      routingCode: card?.routingCode ?? null,
      payoutReference: withdrawal.payoutReference,
      rejectionReason: withdrawal.rejectionReason,
      firstReviewer:
        withdrawal.firstReviewerAdminId !== null && firstReviewerEmail !== null
          ? { id: withdrawal.firstReviewerAdminId, email: firstReviewerEmail }
          : null,
      reviewer:
        withdrawal.reviewerAdminId !== null && reviewerEmail !== null
          ? { id: withdrawal.reviewerAdminId, email: reviewerEmail }
          : null,
      transactionId: withdrawal.transactionId === null ? null : String(withdrawal.transactionId),
      history: earlier.map((row) => ({
        ...this.toSummary(row, user, precisionOf(precisions, row)),
        rejectionReason: row.rejectionReason,
      })),
    };
  }

  /**
   * Approves: a first approval of a large withdrawal waits for a second reviewer; otherwise the payment's
   * reference is checked and the reservation consumed with the fee. The same reviewer twice is refused.
   */
  async approve(id: number, body: WithdrawalApproveBody, actor: Actor): Promise<AdminWithdrawalDetail> {
    const adminId = adminOf(actor);
    const precisions = await this.repository.precisions();
    const decided = await withAudit(
      this.repository,
      actor,
      { type: 'withdrawal', id },
      body.note ?? null,
      async (repository) => {
        const open = await this.lockOpen(repository, id);
        const precision = precisionOf(precisions, open);
        if (open.state === 'pending' && this.needsSecondApproval(open, precision)) {
          const waiting = await repository.approveFirst(id, adminId);
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
        const outcome = await this.ledger.within(repository.connection).execute({
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
        const completed = await repository.complete(id, adminId, reference, BigInt(outcome.transactionId));
        if (!completed) throw new Error(`withdrawal ${id} was locked undecided but could not be completed`);
        return {
          before: { state: open.state },
          after: { state: completed.state, payoutReference: reference },
          result: completed,
        };
      },
    );
    // After the commit: a decision is never undone because its notice could not be stored.
    if (decided.state === 'approved') {
      const precision = precisionOf(precisions, decided);
      await this.messages.notify(decided.userId, 'withdrawalCompleted', {
        amount: quantity(formatAmount(unitsFromNumeric(decided.received, precision), precision)),
        asset: decided.asset,
      });
    }
    return this.detail(id);
  }

  /** Rejects with a reason the user reads; the frozen amount goes back to their available funds. */
  async reject(id: number, body: RejectBody, actor: Actor): Promise<AdminWithdrawalDetail> {
    const adminId = adminOf(actor);
    const precisions = await this.repository.precisions();
    const decided = await withAudit(
      this.repository,
      actor,
      { type: 'withdrawal', id },
      body.reason,
      async (repository) => {
        const open = await this.lockOpen(repository, id);
        await this.ledger.within(repository.connection).execute({
          type: 'release',
          purpose: WITHDRAWAL_PURPOSE,
          reference: open.requestReference,
        });
        const rejected = await repository.reject(id, adminId, body.reason);
        if (!rejected) throw new Error(`withdrawal ${id} was locked undecided but could not be rejected`);
        return {
          before: { state: open.state },
          after: { state: rejected.state, rejectionReason: body.reason },
          result: rejected,
        };
      },
    );
    const precision = precisionOf(precisions, decided);
    await this.messages.notify(decided.userId, 'withdrawalRejected', {
      amount: quantity(formatAmount(unitsFromNumeric(decided.amount, precision), precision)),
      asset: decided.asset,
      reason: body.reason,
    });
    return this.detail(id);
  }

  /** The undecided withdrawal, locked; a decided one is 409 and an unknown one 404. */
  private async lockOpen(repository: WithdrawalsRepository, id: number): Promise<WithdrawalRow> {
    const open = await repository.lockUndecided(id);
    if (!open) throw new AppError((await repository.exists(id)) ? 'reviewNotPending' : 'notFound');
    return open;
  }

  private needsSecondApproval(row: WithdrawalRow, precision: number): boolean {
    const threshold = this.secondReviewAt.get(row.asset);
    const units = threshold === undefined ? undefined : parseAmount(threshold, precision);
    // An asset without a (usable) threshold is never paid on one reviewer's word.
    if (units === undefined) return true;
    return unitsFromNumeric(row.amount, precision) >= units;
  }

  private toSummary(row: WithdrawalRow, user: UserContact, precision: number): AdminWithdrawalSummary {
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
      needsSecondApproval: this.needsSecondApproval(row, precision),
      submittedAt: row.submittedAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
    };
  }
}

function adminOf(actor: Actor): number {
  if (actor.adminId === null) throw new Error('a review decision needs the deciding admin');
  return actor.adminId;
}
