import { Notices } from '@kestrel/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import {
  currentNotice,
  dismissNotice,
  NOTICE_DURATION_MS,
  subscribeNotice,
} from '../components/notice/noticeStore';
import { i18n } from '../i18n/i18n';
import { useStoredPreferencesSync } from '../i18n/useLanguage';
import { FirstPaintTestId as TestId } from '../testIds.firstPaint';
import { createQueryClient } from './queryClient';
import { AppRoutes } from './router';

function PreferencesSync() {
  useStoredPreferencesSync();
  return null;
}

/** The top notice: one at a time, a newer one replacing it, gone after a moment. */
function TopNotice() {
  const notice = useSyncExternalStore(subscribeNotice, currentNotice, currentNotice);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => dismissNotice(notice.id), NOTICE_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  return <Notices notices={notice ? [notice] : []} onDismiss={dismissNotice} testId={TestId.notice} />;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <PreferencesSync />
        <TopNotice />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
