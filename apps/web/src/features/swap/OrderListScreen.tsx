import {
  listTabsOf,
  payStatusOf,
  SWAP_LIST_TABS,
  type SwapListTab,
  type SwapOrderView,
} from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SWAP_PATH } from '../../app/paths';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { SegmentedTabs } from '../../components/SegmentedTabs';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useSession } from '../../session/useSession';
import { amountOf, coinName, formatMoment } from './format';
import { useHeldSwapOrders } from './orderStore';
import { swapOrderDetailsPath } from './paths';
import { mergeSwapOrders, useHeldSwapOrdersQuery, useMySwapOrdersQuery } from './queries';
import styles from './Swap.module.css';
import { SwapTestId } from './testIds';

const tabFrom = (value: string | null): SwapListTab => SWAP_LIST_TABS.find((tab) => tab === value) ?? 'all';

/**
 * /current/orderList?tab=all|cancelled|history: the swap orders this device created (looked up by their
 * secrets) and, signed in, the account's own from any device, each once, newest first.
 */
export function OrderListScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get('tab'));
  const { token } = useSession();
  const held = useHeldSwapOrders();
  const fromDevice = useHeldSwapOrdersQuery(held);
  const fromAccount = useMySwapOrdersQuery(token !== '');
  useDocumentTitle(t('swap.list.title'));

  const loading = (held.length > 0 && fromDevice.isPending) || (token !== '' && fromAccount.isPending);
  const failed = fromDevice.isError ? fromDevice : fromAccount.isError ? fromAccount : null;
  const orders = mergeSwapOrders(fromDevice.data, fromAccount.data).filter((order) =>
    listTabsOf(order.status).includes(tab),
  );

  return (
    <div className={styles.screen} data-testid={SwapTestId.listScreen}>
      <TopBar title={t('swap.list.title')} backTo={SWAP_PATH} />
      <main className={styles.main}>
        <SegmentedTabs
          label={t('swap.list.title')}
          value={tab}
          onChange={(next) => setParams({ tab: next }, { replace: true })}
          options={SWAP_LIST_TABS.map((value) => ({
            value,
            label: t(`swap.list.tabs.${value}`),
            testId: SwapTestId.listTab(value),
          }))}
        />
        {failed ? (
          <ErrorState message={failed.error?.message ?? ''} onRetry={() => void failed.refetch()} />
        ) : loading ? (
          <LoadingState />
        ) : orders.length === 0 ? (
          <div className={styles.notFound}>
            <p className={styles.empty} data-testid={SwapTestId.listEmpty}>
              {t('swap.list.empty')}
            </p>
            <Link to={SWAP_PATH} className={styles.link}>
              {t('swap.order.newSwap')}
            </Link>
          </div>
        ) : (
          <ul className={styles.orders}>
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}

function OrderCard({ order }: { order: SwapOrderView }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <Link to={swapOrderDetailsPath(order.id)} className={styles.orderCard} data-testid={SwapTestId.listCard}>
      <span className={styles.orderHead}>
        <bdi className={styles.pair}>
          {coinName(order.fromAsset, order.fromNetwork)} → {coinName(order.toAsset, order.toNetwork)}
        </bdi>
      </span>
      <bdi dir="ltr">
        {amountOf(order.sendAmount, order.fromAsset, language)} →{' '}
        {amountOf(order.receiveAmount, order.toAsset, language)}
      </bdi>
      <span className={styles.badges}>
        <span className={styles.status}>{t(`swap.status.${order.status}`)}</span>
        <span className={styles.status}>{t(`swap.payStatus.${payStatusOf(order.status)}`)}</span>
      </span>
      <time className={styles.muted} dateTime={order.createdAt}>
        {t('swap.list.createdAt', { time: formatMoment(order.createdAt, language) })}
      </time>
    </Link>
  );
}
