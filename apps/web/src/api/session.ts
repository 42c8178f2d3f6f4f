import type { CodePurpose, LoginBody, RegisterBody, ResetBody, SessionResult } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinStoredVisitor } from '../features/service/visitorToken';
import { clearStorage, readSession, saveSignIn } from '../session/storage';
import { api } from './http';
import { userKeys } from './user';

function useSignedIn() {
  const queryClient = useQueryClient();
  return (result: SessionResult) => {
    saveSignIn(result.token, result.user);
    queryClient.setQueryData(userKeys.info(), result.user);
    // A visitor who chatted on /user/online keeps the conversation in the account (the token is then dropped).
    void joinStoredVisitor();
  };
}

export function useLoginMutation() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: LoginBody) => api.call(routes.login, { body }),
    onSuccess: signedIn,
  });
}

export function useRegisterMutation() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: RegisterBody) => api.call(routes.register, { body }),
    onSuccess: signedIn,
  });
}

export function useSendCodeMutation(purpose: CodePurpose) {
  return useMutation({
    mutationFn: (account: string) => api.call(routes.sendCode, { body: { account, purpose } }),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: ResetBody) => api.call(routes.resetPassword, { body }),
  });
}

/**
 * Ends the session on the server (a failure is ignored: the token is dropped either way) and locally. In a demo
 * twin both sessions end: the twin's and the real one kept beside it (decision 0055).
 */
export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { token, realToken } = readSession();
      const tokens = [token, realToken].filter((each) => each !== '');
      await Promise.all(
        tokens.map((each) =>
          api.call(routes.logout, {}, { quiet: true, headers: { Authorization: each } }).catch(() => null),
        ),
      );
    },
    onSettled: () => {
      clearStorage();
      queryClient.clear();
    },
  });
}
