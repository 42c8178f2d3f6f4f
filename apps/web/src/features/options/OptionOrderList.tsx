import type { OptionOrderView, OptionProduct } from '@kestrel/contract';
import { dateTimeFormat, type Locale } from '@kestrel/i18n';
import { compareDecimals, parseDecimal } from '@kestrel/money';
import { Button, Spinner } from '@kestrel/ui';
import { ShieldCheck } from 'lucide-react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { useLanguage } from '../../i18n/useLanguage';
import { formatCountdown, secondsUntil } from '../../lib/countdown';
import { type CursorPagesQuery, loadedItems } from '../../lib/useCursorPages';
import { useNow } from '../../lib/useNow';
import { formatPnl } from '../futures/figures';
import { formatPayoutRate, formatPeriod, productName, signOf } from './figures';
import styles from './Options.module.css';
import { ProofSheet } from './ProofSheet';
import { formatStake, formatTickPrice } from './prices';
import type { OptionOrderState } from './queries';
import { OptionsTestId } from './testIds';

type Props = {
  orders: CursorPagesQuery<OptionOrderView>;
  /** The products as cached, whose latest ticks are the open orders' live prices. */
  products: readonly OptionProduct[];
  state: OptionOrderState;
};

/** Open orders (awaiting delivery) or settled ones (my options), each with its proof a tap away. */
export function OptionOrderList({ orders, products, state }: Props) {
  const { t } = useTranslation();
  const [proofOf, setProofOf] = useState<string | null>(null);
  const items = loadedItems(orders);

  if (orders.isPending) return <LoadingState />;
  if (orders.isError && items.length === 0) {
    return <ErrorState message={orders.error.message} onRetry={() => orders.refetch()} />;
  }
  if (items.length === 0) {
    return (
      <p className={styles.empty} data-testid={OptionsTestId.ordersEmpty}>
        {t(state === 'open' ? 'options.orders.noAwaiting' : 'options.orders.noCompleted')}
      </p>
    );
  }
  return (
    <>
      <ul className={styles.orders}>
        {items.map((order) =>
          state === 'open' ? (
            <OpenOrderRow
              key={order.id}
              order={order}
              product={products.find((product) => product.id === order.productId)}
              onProof={() => setProofOf(order.id)}
            />
          ) : (
            <SettledOrderRow key={order.id} order={order} onProof={() => setProofOf(order.id)} />
          ),
        )}
      </ul>
      <div className={styles.more}>
        {orders.hasNextPage ? (
          <Button
            variant="ghost"
            size="md"
            loading={orders.isFetchingNextPage}
            onClick={() => void orders.fetchNextPage()}
            data-testid={OptionsTestId.loadMore}
          >
            {t('options.orders.loadMore')}
          </Button>
        ) : orders.isFetchingNextPage ? (
          <Spinner size={20} />
        ) : (
          <span className={styles.end} data-testid={OptionsTestId.ordersEnd}>
            {t('options.orders.end')}
          </span>
        )}
      </div>
      <ProofSheet orderId={proofOf} onClose={() => setProofOf(null)} />
    </>
  );
}

function timeOf(iso: string, locale: Locale): string {
  return dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
}

type CardProps = {
  order: OptionOrderView;
  /** The facts between the amount and the close time. */
  children: ReactNode;
  /** Where the order stands, in the card's foot. */
  status: ReactNode;
  onProof: () => void;
};

/**
 * An order's card: direction, product, period and round on top; the amount, the facts of its state and the close
 * time; its status and the proof a tap away at the foot.
 */
function OrderCard({ order, children, status, onProof }: CardProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <li className={styles.order} data-testid={OptionsTestId.order} data-status={order.status}>
      <div className={styles.orderHead}>
        <span className={styles.badge} data-direction={order.direction}>
          {t(`options.orders.directions.${order.direction}`)}
        </span>
        <span className={styles.orderTitle}>
          {productName(order)} · <span dir="ltr">{formatPeriod(order.periodSeconds, language)}</span>
        </span>
        <span className={styles.orderPeriod}>
          {t('options.orders.period', { number: order.periodNumber })}
        </span>
      </div>
      <dl className={styles.orderFacts}>
        <Fact label={t('options.orders.amount')} dir="ltr">
          {formatStake(order.amount, order.asset, language)}
        </Fact>
        {children}
        <Fact label={t('options.orders.closeTime')}>{timeOf(order.closeTime, language)}</Fact>
      </dl>
      <div className={styles.orderFoot}>
        {status}
        <button
          type="button"
          className={styles.proofButton}
          onClick={onProof}
          data-testid={OptionsTestId.orderProof}
        >
          <ShieldCheck size={16} aria-hidden />
          {t('options.orders.proof')}
        </button>
      </div>
    </li>
  );
}

/** One fact of a card: its label and its value, the value's element taking the rest of the props. */
function Fact({ label, children, ...value }: { label: string } & ComponentProps<'dd'>) {
  return (
    <div>
      <dt>{label}</dt>
      <dd {...value}>{children}</dd>
    </div>
  );
}

/** Whether the live price is winning the order so far: 1 winning, -1 losing, 0 level or not known. */
function standing(order: OptionOrderView, live: string | undefined): -1 | 0 | 1 {
  const open = order.openPrice === null ? undefined : parseDecimal(order.openPrice);
  const now = live === undefined ? undefined : parseDecimal(live);
  if (!open || !now) return 0;
  const move = compareDecimals(now, open);
  return order.direction === 'up' ? move : (-move as -1 | 0 | 1);
}

function OpenOrderRow({
  order,
  product,
  onProof,
}: {
  order: OptionOrderView;
  product: OptionProduct | undefined;
  onProof: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const now = useNow();
  const live = product?.lastTick?.price;
  const left = secondsUntil(new Date(order.closeTime), now);
  return (
    <OrderCard
      order={order}
      onProof={onProof}
      status={<span className={styles.status}>{t(`options.orders.statuses.${order.status}`)}</span>}
    >
      <Fact label={t('options.orders.openPrice')} data-testid={OptionsTestId.orderOpenPrice}>
        {order.openPrice === null ? (
          <span className={styles.waiting}>{t('options.orders.waitingOpenTick')}</span>
        ) : (
          <span dir="ltr">{formatTickPrice(order.openPrice, language)}</span>
        )}
      </Fact>
      <Fact
        label={t('options.orders.livePrice')}
        dir="ltr"
        className={styles.signed}
        data-sign={standing(order, live)}
        data-testid={OptionsTestId.orderLivePrice}
      >
        {live === undefined ? '--' : formatTickPrice(live, language)}
      </Fact>
      <Fact label={t('options.orders.timeLeft')} data-testid={OptionsTestId.orderTimeLeft}>
        {left > 0 ? <span dir="ltr">{formatCountdown(left, language)}</span> : t('options.orders.settling')}
      </Fact>
      <Fact label={t('options.orders.payoutRate')} dir="ltr">
        {formatPayoutRate(order.payoutRate, language)}
      </Fact>
    </OrderCard>
  );
}

/** A settled order: open and close price and time, the outcome and the profit coloured by its sign. */
function SettledOrderRow({ order, onProof }: { order: OptionOrderView; onProof: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const profit = order.profit ?? '0';
  return (
    <OrderCard
      order={order}
      onProof={onProof}
      status={
        <span
          className={styles.outcome}
          data-outcome={order.outcome}
          data-testid={OptionsTestId.orderOutcome}
        >
          {order.outcome
            ? t(`options.orders.outcomes.${order.outcome}`)
            : t(`options.orders.statuses.${order.status}`)}
        </span>
      }
    >
      <Fact
        label={t('options.orders.profit')}
        dir="ltr"
        className={styles.signed}
        data-sign={signOf(profit)}
        data-testid={OptionsTestId.orderProfit}
      >
        {formatPnl(profit, language)} {order.asset}
      </Fact>
      <Fact label={t('options.orders.openPrice')} dir="ltr">
        {order.openPrice === null ? '--' : formatTickPrice(order.openPrice, language)}
      </Fact>
      <Fact label={t('options.orders.closePrice')} dir="ltr">
        {order.closePrice === null ? '--' : formatTickPrice(order.closePrice, language)}
      </Fact>
      <Fact label={t('options.orders.openTime')}>
        {order.openTime === null ? '--' : timeOf(order.openTime, language)}
      </Fact>
    </OrderCard>
  );
}
