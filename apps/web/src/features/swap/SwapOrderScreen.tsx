import { CHAIN_LABELS, SWAP_FINAL_STATUSES, type SwapOrderView } from '@kestrel/contract';
import { streams } from '@kestrel/contract/routes';
import { Button, ConfirmDialog } from '@kestrel/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SWAP_ORDERS_PATH, SWAP_PATH } from '../../app/paths';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { showNotice } from '../../components/notice/noticeStore';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { formatCountdown, secondsUntil } from '../../lib/countdown';
import { useChannelEvents, useReconnect } from '../../lib/realtime';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useNow } from '../../lib/useNow';
import { AddressCard } from '../deposit/AddressCard';
import { CopyValue } from './CopyValue';
import { amountOf } from './format';
import { orderIdFrom } from './orderId';
import { swapOrderDetailsPath } from './paths';
import {
  isUnknownOrder,
  swapKeys,
  useCancelSwapOrderMutation,
  useSwapOrderQuery,
  writePushedSwapStatus,
} from './queries';
import styles from './Swap.module.css';
import { SwapTimeline } from './SwapTimeline';
import { SwapTestId } from './testIds';

/**
 * /current/swapOrder?id=…: an order being paid. The deposit address with its QR code, the memo and the exact
 * amount, each to copy; the time left; the status as the desk pushes it and the timeline; cancel while waiting.
 */
export function SwapOrderScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = orderIdFrom(params);
  useDocumentTitle(t('swap.order.title'));
  return (
    <div className={styles.screen} data-testid={SwapTestId.orderScreen}>
      <TopBar title={t('swap.order.title')} backTo={SWAP_PATH} />
      <main className={styles.main}>
        <SwapOrderLoader id={id}>{(order) => <OrderBeingPaid order={order} />}</SwapOrderLoader>
      </main>
    </div>
  );
}

/**
 * Loads an order and follows its channel: each pushed status goes into the cache, and the order is read again for
 * what the message does not carry. An unknown order (or one this visitor may not open) is a not-found state.
 */
export function SwapOrderLoader({
  id,
  children,
}: {
  id: string | null;
  children: (order: SwapOrderView) => ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const order = useSwapOrderQuery(id);
  const following = order.data && !SWAP_FINAL_STATUSES.includes(order.data.status) ? order.data.id : null;
  useChannelEvents(
    following ? streams.swapOrder : null,
    (message) => writePushedSwapStatus(queryClient, message),
    { order: following ?? '' },
  );
  useReconnect(() => {
    if (id) void queryClient.invalidateQueries({ queryKey: swapKeys.order(id) });
  });

  if (id === null || (order.isError && isUnknownOrder(order.error))) {
    return (
      <div className={styles.notFound} data-testid={SwapTestId.notFound}>
        <h2>{t('swap.order.notFound')}</h2>
        <p className={styles.muted}>{t('swap.order.notFoundBody')}</p>
        <Link to={SWAP_ORDERS_PATH} className={styles.link}>
          {t('swap.orders')}
        </Link>
        <Link to={SWAP_PATH} className={styles.link}>
          {t('swap.order.newSwap')}
        </Link>
      </div>
    );
  }
  if (order.isError) return <ErrorState message={order.error.message} onRetry={() => void order.refetch()} />;
  if (order.isPending) return <LoadingState />;
  return <>{children(order.data)}</>;
}

function OrderBeingPaid({ order }: { order: SwapOrderView }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const now = useNow();
  const final = SWAP_FINAL_STATUSES.includes(order.status);
  const waiting = order.status === 'waiting';
  const left = secondsUntil(new Date(order.expiresAt), now);
  return (
    <>
      {order.simulated ? (
        <p className={styles.headline}>
          <span className={styles.simulated} data-testid={SwapTestId.simulated}>
            {t('markets.simulated')}
          </span>
          <span className={styles.muted}>{t('swap.order.simulated')}</span>
        </p>
      ) : null}
      <section className={styles.card} aria-label={t('swap.details.status')}>
        <span className={styles.status} data-final={final} role="status" data-testid={SwapTestId.orderStatus}>
          {t(`swap.status.${order.status}`)}
        </span>
        {waiting ? (
          <>
            <span className={styles.sideLabel}>{t('swap.order.timeLeft')}</span>
            <span className={styles.countdown} dir="ltr" data-testid={SwapTestId.orderCountdown}>
              {left > 0 ? formatCountdown(left, language) : t('swap.order.timeUp')}
            </span>
          </>
        ) : null}
      </section>

      {waiting ? (
        <>
          <section className={styles.card}>
            <span className={styles.sideLabel}>
              {order.rateType === 'fixed' ? t('swap.order.sendExactly') : t('swap.order.sendAbout')}
            </span>
            <CopyValue
              value={order.sendAmount}
              shown={amountOf(order.sendAmount, order.fromAsset, language)}
              name="amount"
              testId={SwapTestId.orderAmount}
            />
          </section>
          <AddressCard address={order.depositAddress} />
          <p className={styles.warning}>
            {t('swap.order.sendOnly', { asset: order.fromAsset, network: CHAIN_LABELS[order.fromNetwork] })}
          </p>
          {order.depositMemo ? (
            <section className={styles.card}>
              <span className={styles.sideLabel}>{t('swap.order.memo')}</span>
              <CopyValue value={order.depositMemo} name="memo" testId={SwapTestId.orderMemo} />
              <p className={styles.warning} role="note" data-testid={SwapTestId.orderMemoWarning}>
                {t('swap.order.memoWarning')}
              </p>
            </section>
          ) : null}
        </>
      ) : null}

      <section className={styles.card}>
        <dl className={styles.facts}>
          <div>
            <dt>{t('swap.receive')}</dt>
            <dd dir="ltr">{amountOf(order.receiveAmount, order.toAsset, language)}</dd>
          </div>
          <div>
            <dt>{t('swap.order.receiveAt')}</dt>
            <dd>
              <bdi dir="ltr">{order.receiveAddress}</bdi>
            </dd>
          </div>
        </dl>
      </section>

      <SwapTimeline order={order} />

      <section className={styles.card}>
        <span className={styles.sideLabel}>{t('swap.order.orderNumber')}</span>
        <CopyValue value={order.id} name="order-number" testId={SwapTestId.orderNumber} />
        <p className={styles.muted}>
          <Info size={14} aria-hidden /> {t('swap.order.keepNumber')}
        </p>
      </section>

      {waiting ? <CancelOrder id={order.id} /> : null}
      <div className={styles.links}>
        {final ? (
          <Link
            to={swapOrderDetailsPath(order.id)}
            className={styles.link}
            data-testid={SwapTestId.orderDetailsLink}
          >
            {t('swap.order.details')}
          </Link>
        ) : null}
        <Link to={SWAP_ORDERS_PATH} className={styles.link}>
          {t('swap.orders')}
        </Link>
      </div>
    </>
  );
}

/** Cancel, asked first: an order still waiting for its deposit. */
export function CancelOrder({ id }: { id: string }) {
  const { t } = useTranslation();
  const cancel = useCancelSwapOrderMutation(id);
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    try {
      await cancel.mutateAsync();
      showNotice({ tone: 'positive', message: t('swap.order.cancelled') });
    } catch {
      // The request client showed why; the order is read again.
    }
    setAsking(false);
  };
  return (
    <>
      <Button variant="secondary" block onClick={() => setAsking(true)} data-testid={SwapTestId.orderCancel}>
        {t('swap.order.cancel')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('swap.order.cancelTitle')}
        body={t('swap.order.cancelBody')}
        confirmLabel={t('swap.order.cancel')}
        cancelLabel={t('swap.order.keep')}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
        busy={cancel.isPending}
        destructive
        testId={SwapTestId.orderCancelDialog}
      />
    </>
  );
}
