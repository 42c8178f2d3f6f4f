import {
  type AdjustmentBody,
  type AdjustmentResult,
  IDEMPOTENCY_KEY_HEADER,
  type WalletBalance,
} from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';

export const adjustmentKeys = {
  balances: (userId: number) => ['balances', userId] as const,
};

export function useUserBalances(userId: number | undefined) {
  return useQuery({
    queryKey: adjustmentKeys.balances(userId ?? 0),
    queryFn: () => api.get<{ balances: WalletBalance[] }>(`/users/${userId}/balances`),
    select: (data) => data.balances,
    enabled: userId !== undefined,
  });
}

/** One adjustment as confirmed by the operator, with the key that makes sending it again harmless. */
export type AdjustmentAttempt = { body: AdjustmentBody; key: string };

export function useAdjustment(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: AdjustmentAttempt) =>
      api.post<AdjustmentResult>(`/users/${userId}/adjustments`, body, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: adjustmentKeys.balances(userId) }),
  });
}
