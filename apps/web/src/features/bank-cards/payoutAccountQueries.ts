import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** A review takes a person's time; coming back to a payout-account screen after this long asks again. */
export const PAYOUT_ACCOUNTS_STALE_MS = 30_000;

/**
 * The reads and changes of one kind of payout account (bank cards, crypto wallets): the user's list, binding one
 * and deleting one, which refresh the list. Each kind gives its own calls.
 */
export function payoutAccountQueries<List, Body>(
  name: string,
  calls: {
    list: () => Promise<List>;
    bind: (body: Body) => Promise<unknown>;
    remove: (id: number) => Promise<unknown>;
  },
) {
  const keys = { all: [name] as const, mine: () => [name, 'mine'] as const };

  function useAccounts() {
    return useQuery({ queryKey: keys.mine(), queryFn: calls.list, staleTime: PAYOUT_ACCOUNTS_STALE_MS });
  }

  function useBind() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: calls.bind,
      onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
    });
  }

  function useDelete() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: calls.remove,
      onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
    });
  }

  return { useAccounts, useBind, useDelete };
}
