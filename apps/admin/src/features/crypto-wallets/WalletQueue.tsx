import { type AdminCryptoWalletSummary, CHAIN_LABELS, type ReviewStatus } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { pageStyles } from '../../components/Page';
import type { Column } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { ReviewQueuePage } from '../review/ReviewQueuePage';

/** The withdrawal wallets waiting for a reviewer, and those already decided. */
export function WalletQueue() {
  const { t } = useTranslation();
  const { formatDate } = useLocale();

  const columns = (status: ReviewStatus): Column<AdminCryptoWalletSummary>[] => [
    {
      key: 'id',
      header: t('admin.cryptoWallets.submissionId'),
      render: (item) => <span className={pageStyles.mono}>{item.id}</span>,
    },
    {
      key: 'user',
      header: t('admin.cryptoWallets.user'),
      render: (item) => (
        <>
          <bdi>{item.userEmail ?? item.userPhone ?? '—'}</bdi>
          <div className={pageStyles.muted}>
            {t('admin.uid')} {item.userId}
          </div>
        </>
      ),
    },
    { key: 'chain', header: t('admin.cryptoWallets.chain'), render: (item) => CHAIN_LABELS[item.chain] },
    {
      key: 'address',
      header: t('admin.cryptoWallets.address'),
      render: (item) => (
        <bdi className={pageStyles.mono} dir="ltr">
          {item.address}
        </bdi>
      ),
    },
    {
      key: 'type',
      header: t('admin.cryptoWallets.walletType'),
      render: (item) => t(`admin.cryptoWallets.walletTypes.${item.walletType}`),
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
            render: (item: AdminCryptoWalletSummary) => formatDate(item.reviewedAt),
            nowrap: true,
          },
        ]),
  ];

  return (
    <ReviewQueuePage<AdminCryptoWalletSummary>
      queue="crypto-wallets"
      title={t('admin.cryptoWallets.title')}
      searchLabel={t('admin.cryptoWallets.search')}
      columns={columns}
    />
  );
}
