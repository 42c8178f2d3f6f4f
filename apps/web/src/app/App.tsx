import { lazy, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { useMenuListSync } from '../features/menus/menuList';
import { i18n } from '../i18n/i18n';
import { useStoredPreferencesSync } from '../i18n/useLanguage';
import { afterNextPaint } from '../lib/afterNextPaint';
import { QueryLayer } from './queryLayer';
import { AppRoutes } from './router';

// The top notices' place joins the page once it has painted; a notice raised before then waits in its store.
const NoticeViewport = lazy(() =>
  afterNextPaint()
    .then(() => import('../components/notice/NoticeViewport'))
    .then((module) => ({ default: module.NoticeViewport })),
);

function PreferencesSync() {
  useStoredPreferencesSync();
  // The menu list (decision 0054) as the app starts and in each language chosen; the router adds its routes.
  useMenuListSync();
  return null;
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryLayer>
        <PreferencesSync />
        <Suspense fallback={null}>
          <NoticeViewport />
        </Suspense>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryLayer>
    </I18nextProvider>
  );
}
