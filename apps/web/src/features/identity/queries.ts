import type { IdentitySubmissionBody, IdentityView } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http';
import { userKeys } from '../../api/user';

export const identityKeys = {
  all: ['identity'] as const,
  mine: () => [...identityKeys.all, 'mine'] as const,
};

/** A review takes a person's time; coming back to the screen after this long asks again. */
export const IDENTITY_STALE_MS = 30_000;

/** The signed-in user's verification: its status and the latest submission. */
export function useIdentityQuery() {
  return useQuery({
    queryKey: identityKeys.mine(),
    queryFn: () => api.call(routes.getIdentity),
    staleTime: IDENTITY_STALE_MS,
  });
}

/**
 * Sends the documents. The answer (now under certification) replaces the cached view, and the user info is
 * refetched because the Mine screen shows the status from it. A refusal (already verified, under review)
 * means this screen is out of date, so the view is refetched too.
 */
export function useSubmitIdentityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IdentitySubmissionBody) => api.call(routes.submitIdentity, { body }),
    onSuccess: (view: IdentityView) => queryClient.setQueryData(identityKeys.mine(), view),
    onError: () => queryClient.invalidateQueries({ queryKey: identityKeys.mine() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.info() }),
  });
}
