import '@kestrel/ui/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from './api/http';
import { App } from './app/App';
import { ROOT_REDIRECT } from './app/paths';
import { findRoute } from './app/routes';
import { screens } from './app/screens';
import { initI18n } from './i18n/i18n';
import { getLanguage } from './session/storage';
import { startTheme } from './theme/theme';

startTheme();

const container = document.getElementById('root');
if (container) {
  // The opening screen's code downloads beside the catalogue instead of after it, and the data it shows first
  // beside both (round trips saved on phones).
  const { pathname, search } = window.location;
  const opening = findRoute(pathname === '/' ? ROOT_REDIRECT : pathname);
  if (opening?.screen) void screens[opening.screen]().catch(() => undefined);
  const prefetch = opening?.prefetch;
  if (prefetch) {
    void import('@kestrel/contract/routes').then(({ routes }) => {
      for (const path of prefetch(new URLSearchParams(search), routes)) api.prefetch(path);
    });
  }
  // The first paint waits for the stored language's catalogue, so no screen flashes in another language.
  void initI18n(getLanguage()).then(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
