import {
  type ChangePasswordBody,
  type ChangeSecurityPasswordBody,
  type PublicUser,
  publicUser,
  type SetSecurityPasswordBody,
  type UpdateProfileBody,
} from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveUserInfo } from '../session/storage';
import { api } from './http';
import { userKeys } from './user';

/** Nickname and avatar; the answer is the updated user, kept in the cache and in local storage. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.patch('/api/user/profile', body, publicUser),
    onSuccess: (updated: PublicUser) => {
      // The profile answer leaves out what only GET /api/user/info tells, such as the identity status.
      const user = { ...queryClient.getQueryData<PublicUser>(userKeys.info()), ...updated };
      saveUserInfo(user);
      queryClient.setQueryData(userKeys.info(), user);
    },
  });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post<null>('/api/user/password', body),
  });
}

/** Sets the security password (first time, with the login password) or changes it (with the old one). */
export function useSecurityPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetSecurityPasswordBody | ChangeSecurityPasswordBody) =>
      api.post<null>('/api/user/security-password', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.info() }),
  });
}
