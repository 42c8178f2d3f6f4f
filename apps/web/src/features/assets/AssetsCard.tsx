import { formatMoney } from '@kestrel/money';
import { ChevronRight, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ASSETS_PATH } from '../../app/paths';
import { useLanguage } from '../../i18n/useLanguage';
import styles from './AssetsCard.module.css';
import { useAssetsQuery } from './queries';

/** The way into the assets overview from Mine and Home: the valued total at a glance. */
export function AssetsCard({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const assets = useAssetsQuery();
  return (
    <Link to={ASSETS_PATH} className={styles.card} data-testid={testId}>
      <span className={styles.icon}>
        <Wallet size={22} aria-hidden />
      </span>
      <span className={styles.text}>
        <span className={styles.label}>{t('assets.mineCard')}</span>
        <span className={styles.total}>
          {assets.data ? formatMoney(assets.data.totals.total, language) : '—'}
        </span>
      </span>
      <ChevronRight className="flip-rtl" size={20} aria-hidden />
    </Link>
  );
}
