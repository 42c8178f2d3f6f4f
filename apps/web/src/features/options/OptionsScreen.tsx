import type { OptionPeriod, OptionProduct } from '@kestrel/contract';
import { streams } from '@kestrel/contract/routes';
import { dateTimeFormat } from '@kestrel/i18n';
import { IconButton } from '@kestrel/ui';
import { useQueryClient } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { HISTORY_RECORD_PATH } from '../../app/paths';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { SegmentedTabs } from '../../components/SegmentedTabs';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { formatCountdown, secondsUntil } from '../../lib/countdown';
import { useChannelEvents, useReconnect } from '../../lib/realtime';
import { noteServerTime } from '../../lib/serverClock';
import { loadedItems } from '../../lib/useCursorPages';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useNow } from '../../lib/useNow';
import { TradeModeSwitch } from '../futures/TradeModeSwitch';
import { readLastSymbol } from '../spot/lastSymbol';
import { useMarketQuery } from '../spot/queries';
import spot from '../spot/SpotTrading.module.css';
import { BuyOptionPanel } from './BuyOptionPanel';
import { formatPeriod, productName, roundShown } from './figures';
import { OptionOrderList } from './OptionOrderList';
import styles from './Options.module.css';
import { PriceLine } from './PriceLine';
import { formatTickPrice } from './prices';
import { writePushedClock, writePushedOptionOrder } from './pushed';
import {
  optionKeys,
  refreshAfterOptionChange,
  useOptionOrdersQuery,
  useOptionProductsQuery,
  useOptionTicksQuery,
} from './queries';
import { OptionsTestId } from './testIds';

const VIEWS = ['buy', 'awaiting', 'completed'] as const;
type View = (typeof VIEWS)[number];

const viewFrom = (value: string | null): View => VIEWS.find((view) => view === value) ?? 'buy';

/**
 * /trade/options?symbol=BTCUSDT&period=60&tab=buy: timed up/down options. Buy options (product and period, the
 * round's clock, the live price line, up and down), awaiting delivery (open orders) and my options (settled).
 */
export function OptionsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const view = viewFrom(params.get('tab'));
  const products = useOptionProductsQuery();
  useDocumentTitle(t('options.screen.title'));

  const change = (next: { tab?: View; symbol?: string; period?: number }) => {
    const merged = new URLSearchParams(params);
    if (next.tab) merged.set('tab', next.tab);
    if (next.symbol) merged.set('symbol', next.symbol);
    if (next.period) merged.set('period', String(next.period));
    setParams(merged, { replace: true });
  };

  const list = products.data ?? [];
  const wanted = params.get('symbol') ?? readLastSymbol();
  const product = list.find((candidate) => candidate.symbol === wanted) ?? list[0];

  useChannelEvents(streams.optionOrders, (order) => writePushedOptionOrder(queryClient, order));
  // Pushes sent while the socket was lost are missing: the clocks, the price line and the orders are read again.
  useReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: optionKeys.products() });
    void queryClient.invalidateQueries({ queryKey: [...optionKeys.all, 'ticks'] });
    refreshAfterOptionChange(queryClient);
  });

  const bar = (
    <TopBar
      showBack={false}
      center={<TradeModeSwitch mode="options" symbol={product?.symbol ?? wanted} />}
      end={
        <IconButton
          label={t('options.screen.record')}
          onClick={() => navigate(HISTORY_RECORD_PATH)}
          data-testid={OptionsTestId.record}
        >
          <ScrollText size={22} aria-hidden />
        </IconButton>
      }
    />
  );

  return (
    <div className={spot.screen} data-testid={OptionsTestId.screen}>
      {bar}
      <main className={spot.main}>
        <SegmentedTabs
          label={t('options.screen.views')}
          value={view}
          onChange={(tab) => change({ tab })}
          options={VIEWS.map((value) => ({
            value,
            label: t(`options.screen.tabs.${value}`),
            testId: OptionsTestId.tab(value),
          }))}
        />
        {view === 'buy' ? (
          products.isPending ? (
            <LoadingState />
          ) : products.isError ? (
            <ErrorState message={products.error.message} onRetry={() => products.refetch()} />
          ) : product ? (
            <BuyView
              products={list}
              product={product}
              periodSeconds={Number(params.get('period'))}
              onChange={change}
            />
          ) : (
            <p className={styles.empty} data-testid={OptionsTestId.noProducts}>
              {t('options.screen.noProducts')}
            </p>
          )
        ) : (
          <OrdersView state={view === 'awaiting' ? 'open' : 'settled'} products={list} />
        )}
      </main>
    </div>
  );
}

/** Subscribes to one product's round clock, writing each push into the cache and the clock's offset; draws nothing. */
function FollowClock({ productId }: { productId: string }) {
  const queryClient = useQueryClient();
  useChannelEvents(
    streams.optionClock,
    (clock) => {
      // A tick is pushed as it is recorded: its time tells how far this device's clock is off.
      if (clock.lastTick) noteServerTime(clock.lastTick.time);
      writePushedClock(queryClient, clock);
    },
    { product: productId },
  );
  return null;
}

function BuyView({
  products,
  product,
  periodSeconds,
  onChange,
}: {
  products: readonly OptionProduct[];
  product: OptionProduct;
  periodSeconds: number;
  onChange: (next: { symbol?: string; period?: number }) => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const now = useNow();
  const ticks = useOptionTicksQuery(product.id);
  const market = useMarketQuery(product.symbol);
  const period: OptionPeriod | undefined =
    product.periods.find((candidate) => candidate.seconds === periodSeconds) ?? product.periods[0];

  const line = ticks.data ?? [];
  const last = line.at(-1) ?? product.lastTick;
  const round = period ? roundShown(period, now) : null;
  const closeTime = round
    ? dateTimeFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
        round.closeTime,
      )
    : '--';

  return (
    <>
      <FollowClock productId={product.id} />
      <fieldset className={styles.chips}>
        <legend className={spot.visuallyHidden}>{t('options.screen.products')}</legend>
        {products.map((candidate) => (
          <button
            key={candidate.id}
            type="button"
            className={styles.chip}
            aria-pressed={candidate.id === product.id}
            onClick={() => onChange({ symbol: candidate.symbol })}
            data-testid={OptionsTestId.product(candidate.id)}
          >
            {productName(candidate)}
          </button>
        ))}
      </fieldset>
      <fieldset className={styles.chips}>
        <legend className={spot.visuallyHidden}>{t('options.screen.periods')}</legend>
        {product.periods.map((candidate) => (
          <button
            key={candidate.seconds}
            type="button"
            className={styles.chip}
            aria-pressed={candidate.seconds === period?.seconds}
            onClick={() => onChange({ period: candidate.seconds })}
            data-testid={OptionsTestId.period(candidate.seconds)}
          >
            {formatPeriod(candidate.seconds, language)}
          </button>
        ))}
      </fieldset>

      <section className={styles.price} aria-label={t('options.screen.livePrice')}>
        <div className={styles.priceHead}>
          <span className={styles.priceLabel}>{t('options.screen.livePrice')}</span>
          <span className={styles.livePrice} dir="ltr" data-testid={OptionsTestId.livePrice}>
            {last ? formatTickPrice(last.price, language) : '--'}
          </span>
          {market.data?.source === 'simulated' ? (
            <span
              className={spot.simulated}
              title={t('options.screen.simulatedHint')}
              data-testid={OptionsTestId.simulated}
            >
              {t('options.screen.simulated')}
            </span>
          ) : null}
          {product.stale ? (
            <span className={spot.stale} data-testid={OptionsTestId.stale}>
              {t('options.screen.stale')}
            </span>
          ) : null}
        </div>
        <PriceLine ticks={line} label={t('options.screen.priceLine')} testId={OptionsTestId.priceLine} />
      </section>

      {round ? (
        <dl className={styles.clock}>
          <div>
            <dt>{t('options.screen.periodNumber')}</dt>
            <dd dir="ltr" data-testid={OptionsTestId.periodNumber}>
              {round.periodNumber}
            </dd>
          </div>
          <div>
            <dt>{t('options.screen.nextTime')}</dt>
            <dd data-testid={OptionsTestId.nextTime}>
              <time dateTime={round.closeTime.toISOString()}>{closeTime}</time>
            </dd>
          </div>
          <div>
            <dt>{t('options.screen.buyCountdown')}</dt>
            <dd dir="ltr" className={styles.countdown} data-testid={OptionsTestId.buyCountdown}>
              {formatCountdown(secondsUntil(round.buyCutoffTime, now), language)}
            </dd>
          </div>
          <div>
            <dt>{t('options.screen.closeCountdown')}</dt>
            <dd dir="ltr" data-testid={OptionsTestId.closeCountdown}>
              {formatCountdown(secondsUntil(round.closeTime, now), language)}
            </dd>
          </div>
        </dl>
      ) : null}

      {product.open ? null : (
        <p className={spot.closed} role="status" data-testid={OptionsTestId.closed}>
          {t('options.screen.closed')}
        </p>
      )}

      {period && round ? (
        <BuyOptionPanel
          key={`${product.id}:${period.seconds}`}
          product={product}
          period={period}
          round={round}
          disabled={!product.open || product.stale}
        />
      ) : null}
    </>
  );
}

/** Awaiting delivery or my options, with the clocks of the products that have open orders followed. */
function OrdersView({ state, products }: { state: 'open' | 'settled'; products: readonly OptionProduct[] }) {
  const orders = useOptionOrdersQuery(state);
  const open = state === 'open';
  const followed = open ? [...new Set(loadedItems(orders).map((order) => order.productId))] : [];
  return (
    <>
      {followed.map((productId) => (
        <FollowClock key={productId} productId={productId} />
      ))}
      <OptionOrderList orders={orders} products={products} state={state} />
    </>
  );
}
