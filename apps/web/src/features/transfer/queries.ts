import { IDEMPOTENCY_KEY_HEADER, type TransferBody, transferResult } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http';
import { walletKeys } from '../assets/queries';

/** One transfer attempt: the body and the Idempotency-Key that makes resending it harmless. */
export type TransferAttempt = { body: TransferBody; key: string };

/** Moves funds between the user's accounts; balances, assets and records are all refetched after. */
export function useTransferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: TransferAttempt) =>
      api.post('/api/wallet/transfer', body, transferResult, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
