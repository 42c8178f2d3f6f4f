import type { OrderSide } from '@kestrel/contract';
import { streams } from '@kestrel/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { TopBar } from '../../components/TopBar';
import { useChannel, useChannelEvents, useReconnect } from '../../lib/realtime';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TradeModeSwitch } from '../futures/TradeModeSwitch';
import { MarketPairSheet } from '../markets/MarketPairSheet';
import { isUnknownMarket, MissingMarket } from '../markets/MissingMarket';
import { readLastSymbol, rememberSymbol, symbolFrom } from './lastSymbol';
import { OrderBook, trendOf } from './OrderBook';
import { OrderForm } from './OrderForm';
import { OrdersPanel } from './OrdersPanel';
import { writePushedOrder } from './pushedOrders';
import {
  DEPTH_LEVELS,
  mergeSpotBalances,
  refreshAfterOrderChange,
  useDepthQuery,
  useMarketQuery,
  useSpotBalancesQuery,
} from './queries';
import styles from './SpotTrading.module.css';
import { SpotTestId } from './testIds';

/** Levels a side on a phone: the book stands as tall as the form beside it. */
const BOOK_LEVELS = 7;

/** /trade/spotTrading?symbol=BTCUSDT&side=buy: the phone's spot trading screen. */
export function SpotTradingScreen() {
  const [params, setParams] = useSearchParams();
  const symbol = symbolFrom(params.get('symbol'));
  const side: OrderSide = params.get('side') === 'sell' ? 'sell' : 'buy';
  const change = (next: { symbol?: string; side?: OrderSide }) => {
    const merged = new URLSearchParams(params);
    if (next.symbol) merged.set('symbol', next.symbol);
    if (next.side) merged.set('side', next.side);
    setParams(merged, { replace: true });
  };
  return <SpotTrading symbol={symbol} side={side} onChange={change} inTab={false} />;
}

/** /trade/index: the Trade tab, on the market the user last traded. */
export function TradeTabScreen() {
  const [symbol, setSymbol] = useState(readLastSymbol);
  const [side, setSide] = useState<OrderSide>('buy');
  return (
    <SpotTrading
      symbol={symbol}
      side={side}
      inTab
      onChange={(next) => {
        if (next.symbol) setSymbol(next.symbol);
        if (next.side) setSide(next.side);
      }}
    />
  );
}

type Props = {
  symbol: string;
  side: OrderSide;
  onChange: (next: { symbol?: string; side?: OrderSide }) => void;
  /** Inside the tab bar: no Back. */
  inTab: boolean;
};

function SpotTrading({ symbol, side, onChange, inTab }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState(false);
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);
  const market = useMarketQuery(symbol);
  const balances = useSpotBalancesQuery();
  const depthSnapshot = useDepthQuery(symbol);
  const ticker = useChannel(streams.ticker, { symbol });
  const liveDepth = useChannel(streams.depth, { symbol });
  useDocumentTitle(t('spot.title'));

  useEffect(() => rememberSymbol(symbol), [symbol]);
  useChannelEvents(streams.orders, (order) => writePushedOrder(queryClient, order));
  useChannelEvents(streams.balances, (spot) => mergeSpotBalances(queryClient, spot));
  // Pushes sent while the socket was lost are missing: orders and balances are read again.
  useReconnect(() => refreshAfterOrderChange(queryClient));

  const summary = market.data;
  const depth =
    liveDepth && (!depthSnapshot.data || liveDepth.version >= depthSnapshot.data.version)
      ? liveDepth
      : depthSnapshot.data;
  const stats = ticker?.stats ?? summary?.stats;
  const last =
    stats && stats.last !== '' && /[1-9]/.test(stats.last)
      ? stats.last
      : (ticker?.indexPrice ?? summary?.indexPrice ?? null);
  const previous = useRef<{ price: string | null; trend: 'up' | 'down' | 'flat' }>({
    price: null,
    trend: 'flat',
  });
  if (previous.current.price !== last) {
    previous.current = { price: last, trend: trendOf(previous.current.price, last) };
  }
  const stale = ticker?.stale ?? summary?.stale ?? false;

  const funds = useMemo(() => {
    if (!summary || !balances.data) return undefined;
    const of = (asset: string) => balances.data.find((balance) => balance.asset === asset)?.available ?? '0';
    return { base: of(summary.base), quote: of(summary.quote) };
  }, [summary, balances.data]);

  const choose = (next: string) => {
    setPicked(null);
    onChange({ symbol: next });
  };

  const modes = <TradeModeSwitch mode="spot" symbol={symbol} />;
  const bar = inTab ? (
    <TopBar title={t('spot.title')} showBack={false} center={modes} />
  ) : (
    <TopBar title={t('spot.title')} backTo="/current/index" center={modes} />
  );

  if (market.isPending) {
    return (
      <div className={styles.screen}>
        {bar}
        <LoadingState />
      </div>
    );
  }
  if (!summary) {
    return (
      <div className={styles.screen}>
        {bar}
        {!market.error || isUnknownMarket(market.error) ? (
          <MissingMarket>
            <button type="button" className={styles.textButton} onClick={() => setChoosing(true)}>
              {t('spot.choosePair')}
            </button>
          </MissingMarket>
        ) : (
          <>
            <ErrorState message={market.error.message} onRetry={() => market.refetch()} />
            <button type="button" className={styles.textButton} onClick={() => setChoosing(true)}>
              {t('spot.choosePair')}
            </button>
          </>
        )}
        <SpotPairSheet
          open={choosing}
          current={symbol}
          onClose={() => setChoosing(false)}
          onChoose={choose}
        />
      </div>
    );
  }

  const rules = {
    symbol: summary.symbol,
    base: summary.base,
    quote: summary.quote,
    tickSize: summary.tickSize,
    lotSize: summary.lotSize,
    minNotional: summary.minNotional,
  };
  const changePercent = stats?.changePercent ?? '0.00';
  const negative = changePercent.startsWith('-');

  return (
    <div className={styles.screen} data-testid={SpotTestId.screen} data-symbol={symbol}>
      {bar}
      <main className={styles.main}>
        <div className={styles.pairBar}>
          <button
            type="button"
            className={styles.pairButton}
            onClick={() => setChoosing(true)}
            aria-haspopup="dialog"
            data-testid={SpotTestId.pair}
          >
            <span dir="ltr">
              {summary.base}/{summary.quote}
            </span>
            <ChevronDown size={18} aria-hidden />
          </button>
          <span className={styles.pairChangeBadge} data-negative={negative || undefined} dir="ltr">
            {negative ? '' : '+'}
            {changePercent}%
          </span>
          {summary.source === 'simulated' ? (
            <span
              className={styles.simulated}
              title={t('markets.simulatedHint')}
              data-testid={SpotTestId.simulated}
            >
              {t('markets.simulated')}
            </span>
          ) : null}
          {stale ? <span className={styles.stale}>{t('markets.stale')}</span> : null}
        </div>

        {summary.open ? null : (
          <p className={styles.closed} role="status" data-testid={SpotTestId.closed}>
            {t('markets.errors.closed')}
          </p>
        )}

        <div className={styles.trade}>
          <OrderForm
            key={symbol}
            rules={rules}
            funds={funds}
            side={side}
            onSide={(next) => onChange({ side: next })}
            lastPrice={last}
            picked={picked}
            disabled={!summary.open}
          />
          <OrderBook
            depth={depth}
            levels={Math.min(BOOK_LEVELS, DEPTH_LEVELS)}
            tickSize={summary.tickSize}
            lastPrice={last}
            trend={previous.current.trend}
            onPick={(price) => setPicked({ price, at: Date.now() })}
          />
        </div>
        <OrdersPanel symbol={symbol} tickSize={summary.tickSize} />
      </main>
      <SpotPairSheet open={choosing} current={symbol} onClose={() => setChoosing(false)} onChoose={choose} />
    </div>
  );
}

function SpotPairSheet(props: {
  open: boolean;
  current: string;
  onClose: () => void;
  onChoose: (symbol: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <MarketPairSheet
      {...props}
      title={t('spot.choosePair')}
      testId={SpotTestId.pairSheet}
      optionTestId={SpotTestId.pairOption}
    />
  );
}
