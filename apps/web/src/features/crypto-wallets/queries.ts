import type { CryptoWalletBody } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
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
    queryFn: () => api.call(routes.listCryptoWallets),
    staleTime: CRYPTO_WALLETS_STALE_MS,
  });
}

export function useBindCryptoWalletMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CryptoWalletBody) => api.call(routes.bindCryptoWallet, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cryptoWalletKeys.all }),
  });
}

export function useDeleteCryptoWalletMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(routes.deleteCryptoWallet, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cryptoWalletKeys.all }),
  });
}
