import { type ReferralSettingsBody, routes } from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../app/api';

export const referralKeys = { admin: ['referral', 'admin'] as const };

/** The commission rate, the batch interval, what has been credited and the last batch. */
export function useAdminReferral() {
  return useQuery({ queryKey: referralKeys.admin, queryFn: () => client.call(routes.getAdminReferral) });
}

export function useUpdateReferralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReferralSettingsBody) => client.call(routes.updateReferralSettings, { body }),
    onSuccess: (referral) => queryClient.setQueryData(referralKeys.admin, referral),
  });
}
