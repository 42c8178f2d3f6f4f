import type { PublicUser, SessionResult } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { restoreRealSession, saveDemoTwin, saveSignIn } from '../session/storage';
import { api } from './http';
import { userKeys } from './user';

/**
 * Demo accounts (issue 23, decision 0055): an anonymous one started from the login or register screen, and a
 * signed-in user's twin, switched to and back without signing in again. Every switch changes whose data the
 * query cache holds, so it is emptied and the new account's user put in.
 */

export const demoKeys = {
  all: ['demo'] as const,
  account: () => [...demoKeys.all, 'account'] as const,
};

function useSwitchedTo() {
  const queryClient = useQueryClient();
  return (user: PublicUser | null) => {
    queryClient.clear();
    if (user) queryClient.setQueryData(userKeys.info(), user);
  };
}

/** One tap, no e-mail: an anonymous demo account with virtual USDT, signed in. */
export function useStartDemoMutation() {
  const switchedTo = useSwitchedTo();
  return useMutation({
    mutationFn: () => api.call(routes.startDemo),
    onSuccess: (result: SessionResult) => {
      saveSignIn(result.token, result.user);
      switchedTo(result.user);
    },
  });
}

/** From the real account to its demo twin; the real session stays open and is kept to come back to. */
export function useOpenDemoTwinMutation() {
  const switchedTo = useSwitchedTo();
  return useMutation({
    mutationFn: () => api.call(routes.openDemoTwin),
    onSuccess: (result: SessionResult) => {
      saveDemoTwin(result.token, result.user);
      switchedTo(result.user);
    },
  });
}

/** From the demo twin back to the real account, whose session was kept: no request, no signing in. */
export function useBackToReal() {
  const switchedTo = useSwitchedTo();
  return () => {
    const restored = restoreRealSession();
    if (restored) switchedTo(null);
    return restored;
  };
}

/** The demo account of the session: its starting balance and resets. */
export function useDemoAccountQuery(enabled: boolean) {
  return useQuery({
    queryKey: demoKeys.account(),
    queryFn: () => api.call(routes.getDemoAccount),
    enabled,
  });
}

/** Cancels open orders, closes positions and gives the starting balance again; every balance is then stale. */
export function useResetDemoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(routes.resetDemo),
    onSuccess: (result) => {
      void queryClient.invalidateQueries();
      queryClient.setQueryData(demoKeys.account(), result.account);
    },
  });
}
