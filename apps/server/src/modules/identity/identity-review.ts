import {
  type AdminIdentityDetail,
  type AdminIdentitySummary,
  type ApproveBody,
  adminUploadUrl,
  type CountryCode,
  endpoints,
} from '@kestrel/contract';
import { AppError } from '../../http/app-error';
import type { MessagesService } from '../messages';
import { type ReviewKind, reviewerOf, statusChange } from '../review';
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
export function identityReview(
  repository: IdentityRepository,
  messages: Pick<MessagesService, 'notify'>,
): ReviewKind<IdentityRepository, AdminIdentitySummary, AdminIdentityDetail, ApproveBody, IdentityRow> {
  return {
    endpoints: {
      list: endpoints.listIdentitySubmissions,
      detail: endpoints.getIdentitySubmission,
      approve: endpoints.approveIdentity,
      reject: endpoints.rejectIdentity,
    },
    target: 'identity',
    repository,

    async page(filter) {
      const { rows, total } = await repository.page(filter);
      return { items: rows.map(({ submission, ...user }) => toSummary(submission, user)), total };
    },

    async detail(id) {
      const found = await repository.findForReview(id);
      if (!found) throw new AppError('notFound');
      const { submission, reviewerEmail, ...user } = found;
      const earlier = await repository.earlierThan(submission.userId, submission.id);
      return {
        ...toSummary(submission, user),
        documentNumber: submission.documentNumber,
        address: submission.address,
        frontUrl: adminUploadUrl(submission.frontUploadId),
        backUrl: submission.backUploadId ? adminUploadUrl(submission.backUploadId) : null,
        rejectionReason: submission.rejectionReason,
        reviewer: reviewerOf(submission.reviewerAdminId, reviewerEmail),
        history: earlier.map((row) => ({ ...toSummary(row, user), rejectionReason: row.rejectionReason })),
      };
    },

    decide: async (inTransaction, id, decision, adminId) =>
      statusChange(await inTransaction.decide(id, decision, adminId), decision),
    exists: (inTransaction, id) => inTransaction.exists(id),

    async notify(decided, decision) {
      if (decision.status === 'approved') await messages.notify(decided.userId, 'identityApproved', {});
      else await messages.notify(decided.userId, 'identityRejected', { reason: decision.reason });
    },
  };
}
