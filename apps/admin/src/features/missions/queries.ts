import type { CallData } from '@kestrel/client';
import { type AdminMissionBody, routes } from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../app/api';

export type AdminMissionList = CallData<typeof routes.listAdminMissions>;
export type AdminMission = AdminMissionList['items'][number];

export const missionKeys = { list: ['missions', 'admin'] as const };

/** Every task with its settings, claims and rewards paid, and the rewards account's position per asset. */
export function useAdminMissions() {
  return useQuery({ queryKey: missionKeys.list, queryFn: () => client.call(routes.listAdminMissions) });
}

/** Adds a task, or changes one (`id`); the list is read again. */
export function useSaveMission(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminMissionBody) =>
      id === null
        ? client.call(routes.createMission, { body })
        : client.call(routes.updateMission, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: missionKeys.list }),
  });
}
