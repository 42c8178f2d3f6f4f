import type { AdminIdentitySummary, ReviewStatus } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { pageStyles } from '../../components/Page';
import type { Column } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { ReviewQueuePage } from '../review/ReviewQueuePage';
import { useCountryName } from './useCountryName';

/** The identity verifications waiting for a reviewer, and those already decided. */
export function IdentityQueue() {
  const { t } = useTranslation();
  const { formatDate } = useLocale();
  const countryName = useCountryName();

  const columns = (status: ReviewStatus): Column<AdminIdentitySummary>[] => [
    {
      key: 'id',
      header: t('admin.identity.submissionId'),
      render: (item) => <span className={pageStyles.mono}>{item.id}</span>,
    },
    {
      key: 'user',
      header: t('admin.identity.user'),
      render: (item) => (
        <>
          <bdi>{item.userEmail ?? item.userPhone ?? '—'}</bdi>
          <div className={pageStyles.muted}>
            {t('admin.uid')} {item.userId}
          </div>
        </>
      ),
    },
    { key: 'name', header: t('admin.identity.realName'), render: (item) => <bdi>{item.realName}</bdi> },
    {
      key: 'document',
      header: t('admin.identity.documentType'),
      render: (item) => t(`admin.identity.documents.${item.documentType}`),
    },
    { key: 'nation', header: t('admin.identity.nation'), render: (item) => countryName(item.nation) },
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
            render: (item: AdminIdentitySummary) => formatDate(item.reviewedAt),
            nowrap: true,
          },
        ]),
  ];

  return (
    <ReviewQueuePage<AdminIdentitySummary>
      queue="identity"
      title={t('admin.identity.title')}
      searchLabel={t('admin.identity.search')}
      columns={columns}
    />
  );
}
