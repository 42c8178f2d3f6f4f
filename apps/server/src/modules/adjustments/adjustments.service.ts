import type { AdjustmentBody, AdjustmentResult, AdminSettings, WalletBalance } from '@kestrel/contract';
import { fitsLedger, formatAmount, parseAmount, type Units, unitsFromNumeric } from '@kestrel/money';
import { AppError } from '../../http/app-error';
import { quantity } from '../../http/i18n';
import { type Actor, withAudit } from '../admin';
import type { LedgerActor, LedgerCommand, LedgerService, RecordedAdjustment } from '../ledger';
import type { MessagesService } from '../messages';
import type { WalletService } from '../wallet';
import type { AdjustmentsRepository, ProposalRow } from './adjustments.repository';

/** Thresholds are compared at the ledger's finest scale, whatever the asset's precision. */
const COMPARISON_SCALE = 18;

const KIND_OF = { add: 'system_add', debit: 'system_debit' } as const;

/**
 * Operators' manual changes to a user's balance (the spec's system add and system debit). Each is a ledger
 * entry against the adjustments account, carries the operator's reason as its memo, is audited once and
 * notifies the user once, however often the console retries it.
 */
export class AdjustmentsService {
  constructor(
    private readonly repository: AdjustmentsRepository,
    private readonly ledger: LedgerService,
    private readonly wallet: Pick<WalletService, 'balances'>,
    private readonly messages: Pick<MessagesService, 'notify'>,
    private readonly settings: () => Promise<Pick<AdminSettings, 'adjustmentApprovalAbove'>>,
  ) {}

  async balances(userId: number): Promise<WalletBalance[]> {
    if (!(await this.repository.userExists(userId))) throw new AppError('accountNotFound');
    return this.wallet.balances(userId);
  }

  /**
   * `key` is the console's Idempotency-Key: the same key with the same adjustment answers the first result and
   * moves nothing; the same key with another adjustment is refused.
   */
  async adjust(
    userId: number,
    body: AdjustmentBody,
    /** Unique per adjustment: from the console's Idempotency-Key, so a retry finds the first one. */
    reference: string,
    actor: Actor,
  ): Promise<AdjustmentResult> {
    if (actor.adminId === null) throw new Error('an adjustment needs the acting admin');
    if (!(await this.repository.userExists(userId))) throw new AppError('accountNotFound');
    const admin = `admin:${actor.adminId}` as const;
    const proposed = await this.repository.findProposalByReference(reference);
    if (proposed) return this.proposedResult(proposed, userId, body);
    let recorded = await this.repository.findByReference(reference);
    if (!recorded) {
      if (await this.needsApproval(body)) return this.propose(userId, body, reference, actor);
      recorded = await this.execute(userId, body, reference, admin);
    }
    if (!sameAdjustment(recorded, userId, body)) throw new AppError('idempotencyConflict');
    const result = resultOf(recorded, body);

    const firstRun = await this.repository.transaction(async (repository) => {
      await repository.lockUser(userId);
      if (await repository.isAudited(actor.action, String(recorded.transactionId))) return false;
      await repository.appendAudit({
        adminId: actor.adminId,
        action: actor.action,
        targetType: 'user',
        targetId: String(userId),
        before: null,
        after: {
          transactionId: String(recorded.transactionId),
          direction: result.direction,
          account: result.account,
          asset: result.asset,
          amount: result.amount,
        },
        reason: body.reason,
        ip: actor.ip,
      });
      return true;
    });
    if (firstRun) {
      await this.messages.notify(userId, body.direction === 'add' ? 'systemAdd' : 'systemDebit', {
        amount: quantity(result.amount),
        asset: result.asset,
      });
    }
    return result;
  }

  private async execute(userId: number, body: AdjustmentBody, reference: string, actor: LedgerActor) {
    await this.ledger.execute(ledgerCommandOf(userId, body, reference, actor));
    const written = await this.repository.findByReference(reference);
    if (!written) throw new Error(`the adjustment ${reference} was written but cannot be found`);
    return written;
  }

  /** Above the asset's configured amount, or for an asset without one, a second operator must approve. */
  private async needsApproval(body: AdjustmentBody): Promise<boolean> {
    const threshold = (await this.settings()).adjustmentApprovalAbove[body.asset];
    const limit = threshold === undefined ? undefined : parseAmount(threshold, COMPARISON_SCALE);
    const amount = parseAmount(body.amount, COMPARISON_SCALE);
    return limit === undefined || amount === undefined || amount > limit;
  }

  /** Stores the adjustment for a second operator; nothing moves, no funds are frozen (decision 0031). */
  private async propose(
    userId: number,
    body: AdjustmentBody,
    reference: string,
    actor: Actor,
  ): Promise<AdjustmentResult> {
    const adminId = adminOf(actor);
    const precision = await this.repository.precisionOf(body.asset);
    if (precision === undefined) throw new AppError('assetUnknown');
    const units = parseAmount(body.amount, precision);
    if (units === undefined || units <= 0n || !fitsLedger(units, precision))
      throw new AppError('amountInvalid');
    const proposal = await withAudit(
      this.repository,
      actor,
      { type: 'user', id: userId },
      body.reason,
      async (repository) => {
        const stored = await repository.insertProposal({
          userId,
          direction: body.direction,
          account: body.account,
          asset: body.asset,
          amount: formatAmount(units, precision),
          reason: body.reason,
          requestReference: reference,
          proposerAdminId: adminId,
        });
        // A resend racing the first request: its proposal stands, and this run records nothing.
        if (!stored) throw new AppError('idempotencyInProgress');
        return {
          before: null,
          after: {
            state: 'proposed',
            proposalId: stored.id,
            direction: body.direction,
            account: body.account,
            asset: body.asset,
            amount: formatAmount(units, precision),
          },
          result: stored,
        };
      },
    );
    return this.proposedResult(proposal, userId, body);
  }

  private async proposedResult(proposal: ProposalRow, userId: number, body: AdjustmentBody) {
    const precision = (await this.repository.precisionOf(proposal.asset)) ?? COMPARISON_SCALE;
    const units = unitsFromNumeric(proposal.amount, precision);
    const same =
      proposal.userId === userId &&
      proposal.direction === body.direction &&
      proposal.account === body.account &&
      proposal.asset === body.asset &&
      parseAmount(body.amount, precision) === units;
    if (!same) throw new AppError('idempotencyConflict');
    return {
      id: null,
      state: 'proposed',
      proposalId: proposal.id,
      userId,
      direction: proposal.direction,
      account: proposal.account,
      asset: proposal.asset,
      amount: formatAmount(units, precision),
      createdAt: proposal.submittedAt.toISOString(),
    } satisfies AdjustmentResult;
  }
}

function sameAdjustment(recorded: RecordedAdjustment, userId: number, body: AdjustmentBody) {
  const units = parseAmount(body.amount, recorded.precision);
  const posted = unitsFromNumeric(recorded.amount, recorded.precision);
  return (
    recorded.kind === KIND_OF[body.direction] &&
    recorded.userId === userId &&
    recorded.account === body.account &&
    recorded.asset === body.asset &&
    units !== undefined &&
    (body.direction === 'add' ? posted === units : posted === -units)
  );
}

function resultOf(recorded: RecordedAdjustment, body: AdjustmentBody): AdjustmentResult {
  const posted = unitsFromNumeric(recorded.amount, recorded.precision);
  return {
    id: String(recorded.transactionId),
    state: 'posted',
    proposalId: null,
    userId: recorded.userId,
    direction: body.direction,
    account: body.account,
    asset: recorded.asset,
    amount: formatAmount((posted < 0n ? -posted : posted) as Units, recorded.precision),
    createdAt: recorded.createdAt.toISOString(),
  };
}

function adminOf(actor: Actor): number {
  if (actor.adminId === null) throw new Error('an adjustment needs the acting admin');
  return actor.adminId;
}

/** The system add or system debit of an adjustment, against the adjustments system account. */
export function ledgerCommandOf(
  userId: number,
  body: AdjustmentBody,
  reference: string,
  actor: LedgerActor,
): LedgerCommand {
  const recorded = { reference, actor, memo: body.reason };
  const funds = { userId, account: body.account, asset: body.asset, amount: body.amount };
  return body.direction === 'add'
    ? { type: 'credit', kind: 'system_add', from: 'adjustments', ...funds, ...recorded }
    : { type: 'debit', kind: 'system_debit', to: 'adjustments', ...funds, ...recorded };
}
