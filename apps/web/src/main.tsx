import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n/i18n';
import { getLanguage } from './session/storage';
import { startTheme } from './theme/theme';

startTheme();

const container = document.getElementById('root');
if (container) {
  // The first paint waits for the stored language's catalogue, so no screen flashes in another language.
  void initI18n(getLanguage()).then(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
