import { type AdminSwapOrder, SWAP_STATUSES, type SwapStatus } from '@kestrel/contract';
import { Button, SelectField } from '@kestrel/ui';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, pageStyles } from '../../components/Page';
import { SearchBox } from '../../components/SearchBox';
import { Badge, type Column, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { Mono } from '../review/Mono';
import { coinName, operatorStepOf } from './format';
import { useSwapOrders } from './queries';
import styles from './Swap.module.css';
import { SwapOrderDetail } from './SwapOrderDetail';
import { SwapTestId } from './testIds';

type StatusChoice = SwapStatus | 'all';

/**
 * The desk's orders, newest first, by status or by an order number, address or transaction hash, a page at a time;
 * each row says what it waits on operators for. A row opens the order beside the list.
 */
export function SwapOrders({ acts }: { acts: boolean }) {
  const { t } = useTranslation();
  const { formatDate, formatAmount } = useLocale();
  const [status, setStatus] = useState<StatusChoice>('all');
  const [search, setSearch] = useState('');
  // The cursors of the pages walked through, so that the newer page is one step back.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [openId, setOpenId] = useState<string | null>(null);
  const cursor = cursors[cursors.length - 1];
  const orders = useSwapOrders({
    ...(status === 'all' ? {} : { status }),
    ...(search ? { search } : {}),
    ...(cursor ? { cursor } : {}),
  });
  const rows = orders.data?.items;
  const open = rows?.find((order) => order.id === openId);

  const columns: Column<AdminSwapOrder>[] = [
    {
      key: 'id',
      header: t('admin.swapDesk.order'),
      render: (order) => <Mono testId={SwapTestId.orderRow(order.id)}>{order.id}</Mono>,
      nowrap: true,
    },
    {
      key: 'pair',
      header: t('admin.swapDesk.pair'),
      render: (order) => (
        <bdi>
          {coinName(order.fromAsset, order.fromNetwork)} → {coinName(order.toAsset, order.toNetwork)}
        </bdi>
      ),
    },
    {
      key: 'send',
      header: t('admin.swapDesk.send'),
      render: (order) => formatAmount(order.sendAmount, order.fromAsset),
      nowrap: true,
    },
    {
      key: 'receive',
      header: t('admin.swapDesk.receive'),
      render: (order) => formatAmount(order.receiveAmount, order.toAsset),
      nowrap: true,
    },
    {
      key: 'status',
      header: t('admin.swapDesk.status'),
      render: (order) => {
        const step = operatorStepOf(order);
        return (
          <span className={styles.badges} data-testid={SwapTestId.orderStatus(order.id)}>
            <Badge tone={order.status === 'completed' ? 'positive' : 'neutral'}>
              {t(`swap.status.${order.status}`)}
            </Badge>
            {order.simulated ? <Badge tone="neutral">{t('admin.swapDesk.simulated')}</Badge> : null}
            {step ? (
              <span data-testid={SwapTestId.waitsOn(order.id)}>
                <Badge tone="negative">{t(`admin.swapDesk.waitsOn.${step}`)}</Badge>
              </span>
            ) : null}
          </span>
        );
      },
    },
    {
      key: 'created',
      header: t('admin.common.created'),
      render: (order) => formatDate(order.createdAt),
      nowrap: true,
    },
  ];

  /** A new filter starts again at the newest page. */
  const filter = (next: { status?: StatusChoice; search?: string }) => {
    if (next.status !== undefined) setStatus(next.status);
    if (next.search !== undefined) setSearch(next.search);
    setCursors([undefined]);
  };

  return (
    <div className={`${styles.orders} ${open ? styles.withDetail : ''}`}>
      <Card testId={SwapTestId.orders}>
        <div className={styles.filters}>
          <SelectField<StatusChoice>
            label={t('admin.swapDesk.status')}
            value={status}
            onChange={(value) => filter({ status: value })}
            options={[
              { value: 'all', label: t('admin.swapDesk.allStatuses') },
              ...SWAP_STATUSES.map((each) => ({ value: each, label: t(`swap.status.${each}`) })),
            ]}
            testId={SwapTestId.statusFilter}
          />
          <SearchBox
            label={t('admin.swapDesk.search')}
            initial={search}
            onSearch={(value) => filter({ search: value })}
          />
        </div>
        {orders.isError ? <p className={pageStyles.muted}>{t('admin.notice.network')}</p> : null}
        <Table
          columns={columns}
          rows={rows}
          rowKey={(order) => order.id}
          onRowClick={(order) => setOpenId(order.id)}
          loading={orders.isPending}
        />
        <nav className={styles.pager} aria-label={t('admin.common.pagination')}>
          <Button
            variant="ghost"
            disabled={cursors.length <= 1}
            onClick={() => setCursors((current) => current.slice(0, -1))}
            aria-label={t('admin.common.previous')}
            data-testid={SwapTestId.newerPage}
          >
            <ChevronLeft size={16} className="flip-in-rtl" />
          </Button>
          <Button
            variant="ghost"
            disabled={!orders.data?.next}
            onClick={() => {
              const next = orders.data?.next;
              if (next) setCursors((current) => [...current, next]);
            }}
            aria-label={t('admin.common.next')}
            data-testid={SwapTestId.olderPage}
          >
            <ChevronRight size={16} className="flip-in-rtl" />
          </Button>
        </nav>
      </Card>
      {open ? <SwapOrderDetail row={open} acts={acts} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}
