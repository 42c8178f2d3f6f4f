import { LIVE_ORDER_STATUSES, type OrderView } from '@kestrel/contract';
import { ConfirmDialog, Spinner } from '@kestrel/ui';
import { ListChecks } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALL_TRADES_PATH } from '../../app/paths';
import { ErrorState } from '../../components/ErrorState';
import { showNotice } from '../../components/notice/noticeStore';
import { SegmentedTabs } from '../../components/SegmentedTabs';
import { useLanguage } from '../../i18n/useLanguage';
import { loadedItems } from '../../lib/useCursorPages';
import { useLoadMoreWhenSeen } from '../../lib/useLoadMoreWhenSeen';
import { formatPrice } from '../markets/format';
import { formatSize, formatTime } from './format';
import { useCancelAllMutation, useCancelOrderMutation, useOrdersQuery } from './queries';
import styles from './SpotTrading.module.css';
import { SpotTestId } from './testIds';

/** Open orders (with cancel and cancel all) and the order history of one market. */
export function OrdersPanel({ symbol, tickSize }: { symbol: string; tickSize: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'open' | 'history'>('open');
  const [confirming, setConfirming] = useState(false);
  const orders = useOrdersQuery(state, symbol);
  const openOrders = useOrdersQuery('open', symbol);
  const cancelAll = useCancelAllMutation();
  const items = loadedItems(orders);
  const openCount = loadedItems(openOrders).length;
  const sentinel = useLoadMoreWhenSeen(orders);

  return (
    <section className={styles.orders}>
      <div className={styles.ordersHead}>
        <SegmentedTabs
          label={t('orders.openOrders')}
          value={state}
          onChange={setState}
          options={[
            {
              value: 'open',
              label: `${t('orders.openOrders')} (${openCount})`,
              testId: SpotTestId.tabOpen,
            },
            { value: 'history', label: t('orders.orderHistory'), testId: SpotTestId.tabHistory },
          ]}
        />
        <Link
          to={ALL_TRADES_PATH}
          className={styles.iconLink}
          aria-label={t('spot.viewAllTrades')}
          title={t('spot.viewAllTrades')}
          data-testid={SpotTestId.tradesLink}
        >
          <ListChecks size={20} aria-hidden />
        </Link>
      </div>
      {state === 'open' && items.length > 0 ? (
        <div className={styles.ordersTools}>
          <button
            type="button"
            className={styles.textButton}
            onClick={() => setConfirming(true)}
            data-testid={SpotTestId.cancelAll}
          >
            {t('orders.cancelAll')}
          </button>
        </div>
      ) : null}
      {orders.isPending ? (
        <div className={styles.ordersEmpty}>
          <Spinner size={20} />
        </div>
      ) : orders.isError && items.length === 0 ? (
        <ErrorState message={orders.error.message} onRetry={() => orders.refetch()} />
      ) : items.length === 0 ? (
        <p className={styles.ordersEmpty} data-testid={SpotTestId.ordersEmpty}>
          {t('common.noData')}
        </p>
      ) : (
        <>
          <ul className={styles.orderList} data-testid={SpotTestId.orders} data-state={state}>
            {items.map((order) => (
              <OrderRow key={order.id} order={order} tickSize={tickSize} />
            ))}
          </ul>
          <div ref={sentinel} className={styles.sentinel}>
            {orders.isFetchingNextPage ? <Spinner size={20} /> : null}
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('orders.cancelAll')}
        body={t('spot.cancelAllConfirm')}
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
        destructive
        busy={cancelAll.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          cancelAll.mutate(symbol, {
            onSuccess: () => showNotice({ tone: 'positive', message: t('orders.cancelSuccess') }),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </section>
  );
}

function OrderRow({ order, tickSize }: { order: OrderView; tickSize: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const cancel = useCancelOrderMutation();
  const cancellable = LIVE_ORDER_STATUSES.includes(order.status);
  const base = order.symbol.replace(/USDT$/, '');
  return (
    <li
      className={styles.order}
      data-testid={SpotTestId.order}
      data-id={order.id}
      data-status={order.status}
      data-side={order.side}
    >
      <div className={styles.orderHead}>
        <span className={styles.orderSide} data-side={order.side}>
          {t(`orders.${order.side}`)} · {t(`orders.${order.type}`)}
        </span>
        <span className={styles.orderPair}>{base}/USDT</span>
        <time className={styles.orderTime} dateTime={order.createdAt}>
          {formatTime(order.createdAt, language)}
        </time>
      </div>
      <dl className={styles.orderFacts}>
        <div>
          <dt>{t('orders.price')}</dt>
          <dd dir="ltr">
            {order.price
              ? formatPrice(order.price, tickSize, language)
              : order.averagePrice
                ? formatPrice(order.averagePrice, tickSize, language)
                : t('orders.marketPrice')}
          </dd>
        </div>
        <div>
          <dt>{order.size ? t('orders.amount') : t('orders.total')}</dt>
          <dd dir="ltr">
            {order.size
              ? `${formatSize(order.size, language)} ${base}`
              : `${formatSize(order.total ?? '0', language)} USDT`}
          </dd>
        </div>
        <div>
          <dt>{t('orders.filled')}</dt>
          <dd dir="ltr">
            {formatSize(order.filledSize, language)} {base}
          </dd>
        </div>
      </dl>
      <div className={styles.orderFoot}>
        <span className={styles.orderStatus} data-status={order.status}>
          {t(`orders.status.${order.status}`)}
        </span>
        {cancellable ? (
          <button
            type="button"
            className={styles.cancelButton}
            disabled={cancel.isPending}
            onClick={() =>
              // The pushed order may take this row away before the answer comes: the notice must not need it.
              cancel.mutateAsync(order).then(
                () => showNotice({ tone: 'positive', message: t('orders.cancelSuccess') }),
                // A refusal has shown its own notice.
                () => undefined,
              )
            }
            data-testid={SpotTestId.cancel}
          >
            {t('orders.cancel')}
          </button>
        ) : null}
      </div>
    </li>
  );
}
