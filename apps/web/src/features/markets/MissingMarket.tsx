import { ApiError } from '@kestrel/client';
import { ERRORS } from '@kestrel/contract';
import { buttonClass } from '@kestrel/ui';
import { List } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MARKETS_PATH } from '../../app/paths';
import styles from '../../components/ErrorState.module.css';
import { TestId } from '../../testIds';

/** Whether a market read failed because the market does not exist: trying again cannot help. */
export function isUnknownMarket(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERRORS.unknownMarket.code;
}

/**
 * A market named in the address that does not exist: says so and leads to the market list instead of offering a
 * Retry (which stays for failures that another try can mend). `children` adds the screen's own way out.
 */
export function MissingMarket({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.state} role="alert" data-testid={TestId.marketMissing}>
      <p className={styles.message}>{t('markets.errors.unknownMarket')}</p>
      <Link to={MARKETS_PATH} className={buttonClass({ variant: 'secondary', size: 'md' })}>
        <List size={18} aria-hidden />
        <span>{t('marketsScreen.toMarketList')}</span>
      </Link>
      {children}
    </div>
  );
}
