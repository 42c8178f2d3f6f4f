import type { AdjustmentBody, AdjustmentResult, WalletBalance } from '@kestrel/contract';
import { formatAmount, parseAmount, type Units, unitsFromNumeric } from '@kestrel/money';
import { AppError } from '../../http/app-error';
import { quantity } from '../../http/i18n';
import type { Actor } from '../admin/audit';
import type { LedgerActor, LedgerService } from '../ledger/ledger.service';
import type { MessagesService } from '../messages/messages.service';
import type { WalletService } from '../wallet/wallet.service';
import type { AdjustmentsRepository, RecordedAdjustment } from './adjustments.repository';

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
    const recorded =
      (await this.repository.findByReference(reference)) ??
      (await this.execute(userId, body, reference, admin));
    if (!sameAdjustment(recorded, userId, body)) throw new AppError('idempotencyConflict');
    const result = resultOf(recorded, body);

    const firstRun = await this.repository.transaction(async (repository) => {
      await repository.lockUser(userId);
      if (await repository.isAudited(actor.action, result.id)) return false;
      await repository.appendAudit({
        adminId: actor.adminId,
        action: actor.action,
        targetType: 'user',
        targetId: String(userId),
        before: null,
        after: {
          transactionId: result.id,
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
    const recorded = { reference, actor, memo: body.reason };
    const funds = { userId, account: body.account, asset: body.asset, amount: body.amount };
    await this.ledger.execute(
      body.direction === 'add'
        ? { type: 'credit', kind: 'system_add', from: 'adjustments', ...funds, ...recorded }
        : { type: 'debit', kind: 'system_debit', to: 'adjustments', ...funds, ...recorded },
    );
    const written = await this.repository.findByReference(reference);
    if (!written) throw new Error(`the adjustment ${reference} was written but cannot be found`);
    return written;
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
    userId: recorded.userId,
    direction: body.direction,
    account: body.account,
    asset: recorded.asset,
    amount: formatAmount((posted < 0n ? -posted : posted) as Units, recorded.precision),
    createdAt: recorded.createdAt.toISOString(),
  };
}
