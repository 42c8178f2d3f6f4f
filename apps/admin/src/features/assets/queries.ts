import {
  type BankAccountBody,
  type NetworkCreateBody,
  type NetworkUpdateBody,
  routes,
} from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../app/api';

export const assetKeys = { all: ['assets'] as const };

/** Every asset with its networks, enabled or not. */
export function useAssets() {
  return useQuery({ queryKey: assetKeys.all, queryFn: () => client.call(routes.listAssetNetworks) });
}

export function useUpdateNetwork(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NetworkUpdateBody) => client.call(routes.updateNetwork, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}

export function useCreateNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NetworkCreateBody) => client.call(routes.createNetwork, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}

/** Sets the platform bank account that takes bank transfers for an asset. */
export function useSetBankAccount(asset: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankAccountBody) => client.call(routes.setBankAccount, { params: { asset }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}
