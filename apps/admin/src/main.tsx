import '@kestrel/ui/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getLanguage } from './api/storage';
import { App } from './app/App';
import { initI18n } from './i18n/i18n';

const container = document.getElementById('root');
if (container) {
  void initI18n(getLanguage()).then(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
