import type {
  ChangePasswordBody,
  ChangeSecurityPasswordBody,
  PublicUser,
  SetSecurityPasswordBody,
  UpdateProfileBody,
} from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveUserInfo } from '../session/storage';
import { api } from './http';
import { userKeys } from './user';

/** Nickname and avatar; the answer is the updated user, kept in the cache and in local storage. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.call(routes.updateProfile, { body }),
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
    mutationFn: (body: ChangePasswordBody) => api.call(routes.changePassword, { body }),
  });
}

/** Sets the security password (first time, with the login password) or changes it (with the old one). */
export function useSecurityPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetSecurityPasswordBody | ChangeSecurityPasswordBody) =>
      api.call(routes.setSecurityPassword, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.info() }),
  });
}
