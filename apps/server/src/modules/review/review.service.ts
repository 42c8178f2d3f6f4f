import type { AdminPage, RejectBody } from '@kestrel/contract';
import { AppError } from '../../http/app-error';
import { type Actor, type Audited, withAudit } from '../admin';
import type { ReviewKind } from './review-kind';
import type { ApprovalBody, Decision, QueueFilter } from './review-queue';

/** What the audit log keeps as the reason: the rejection's reason, or the approval's note when one was given. */
function auditReason(decision: Decision): string | null {
  return decision.status === 'rejected' ? decision.reason : (decision.note ?? null);
}

/**
 * One review queue of the back office, run from its kind's description: reviewers list, open, approve and reject
 * its items. A decision lands once, with its audit entry in the same transaction: of two reviewers deciding at
 * the same moment, the second finds the item decided (409, reviewNotPending); an item that never existed is 404.
 * The user is told after the commit, through the message centre's own repository, so that a decision is never
 * undone because its notice could not be stored.
 */
export class ReviewQueue<R extends Audited<R>, Summary, Detail, Approval extends ApprovalBody, Decided> {
  constructor(readonly kind: ReviewKind<R, Summary, Detail, Approval, Decided>) {}

  list(filter: QueueFilter): Promise<AdminPage<Summary>> {
    return this.kind.page(filter);
  }

  detail(id: number): Promise<Detail> {
    return this.kind.detail(id);
  }

  approve(id: number, body: Approval, actor: Actor): Promise<Detail> {
    return this.decide(id, { ...body, status: 'approved' }, actor);
  }

  reject(id: number, body: RejectBody, actor: Actor): Promise<Detail> {
    return this.decide(id, { status: 'rejected', reason: body.reason }, actor);
  }

  private async decide(id: number, decision: Decision<Approval>, actor: Actor): Promise<Detail> {
    const { kind } = this;
    const adminId = actor.adminId;
    if (adminId === null) throw new Error('a review decision needs the deciding admin');
    const decided = await withAudit(
      kind.repository,
      actor,
      { type: kind.target, id },
      auditReason(decision),
      async (repository) => {
        const change = await kind.decide(repository, id, decision, adminId);
        if (!change)
          throw new AppError((await kind.exists(repository, id)) ? 'reviewNotPending' : 'notFound');
        return change;
      },
    );
    await kind.notify(decided, decision);
    return kind.detail(id);
  }
}
