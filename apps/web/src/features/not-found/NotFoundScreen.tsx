import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../../app/paths';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { FirstPaintTestId as TestId } from '../../testIds.firstPaint';
import styles from './NotFoundScreen.module.css';

/** Shown for any unknown path, and for spec routes whose screens have not landed yet. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <main className={styles.page} data-testid={TestId.notFound}>
      <div className={styles.art} aria-hidden>
        <span className={styles.code}>404</span>
        <Compass className={styles.compass} size={40} strokeWidth={1.5} />
      </div>
      <h1 className={styles.title}>{t('notFound.title')}</h1>
      <p className={styles.body}>{t('notFound.body')}</p>
      <Link to={HOME_PATH} className={styles.home} data-testid={TestId.notFoundHome}>
        {t('common.goHome')}
      </Link>
    </main>
  );
}
