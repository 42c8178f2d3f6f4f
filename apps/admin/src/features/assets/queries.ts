import type {
  AdminAssets,
  AdminBankAccount,
  AdminNetwork,
  BankAccountBody,
  NetworkCreateBody,
  NetworkUpdateBody,
} from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';

export const assetKeys = { all: ['assets'] as const };

/** Every asset with its networks, enabled or not. */
export function useAssets() {
  return useQuery({ queryKey: assetKeys.all, queryFn: () => api.get<AdminAssets>('/assets') });
}

export function useUpdateNetwork(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NetworkUpdateBody) => api.patch<AdminNetwork>(`/networks/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: assetKeys.all }),
  });
}

export function useCreateNetwork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NetworkCreateBody) => api.post<AdminNetwork>('/networks', body),
    onSuccess: () => client.invalidateQueries({ queryKey: assetKeys.all }),
  });
}

/** Sets the platform bank account that takes bank transfers for an asset. */
export function useSetBankAccount(asset: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BankAccountBody) => api.put<AdminBankAccount>(`/bank-accounts/${asset}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: assetKeys.all }),
  });
}
