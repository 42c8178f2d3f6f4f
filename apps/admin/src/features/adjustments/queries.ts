import { type AdjustmentBody, routes } from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../app/api';

export const adjustmentKeys = {
  balances: (userId: number) => ['balances', userId] as const,
};

export function useUserBalances(userId: number | undefined) {
  return useQuery({
    queryKey: adjustmentKeys.balances(userId ?? 0),
    queryFn: () => client.call(routes.getUserBalances, { params: { id: userId } }),
    select: (data) => data.balances,
    enabled: userId !== undefined,
  });
}

/** One adjustment as confirmed by the operator, with the key that makes sending it again harmless. */
export type AdjustmentAttempt = { body: AdjustmentBody; key: string };

export function useAdjustment(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: AdjustmentAttempt) =>
      client.call(routes.adjustUserBalance, { params: { id: userId }, body }, { idempotencyKey: key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adjustmentKeys.balances(userId) }),
  });
}
