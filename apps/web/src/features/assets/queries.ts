import { routes } from '@kestrel/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';

/** Every wallet read shares this prefix, so that a money move refreshes all of them at once. */
export const walletKeys = {
  all: ['wallet'] as const,
  assets: () => [...walletKeys.all, 'assets'] as const,
  balances: () => [...walletKeys.all, 'balances'] as const,
  records: (type: string, asset: string) => [...walletKeys.all, 'records', type, asset] as const,
};

/** Balances change only through the user's own actions or a review, so a short staleness is enough. */
export const WALLET_STALE_MS = 10_000;

export function useAssetsQuery() {
  return useQuery({
    queryKey: walletKeys.assets(),
    queryFn: () => api.call(routes.getAssetsOverview),
    staleTime: WALLET_STALE_MS,
  });
}

export function useBalancesQuery() {
  return useQuery({
    queryKey: walletKeys.balances(),
    queryFn: () => api.call(routes.getWalletBalances),
    select: (data) => data.balances,
    staleTime: WALLET_STALE_MS,
  });
}
