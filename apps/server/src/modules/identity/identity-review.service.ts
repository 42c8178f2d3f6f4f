import {
  type AdminIdentityDetail,
  type AdminIdentitySummary,
  type AdminPage,
  type ApproveBody,
  adminUploadUrl,
  type CountryCode,
  type RejectBody,
} from '@kestrel/contract';
import { AppError } from '../../http/app-error';
import type { Actor } from '../admin';
import type { MessagesService } from '../messages';
import { type Decision, decideOnce, type QueueFilter } from '../review';
import type { IdentityRepository, IdentityRow } from './identity.repository';

type UserContact = { userEmail: string | null; userPhone: string | null };

function toSummary(row: IdentityRow, user: UserContact): AdminIdentitySummary {
  return {
    id: row.id,
    userId: row.userId,
    userEmail: user.userEmail,
    userPhone: user.userPhone,
    documentType: row.documentType,
    realName: row.realName,
    nation: row.nation as CountryCode,
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** The identity queue of the back office: reviewers list, open, approve and reject submissions. */
export class IdentityReviewService {
  constructor(
    private readonly repository: IdentityRepository,
    private readonly messages: Pick<MessagesService, 'notify'>,
  ) {}

  async list(filter: QueueFilter): Promise<AdminPage<AdminIdentitySummary>> {
    const { rows, total } = await this.repository.page(filter);
    return { items: rows.map(({ submission, ...user }) => toSummary(submission, user)), total };
  }

  async detail(id: number): Promise<AdminIdentityDetail> {
    const found = await this.repository.findForReview(id);
    if (!found) throw new AppError('notFound');
    const { submission, reviewerEmail, ...user } = found;
    const earlier = await this.repository.earlierThan(submission.userId, submission.id);
    return {
      ...toSummary(submission, user),
      documentNumber: submission.documentNumber,
      address: submission.address,
      frontUrl: adminUploadUrl(submission.frontUploadId),
      backUrl: submission.backUploadId ? adminUploadUrl(submission.backUploadId) : null,
      rejectionReason: submission.rejectionReason,
      reviewer:
        submission.reviewerAdminId !== null && reviewerEmail !== null
          ? { id: submission.reviewerAdminId, email: reviewerEmail }
          : null,
      history: earlier.map((row) => ({ ...toSummary(row, user), rejectionReason: row.rejectionReason })),
    };
  }

  approve(id: number, body: ApproveBody, actor: Actor): Promise<AdminIdentityDetail> {
    return this.decide(id, { status: 'approved', note: body.note }, actor);
  }

  reject(id: number, body: RejectBody, actor: Actor): Promise<AdminIdentityDetail> {
    return this.decide(id, { status: 'rejected', reason: body.reason }, actor);
  }

  private async decide(id: number, decision: Decision, actor: Actor): Promise<AdminIdentityDetail> {
    if (actor.adminId === null) throw new Error('a review decision needs the deciding admin');
    const adminId = actor.adminId;
    const decided = await decideOnce(this.repository, actor, { type: 'identity', id }, decision, {
      decide: (repository) => repository.decide(id, decision, adminId),
      exists: (repository) => repository.exists(id),
    });
    // After the commit: the message centre writes through its own repository, and a decision must not be
    // undone because its notice could not be stored.
    if (decision.status === 'approved') await this.messages.notify(decided.userId, 'identityApproved', {});
    else await this.messages.notify(decided.userId, 'identityRejected', { reason: decision.reason });
    return this.detail(id);
  }
}
