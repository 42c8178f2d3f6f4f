import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/admin';
import { Page, pageStyles } from '../../components/Page';
import { AccrualRuns } from './AccrualRuns';
import { mayManageEarn, mayReadEarn } from './access';
import styles from './Earn.module.css';
import { EarnOrders } from './EarnOrders';
import { EarnProducts } from './EarnProducts';
import { EarnTestId } from './testIds';

const TABS = ['products', 'orders', 'accruals'] as const;
type Tab = (typeof TABS)[number];

/**
 * Earn (the financial packages): the products with what they hold and have paid, every user's orders, and the
 * daily accrual runs. Super admins, reviewers and support read them; super admins add and change products.
 */
export function Earn() {
  const { t } = useTranslation();
  const role = useMe().data?.role;
  const [tab, setTab] = useState<Tab>('products');
  if (!role || !mayReadEarn(role)) return <Page title={t('admin.earn.title')}>{null}</Page>;

  return (
    <Page title={t('admin.earn.title')}>
      <p className={pageStyles.muted}>{t('admin.earn.intro')}</p>
      <div className={styles.tabs} role="tablist" aria-label={t('admin.earn.title')}>
        {TABS.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            aria-selected={each === tab}
            className={`${styles.tab} ${each === tab ? styles.selected : ''}`}
            onClick={() => setTab(each)}
            data-testid={EarnTestId.tab(each)}
          >
            {t(`admin.earn.tabs.${each}`)}
          </button>
        ))}
      </div>
      {tab === 'products' ? <EarnProducts manages={mayManageEarn(role)} /> : null}
      {tab === 'orders' ? <EarnOrders /> : null}
      {tab === 'accruals' ? <AccrualRuns /> : null}
    </Page>
  );
}
