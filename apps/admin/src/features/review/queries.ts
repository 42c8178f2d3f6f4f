import { type AnyRoute, type CallOptions, useIdempotentSubmission } from '@kestrel/client';
import {
  ADMIN_PAGE_SIZE,
  type AdminPage,
  type ApproveBody,
  type RejectBody,
  type ReviewStatus,
  type WithdrawalApproveBody,
} from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../app/api';

/**
 * Every review queue has the same four endpoints: the list filtered by status, one item, approve and reject; the
 * console shows it at /<queue> and /<queue>/:id. A kind's description (ReviewKind) names its queue here.
 */
const queueRoutes = {
  identity: {
    list: routes.listIdentitySubmissions,
    item: routes.getIdentitySubmission,
    approve: routes.approveIdentity,
    reject: routes.rejectIdentity,
  },
  'bank-cards': {
    list: routes.listBankCardSubmissions,
    item: routes.getBankCardSubmission,
    approve: routes.approveBankCard,
    reject: routes.rejectBankCard,
  },
  'crypto-wallets': {
    list: routes.listCryptoWalletSubmissions,
    item: routes.getCryptoWalletSubmission,
    approve: routes.approveCryptoWallet,
    reject: routes.rejectCryptoWallet,
  },
  deposits: {
    list: routes.listDepositReviews,
    item: routes.getDepositReview,
    approve: routes.approveDeposit,
    reject: routes.rejectDeposit,
  },
  withdrawals: {
    list: routes.listWithdrawalReviews,
    item: routes.getWithdrawalReview,
    approve: routes.approveWithdrawal,
    reject: routes.rejectWithdrawal,
  },
  // Proposals are decided in their list; there is no item page.
  'adjustment-proposals': {
    list: routes.listAdjustmentProposals,
    approve: routes.approveAdjustment,
    reject: routes.rejectAdjustment,
  },
} satisfies Record<string, Record<'list' | 'approve' | 'reject', AnyRoute> & { item?: AnyRoute }>;

export type ReviewQueueName = keyof typeof queueRoutes;

/** The queues share one shape, so one call serves them all; each kind names the type of its own rows. */
const callQueue = client.call as (route: AnyRoute, input: object, options?: CallOptions) => Promise<unknown>;

/** What every queue item carries, whatever else the queue shows. */
export type ReviewItem = { id: number; status: ReviewStatus };

export type ReviewFilter = { status: ReviewStatus; q: string; page: number };

/** Approval sends an optional note, and a withdrawal's the reference of its payment too; rejection, a reason. */
export type ReviewDecision =
  | { kind: 'approve'; body: ApproveBody | WithdrawalApproveBody }
  | { kind: 'reject'; body: RejectBody };

export const reviewKeys = {
  queue: (queue: ReviewQueueName) => ['review', queue] as const,
  list: (queue: ReviewQueueName, filter: ReviewFilter) => ['review', queue, 'list', filter] as const,
  item: (queue: ReviewQueueName, id: number) => ['review', queue, 'item', id] as const,
};

export function useReviewList<T extends ReviewItem>(queue: ReviewQueueName, filter: ReviewFilter) {
  return useQuery({
    queryKey: reviewKeys.list(queue, filter),
    // The table keeps the last page while the next loads, instead of blinking to empty.
    placeholderData: keepPreviousData,
    queryFn: () =>
      callQueue(queueRoutes[queue].list, {
        query: { status: filter.status, q: filter.q, page: filter.page, pageSize: ADMIN_PAGE_SIZE },
      }) as Promise<AdminPage<T>>,
  });
}

export function useReviewItem<T extends ReviewItem>(queue: ReviewQueueName, id: number) {
  return useQuery({
    queryKey: reviewKeys.item(queue, id),
    queryFn: () => {
      const routesOfQueue = queueRoutes[queue];
      if (!('item' in routesOfQueue)) throw new Error(`${queue} has no item page`);
      return callQueue(routesOfQueue.item, { params: { id } }) as Promise<T>;
    },
  });
}

export function useReviewDecision(queue: ReviewQueueName, id: number) {
  const client = useQueryClient();
  // The same decision sent again (a retry after a lost answer) gets the first answer, and money moves once.
  const attempts = useIdempotentSubmission((decision: ReviewDecision) => decision);
  return useMutation({
    mutationFn: (decision: ReviewDecision) =>
      callQueue(
        queueRoutes[queue][decision.kind],
        { params: { id }, body: decision.body },
        { idempotencyKey: attempts.keyFor(decision) },
      ),
    // Also after a refusal: a 409 means another reviewer decided first, and the page should show their outcome.
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: reviewKeys.queue(queue) });
      // A user's page shows their review outcomes too.
      await client.invalidateQueries({ queryKey: ['user'] });
    },
  });
}
