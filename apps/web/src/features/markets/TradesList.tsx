import type { PublicTrade } from '@kestrel/contract';
import { dateTimeFormat, type Locale } from '@kestrel/i18n';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testIds';
import { formatPrice, formatSize } from './format';
import styles from './TradesList.module.css';

/** Trade times are Unix milliseconds; a value in seconds (older servers) is read as such. */
export function tradeDate(time: number): Date {
  return new Date(time < 100_000_000_000 ? time * 1000 : time);
}

type Props = {
  trades: readonly PublicTrade[];
  base: string;
  quote: string;
  tickSize: string;
  lotSize: string;
  locale: Locale;
};

/** The market's latest public trades, newest first; the price coloured by the taker's side. */
export function TradesList({ trades, base, quote, tickSize, lotSize, locale }: Props) {
  const { t } = useTranslation();
  const clock = dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return (
    <div className={styles.trades} data-testid={TestId.marketTrades}>
      <div className={`${styles.row} ${styles.head}`}>
        <span>{t('marketsScreen.time')}</span>
        <span className={styles.end}>{t('marketsScreen.priceIn', { asset: quote })}</span>
        <span className={styles.end}>{t('marketsScreen.amountIn', { asset: base })}</span>
      </div>
      {trades.length === 0 ? (
        <p className={styles.empty}>{t('common.noData')}</p>
      ) : (
        <ol>
          {trades.map((trade) => (
            <li key={trade.id} className={styles.row}>
              <span className={styles.time}>{clock.format(tradeDate(trade.time))}</span>
              <span className={`${styles.end} ${trade.side === 'buy' ? styles.buy : styles.sell}`}>
                {formatPrice(trade.price, tickSize, locale)}
              </span>
              <span className={styles.end}>{formatSize(trade.size, lotSize, locale)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
