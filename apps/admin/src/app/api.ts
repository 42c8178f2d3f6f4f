import { ApiError, checkAnswer, createClient } from '@kestrel/client';
import { ERRORS } from '@kestrel/contract';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { clearToken, getLanguage, getToken } from '../api/storage';
import { i18n } from '../i18n/i18n';
import { notify } from './notices';

/** Set by the router once it exists (paths relative to /admin); until then a full page load does the same. */
let navigateTo: (path: string) => void = (path) => window.location.assign(`/admin${path}`);

export function setNavigation(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      // While TOTP is required and not yet enrolled the server answers only /me and /totp/*: go and enrol.
      if (error instanceof ApiError && error.code === ERRORS.totpEnrolmentRequired.code) navigateTo('/enrol');
    },
  }),
  defaultOptions: {
    // A failed call has already shown its notice; retrying would show it again.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** Ends the admin session: the console forgets the token and its data, and shows its login. */
function endSession(): void {
  clearToken();
  queryClient.clear();
  navigateTo('/login');
}

/** The console's request client: every call goes through its endpoint's route (`client.call(routes.X, …)`). */
export const client = createClient({
  fetch: (input, init) => fetch(input, init),
  baseUrl: '',
  getToken,
  getLanguage,
  notify,
  texts: {
    network: () => i18n.t('admin.notice.network'),
    unauthorized: () => i18n.t('admin.notice.unauthorized'),
    systemBusy: () => i18n.t('admin.notice.systemBusy'),
  },
  onUnauthorized: endSession,
  // A wrong password at sign-in is also a 401, with a message of its own.
  serverWordsUnauthorized: true,
  check: import.meta.env.DEV ? checkAnswer : undefined,
});
