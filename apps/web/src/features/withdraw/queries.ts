import type { WithdrawalBody } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http';
import { walletKeys } from '../assets/queries';

export const withdrawKeys = {
  all: ['withdraw'] as const,
  targets: () => [...withdrawKeys.all, 'targets'] as const,
  records: () => [...withdrawKeys.all, 'records'] as const,
};

/** Withdrawals per page of the records sheet, which loads more on request. */
export const WITHDRAWAL_RECORDS_PAGE_SIZE = 20;

/** The user's approved wallets and cards, each with what it takes, its terms and the spot funds available. */
export function useWithdrawalTargetsQuery() {
  return useQuery({
    queryKey: withdrawKeys.targets(),
    queryFn: () => api.call(routes.listWithdrawalTargets),
  });
}

/** The user's withdrawals, newest first, a page at a time. */
export function useWithdrawalRecordsQuery(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: withdrawKeys.records(),
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.call(routes.listWithdrawals, {
        query: { page: pageParam, pageSize: WITHDRAWAL_RECORDS_PAGE_SIZE },
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total ? pages.length + 1 : undefined;
    },
  });
}

/** One submission: the body and the Idempotency-Key that makes sending it again harmless. */
export type WithdrawalAttempt = { body: WithdrawalBody; key: string };

/** Asks for a withdrawal; the withdrawable funds, the balances and the records are refetched after. */
export function useSubmitWithdrawalMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: WithdrawalAttempt) =>
      api.call(routes.submitWithdrawal, { body }, { idempotencyKey: key }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: withdrawKeys.all });
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
