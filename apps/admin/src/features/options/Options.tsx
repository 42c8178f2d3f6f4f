import { Button } from '@kestrel/ui';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/admin';
import { Card, Page, pageStyles } from '../../components/Page';
import settings from '../../components/SettingsForm.module.css';
import { Badge, type Column, Table } from '../../components/Table';
import { mayManageProducts, mayReadExposure } from './access';
import { ExposurePanel } from './ExposurePanel';
import { payoutPercent, periodLength, shortAmount } from './format';
import styles from './Options.module.css';
import { type AdminOptionProduct, ProductDialog } from './ProductDialog';
import { useOptionProducts } from './queries';
import { OptionsTestId } from './testIds';

/** The dialog shown: adding a product, or changing one. */
type Editing = { product: AdminOptionProduct | null } | null;

/**
 * Timed up/down options: the products with their periods and limits, changed in a dialog by super admins, and the
 * pool's exposure on the open rounds for everyone who watches the risk.
 */
export function Options() {
  const { t } = useTranslation();
  const me = useMe();
  const role = me.data?.role;
  const manages = role ? mayManageProducts(role) : false;

  return (
    <Page title={t('admin.options.title')}>
      <p className={pageStyles.muted}>{t('admin.options.intro')}</p>
      {role && mayReadExposure(role) ? <ExposurePanel /> : null}
      {manages ? <Products /> : null}
    </Page>
  );
}

function Products() {
  const { t, i18n } = useTranslation();
  const products = useOptionProducts();
  const [editing, setEditing] = useState<Editing>(null);

  const mono = (value: string) => (
    <bdi className={pageStyles.mono} dir="ltr">
      {value}
    </bdi>
  );

  const columns: Column<AdminOptionProduct>[] = [
    {
      key: 'symbol',
      header: t('admin.options.product'),
      render: (product) => (
        <span data-testid={OptionsTestId.row(product.symbol)}>
          {product.symbol}
          {product.stale ? (
            <span className={settings.stale}>
              <Badge tone="negative">{t('admin.markets.stale')}</Badge>
            </span>
          ) : null}
        </span>
      ),
      nowrap: true,
    },
    {
      key: 'open',
      header: t('admin.options.buying'),
      render: (product) => (
        <Badge tone={product.open ? 'positive' : 'neutral'}>
          {t(product.open ? 'admin.markets.open' : 'admin.markets.closed')}
        </Badge>
      ),
    },
    {
      key: 'periods',
      header: t('admin.options.periods'),
      render: (product) => (
        <ul className={styles.periodList} data-testid={OptionsTestId.periods(product.symbol)}>
          {product.periods.map((period) => (
            <li key={period.seconds}>
              <strong>{periodLength(period.seconds, i18n.language)}</strong>
              {' · '}
              {t('admin.options.payoutOf', { rate: payoutPercent(period.payoutRate) })}
              {' · '}
              {t('admin.options.stakeRange', {
                min: shortAmount(period.minStake),
                max: shortAmount(period.maxStake),
                asset: product.asset,
              })}
              {' · '}
              {t('admin.options.cutoffOf', { seconds: period.buyCutoffSeconds })}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'limits',
      header: t('admin.options.limits'),
      render: (product) => (
        <span data-testid={OptionsTestId.limits(product.symbol)}>
          {t('admin.options.openOrdersCap', { orders: product.maxOpenOrders })}
          <br />
          {t('admin.options.dailyLossCap', {
            amount: shortAmount(product.maxDailyLoss),
            asset: product.asset,
          })}
        </span>
      ),
    },
    {
      key: 'round',
      header: t('admin.options.currentRound'),
      render: (product) => mono(`#${product.periodNumber}`),
      nowrap: true,
    },
    {
      key: 'edit',
      header: '',
      render: (product) => (
        <Button
          variant="ghost"
          onClick={() => setEditing({ product })}
          data-testid={OptionsTestId.edit(product.symbol)}
        >
          <Pencil size={14} aria-hidden />
          {t('admin.markets.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('admin.options.products')} testId={OptionsTestId.products}>
      <div>
        <Button
          variant="secondary"
          onClick={() => setEditing({ product: null })}
          data-testid={OptionsTestId.create}
        >
          <Plus size={14} aria-hidden />
          {t('admin.options.newProduct')}
        </Button>
      </div>
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
