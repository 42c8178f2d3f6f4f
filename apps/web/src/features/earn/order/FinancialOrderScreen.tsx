import type { EarnOrderView } from '@kestrel/contract';
import { formatMoney } from '@kestrel/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FINANCIAL_PACKAGE_PATH } from '../../../app/paths';
import { SegmentedTabs } from '../../../components/SegmentedTabs';
import { TopBar } from '../../../components/TopBar';
import { useLanguage } from '../../../i18n/useLanguage';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import styles from '../Earn.module.css';
import { formatAsset } from '../figures';
import { type EarnOrderState, useEarnOrdersQuery, useEarnSummaryQuery } from '../queries';
import { EarnTestId } from '../testIds';
import { EarnOrderList } from './EarnOrderList';
import { RedeemSheet } from './RedeemSheet';

const TAB_PARAM = 'tab';

/**
 * /home/financial/order, the spec's financial orders: the principal held and the interest earned in $, then the
 * active orders (each redeemable, its payout shown first) and the closed ones (`?tab=closed`), a page at a time.
 */
export function FinancialOrderScreen() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [search, setSearch] = useSearchParams();
  const tab: EarnOrderState = search.get(TAB_PARAM) === 'closed' ? 'closed' : 'active';
  const summary = useEarnSummaryQuery();
  const active = useEarnOrdersQuery('active', tab === 'active');
  const closed = useEarnOrdersQuery('closed', tab === 'closed');
  const [redeeming, setRedeeming] = useState<EarnOrderView | null>(null);
  useDocumentTitle(t('earn.order.title'));
  const value = (figure: string | undefined) => (figure === undefined ? '--' : formatMoney(figure, language));

  return (
    <div className={styles.page} data-testid={EarnTestId.orderScreen}>
      <TopBar title={t('earn.order.title')} backTo={FINANCIAL_PACKAGE_PATH} />
      <main className={styles.main}>
        <dl className={styles.summary} data-testid={EarnTestId.summary}>
          <div>
            <dt>{t('earn.order.principalValue')}</dt>
            <dd dir="ltr" data-testid={EarnTestId.summaryPrincipal}>
              {value(summary.data?.principalValue)}
            </dd>
          </div>
          <div>
            <dt>{t('earn.order.interestValue')}</dt>
            <dd dir="ltr" className={styles.interest} data-testid={EarnTestId.summaryInterest}>
              {value(summary.data?.interestValue)}
            </dd>
          </div>
        </dl>
        {summary.data && summary.data.holdings.length > 0 ? (
          <ul className={styles.holdings}>
            {summary.data.holdings.map((holding) => (
              <li key={holding.asset} className={styles.holding} data-testid={EarnTestId.holding}>
                <span className={styles.asset}>{holding.asset}</span>
                <span dir="ltr">{formatAsset(holding.principal, holding.asset, language)}</span>
                <span className={styles.holdingInterest}>
                  {t('earn.order.lastDayInterest')}{' '}
                  <span dir="ltr" className={styles.interestFigure}>
                    +{formatAsset(holding.lastDayInterest, holding.asset, language)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <SegmentedTabs
          label={t('earn.order.title')}
          value={tab}
          onChange={(next) => setSearch(next === 'active' ? {} : { [TAB_PARAM]: next }, { replace: true })}
          options={(['active', 'closed'] as const).map((state) => ({
            value: state,
            label: t(`earn.order.tabs.${state}`),
            testId: EarnTestId.tab(state),
          }))}
        />
        {tab === 'active' ? (
          <EarnOrderList orders={active} state="active" onRedeem={setRedeeming} />
        ) : (
          <EarnOrderList orders={closed} state="closed" />
        )}
      </main>
      {redeeming ? (
        <RedeemSheet key={redeeming.id} order={redeeming} onClose={() => setRedeeming(null)} />
      ) : null}
    </div>
  );
}
