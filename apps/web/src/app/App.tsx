import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { NoticeViewport } from '../components/notice/NoticeViewport';
import { i18n } from '../i18n/i18n';
import { useStoredPreferencesSync } from '../i18n/useLanguage';
import { createQueryClient } from './queryClient';
import { AppRoutes } from './router';

function PreferencesSync() {
  useStoredPreferencesSync();
  return null;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <PreferencesSync />
        <NoticeViewport />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
