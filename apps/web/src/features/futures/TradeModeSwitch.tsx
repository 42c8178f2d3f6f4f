import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FUTURES_TRADING_PATH, TRADE_TAB_PATH } from '../../app/paths';
import styles from './TradeModeSwitch.module.css';
import { FuturesTestId } from './testIds';

/** Spot | Futures at the top of the trading screen: the same market, traded spot or as a perpetual. */
export function TradeModeSwitch({ mode, symbol }: { mode: 'spot' | 'futures'; symbol: string }) {
  const { t } = useTranslation();
  const query = `?symbol=${encodeURIComponent(symbol)}`;
  return (
    <nav className={styles.switch} aria-label={t('futures.screen.mode')}>
      <Link
        to={TRADE_TAB_PATH}
        replace
        className={styles.option}
        aria-current={mode === 'spot' ? 'page' : undefined}
        data-testid={FuturesTestId.modeSpot}
      >
        {t('futures.screen.spot')}
      </Link>
      <Link
        to={`${FUTURES_TRADING_PATH}${query}`}
        replace
        className={styles.option}
        aria-current={mode === 'futures' ? 'page' : undefined}
        data-testid={FuturesTestId.modeFutures}
      >
        {t('futures.screen.futures')}
      </Link>
    </nav>
  );
}
