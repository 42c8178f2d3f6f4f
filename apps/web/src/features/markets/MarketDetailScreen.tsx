import {
  CANDLE_INTERVALS,
  type CandleInterval,
  type MarketSummary,
  type PublicTrade,
  RECENT_TRADES_LIMIT,
} from '@kestrel/contract';
import { streams } from '@kestrel/contract/routes';
import type { Locale } from '@kestrel/i18n';
import { formatMoney } from '@kestrel/money';
import { IconButton } from '@kestrel/ui';
import { ChevronDown, ChevronLeft, Clock, Lock, Star } from 'lucide-react';
import { lazy, memo, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MARKETS_PATH } from '../../app/paths';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { useLanguage } from '../../i18n/useLanguage';
import { useChannel, useChannelEvents } from '../../lib/realtime';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { DepthBook } from './DepthBook';
import { mergeTrades, newerDepth } from './depth';
import { toggleFavourite, useFavourites } from './favourites';
import { decimalsOf, directionOf, formatChange, formatCompact, formatPrice, pairName } from './format';
import { FlashPrice, SimulatedBadge } from './MarketBits';
import styles from './MarketDetailScreen.module.css';
import { MarketPairSheet } from './MarketPairSheet';
import { isUnknownMarket, MissingMarket } from './MissingMarket';
import { detailPath, spotTradingPath, symbolOf } from './paths';
import { prefetchCandles, useDepthQuery, useMarketQuery, useRecentTradesQuery } from './queries';
import { TradesList } from './TradesList';

// The chart library is loaded here and nowhere else, once the screen has painted its price (see
// useAfterFirstPaint): its 48 KB do not compete with the screen's first data on a slow connection. Its candles
// are asked for as the screen mounts, so that they are usually here by the time the chart is.
const KlineChart = lazy(() => import('./KlineChart'));

const INTERVAL_KEY = 'chartInterval';
const DEFAULT_INTERVAL: CandleInterval = '15m';

function storedInterval(): CandleInterval {
  try {
    const value = localStorage.getItem(INTERVAL_KEY);
    return (CANDLE_INTERVALS as readonly string[]).includes(value ?? '')
      ? (value as CandleInterval)
      : DEFAULT_INTERVAL;
  } catch {
    return DEFAULT_INTERVAL;
  }
}

type Panel = 'depth' | 'trades';

/** False for the first render, true right after it has been painted. */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPainted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return painted;
}

/** /trade/detail?symbol=BTCUSDT: the market's price, 24h statistics, k-line chart, order book and trades. */
export function MarketDetailScreen() {
  const [params] = useSearchParams();
  const symbol = symbolOf(params);
  const market = useMarketQuery(symbol);
  // The screen is rendered as a transition once its data is here: in short slices that a tap can interrupt,
  // rather than in one long task.
  const summary = useDeferredValue(market.data);

  if (market.isError) {
    return (
      <div className={styles.screen}>
        <DetailHeader symbol={symbol} summary={undefined} />
        {isUnknownMarket(market.error) ? (
          <MissingMarket />
        ) : (
          <ErrorState message={market.error.message} onRetry={() => market.refetch()} />
        )}
      </div>
    );
  }
  // Until the deferred render has caught up, the summary may still be the previous market's.
  if (!summary || summary.symbol !== market.data?.symbol) return <LoadingState />;
  return <MarketDetail key={summary.symbol} summary={summary} />;
}

function MarketDetail({ summary }: { summary: MarketSummary }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { symbol, base, quote, tickSize } = summary;
  const ticker = useChannel(streams.ticker, { symbol });
  const live = ticker && ticker.symbol === symbol ? { ...summary, ...ticker } : summary;
  const stats = live.stats;
  const last = stats.last || live.indexPrice;
  const [interval, setChartInterval] = useState<CandleInterval>(storedInterval);
  const [panel, setPanel] = useState<Panel>('depth');
  const chartShown = useAfterFirstPaint();
  // Once, as the screen mounts (it is keyed by its market): the chart asks for a later interval itself.
  useEffect(() => prefetchCandles(symbol, storedInterval()), [symbol]);
  const chartPlaceholder = <div className={styles.chartPlaceholder} aria-hidden />;
  useDocumentTitle(`${last ? `${formatPrice(last, tickSize, language)} ` : ''}${pairName(base, quote)}`);

  const chooseInterval = (next: CandleInterval) => {
    setChartInterval(next);
    try {
      localStorage.setItem(INTERVAL_KEY, next);
    } catch {
      // Without storage the choice lasts for this visit only.
    }
  };

  const direction = directionOf(stats.changePercent);
  const tone = direction > 0 ? styles.up : direction < 0 ? styles.down : '';

  return (
    <div className={styles.screen} data-testid={TestId.marketDetail} data-symbol={symbol}>
      <DetailHeader symbol={symbol} summary={live} />

      {!live.open ? (
        <p
          className={`${styles.banner} ${styles.closed}`}
          role="alert"
          data-testid={TestId.marketDetailClosed}
        >
          <Lock size={16} aria-hidden />
          {t('markets.errors.closed')}
        </p>
      ) : null}
      {live.stale ? (
        <p
          className={`${styles.banner} ${styles.stale}`}
          role="status"
          data-testid={TestId.marketDetailStale}
        >
          <Clock size={16} aria-hidden />
          {t('marketsScreen.delayed')}
        </p>
      ) : null}

      <section className={styles.summary} aria-label={pairName(base, quote)}>
        <div className={styles.priceBlock}>
          <FlashPrice
            value={last}
            className={`${styles.lastPrice} ${tone}`}
            testId={TestId.marketDetailPrice}
          >
            {last ? formatPrice(last, tickSize, language) : '--'}
          </FlashPrice>
          <p className={styles.subPrice}>
            <bdi>
              {last ? formatMoney(last, language, Math.max(2, Math.min(8, decimalsOf(tickSize)))) : '--'}
            </bdi>
            <span className={`${styles.changeText} ${tone}`}>
              {formatChange(stats.changePercent, language)}
            </span>
          </p>
        </div>
        <dl className={styles.stats}>
          <Stat label={t('markets.stats.high')} value={formatPrice(stats.high, tickSize, language)} />
          <Stat
            label={`${t('markets.stats.volume')} (${base})`}
            value={formatCompact(stats.volume, language)}
          />
          <Stat label={t('markets.stats.low')} value={formatPrice(stats.low, tickSize, language)} />
          <Stat
            label={`${t('markets.stats.turnover')} (${quote})`}
            value={formatCompact(stats.turnover, language)}
          />
        </dl>
      </section>

      <div className={styles.intervals} role="tablist" aria-label={t('marketsScreen.chart')}>
        {CANDLE_INTERVALS.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={option === interval}
            className={styles.interval}
            onClick={() => chooseInterval(option)}
            data-testid={TestId.marketInterval}
            data-interval={option}
          >
            {t(`markets.intervals.${option}`)}
          </button>
        ))}
      </div>
      <div className={styles.chart}>
        <Suspense fallback={chartPlaceholder}>
          {chartShown ? (
            <KlineChart symbol={symbol} interval={interval} tickSize={tickSize} locale={language} />
          ) : (
            chartPlaceholder
          )}
        </Suspense>
      </div>

      <div className={styles.panelTabs} role="tablist">
        {(['depth', 'trades'] as const).map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={panel === option}
            className={styles.panelTab}
            onClick={() => setPanel(option)}
          >
            {option === 'depth' ? t('marketsScreen.orderBook') : t('marketsScreen.latestTrades')}
          </button>
        ))}
      </div>
      <div className={styles.panel}>
        {panel === 'depth' ? (
          <LiveDepth summary={summary} locale={language} />
        ) : (
          <LiveTrades summary={summary} locale={language} />
        )}
      </div>

      <footer className={styles.actions}>
        {live.open ? (
          <>
            <Link
              to={spotTradingPath(symbol, 'buy')}
              className={`${styles.action} ${styles.buy}`}
              data-testid={TestId.marketBuy}
            >
              {t('orders.buy')}
            </Link>
            <Link
              to={spotTradingPath(symbol, 'sell')}
              className={`${styles.action} ${styles.sell}`}
              data-testid={TestId.marketSell}
            >
              {t('orders.sell')}
            </Link>
          </>
        ) : (
          <>
            <button
              type="button"
              disabled
              className={`${styles.action} ${styles.buy}`}
              data-testid={TestId.marketBuy}
            >
              {t('orders.buy')}
            </button>
            <button
              type="button"
              disabled
              className={`${styles.action} ${styles.sell}`}
              data-testid={TestId.marketSell}
            >
              {t('orders.sell')}
            </button>
          </>
        )}
      </footer>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd>
        <bdi>{value}</bdi>
      </dd>
    </div>
  );
}

function DetailHeader({ symbol, summary }: { symbol: string; summary: MarketSummary | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const favourites = useFavourites();
  const [switching, setSwitching] = useState(false);
  const favourite = favourites.has(symbol);
  const pair = summary ? pairName(summary.base, summary.quote) : symbol;
  return (
    <header className={styles.header}>
      <IconButton label={t('common.back')} onClick={() => navigate(MARKETS_PATH)}>
        <ChevronLeft className="flip-rtl" size={24} aria-hidden />
      </IconButton>
      <button
        type="button"
        className={styles.pairButton}
        onClick={() => setSwitching(true)}
        aria-label={`${t('marketsScreen.switchPair')}: ${pair}`}
        aria-haspopup="dialog"
        data-testid={TestId.marketDetailPair}
      >
        <bdi className={styles.pairName}>{pair}</bdi>
        <ChevronDown size={18} aria-hidden />
      </button>
      {summary?.source === 'simulated' ? <SimulatedBadge /> : null}
      <span className={styles.headerEnd}>
        {summary ? (
          <IconButton
            label={t(favourite ? 'marketsScreen.removeFavourite' : 'marketsScreen.addFavourite', { pair })}
            onClick={() => toggleFavourite(symbol)}
          >
            <Star
              size={20}
              aria-hidden
              className={favourite ? styles.starOn : undefined}
              fill={favourite ? 'currentColor' : 'none'}
            />
          </IconButton>
        ) : null}
      </span>
      <MarketPairSheet
        open={switching}
        current={symbol}
        title={t('marketsScreen.switchPair')}
        onClose={() => setSwitching(false)}
        onChoose={(next) => {
          if (next !== symbol) navigate(detailPath(next), { replace: true });
        }}
        testId={TestId.marketPairSheet}
      />
    </header>
  );
}

// The book and the trades re-render for their own data only, not for every tick of the price above them.
const LiveDepth = memo(function LiveDepth({ summary, locale }: { summary: MarketSummary; locale: Locale }) {
  const rest = useDepthQuery(summary.symbol);
  const live = useChannel(streams.depth, { symbol: summary.symbol });
  // Live snapshots arrive as transitions already; the first one from REST is deferred the same way.
  const depth = useDeferredValue(newerDepth(rest.data, live, summary.symbol));
  return (
    <DepthBook
      depth={depth}
      base={summary.base}
      quote={summary.quote}
      tickSize={summary.tickSize}
      lotSize={summary.lotSize}
      locale={locale}
    />
  );
});

const LiveTrades = memo(function LiveTrades({ summary, locale }: { summary: MarketSummary; locale: Locale }) {
  const rest = useRecentTradesQuery(summary.symbol);
  const [received, setReceived] = useState<PublicTrade[]>([]);
  useChannelEvents(
    streams.trades,
    (trades) => setReceived((current) => mergeTrades(current, trades, RECENT_TRADES_LIMIT)),
    { symbol: summary.symbol },
  );
  const trades = useMemo(
    () => mergeTrades(rest.data ?? [], received, RECENT_TRADES_LIMIT),
    [rest.data, received],
  );
  return (
    <TradesList
      trades={trades}
      base={summary.base}
      quote={summary.quote}
      tickSize={summary.tickSize}
      lotSize={summary.lotSize}
      locale={locale}
    />
  );
});
