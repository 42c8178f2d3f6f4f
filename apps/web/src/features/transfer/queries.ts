import type { TransferBody } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
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
      api.call(routes.transferFunds, { body }, { idempotencyKey: key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
