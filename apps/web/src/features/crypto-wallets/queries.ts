import { type CryptoWalletBody, cryptoWalletList, cryptoWalletView } from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http';

export const cryptoWalletKeys = {
  all: ['crypto-wallets'] as const,
  mine: () => [...cryptoWalletKeys.all, 'mine'] as const,
};

/** A review takes a person's time; coming back to the screen after this long asks again. */
export const CRYPTO_WALLETS_STALE_MS = 30_000;

export function useCryptoWalletsQuery() {
  return useQuery({
    queryKey: cryptoWalletKeys.mine(),
    queryFn: () => api.get('/api/wallet/crypto-wallets', cryptoWalletList),
    staleTime: CRYPTO_WALLETS_STALE_MS,
  });
}

export function useBindCryptoWalletMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CryptoWalletBody) => api.post('/api/wallet/crypto-wallets', body, cryptoWalletView),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cryptoWalletKeys.all }),
  });
}

export function useDeleteCryptoWalletMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request(`/api/wallet/crypto-wallets/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cryptoWalletKeys.all }),
  });
}
