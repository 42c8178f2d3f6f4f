import { DEMO_ASSET } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { Card, Facts, Page, pageStyles } from '../../components/Page';
import { useLocale } from '../../i18n/i18n';
import { useDemoSummary } from './queries';
import { DemoTestId } from './testIds';

/** The figures the page counts, each named by its key in `admin.demoProducts`. */
type Counted =
  | 'open'
  | 'anonymous'
  | 'twins'
  | 'startedLastDay'
  | 'activeLastDay'
  | 'closed'
  | 'spot'
  | 'futures'
  | 'options'
  | 'resetsLastDay';

/**
 * Demo accounts (decision 0055): how many there are and what they did in the last 24 hours, counted apart from
 * real customers and real activity, with the starting balance and the days after which an unused one is closed.
 */
export function Demo() {
  const { t } = useTranslation();
  const { formatNumber, formatAmount } = useLocale();
  const summary = useDemoSummary();
  const data = summary.data;
  const count = (name: Counted, value: number) => ({
    label: t(`admin.demoProducts.${name}`),
    value: formatNumber(value),
    testId: DemoTestId.fact(name),
  });
  return (
    <Page title={t('admin.demoProducts.title')}>
      <p className={pageStyles.muted}>{t('admin.demoProducts.intro')}</p>
      {summary.isError ? <p className={pageStyles.muted}>{t('admin.notice.network')}</p> : null}
      {data ? (
        <>
          <Card title={t('admin.demoProducts.accounts')} testId={DemoTestId.accounts}>
            <Facts
              items={[
                count('open', data.accounts.open),
                count('anonymous', data.accounts.anonymous),
                count('twins', data.accounts.twins),
                count('startedLastDay', data.accounts.startedLastDay),
                count('activeLastDay', data.accounts.activeLastDay),
                count('closed', data.accounts.closed),
              ]}
            />
          </Card>
          <Card title={t('admin.demoProducts.ordersLastDay')} testId={DemoTestId.orders}>
            <Facts
              items={[
                count('spot', data.ordersLastDay.spot),
                count('futures', data.ordersLastDay.futures),
                count('options', data.ordersLastDay.options),
                count('resetsLastDay', data.resetsLastDay),
              ]}
            />
          </Card>
          <Card title={t('admin.demoProducts.settings')} testId={DemoTestId.settings}>
            <Facts
              items={[
                {
                  label: t('admin.demoProducts.startingBalance'),
                  value: formatAmount(data.startingBalance, DEMO_ASSET),
                  testId: DemoTestId.fact('startingBalance'),
                },
                {
                  label: t('admin.demoProducts.closesAfterIdle'),
                  value: t('admin.demoProducts.days', { days: formatNumber(data.closesAfterIdleDays) }),
                  testId: DemoTestId.fact('closesAfterIdle'),
                },
              ]}
            />
          </Card>
        </>
      ) : null}
    </Page>
  );
}
