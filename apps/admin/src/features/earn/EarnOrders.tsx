import { Button, SelectField } from '@kestrel/ui';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, pageStyles } from '../../components/Page';
import { SearchBox } from '../../components/SearchBox';
import { Badge, type Column, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { percentOf } from '../../lib/rates';
import { Mono } from '../review/Mono';
import styles from './Earn.module.css';
import { dayCount, dayName } from './format';
import { type AdminEarnOrder, type EarnOrderFilter, useEarnOrders, useEarnProducts } from './queries';
import { EarnTestId } from './testIds';

type State = EarnOrderFilter['state'];

/**
 * Every user's earn orders, newest first: active or closed ones, of one user or one product, a page at a time,
 * with what each holds, its rate and term as placed, the interest paid and the day paid through.
 */
export function EarnOrders() {
  const { t, i18n } = useTranslation();
  const { formatDate, formatAmount } = useLocale();
  const products = useEarnProducts();
  const [state, setState] = useState<State>('active');
  const [productId, setProductId] = useState('');
  const [userId, setUserId] = useState<number | undefined>();
  const [userError, setUserError] = useState('');
  // The cursors of the pages walked through, so that the newer page is one step back.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const orders = useEarnOrders({
    state,
    ...(userId ? { userId } : {}),
    ...(productId ? { productId } : {}),
    ...(cursor ? { cursor } : {}),
  });

  /** A new filter starts again at the newest page. */
  const restart = () => setCursors([undefined]);

  const columns: Column<AdminEarnOrder>[] = [
    {
      key: 'id',
      header: t('admin.earn.order'),
      render: (order) => <Mono testId={EarnTestId.orderRow(order.id)}>{order.id}</Mono>,
      nowrap: true,
    },
    {
      key: 'user',
      header: t('admin.earn.user'),
      render: (order) => (
        <>
          <bdi dir="ltr">{order.account}</bdi>
          <br />
          <span className={styles.muted}>{t('admin.earn.userNumber', { id: order.userId })}</span>
        </>
      ),
    },
    {
      key: 'product',
      header: t('admin.earn.product'),
      render: (order) => (
        <>
          {order.asset} <span className={styles.muted}>#{order.productId}</span>
          <br />
          <span className={styles.muted}>
            {order.termDays === null ? t('admin.earn.flexible') : dayCount(order.termDays, i18n.language)}
            {' · '}
            <bdi dir="ltr">{percentOf(order.annualRate)}</bdi>
          </span>
        </>
      ),
    },
    {
      key: 'principal',
      header: t('admin.earn.principal'),
      render: (order) => formatAmount(order.principal, order.asset),
      nowrap: true,
    },
    {
      key: 'status',
      header: t('admin.earn.status'),
      render: (order) => (
        <Badge tone={order.status === 'active' ? 'positive' : 'neutral'}>
          {t(`admin.earn.statuses.${order.status}`)}
        </Badge>
      ),
    },
    {
      key: 'interest',
      header: t('admin.earn.interestPaid'),
      render: (order) => (
        <>
          {formatAmount(order.interestPaid, order.asset)}
          <br />
          <span className={styles.muted}>
            {order.paidThrough
              ? t('admin.earn.paidThrough', { day: dayName(order.paidThrough, i18n.language) })
              : t('admin.earn.accruesFrom', { day: dayName(order.accrualStartsOn, i18n.language) })}
          </span>
        </>
      ),
      nowrap: true,
    },
    {
      key: 'matures',
      header: t('admin.earn.maturesAt'),
      render: (order) => (order.maturesAt ? formatDate(order.maturesAt) : t('admin.earn.flexible')),
      nowrap: true,
    },
    {
      key: 'closed',
      header: t('admin.earn.returned'),
      render: (order) =>
        order.returned === null ? (
          ''
        ) : (
          <>
            {formatAmount(order.returned, order.asset)}
            <br />
            <span className={styles.muted}>{formatDate(order.closedAt)}</span>
          </>
        ),
      nowrap: true,
    },
    {
      key: 'created',
      header: t('admin.common.created'),
      render: (order) => formatDate(order.createdAt),
      nowrap: true,
    },
  ];

  return (
    <Card testId={EarnTestId.orders}>
      <div className={styles.filters}>
        <SelectField<State>
          label={t('admin.earn.status')}
          value={state}
          onChange={(value) => {
            setState(value);
            restart();
          }}
          options={[
            { value: 'active', label: t('admin.earn.activeOrdersFilter') },
            { value: 'closed', label: t('admin.earn.closedOrdersFilter') },
          ]}
          testId={EarnTestId.stateFilter}
        />
        <SelectField<string>
          label={t('admin.earn.product')}
          value={productId}
          onChange={(value) => {
            setProductId(value);
            restart();
          }}
          options={[
            { value: '', label: t('admin.earn.allProducts') },
            ...(products.data?.items ?? []).map((product) => ({
              value: product.id,
              label: `${product.asset} #${product.id} · ${
                product.termDays === null
                  ? t('admin.earn.flexible')
                  : dayCount(product.termDays, i18n.language)
              }`,
            })),
          ]}
          testId={EarnTestId.productFilter}
        />
        <div data-testid={EarnTestId.userFilter}>
          <SearchBox
            label={t('admin.earn.userId')}
            initial=""
            onSearch={(value) => {
              if (value !== '' && !/^[1-9]\d{0,14}$/.test(value)) {
                setUserError(t('admin.earn.userIdInvalid'));
                return;
              }
              setUserError('');
              setUserId(value === '' ? undefined : Number(value));
              restart();
            }}
          />
        </div>
      </div>
      {userError ? (
        <p role="alert" className={pageStyles.muted}>
          {userError}
        </p>
      ) : null}
      {orders.isError ? <p className={pageStyles.muted}>{t('admin.notice.network')}</p> : null}
      <Table
        columns={columns}
        rows={orders.data?.items}
        rowKey={(order) => order.id}
        loading={orders.isPending}
      />
      <nav className={styles.pager} aria-label={t('admin.common.pagination')}>
        <Button
          variant="ghost"
          disabled={cursors.length <= 1}
          onClick={() => setCursors((current) => current.slice(0, -1))}
          aria-label={t('admin.common.previous')}
          data-testid={EarnTestId.newerPage}
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
          data-testid={EarnTestId.olderPage}
        >
          <ChevronRight size={16} className="flip-in-rtl" />
        </Button>
      </nav>
    </Card>
  );
}
