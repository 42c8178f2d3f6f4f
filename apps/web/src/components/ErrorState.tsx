import { Button } from '@kestrel/ui';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FirstPaintTestId as TestId } from '../testIds.firstPaint';
import styles from './ErrorState.module.css';

/** A screen that could not load, with a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.state} role="alert" data-testid={TestId.chunkError}>
      <p className={styles.message}>{message}</p>
      <Button variant="secondary" size="md" icon={<RefreshCw size={18} aria-hidden />} onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** The placeholder while a screen's code is on its way. */
export function LoadingState() {
  const { t } = useTranslation();
  return (
    <div className={styles.state} role="status" aria-label={t('common.loading')}>
      <span className={styles.spinner} aria-hidden />
    </div>
  );
}
