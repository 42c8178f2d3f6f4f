import type { AdminBankCardSummary, ReviewStatus } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { pageStyles } from '../../components/Page';
import type { Column } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { ReviewQueuePage } from '../review/ReviewQueuePage';

/** The bank cards waiting for a reviewer, and those already decided. */
export function BankCardQueue() {
  const { t } = useTranslation();
  const { formatDate } = useLocale();

  const columns = (status: ReviewStatus): Column<AdminBankCardSummary>[] => [
    {
      key: 'id',
      header: t('admin.bankCards.submissionId'),
      render: (item) => <span className={pageStyles.mono}>{item.id}</span>,
    },
    {
      key: 'user',
      header: t('admin.bankCards.user'),
      render: (item) => (
        <>
          <bdi>{item.userEmail ?? item.userPhone ?? '—'}</bdi>
          <div className={pageStyles.muted}>
            {t('admin.uid')} {item.userId}
          </div>
        </>
      ),
    },
    { key: 'bank', header: t('admin.bankCards.bankName'), render: (item) => <bdi>{item.bankName}</bdi> },
    {
      key: 'cardholder',
      header: t('admin.bankCards.cardholder'),
      render: (item) => <bdi>{item.cardholder}</bdi>,
    },
    {
      key: 'number',
      header: t('admin.bankCards.cardNumber'),
      render: (item) => <bdi className={pageStyles.mono}>{item.cardNumberMasked}</bdi>,
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
            render: (item: AdminBankCardSummary) => formatDate(item.reviewedAt),
            nowrap: true,
          },
        ]),
  ];

  return (
    <ReviewQueuePage<AdminBankCardSummary>
      queue="bank-cards"
      title={t('admin.bankCards.title')}
      searchLabel={t('admin.bankCards.search')}
      columns={columns}
    />
  );
}
