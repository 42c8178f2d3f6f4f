import { useTranslation } from 'react-i18next';
import { Card, pageStyles } from '../../components/Page';
import { type Column, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import styles from './Earn.module.css';
import { dayName } from './format';
import { type EarnAccrualRun, useEarnAccrualRuns } from './queries';
import { EarnTestId } from './testIds';

/** The last days of accrual as the daily job ran them: orders paid, interest per asset, orders matured. */
export function AccrualRuns() {
  const { t, i18n } = useTranslation();
  const { formatDate, formatAmount, formatNumber } = useLocale();
  const runs = useEarnAccrualRuns();

  const columns: Column<EarnAccrualRun>[] = [
    {
      key: 'day',
      header: t('admin.earn.day'),
      render: (run) => (
        <span data-testid={EarnTestId.accrualRow(run.day)}>{dayName(run.day, i18n.language)}</span>
      ),
      nowrap: true,
    },
    {
      key: 'orders',
      header: t('admin.earn.ordersPaid'),
      render: (run) => formatNumber(run.orders),
      nowrap: true,
    },
    {
      key: 'interest',
      header: t('admin.earn.interestPerAsset'),
      render: (run) =>
        run.interest.length ? (
          <ul className={styles.list}>
            {run.interest.map((each) => (
              <li key={each.asset}>{formatAmount(each.amount, each.asset)}</li>
            ))}
          </ul>
        ) : (
          '—'
        ),
    },
    {
      key: 'matured',
      header: t('admin.earn.matured'),
      render: (run) => formatNumber(run.matured),
      nowrap: true,
    },
    {
      key: 'finished',
      header: t('admin.earn.finishedAt'),
      render: (run) => formatDate(run.finishedAt),
      nowrap: true,
    },
  ];

  return (
    <Card title={t('admin.earn.tabs.accruals')} testId={EarnTestId.accruals}>
      <p className={pageStyles.muted}>{t('admin.earn.accrualsIntro')}</p>
      {runs.isError ? <p className={pageStyles.muted}>{t('admin.notice.network')}</p> : null}
      <Table columns={columns} rows={runs.data?.items} rowKey={(run) => run.day} loading={runs.isPending} />
    </Card>
  );
}
