import { AppError } from '../../http/app-error';
import { type Actor, type Audited, withAudit } from '../admin';
import type { Decision } from './review-queue';

/** What the audit log keeps as the reason: the rejection's reason, or the approval's note when one was given. */
function auditReason(decision: Decision): string | null {
  return decision.status === 'rejected' ? decision.reason : (decision.note ?? null);
}

/**
 * Applies a reviewer's decision once, with its audit entry in the same transaction. `decide` is the queue's
 * conditional UPDATE (see `stillPending`), plus whatever else the decision does in that transaction; when it
 * changes no row, the item was either decided already (409, reviewNotPending) or never existed (404).
 */
export function decideOnce<R extends Audited<R>, Row extends { status: string }>(
  repository: R,
  actor: Actor,
  target: { type: string; id: number },
  decision: Decision,
  steps: {
    decide: (repository: R) => Promise<Row | undefined>;
    exists: (repository: R) => Promise<boolean>;
  },
): Promise<Row> {
  return withAudit(repository, actor, target, auditReason(decision), async (inTransaction) => {
    const decided = await steps.decide(inTransaction);
    if (!decided) {
      throw new AppError((await steps.exists(inTransaction)) ? 'reviewNotPending' : 'notFound');
    }
    return {
      before: { status: 'pending' },
      after: {
        status: decided.status,
        ...(decision.status === 'rejected' ? { rejectionReason: decision.reason } : {}),
      },
      result: decided,
    };
  });
}
