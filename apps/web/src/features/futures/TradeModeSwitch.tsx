import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FUTURES_TRADING_PATH, OPTIONS_TRADING_PATH, TRADE_TAB_PATH } from '../../app/paths';
import styles from './TradeModeSwitch.module.css';
import { FuturesTestId } from './testIds';

/**
 * Spot | Futures | Options at the top of the trading screens: the same market traded spot or as a perpetual, or
 * timed up/down options on its index.
 */
export function TradeModeSwitch({ mode, symbol }: { mode: 'spot' | 'futures' | 'options'; symbol: string }) {
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
      <Link
        to={`${OPTIONS_TRADING_PATH}${query}`}
        replace
        className={styles.option}
        aria-current={mode === 'options' ? 'page' : undefined}
        data-testid={FuturesTestId.modeOptions}
      >
        {t('futures.screen.options')}
      </Link>
    </nav>
  );
}
