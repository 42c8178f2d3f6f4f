import { routes } from '@kestrel/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';
import { useCursorPages } from '../../lib/useCursorPages';

/** Every referral read shares this prefix. */
export const referralKeys = {
  all: ['referral'] as const,
  overview: () => [...referralKeys.all, 'overview'] as const,
  invitees: () => [...referralKeys.all, 'invitees'] as const,
  commissions: () => [...referralKeys.all, 'commissions'] as const,
};

/** Commissions are credited in periodic batches, not live: a minute old is fresh enough. */
export const REFERRAL_STALE_MS = 60_000;
export const REFERRAL_PAGE_SIZE = 20;

export function useReferralQuery() {
  return useQuery({
    queryKey: referralKeys.overview(),
    queryFn: () => api.call(routes.getReferral),
    staleTime: REFERRAL_STALE_MS,
  });
}

/** The people who registered with the user's code, masked, newest first. */
export function useReferralInviteesQuery(enabled = true) {
  return useCursorPages({
    queryKey: referralKeys.invitees(),
    read: (cursor) =>
      api.call(routes.listReferralInvitees, {
        query: { limit: REFERRAL_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
      }),
    enabled,
    staleTime: REFERRAL_STALE_MS,
  });
}

/** The commissions credited to the user, one per fee, newest first. */
export function useReferralCommissionsQuery(enabled = true) {
  return useCursorPages({
    queryKey: referralKeys.commissions(),
    read: (cursor) =>
      api.call(routes.listReferralCommissions, {
        query: { limit: REFERRAL_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
      }),
    enabled,
    staleTime: REFERRAL_STALE_MS,
  });
}
