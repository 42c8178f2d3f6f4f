import {
  type CodePurpose,
  type LoginBody,
  type RegisterBody,
  type ResetBody,
  type SessionResult,
  sendCodeResult,
  sessionResult,
} from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearStorage, saveSignIn } from '../session/storage';
import { api } from './http';
import { userKeys } from './user';

function useSignedIn() {
  const queryClient = useQueryClient();
  return (result: SessionResult) => {
    saveSignIn(result.token, result.user);
    queryClient.setQueryData(userKeys.info(), result.user);
  };
}

export function useLoginMutation() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post('/api/auth/login', body, sessionResult),
    onSuccess: signedIn,
  });
}

export function useRegisterMutation() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post('/api/auth/register', body, sessionResult),
    onSuccess: signedIn,
  });
}

export function useSendCodeMutation(purpose: CodePurpose) {
  return useMutation({
    mutationFn: (account: string) => api.post('/api/auth/code', { account, purpose }, sendCodeResult),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: ResetBody) => api.post('/api/auth/reset', body),
  });
}

/** Ends the session on the server (a failure is ignored: the token is dropped either way) and locally. */
export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/auth/logout', undefined, undefined, { quiet: true }).catch(() => null),
    onSettled: () => {
      clearStorage();
      queryClient.clear();
    },
  });
}
