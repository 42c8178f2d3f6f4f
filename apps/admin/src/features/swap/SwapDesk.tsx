import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/admin';
import { Page, pageStyles } from '../../components/Page';
import { mayActOnOrders, mayConfigureDesk, mayReadDesk } from './access';
import { DeskSettings } from './DeskSettings';
import styles from './Swap.module.css';
import { SwapCoins } from './SwapCoins';
import { SwapOrders } from './SwapOrders';
import { SwapPairs } from './SwapPairs';
import { SwapTestId } from './testIds';

const TABS = ['orders', 'settings', 'coins', 'pairs'] as const;
type Tab = (typeof TABS)[number];

/**
 * The swap desk: its orders with what waits on operators, and the desk's settings, coins and pairs. Support reads
 * everything; reviewers and super admins act on orders; super admins change the desk.
 */
export function SwapDesk() {
  const { t } = useTranslation();
  const role = useMe().data?.role;
  const [tab, setTab] = useState<Tab>('orders');
  if (!role || !mayReadDesk(role)) return <Page title={t('admin.swapDesk.title')}>{null}</Page>;
  const acts = mayActOnOrders(role);
  const configures = mayConfigureDesk(role);

  return (
    <Page title={t('admin.swapDesk.title')}>
      <p className={pageStyles.muted}>{t('admin.swapDesk.intro')}</p>
      <div className={styles.tabs} role="tablist" aria-label={t('admin.swapDesk.title')}>
        {TABS.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            aria-selected={each === tab}
            className={`${styles.tab} ${each === tab ? styles.selected : ''}`}
            onClick={() => setTab(each)}
            data-testid={SwapTestId.tab(each)}
          >
            {t(`admin.swapDesk.tabs.${each}`)}
          </button>
        ))}
      </div>
      {tab === 'orders' ? <SwapOrders acts={acts} /> : null}
      {tab === 'settings' ? <DeskSettings configures={configures} /> : null}
      {tab === 'coins' ? <SwapCoins configures={configures} /> : null}
      {tab === 'pairs' ? <SwapPairs configures={configures} /> : null}
    </Page>
  );
}
