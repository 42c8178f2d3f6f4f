import type { EarnOrderView } from '@kestrel/contract';
import { Button, Spinner } from '@kestrel/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FINANCIAL_PACKAGE_PATH } from '../../../app/paths';
import { ErrorState, LoadingState } from '../../../components/ErrorState';
import { type CursorPagesQuery, loadedItems } from '../../../lib/useCursorPages';
import styles from '../Earn.module.css';
import type { EarnOrderState } from '../queries';
import { EarnTestId } from '../testIds';
import { EarnOrderCard } from './EarnOrderCard';

type Props = {
  orders: CursorPagesQuery<EarnOrderView>;
  state: EarnOrderState;
  /** Given on the orders screen: an active order's Redeem opens its sheet. The investment record has none. */
  onRedeem?: (order: EarnOrderView) => void;
};

/** The user's active or closed earn orders, newest first, a page at a time. */
export function EarnOrderList({ orders, state, onRedeem }: Props) {
  const { t } = useTranslation();
  const items = loadedItems(orders);

  if (orders.isPending) return <LoadingState />;
  if (orders.isError && items.length === 0) {
    return <ErrorState message={orders.error.message} onRetry={() => orders.refetch()} />;
  }
  if (items.length === 0) {
    return (
      <div className={styles.empty} data-testid={EarnTestId.ordersEmpty}>
        <p className={styles.intro}>
          {t(state === 'active' ? 'earn.order.emptyActive' : 'earn.order.emptyClosed')}
        </p>
        {state === 'active' ? (
          <Link to={FINANCIAL_PACKAGE_PATH} className={styles.topLink}>
            {t('earn.order.browse')}
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <>
      <ul className={styles.list}>
        {items.map((order) => (
          <EarnOrderCard
            key={order.id}
            order={order}
            {...(onRedeem ? { onRedeem: () => onRedeem(order) } : {})}
          />
        ))}
      </ul>
      <div className={styles.more}>
        {orders.hasNextPage ? (
          <Button
            variant="ghost"
            size="md"
            loading={orders.isFetchingNextPage}
            onClick={() => void orders.fetchNextPage()}
            data-testid={EarnTestId.loadMore}
          >
            {t('options.orders.loadMore')}
          </Button>
        ) : orders.isFetchingNextPage ? (
          <Spinner size={20} />
        ) : (
          <span className={styles.end} data-testid={EarnTestId.ordersEnd}>
            {t('options.orders.end')}
          </span>
        )}
      </div>
    </>
  );
}
