import type { PublicUser } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { readSession, saveUserInfo } from '../session/storage';
import { api } from './http';

export const userKeys = {
  all: ['user'] as const,
  info: () => [...userKeys.all, 'info'] as const,
};

/** The profile changes rarely; refetch on return to a screen after this long. */
export const USER_INFO_STALE_MS = 30_000;

export async function fetchUserInfo(): Promise<PublicUser> {
  const user = await api.call(routes.getUserInfo);
  saveUserInfo(user);
  return user;
}

/** The signed-in user, starting from the stored copy and refreshing it from GET /api/user/info. */
export function useUserInfoQuery(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: userKeys.info(),
    queryFn: fetchUserInfo,
    staleTime: USER_INFO_STALE_MS,
    enabled: options.enabled ?? true,
    initialData: () => readSession().userInfo ?? undefined,
    initialDataUpdatedAt: 0,
  });
}
