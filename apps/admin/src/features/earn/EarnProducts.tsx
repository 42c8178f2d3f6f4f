import { Button } from '@kestrel/ui';
import { Pencil, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, pageStyles } from '../../components/Page';
import { Badge, type Column, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { percentOf } from '../../lib/rates';
import styles from './Earn.module.css';
import { dayCount } from './format';
import { ProductDialog } from './ProductDialog';
import { type AdminEarnProduct, useEarnProducts } from './queries';
import { EarnTestId } from './testIds';

/** The dialog shown: adding a product (`product` null), or changing one. */
type Editing = { product: AdminEarnProduct | null } | null;

/**
 * Every product with its settings and what it holds: term, rate, limits, quota and what is subscribed, the sale
 * window, the early redemption rule, whether users see it, its active orders and the interest it has paid.
 */
export function EarnProducts({ manages }: { manages: boolean }) {
  const { t, i18n } = useTranslation();
  const { formatDate, formatAmount, formatNumber } = useLocale();
  const products = useEarnProducts();
  const [editing, setEditing] = useState<Editing>(null);

  const cell = (product: AdminEarnProduct, name: string, content: ReactNode) => (
    <span data-testid={EarnTestId.productCell(product.id, name)}>{content}</span>
  );

  const columns: Column<AdminEarnProduct>[] = [
    {
      key: 'asset',
      header: t('admin.earn.asset'),
      render: (product) => (
        <span data-testid={EarnTestId.productRow(product.id)}>
          <strong>{product.asset}</strong> <span className={styles.muted}>#{product.id}</span>
        </span>
      ),
      nowrap: true,
    },
    {
      key: 'term',
      header: t('admin.earn.term'),
      render: (product) =>
        cell(
          product,
          'term',
          product.termDays === null ? t('admin.earn.flexible') : dayCount(product.termDays, i18n.language),
        ),
      nowrap: true,
    },
    {
      key: 'rate',
      header: t('admin.earn.annualRate'),
      render: (product) => cell(product, 'rate', <bdi dir="ltr">{percentOf(product.annualRate)}</bdi>),
      nowrap: true,
    },
    {
      key: 'limits',
      header: t('admin.earn.limits'),
      render: (product) =>
        cell(
          product,
          'limits',
          <>
            {t('admin.earn.minOf', { amount: formatAmount(product.minAmount, product.asset) })}
            <br />
            {t('admin.earn.maxOf', { amount: formatAmount(product.maxPerUser, product.asset) })}
          </>,
        ),
    },
    {
      key: 'quota',
      header: t('admin.earn.quota'),
      render: (product) =>
        cell(
          product,
          'quota',
          <>
            {t('admin.earn.subscribedOf', {
              subscribed: formatAmount(product.subscribed),
              quota: formatAmount(product.quota, product.asset),
            })}
            <br />
            <span className={styles.muted}>
              {t('admin.earn.quotaLeftOf', { amount: formatAmount(product.quotaLeft, product.asset) })}
            </span>
          </>,
        ),
    },
    {
      key: 'sale',
      header: t('admin.earn.saleWindow'),
      render: (product) =>
        cell(
          product,
          'sale',
          <>
            {formatDate(product.saleStartsAt)}
            {' – '}
            {product.saleEndsAt ? formatDate(product.saleEndsAt) : t('admin.earn.noEnd')}
            <br />
            <Badge tone={product.state === 'onSale' ? 'positive' : 'neutral'}>
              {t(`admin.earn.states.${product.state}`)}
            </Badge>
          </>,
        ),
    },
    {
      key: 'early',
      header: t('admin.earn.earlyRedemption'),
      render: (product) =>
        cell(
          product,
          'early',
          product.termDays === null
            ? t('admin.earn.anyTime')
            : product.earlyRedemption.allowed
              ? t('admin.earn.earlyAllowed', { penalty: percentOf(product.earlyRedemption.penaltyRate) })
              : t('admin.earn.earlyRefused'),
        ),
    },
    {
      key: 'visible',
      header: t('admin.earn.visible'),
      render: (product) =>
        cell(
          product,
          'visible',
          <Badge tone={product.visible ? 'positive' : 'neutral'}>
            {t(product.visible ? 'admin.earn.shown' : 'admin.earn.hidden')}
          </Badge>,
        ),
    },
    {
      key: 'activeOrders',
      header: t('admin.earn.activeOrders'),
      render: (product) => cell(product, 'activeOrders', formatNumber(product.activeOrders)),
      nowrap: true,
    },
    {
      key: 'interestPaid',
      header: t('admin.earn.interestPaid'),
      render: (product) => cell(product, 'interestPaid', formatAmount(product.interestPaid, product.asset)),
      nowrap: true,
    },
  ];
  if (manages)
    columns.push({
      key: 'edit',
      header: '',
      render: (product) => (
        <Button
          variant="ghost"
          onClick={() => setEditing({ product })}
          data-testid={EarnTestId.edit(product.id)}
        >
          <Pencil size={14} aria-hidden />
          {t('admin.earn.edit')}
        </Button>
      ),
    });

  return (
    <Card title={t('admin.earn.tabs.products')} testId={EarnTestId.products}>
      {manages ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => setEditing({ product: null })}
            data-testid={EarnTestId.create}
          >
            <Plus size={14} aria-hidden />
            {t('admin.earn.newProduct')}
          </Button>
        </div>
      ) : null}
      {products.isError ? <p className={pageStyles.muted}>{t('admin.notice.network')}</p> : null}
      <Table
        columns={columns}
        rows={products.data?.items ?? []}
        rowKey={(product) => product.id}
        loading={products.isPending}
      />
      {editing ? <ProductDialog product={editing.product} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
