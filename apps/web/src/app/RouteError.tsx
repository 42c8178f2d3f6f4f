import { useTranslation } from 'react-i18next';
import { ErrorState } from '../components/ErrorState';

/** The last line of defence for an error in routing itself: offer to load the page again. */
export function RouteError() {
  const { t } = useTranslation();
  return <ErrorState message={t('notice.chunkLoadError')} onRetry={() => window.location.reload()} />;
}
