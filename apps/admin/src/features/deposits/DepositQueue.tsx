import { type AdminDepositSummary, CHAIN_LABELS, type ReviewStatus } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { pageStyles } from '../../components/Page';
import type { Column } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { ReviewQueuePage } from '../review/ReviewQueuePage';

/** The deposits waiting for a reviewer, and those already decided. */
export function DepositQueue() {
  const { t } = useTranslation();
  const { formatDate, formatAmount } = useLocale();

  const columns = (status: ReviewStatus): Column<AdminDepositSummary>[] => [
    {
      key: 'id',
      header: t('admin.deposits.depositId'),
      render: (item) => <span className={pageStyles.mono}>{item.id}</span>,
    },
    {
      key: 'user',
      header: t('admin.deposits.user'),
      render: (item) => (
        <>
          <bdi>{item.userEmail ?? item.userPhone ?? '—'}</bdi>
          <div className={pageStyles.muted}>
            {t('admin.uid')} {item.userId}
          </div>
        </>
      ),
    },
    {
      key: 'asset',
      header: t('admin.deposits.asset'),
      render: (item) => (
        <>
          {item.asset}
          <div className={pageStyles.muted}>
            {item.chain ? CHAIN_LABELS[item.chain] : t('deposit.types.bank')}
          </div>
        </>
      ),
    },
    {
      key: 'amount',
      header: t('admin.deposits.amount'),
      render: (item) => (
        <bdi className={pageStyles.mono} dir="ltr">
          {formatAmount(item.amount)}
        </bdi>
      ),
      nowrap: true,
    },
    {
      key: 'submitted',
      header: t('admin.review.submitted'),
      render: (item) => formatDate(item.submittedAt),
      nowrap: true,
    },
    // A pending item has not been reviewed yet; a decided one shows when.
    ...(status === 'pending'
      ? []
      : [
          {
            key: 'reviewed',
            header: t('admin.review.reviewedAt'),
            render: (item: AdminDepositSummary) => formatDate(item.reviewedAt),
            nowrap: true,
          },
        ]),
  ];

  return (
    <ReviewQueuePage<AdminDepositSummary>
      queue="deposits"
      title={t('admin.deposits.title')}
      searchLabel={t('admin.deposits.search')}
      columns={columns}
    />
  );
}
