import { type LedgerCheckReport, routes } from '@kestrel/contract';
import { Button } from '@kestrel/ui';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { client } from '../../app/api';
import { Card, Facts, Page, pageStyles } from '../../components/Page';
import { Badge, type Column, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';

type Problem = LedgerCheckReport['problems'][number];
type Position = LedgerCheckReport['systemPositions'][number];

export const ledgerKeys = { check: ['ledger', 'check'] as const };

/** /ledger: the ledger check's report, run again on demand. Reading it changes nothing. */
export function Ledger() {
  const { t } = useTranslation();
  const { formatDate, formatNumber, formatAmount } = useLocale();
  const check = useQuery({
    queryKey: ledgerKeys.check,
    queryFn: () => client.call(routes.checkLedger),
  });
  const report = check.data;

  const problemColumns: Column<Problem>[] = [
    { key: 'rule', header: t('admin.ledger.rule'), render: (row) => t(`admin.ledger.rules.${row.rule}`) },
    { key: 'detail', header: t('admin.ledger.detail'), render: (row) => <bdi dir="ltr">{row.detail}</bdi> },
  ];
  const positionColumns: Column<Position>[] = [
    { key: 'account', header: t('admin.ledger.account'), render: (row) => row.account },
    { key: 'asset', header: t('admin.ledger.asset'), render: (row) => row.asset },
    {
      key: 'amount',
      header: t('admin.ledger.amount'),
      render: (row) => <bdi dir="ltr">{formatAmount(row.amount)}</bdi>,
      nowrap: true,
    },
  ];

  return (
    <Page
      title={t('admin.ledger.title')}
      actions={
        <Button
          variant="secondary"
          onClick={() => check.refetch()}
          disabled={check.isFetching}
          data-testid="ledger-run"
        >
          <RefreshCw size={16} aria-hidden />
          {t('admin.ledger.run')}
        </Button>
      }
    >
      {report ? (
        <>
          <Card testId="ledger-result">
            <p>
              {report.ok ? (
                <Badge tone="positive">{t('admin.ledger.ok')}</Badge>
              ) : (
                <Badge tone="negative">{t('admin.ledger.failed')}</Badge>
              )}
            </p>
            <p className={pageStyles.muted} data-testid="ledger-checked-at">
              {t('admin.ledger.checkedAt', { time: formatDate(report.checkedAt) })}
            </p>
            {report.ok ? null : (
              <Table
                columns={problemColumns}
                rows={report.problems}
                rowKey={(row) => `${row.rule}:${row.detail}`}
                testId="ledger-problems"
              />
            )}
          </Card>
          <Card title={t('admin.ledger.counts')}>
            <Facts
              items={[
                { label: t('admin.ledger.transactions'), value: formatNumber(report.counts.transactions) },
                { label: t('admin.ledger.postings'), value: formatNumber(report.counts.postings) },
                { label: t('admin.ledger.balances'), value: formatNumber(report.counts.balances) },
                {
                  label: t('admin.ledger.openReservations'),
                  value: formatNumber(report.counts.openReservations),
                },
              ]}
            />
          </Card>
          <Card title={t('admin.ledger.systemPositions')}>
            {report.systemPositions.length === 0 ? (
              <p className={pageStyles.muted}>{t('admin.ledger.noPositions')}</p>
            ) : (
              <Table
                columns={positionColumns}
                rows={report.systemPositions}
                rowKey={(row) => `${row.account}:${row.asset}`}
                testId="ledger-positions"
              />
            )}
          </Card>
        </>
      ) : (
        <p className={pageStyles.muted}>
          {check.isError ? t('admin.notice.network') : t('admin.common.loading')}
        </p>
      )}
    </Page>
  );
}
