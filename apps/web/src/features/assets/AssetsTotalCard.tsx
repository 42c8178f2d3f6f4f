import { ChevronRight, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ASSETS_PATH } from '../../app/paths';
import { VirtualTag } from '../demo/VirtualTag';
import styles from './AssetsTotalCard.module.css';

/** The assets card as drawn: the way into the assets overview, with the valued total or a dash until it is known. */
export function AssetsTotalCard({ testId, total }: { testId: string; total?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={ASSETS_PATH} className={styles.card} data-testid={testId}>
      <span className={styles.icon}>
        <Wallet size={22} aria-hidden />
      </span>
      <span className={styles.text}>
        <span className={styles.label}>
          {t('assets.mineCard')}
          <VirtualTag />
        </span>
        <span className={styles.total}>{total ?? '—'}</span>
      </span>
      <ChevronRight className="flip-rtl" size={20} aria-hidden />
    </Link>
  );
}
