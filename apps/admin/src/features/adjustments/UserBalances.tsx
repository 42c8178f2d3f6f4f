import type { WalletBalance } from '@kestrel/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Page';
import { type Column, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { useUserBalances } from './queries';

/** A user's funds per account and coin, as the ledger holds them. */
export function UserBalances({ userId, actions }: { userId: number; actions?: ReactNode }) {
  const { t } = useTranslation();
  const { formatAmount } = useLocale();
  const balances = useUserBalances(userId);
  const columns: Column<WalletBalance>[] = [
    {
      key: 'account',
      header: t('admin.adjustments.account'),
      render: (row) => t(`assets.accounts.${row.account}`),
    },
    { key: 'asset', header: t('admin.adjustments.asset'), render: (row) => row.asset },
    {
      key: 'available',
      header: t('admin.adjustments.available'),
      render: (row) => <bdi dir="ltr">{formatAmount(row.available)}</bdi>,
      nowrap: true,
    },
    {
      key: 'frozen',
      header: t('admin.adjustments.frozen'),
      render: (row) => <bdi dir="ltr">{formatAmount(row.frozen)}</bdi>,
      nowrap: true,
    },
  ];
  return (
    <Card title={t('admin.adjustments.balances', { id: userId })} testId="user-balances">
      <Table
        columns={columns}
        rows={balances.data}
        rowKey={(row) => `${row.account}:${row.asset}`}
        loading={balances.isPending}
        testId="balances-table"
      />
      {actions}
    </Card>
  );
}
