import type { UserTrade } from '@kestrel/contract';
import { SelectField, Spinner } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { loadedItems } from '../../lib/useCursorPages';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useLoadMoreWhenSeen } from '../../lib/useLoadMoreWhenSeen';
import { formatPrice } from '../markets/format';
import styles from './AllTrades.module.css';
import { formatSize, formatTime } from './format';
import { useMarketsQuery, useTradesQuery } from './queries';
import { SpotTestId } from './testIds';

/** /trade/allTrade: every fill of the user's orders, newest first, filtered by market, loading as it scrolls. */
export function AllTradesScreen() {
  const { t } = useTranslation();
  const [symbol, setSymbol] = useState('');
  const markets = useMarketsQuery();
  const trades = useTradesQuery(symbol);
  useDocumentTitle(t('orders.myTrades'));

  const items = loadedItems(trades);
  const sentinel = useLoadMoreWhenSeen(trades);

  return (
    <div className={styles.screen}>
      <TopBar title={t('orders.myTrades')} backTo="/trade/index" />
      <main className={styles.main} data-testid={SpotTestId.allTrades}>
        <SelectField
          label={t('spot.market')}
          value={symbol}
          onChange={setSymbol}
          options={[
            { value: '', label: t('spot.allMarkets') },
            ...(markets.data ?? []).map((market) => ({
              value: market.symbol,
              label: `${market.base}/${market.quote}`,
            })),
          ]}
          testId={SpotTestId.tradesFilter}
        />
        {trades.isPending ? (
          <LoadingState />
        ) : trades.isError && items.length === 0 ? (
          <ErrorState message={trades.error.message} onRetry={() => trades.refetch()} />
        ) : items.length === 0 ? (
          <p className={styles.empty} data-testid={SpotTestId.tradesEmpty}>
            {t('common.noData')}
          </p>
        ) : (
          <>
            <ul className={styles.list}>
              {items.map((trade) => (
                <TradeRow
                  key={trade.id}
                  trade={trade}
                  tickSize={markets.data?.find((market) => market.symbol === trade.symbol)?.tickSize}
                />
              ))}
            </ul>
            <div ref={sentinel} className={styles.sentinel}>
              {trades.isFetchingNextPage ? <Spinner size={20} /> : null}
              {trades.hasNextPage ? null : <span className={styles.end}>{t('spot.end')}</span>}
            </div>
          </>
        )}
      </main>
    </div>
  );
}

/** `tickSize` keeps the price's decimals on the market's tick ("95,047.50"); unknown until the markets load. */
function TradeRow({ trade, tickSize }: { trade: UserTrade; tickSize: string | undefined }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const base = trade.symbol.replace(/USDT$/, '');
  return (
    <li
      className={styles.row}
      data-testid={SpotTestId.trade}
      data-side={trade.side}
      data-order={trade.orderId}
    >
      <div className={styles.head}>
        <span className={styles.side} data-side={trade.side}>
          {t(`orders.${trade.side}`)}
        </span>
        <span className={styles.pair} dir="ltr">
          {base}/USDT
        </span>
        <span className={styles.role}>{t(trade.role === 'maker' ? 'spot.maker' : 'spot.taker')}</span>
        <time className={styles.time} dateTime={trade.createdAt}>
          {formatTime(trade.createdAt, language)}
        </time>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('orders.price')}</dt>
          <dd dir="ltr">
            {tickSize ? formatPrice(trade.price, tickSize, language) : formatSize(trade.price, language)}
          </dd>
        </div>
        <div>
          <dt>{t('orders.amount')}</dt>
          <dd dir="ltr">
            {formatSize(trade.size, language)} {base}
          </dd>
        </div>
        <div>
          <dt>{t('orders.total')}</dt>
          <dd dir="ltr">{formatSize(trade.total, language)} USDT</dd>
        </div>
        <div>
          <dt>{t('orders.fee')}</dt>
          <dd dir="ltr">
            {formatSize(trade.fee, language)} {trade.feeAsset}
          </dd>
        </div>
      </dl>
    </li>
  );
}
