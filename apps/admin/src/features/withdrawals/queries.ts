import type { AdminWithdrawalDetail, RejectBody, WithdrawalApproveBody } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import { reviewKeys, useDecisionKey } from '../review/queries';

export type WithdrawalDecision =
  | { kind: 'approve'; body: WithdrawalApproveBody }
  | { kind: 'reject'; body: RejectBody };

/** Approves (with the payment's reference) or rejects a withdrawal; the queue and the item are refetched. */
export function useWithdrawalDecision(id: number) {
  const client = useQueryClient();
  const keyFor = useDecisionKey();
  return useMutation({
    mutationFn: (decision: WithdrawalDecision) =>
      api.post<AdminWithdrawalDetail>(`/withdrawals/${id}/${decision.kind}`, decision.body, {
        headers: keyFor(decision),
      }),
    // Also after a refusal: a 409 means another reviewer decided first, and the page should show their outcome.
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.queue('withdrawals') }),
  });
}
