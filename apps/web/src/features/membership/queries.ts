import { routes } from '@kestrel/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';

/** Every membership read shares this prefix. */
export const membershipKeys = {
  all: ['membership'] as const,
  mine: () => [...membershipKeys.all, 'mine'] as const,
};

/** Levels change with the daily snapshot; a few minutes old is as good as new. */
export const MEMBERSHIP_STALE_MS = 5 * 60_000;

export function useMembershipQuery() {
  return useQuery({
    queryKey: membershipKeys.mine(),
    queryFn: () => api.call(routes.getMembership),
    staleTime: MEMBERSHIP_STALE_MS,
  });
}
