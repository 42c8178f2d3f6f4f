import type { BankCardBody } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http';

export const bankCardKeys = {
  all: ['bank-cards'] as const,
  mine: () => [...bankCardKeys.all, 'mine'] as const,
};

/** A review takes a person's time; coming back to the screen after this long asks again. */
export const BANK_CARDS_STALE_MS = 30_000;

export function useBankCardsQuery() {
  return useQuery({
    queryKey: bankCardKeys.mine(),
    queryFn: () => api.call(routes.listBankCards),
    staleTime: BANK_CARDS_STALE_MS,
  });
}

export function useBindBankCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankCardBody) => api.call(routes.bindBankCard, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankCardKeys.all }),
  });
}

export function useDeleteBankCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(routes.deleteBankCard, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankCardKeys.all }),
  });
}
