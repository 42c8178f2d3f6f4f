import type { BankDepositBody, DepositBody } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http';

export const depositKeys = {
  all: ['deposit'] as const,
  networks: () => [...depositKeys.all, 'networks'] as const,
  bank: () => [...depositKeys.all, 'bank'] as const,
  records: () => [...depositKeys.all, 'records'] as const,
};

/** Operators change networks rarely; a screen opened a minute later may ask again. */
export const NETWORKS_STALE_MS = 60_000;
/** Deposits per page of the records sheet, which loads more on request. */
export const DEPOSIT_RECORDS_PAGE_SIZE = 20;

/** The assets and networks the platform takes deposits on (and withdrawals from). */
export function useNetworksQuery() {
  return useQuery({
    queryKey: depositKeys.networks(),
    queryFn: () => api.call(routes.getWalletNetworks),
    staleTime: NETWORKS_STALE_MS,
  });
}

/** The user's bank transfer reference and the platform bank accounts that take transfers now. */
export function useBankTransferQuery() {
  return useQuery({
    queryKey: depositKeys.bank(),
    queryFn: () => api.call(routes.getBankTransferInfo),
    staleTime: NETWORKS_STALE_MS,
  });
}

/** The user's deposits, newest first, a page at a time. */
export function useDepositRecordsQuery(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: depositKeys.records(),
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.call(routes.listDeposits, { query: { page: pageParam, pageSize: DEPOSIT_RECORDS_PAGE_SIZE } }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total ? pages.length + 1 : undefined;
    },
  });
}

/** A crypto transfer's form or a bank transfer's (which names no network). */
export type AnyDepositBody = DepositBody | BankDepositBody;

/** One submission: the body and the Idempotency-Key that makes sending it again harmless. */
export type DepositAttempt = { body: AnyDepositBody; key: string };

/** Declares a deposit for review, a crypto or a bank transfer by its body; the records list is refetched after. */
export function useSubmitDepositMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: DepositAttempt) =>
      'chain' in body
        ? api.call(routes.submitDeposit, { body }, { idempotencyKey: key })
        : api.call(routes.submitBankDeposit, { body }, { idempotencyKey: key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: depositKeys.records() }),
  });
}
