import type { CandleInterval, MarginMode } from '@kestrel/contract';
import { streams } from '@kestrel/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { useChannel, useChannelEvents, useReconnect } from '../../lib/realtime';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { formatPrice } from '../markets/format';
import { MarketPairSheet } from '../markets/MarketPairSheet';
import { isUnknownMarket, MissingMarket } from '../markets/MissingMarket';
import { rememberSymbol, symbolFrom } from '../spot/lastSymbol';
import { OrderBook, trendOf } from '../spot/OrderBook';
import { useMarketQuery } from '../spot/queries';
import spot from '../spot/SpotTrading.module.css';
import { FuturesOrderForm } from './FuturesOrderForm';
import styles from './FuturesTrading.module.css';
import { countdown, formatRate, signOf } from './figures';
import { maxLeverageOf } from './futuresForm';
import { LeverageSheet } from './LeverageSheet';
import { MarginModeSheet } from './MarginModeSheet';
import { PositionsPanel } from './PositionsPanel';
import { writePushedFuturesOrder, writePushedPositions, writePushedTicker } from './pushed';
import {
  FUTURES_DEPTH_LEVELS,
  refreshAfterFuturesChange,
  useFuturesAvailableQuery,
  useFuturesDepthQuery,
  useFuturesMarketQuery,
  useFuturesSettingQuery,
  usePositionsQuery,
  useUpdateSettingsMutation,
} from './queries';
import { TradeModeSwitch } from './TradeModeSwitch';
import { FuturesTestId } from './testIds';

// The chart library is loaded only when the screen is opened.
const KlineChart = lazy(() => import('../markets/KlineChart'));
const CHART_INTERVALS = ['15m', '1h', '4h', '1d'] as const satisfies CandleInterval[];

/** Levels a side on a phone: the book stands as tall as the form beside it. */
const BOOK_LEVELS = 7;
/** Until the user chooses: the product's default (decision 0046). */
const DEFAULT_SETTING = { leverage: 20, marginMode: 'cross' as MarginMode };

/** /trade/futures?symbol=BTCUSDT: the perpetual of a market, traded long or short with leverage. */
export function FuturesTradingScreen() {
  const [params, setParams] = useSearchParams();
  const symbol = symbolFrom(params.get('symbol'));
  const choose = (next: string) => {
    const merged = new URLSearchParams(params);
    merged.set('symbol', next);
    setParams(merged, { replace: true });
  };
  return <FuturesTrading key={symbol} symbol={symbol} onSymbol={choose} />;
}

function FuturesTrading({ symbol, onSymbol }: { symbol: string; onSymbol: (symbol: string) => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState(false);
  const [sheet, setSheet] = useState<'leverage' | 'margin' | null>(null);
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);
  const [interval, setChartInterval] = useState<CandleInterval>('15m');
  const market = useFuturesMarketQuery(symbol);
  const spotMarket = useMarketQuery(symbol);
  const depthSnapshot = useFuturesDepthQuery(symbol);
  const liveDepth = useChannel(streams.futuresDepth, { symbol });
  const setting = useFuturesSettingQuery(symbol);
  const updateSetting = useUpdateSettingsMutation();
  const positions = usePositionsQuery();
  const available = useFuturesAvailableQuery(market.data?.quote ?? 'USDT');
  useDocumentTitle(t('futures.screen.title'));

  useEffect(() => rememberSymbol(symbol), [symbol]);
  useChannelEvents(streams.futuresTicker, (ticker) => writePushedTicker(queryClient, ticker), { symbol });
  useChannelEvents(streams.futuresOrders, (order) => writePushedFuturesOrder(queryClient, order));
  useChannelEvents(streams.positions, (items) => writePushedPositions(queryClient, items));
  // Pushes sent while the socket was lost are missing: orders, positions and balances are read again.
  useReconnect(() => refreshAfterFuturesChange(queryClient));

  const summary = market.data;
  const mine = useMemo(
    () => (positions.data ?? []).filter((position) => position.symbol === symbol),
    [positions.data, symbol],
  );
  const depth =
    liveDepth && (!depthSnapshot.data || liveDepth.version >= depthSnapshot.data.version)
      ? liveDepth
      : depthSnapshot.data;
  const mark = summary?.markPrice ?? summary?.indexPrice ?? null;
  const previous = useRef<{ price: string | null; trend: 'up' | 'down' | 'flat' }>({
    price: null,
    trend: 'flat',
  });
  if (previous.current.price !== mark) {
    previous.current = { price: mark, trend: trendOf(previous.current.price, mark) };
  }
  const trend = previous.current;

  const bar = <TopBar showBack={false} center={<TradeModeSwitch mode="futures" symbol={symbol} />} />;
  const pairSheet = (
    <MarketPairSheet
      open={choosing}
      current={symbol}
      title={t('spot.choosePair')}
      onClose={() => setChoosing(false)}
      onChoose={onSymbol}
      testId={FuturesTestId.pairSheet}
      optionTestId={FuturesTestId.pairOption}
    />
  );

  if (market.isPending) {
    return (
      <div className={spot.screen}>
        {bar}
        <LoadingState />
      </div>
    );
  }
  if (!summary) {
    return (
      <div className={spot.screen}>
        {bar}
        {!market.error || isUnknownMarket(market.error) ? (
          <MissingMarket>
            <button type="button" className={spot.textButton} onClick={() => setChoosing(true)}>
              {t('spot.choosePair')}
            </button>
          </MissingMarket>
        ) : (
          <ErrorState message={market.error.message} onRetry={() => market.refetch()} />
        )}
        {pairSheet}
      </div>
    );
  }

  const { leverage, marginMode } = setting.data ?? DEFAULT_SETTING;
  const maxLeverage = maxLeverageOf(summary.brackets);
  const saveSetting = (next: { leverage?: number; marginMode?: MarginMode }) =>
    updateSetting.mutate({ symbol, leverage, marginMode, ...next }, { onSuccess: () => setSheet(null) });
  const price = (value: string | null) =>
    value === null ? '--' : formatPrice(value, summary.tickSize, language);
  const changePercent = summary.stats.changePercent || '0.00';
  const negative = changePercent.startsWith('-');

  return (
    <div className={spot.screen} data-testid={FuturesTestId.screen} data-symbol={symbol}>
      {bar}
      <main className={spot.main}>
        <div className={spot.pairBar}>
          <button
            type="button"
            className={spot.pairButton}
            onClick={() => setChoosing(true)}
            aria-haspopup="dialog"
            data-testid={FuturesTestId.pair}
          >
            <span>{t('futures.screen.perpetual', { pair: `${summary.base}${summary.quote}` })}</span>
            <ChevronDown size={18} aria-hidden />
          </button>
          <span className={spot.pairChangeBadge} data-negative={negative || undefined} dir="ltr">
            {negative ? '' : '+'}
            {changePercent}%
          </span>
          {spotMarket.data?.source === 'simulated' ? (
            <span
              className={spot.simulated}
              title={t('markets.simulatedHint')}
              data-testid={FuturesTestId.simulated}
            >
              {t('markets.simulated')}
            </span>
          ) : null}
          {summary.stale ? <span className={spot.stale}>{t('futures.screen.staleIndex')}</span> : null}
        </div>

        <dl className={styles.prices}>
          <div>
            <dt>{t('futures.screen.markPrice')}</dt>
            <dd
              dir="ltr"
              className={styles.markPrice}
              data-trend={trend.trend}
              data-testid={FuturesTestId.markPrice}
            >
              {price(summary.markPrice)}
            </dd>
          </div>
          <div>
            <dt>{t('futures.screen.indexPrice')}</dt>
            <dd dir="ltr" data-testid={FuturesTestId.indexPrice}>
              {price(summary.indexPrice)}
            </dd>
          </div>
          <div>
            <dt>{t('futures.screen.fundingCountdown')}</dt>
            <dd>
              <span
                dir="ltr"
                className={styles.rate}
                data-sign={signOf(summary.fundingRate)}
                data-testid={FuturesTestId.fundingRate}
              >
                {formatRate(summary.fundingRate)}
              </span>
              {' / '}
              <Countdown until={summary.nextFundingTime} />
            </dd>
          </div>
        </dl>

        {summary.open ? null : (
          <p className={spot.closed} role="status" data-testid={FuturesTestId.closed}>
            {t('markets.errors.closed')}
          </p>
        )}

        <div className={spot.trade}>
          <FuturesOrderForm
            market={summary}
            leverage={leverage}
            marginMode={marginMode}
            available={available.data}
            positions={mine}
            picked={picked}
            disabled={!summary.open}
            onLeverage={() => setSheet('leverage')}
            onMarginMode={() => setSheet('margin')}
          />
          <OrderBook
            depth={depth}
            levels={Math.min(BOOK_LEVELS, FUTURES_DEPTH_LEVELS)}
            tickSize={summary.tickSize}
            lastPrice={mark}
            trend={trend.trend}
            onPick={(value) => setPicked({ price: value, at: Date.now() })}
          />
        </div>

        <section
          className={styles.chartSection}
          aria-labelledby="futures-chart-title"
          data-testid={FuturesTestId.chart}
        >
          <div className={styles.chartHead}>
            <h2 id="futures-chart-title">{t('futures.screen.indexChart')}</h2>
            <div className={styles.intervals} role="tablist" aria-label={t('futures.screen.indexChart')}>
              {CHART_INTERVALS.map((option) => (
                <button
                  key={option}
                  type="button"
                  role="tab"
                  aria-selected={option === interval}
                  className={styles.interval}
                  onClick={() => setChartInterval(option)}
                >
                  {t(`markets.intervals.${option}`)}
                </button>
              ))}
            </div>
          </div>
          <div className={styles.chart}>
            <Suspense fallback={null}>
              <KlineChart symbol={symbol} interval={interval} tickSize={summary.tickSize} locale={language} />
            </Suspense>
          </div>
        </section>

        <PositionsPanel market={summary} positions={mine} positionsPending={positions.isPending} />
      </main>
      {pairSheet}
      <LeverageSheet
        open={sheet === 'leverage'}
        leverage={leverage}
        maxLeverage={maxLeverage}
        saving={updateSetting.isPending}
        onClose={() => setSheet(null)}
        onSave={(next) => saveSetting({ leverage: next })}
      />
      <MarginModeSheet
        open={sheet === 'margin'}
        mode={marginMode}
        onClose={() => setSheet(null)}
        onChoose={(next) => (next === marginMode ? setSheet(null) : saveSetting({ marginMode: next }))}
      />
    </div>
  );
}

/** The time left to the next funding, ticking every second. */
function Countdown({ until }: { until: string }) {
  const { language } = useLanguage();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span dir="ltr" data-testid={FuturesTestId.countdown}>
      {countdown(until, now, language)}
    </span>
  );
}
