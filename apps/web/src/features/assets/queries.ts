import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';
import { lazySchema } from '../../api/lazySchema';

// The home screen's assets card reads these: the schemas load with the answer, not with the first screen.
const assetsOverview = lazySchema(() => import('../../api/schemas').then((m) => m.assetsOverview));
const walletBalances = lazySchema(() => import('../../api/schemas').then((m) => m.walletBalances));

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
    queryFn: () => api.get('/api/wallet/assets', assetsOverview),
    staleTime: WALLET_STALE_MS,
  });
}

export function useBalancesQuery() {
  return useQuery({
    queryKey: walletKeys.balances(),
    queryFn: () => api.get('/api/wallet/balances', walletBalances),
    select: (data) => data.balances,
    staleTime: WALLET_STALE_MS,
  });
}
