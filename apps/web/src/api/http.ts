import { navigateTo } from '../app/navigation';
import { showNotice } from '../components/notice/noticeStore';
import { i18n } from '../i18n/i18n';
import { clearStorage, getLanguage, getToken } from '../session/storage';
import { createApiClient } from './client';

/** The app's request client, wired to the stored session, the top notice and the router. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  baseUrl: (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, ''),
  getToken,
  getLanguage,
  notify: showNotice,
  translate: (key) => i18n.t(key),
  navigate: navigateTo,
  clearStorage,
});
