import { checkAnswer, createClient } from '@kestrel/client';
import { navigateTo } from '../app/navigation';
import { HOME_PATH, LOGIN_PATH } from '../app/paths';
import { showNotice } from '../components/notice/noticeStore';
import { i18n } from '../i18n/i18n';
import { clearStorage, getLanguage, getToken, restoreRealSession } from '../session/storage';

/** The app's request client, wired to the stored session, the top notice and the router. */
export const api = createClient({
  fetch: (input, init) => window.fetch(input, init),
  baseUrl: (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, ''),
  getToken,
  getLanguage,
  notify: showNotice,
  texts: {
    network: () => i18n.t('notice.network'),
    unauthorized: () => i18n.t('notice.unauthorized'),
    systemBusy: () => i18n.t('notice.systemBusy'),
  },
  onUnauthorized: () => {
    // A demo twin's session ended (closed unused): the real session kept beside it is still there to go back to.
    if (restoreRealSession()) {
      navigateTo(HOME_PATH);
      return;
    }
    clearStorage();
    navigateTo(LOGIN_PATH);
  },
  // Answers are checked against the contract while developing and in tests; production trusts the server.
  ...(import.meta.env.DEV ? { check: checkAnswer } : {}),
});
