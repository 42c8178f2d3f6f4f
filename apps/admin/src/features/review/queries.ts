import {
  ADMIN_PAGE_SIZE,
  type AdminPage,
  type ApproveBody,
  IDEMPOTENCY_KEY_HEADER,
  type RejectBody,
  type ReviewStatus,
  type WithdrawalApproveBody,
} from '@kestrel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { query } from '../../api/client';
import { api } from '../../app/api';

/**
 * Every review queue answers at the same addresses under /api/admin/<queue>: the list filtered by status, one
 * item, approve and reject; the console shows it at /<queue> and /<queue>/:id. A kind's description
 * (ReviewKind) names its queue here.
 */
export type ReviewQueueName =
  | 'identity'
  | 'bank-cards'
  | 'crypto-wallets'
  | 'deposits'
  | 'withdrawals'
  | 'adjustment-proposals';

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
      api.get<AdminPage<T>>(
        `/${queue}${query({ status: filter.status, q: filter.q, page: filter.page, pageSize: ADMIN_PAGE_SIZE })}`,
      ),
  });
}

export function useReviewItem<T extends ReviewItem>(queue: ReviewQueueName, id: number) {
  return useQuery({ queryKey: reviewKeys.item(queue, id), queryFn: () => api.get<T>(`/${queue}/${id}`) });
}

/**
 * The Idempotency-Key header of a decision: the same for a decision sent again (a retry after a lost answer gets
 * the first answer, and money moves once), a new one for a different decision.
 */
export function useDecisionKey() {
  const attempt = useRef<{ decision: string; key: string } | null>(null);
  return (decision: unknown): Record<string, string> => {
    const fingerprint = JSON.stringify(decision);
    if (attempt.current?.decision !== fingerprint) {
      attempt.current = { decision: fingerprint, key: crypto.randomUUID() };
    }
    return { [IDEMPOTENCY_KEY_HEADER]: attempt.current.key };
  };
}

export function useReviewDecision(queue: ReviewQueueName, id: number) {
  const client = useQueryClient();
  const keyFor = useDecisionKey();
  return useMutation({
    mutationFn: (decision: ReviewDecision) =>
      api.post<unknown>(`/${queue}/${id}/${decision.kind}`, decision.body, { headers: keyFor(decision) }),
    // Also after a refusal: a 409 means another reviewer decided first, and the page should show their outcome.
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: reviewKeys.queue(queue) });
      // A user's page shows their review outcomes too.
      await client.invalidateQueries({ queryKey: ['user'] });
    },
  });
}
