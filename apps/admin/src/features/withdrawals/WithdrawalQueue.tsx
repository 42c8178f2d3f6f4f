import { type AdminWithdrawalSummary, CHAIN_LABELS, type ReviewStatus } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { pageStyles } from '../../components/Page';
import type { Column } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { ReviewQueuePage } from '../review/ReviewQueuePage';
import { WithdrawalStateBadge } from './WithdrawalStateBadge';

/** The withdrawals waiting for a reviewer (or a second one), and those already decided. */
export function WithdrawalQueue() {
  const { t } = useTranslation();
  const { formatDate, formatAmount } = useLocale();

  const columns = (status: ReviewStatus): Column<AdminWithdrawalSummary>[] => [
    {
      key: 'id',
      header: t('admin.withdrawals.withdrawalId'),
      render: (item) => <span className={pageStyles.mono}>{item.id}</span>,
    },
    {
      key: 'user',
      header: t('admin.withdrawals.user'),
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
      key: 'destination',
      header: t('admin.withdrawals.destination'),
      render: (item) => (
        <>
          {t(`admin.withdrawals.targetTypes.${item.targetType}`)}
          <div className={pageStyles.muted}>
            {item.asset}
            {item.targetType === 'wallet' && item.chain ? ` · ${CHAIN_LABELS[item.chain]}` : ''}
          </div>
        </>
      ),
    },
    {
      key: 'amount',
      header: t('admin.withdrawals.amount'),
      render: (item) => (
        <>
          <bdi className={pageStyles.mono} dir="ltr">
            {formatAmount(item.amount)}
          </bdi>
          {item.needsSecondApproval ? (
            <div className={pageStyles.muted}>{t('admin.withdrawals.twoReviewers')}</div>
          ) : null}
        </>
      ),
      nowrap: true,
    },
    // Undecided items may be untouched or waiting for their second approval; the tab cannot tell them apart.
    ...(status === 'pending'
      ? [
          {
            key: 'state',
            header: t('admin.review.status'),
            render: (item: AdminWithdrawalSummary) => <WithdrawalStateBadge state={item.state} />,
          },
        ]
      : []),
    {
      key: 'submitted',
      header: t('admin.review.submitted'),
      render: (item) => formatDate(item.submittedAt),
      nowrap: true,
    },
    ...(status === 'pending'
      ? []
      : [
          {
            key: 'reviewed',
            header: t('admin.review.reviewedAt'),
            render: (item: AdminWithdrawalSummary) => formatDate(item.reviewedAt),
            nowrap: true,
          },
        ]),
  ];

  return (
    <ReviewQueuePage<AdminWithdrawalSummary>
      queue="withdrawals"
      title={t('admin.withdrawals.title')}
      searchLabel={t('admin.withdrawals.search')}
      columns={columns}
    />
  );
}
