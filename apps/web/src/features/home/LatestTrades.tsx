import type { MarketSummary } from '@kestrel/contract';
import { streams } from '@kestrel/contract/routes';
import { intlTag, resolveLocale } from '@kestrel/i18n';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { follow } from '../../lib/realtime';
import { TestId } from '../../testIds';
import { formatPrice, formatSize } from '../markets/format';
import { SimulatedBadge } from '../markets/MarketBits';
import { useMarketsQuery } from '../markets/queries';
import styles from './HomeSections.module.css';
import { type LatestTrade, mergeLatestTrades } from './hotDeals';
import { LATEST_TRADES_SHOWN, useLatestTradesQuery } from './queries';

/** Trades as they happen on every market: the REST page first, then each market's live `trades` channel. */
function useLatestTrades(markets: readonly MarketSummary[]) {
  const first = useLatestTradesQuery();
  const [trades, setTrades] = useState<LatestTrade[]>([]);
  useEffect(() => {
    if (first.data) setTrades((current) => mergeLatest(current, first.data));
  }, [first.data]);
  const symbols = markets.map((market) => market.symbol).join(',');
  useEffect(() => {
    if (!symbols) return;
    const stops = symbols
      .split(',')
      .map((symbol) =>
        follow(
          streams.trades,
          (trades) => setTrades((current) => mergeLatestTrades(current, symbol, trades, LATEST_TRADES_SHOWN)),
          { symbol },
        ),
      );
    return () => {
      for (const stop of stops) stop();
    };
  }, [symbols]);
  return { trades, isPending: first.isPending };
}

function mergeLatest(current: readonly LatestTrade[], incoming: readonly LatestTrade[]) {
  let merged = [...current];
  for (const trade of incoming) {
    merged = mergeLatestTrades(merged, trade.symbol, [trade], LATEST_TRADES_SHOWN);
  }
  return merged;
}

/** The latest transactions across the markets, labelled as simulated when the prices are. */
export function LatestTrades() {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  const titleId = useId();
  const markets = useMarketsQuery();
  const bySymbol = useMemo(
    () => new Map((markets.data ?? []).map((market) => [market.symbol, market])),
    [markets.data],
  );
  const { trades, isPending } = useLatestTrades(markets.data ?? []);
  const simulated = (markets.data ?? []).some((market) => market.source === 'simulated');
  const time = useMemo(
    () => new Intl.DateTimeFormat(intlTag(locale), { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    [locale],
  );

  return (
    <section aria-labelledby={titleId} className={styles.section} data-testid={TestId.homeLatestTrades}>
      <div className={styles.sectionHeader}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {t('home.latestTrades')}
        </h2>
        {simulated ? <SimulatedBadge testId="home-latest-trades-simulated" /> : null}
      </div>
      {trades.length === 0 ? (
        <p className={styles.empty}>{isPending ? '' : t('home.noTrades')}</p>
      ) : (
        <table className={styles.trades}>
          <thead>
            <tr>
              <th scope="col">{t('home.pair')}</th>
              <th scope="col">{t('home.price')}</th>
              <th scope="col">{t('home.amount')}</th>
              <th scope="col">{t('home.time')}</th>
            </tr>
          </thead>
          <tbody>
            {trades.map((trade) => {
              const market = bySymbol.get(trade.symbol);
              return (
                <tr key={`${trade.symbol}:${trade.id}`}>
                  <td>
                    <bdi className={styles.base}>{market?.base ?? trade.symbol}</bdi>
                    <span className={trade.side === 'buy' ? styles.up : styles.down}>
                      {' '}
                      {trade.side === 'buy' ? t('home.buy') : t('home.sell')}
                    </span>
                  </td>
                  <td className={trade.side === 'buy' ? styles.up : styles.down}>
                    {market ? formatPrice(trade.price, market.tickSize, locale) : trade.price}
                  </td>
                  <td>{market ? formatSize(trade.size, market.lotSize, locale) : trade.size}</td>
                  <td className={styles.muted}>{time.format(new Date(trade.time))}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
