import type { MissionView } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api/http';
import { walletKeys } from '../assets/queries';

/** Every mission hall read shares this prefix. */
export const missionKeys = {
  all: ['missions'] as const,
  list: () => [...missionKeys.all, 'list'] as const,
};

/** Progress follows trades and deposits made elsewhere; the hall asks again when it is opened a little later. */
export const MISSIONS_STALE_MS = 15_000;

export function useMissionsQuery() {
  return useQuery({
    queryKey: missionKeys.list(),
    queryFn: () => api.call(routes.listMissions),
    staleTime: MISSIONS_STALE_MS,
  });
}

/** Reads the list again (a deadline passed on screen). */
export function useMissionsRefresh(): () => void {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: missionKeys.list() }),
    [queryClient],
  );
}

/** One claim: the task and the Idempotency-Key that makes resending it harmless. */
export type MissionClaim = { id: string; key: string };

/**
 * Claims a finished task's reward. The claimed task replaces its old self in the list at once; the list (a
 * repeated task may have started a new cycle) and the balances the reward went to are read again.
 */
export function useClaimMissionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, key }: MissionClaim) =>
      api.call(routes.claimMission, { params: { id } }, { idempotencyKey: key }),
    onSuccess: (claimed) => {
      queryClient.setQueryData<{ items: MissionView[]; identityVerified: boolean }>(
        missionKeys.list(),
        (list) =>
          list && {
            ...list,
            items: list.items.map((mission) => (mission.id === claimed.id ? claimed : mission)),
          },
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: missionKeys.list() });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
