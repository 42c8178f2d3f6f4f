import type { ApproveBody } from '@kestrel/contract';
import { AppError } from '../../http/app-error';
import type { MessagesService } from '../messages';
import { type ReviewKind, reviewerOf, statusChange } from '../review';
import type { BindBody, PayoutAccountKind } from './payout-account-kind';
import type { PayoutAccountsRepository, PayoutRow, PayoutTable } from './payout-accounts.repository';

/** The back office's queue of one kind of payout account: reviewers list, open, approve and reject accounts. */
export function payoutAccountReview<T extends PayoutTable, Body extends BindBody, View, Summary, Detail>(
  kind: PayoutAccountKind<T, Body, View, Summary, Detail>,
  repository: PayoutAccountsRepository<T>,
  messages: Pick<MessagesService, 'notify'>,
): ReviewKind<PayoutAccountsRepository<T>, Summary, Detail, ApproveBody, PayoutRow<T>> {
  const { endpoints } = kind;
  return {
    endpoints: {
      list: endpoints.submissions,
      detail: endpoints.submission,
      approve: endpoints.approve,
      reject: endpoints.reject,
    },
    target: kind.target,
    repository,

    async page(filter) {
      const { rows, total } = await repository.page(filter);
      return { items: rows.map(({ account, ...user }) => kind.toSummary(account, user)), total };
    },

    async detail(id) {
      const found = await repository.findForReview(id);
      if (!found) throw new AppError('notFound');
      const { account, reviewerEmail, ...user } = found;
      const earlier = await repository.earlierThan(account.userId, account.id);
      return kind.toDetail(account, user, {
        rejectionReason: account.rejectionReason,
        reviewer: reviewerOf(account.reviewerAdminId, reviewerEmail),
        history: earlier.map((row) => ({
          ...kind.toSummary(row, user),
          rejectionReason: row.rejectionReason,
        })),
      });
    },

    decide: async (inTransaction, id, decision, adminId) =>
      statusChange(await inTransaction.decide(id, decision, adminId), decision),
    exists: (inTransaction, id) => inTransaction.exists(id),
    notify: (decided, decision) => kind.notify(messages, decided, decision),
  };
}
