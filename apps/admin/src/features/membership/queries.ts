import { type AdminMembershipBody, routes } from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../app/api';

export const membershipKeys = { admin: ['membership', 'admin'] as const };

/** The levels, the grace period, the members per level at the last snapshot. */
export function useAdminMembership() {
  return useQuery({ queryKey: membershipKeys.admin, queryFn: () => client.call(routes.getAdminMembership) });
}

/** Replaces the whole table and the grace period; the answer is the membership as it now stands. */
export function useUpdateMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminMembershipBody) => client.call(routes.updateMembership, { body }),
    onSuccess: (membership) => queryClient.setQueryData(membershipKeys.admin, membership),
  });
}
