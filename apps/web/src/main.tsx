import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { findRoute, ROOT_REDIRECT } from './app/routes';
import { initI18n } from './i18n/i18n';
import { getLanguage } from './session/storage';
import { startTheme } from './theme/theme';

startTheme();

const container = document.getElementById('root');
if (container) {
  // The opening screen's code downloads beside the catalogue instead of after it (one round trip less on phones).
  const { pathname } = window.location;
  void findRoute(pathname === '/' ? ROOT_REDIRECT : pathname)
    ?.screen?.()
    .catch(() => undefined);
  // The first paint waits for the stored language's catalogue, so no screen flashes in another language.
  void initI18n(getLanguage()).then(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
