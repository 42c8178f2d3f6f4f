import { payStatusOf, SWAP_FINAL_STATUSES, type SwapOrderView } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/web';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SWAP_ORDERS_PATH } from '../../app/paths';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { CopyValue } from './CopyValue';
import { amountOf, coinName, formatMoment, rateLine, timeOfStep } from './format';
import { orderIdFrom } from './orderId';
import { swapOrderPath } from './paths';
import styles from './Swap.module.css';
import { CancelOrder, SwapOrderLoader } from './SwapOrderScreen';
import { SwapTimeline } from './SwapTimeline';
import { SwapTestId } from './testIds';

/** /current/orderDetails?id=…: every field of one swap order, its transactions and timeline; cancel while waiting. */
export function OrderDetailsScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = orderIdFrom(params);
  useDocumentTitle(t('swap.details.title'));
  return (
    <div className={styles.screen} data-testid={SwapTestId.detailsScreen}>
      <TopBar title={t('swap.details.title')} backTo={SWAP_ORDERS_PATH} />
      <main className={styles.main}>
        <SwapOrderLoader id={id}>{(order) => <OrderDetails order={order} />}</SwapOrderLoader>
      </main>
    </div>
  );
}

function OrderDetails({ order }: { order: SwapOrderView }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const final = SWAP_FINAL_STATUSES.includes(order.status);
  const swapTime = timeOfStep(order, 'exchanging');
  const moment = (iso: string | null) =>
    iso ? <time dateTime={iso}>{formatMoment(iso, language)}</time> : '--';
  const ltr = (text: string | null) => (text ? <bdi dir="ltr">{text}</bdi> : '--');

  const rows: (readonly [field: string, label: TranslationKey, value: ReactNode])[] = [
    ['status', 'swap.details.status', t(final ? 'swap.details.states.final' : 'swap.details.states.open')],
    ['payStatus', 'swap.details.payStatus', t(`swap.payStatus.${payStatusOf(order.status)}`)],
    ['swapStatus', 'swap.details.swapStatus', t(`swap.status.${order.status}`)],
    ['sendCoin', 'swap.details.sendCoin', <bdi key="c">{coinName(order.fromAsset, order.fromNetwork)}</bdi>],
    ['sendAmount', 'swap.details.sendAmount', ltr(amountOf(order.sendAmount, order.fromAsset, language))],
    [
      'receiveCoin',
      'swap.details.receiveCoin',
      <bdi key="c">{coinName(order.toAsset, order.toNetwork)}</bdi>,
    ],
    [
      'receiveAmount',
      'swap.details.receiveAmount',
      ltr(amountOf(order.receiveAmount, order.toAsset, language)),
    ],
    [
      'swapPrice',
      'swap.details.swapPrice',
      ltr(rateLine(order.rate, order.fromAsset, order.toAsset, language)),
    ],
    [
      'swapQuantity',
      'swap.details.swapQuantity',
      ltr(amountOf(order.depositAmount ?? order.sendAmount, order.fromAsset, language)),
    ],
    ['swapAddress', 'swap.details.swapAddress', ltr(order.receiveAddress)],
    ['swapTime', 'swap.details.swapTime', moment(swapTime)],
    ['totalPrice', 'swap.details.totalPrice', ltr(amountOf(order.receiveAmount, order.toAsset, language))],
    ['createdAt', 'swap.details.createdAt', moment(order.createdAt)],
    ['rateType', 'swap.details.rateType', t(`swap.rateTypes.${order.rateType}`)],
    ['networkFee', 'swap.networkFee', ltr(amountOf(order.networkFee, order.toAsset, language))],
    ['depositAddress', 'swap.order.depositAddress', ltr(order.depositAddress)],
    ...(order.depositMemo ? ([['depositMemo', 'swap.order.memo', ltr(order.depositMemo)]] as const) : []),
    ...(order.receiveMemo ? ([['receiveMemo', 'swap.memo', ltr(order.receiveMemo)]] as const) : []),
    ['refundAddress', 'swap.details.refundAddress', ltr(order.refundAddress)],
    ['depositTx', 'swap.details.depositTx', ltr(order.depositTxHash)],
    ['payoutTx', 'swap.details.payoutTx', ltr(order.payoutTxHash)],
    ...(order.refundAmount
      ? ([
          [
            'refundAmount',
            'swap.details.refundAmount',
            ltr(amountOf(order.refundAmount, order.fromAsset, language)),
          ],
        ] as const)
      : []),
    ['refundTx', 'swap.details.refundTx', ltr(order.refundTxHash)],
    ...(order.reviewReason
      ? ([
          [
            'reviewReason',
            'swap.details.reviewReason',
            t(`swap.details.reviewReasons.${order.reviewReason}`),
          ],
        ] as const)
      : []),
  ];

  return (
    <>
      <section className={styles.card}>
        <span className={styles.sideLabel}>{t('swap.order.orderNumber')}</span>
        <CopyValue value={order.id} name="order-number" testId={SwapTestId.orderNumber} />
      </section>
      <section className={styles.card}>
        <dl className={styles.facts}>
          {rows.map(([field, label, value]) => (
            <div key={field}>
              <dt>{t(label)}</dt>
              <dd data-testid={SwapTestId.detail(field)}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <SwapTimeline order={order} />
      {order.status === 'waiting' ? (
        <>
          <Link to={swapOrderPath(order.id)} className={styles.link}>
            {t('swap.order.title')}
          </Link>
          <CancelOrder id={order.id} />
        </>
      ) : null}
    </>
  );
}
