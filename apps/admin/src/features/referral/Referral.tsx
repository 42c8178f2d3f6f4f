import type { AdminReferral, AssetAmount } from '@kestrel/contract';
import { Button } from '@kestrel/ui';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/admin';
import { Card, Facts, Page, pageStyles } from '../../components/Page';
import { type Column, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { percentOf } from '../../lib/rates';
import { mayManageReferral, mayReadReferral } from './access';
import { useAdminReferral } from './queries';
import styles from './Referral.module.css';
import { SettingsDialog } from './SettingsDialog';
import { ReferralTestId } from './testIds';

/**
 * Referral commissions: the share of an invitee's trading fees the inviter earns, how often the batches credit it,
 * what has been credited per asset and the last batch. Super admins, reviewers and support read it; super admins
 * change the settings.
 */
export function Referral() {
  const { t } = useTranslation();
  const role = useMe().data?.role;
  if (!role || !mayReadReferral(role)) return <Page title={t('admin.referral.title')}>{null}</Page>;
  return (
    <Page title={t('admin.referral.title')}>
      <p className={pageStyles.muted}>{t('admin.referral.intro')}</p>
      <Settings manages={mayManageReferral(role)} />
    </Page>
  );
}

function Settings({ manages }: { manages: boolean }) {
  const { t } = useTranslation();
  const { formatDate, formatAmount, formatNumber } = useLocale();
  const referral = useAdminReferral();
  const [editing, setEditing] = useState(false);
  const data: AdminReferral | undefined = referral.data;

  const columns: Column<AssetAmount>[] = [
    { key: 'asset', header: t('admin.referral.asset'), render: (each) => each.asset, nowrap: true },
    {
      key: 'amount',
      header: t('admin.referral.creditedAmount'),
      render: (each) => (
        <span data-testid={ReferralTestId.creditedAsset(each.asset)}>
          {formatAmount(each.amount, each.asset)}
        </span>
      ),
      nowrap: true,
    },
  ];

  return (
    <>
      <Card title={t('admin.referral.settings')} testId={ReferralTestId.settings}>
        {referral.isError ? <p className={pageStyles.muted}>{t('admin.notice.network')}</p> : null}
        {data ? (
          <>
            <Facts
              items={[
                {
                  label: t('admin.referral.commissionRate'),
                  value: (
                    <>
                      {percentOf(data.commissionRate)}{' '}
                      <bdi className={styles.muted} dir="ltr">
                        ({data.commissionRate})
                      </bdi>
                    </>
                  ),
                  testId: ReferralTestId.fact('commissionRate'),
                },
                {
                  label: t('admin.referral.batchMinutes'),
                  value: t('admin.referral.minutesOf', { minutes: formatNumber(data.batchMinutes) }),
                  testId: ReferralTestId.fact('batchMinutes'),
                },
                {
                  label: t('admin.referral.lastBatch'),
                  value: data.lastBatchAt
                    ? t('admin.referral.lastBatchOf', {
                        time: formatDate(data.lastBatchAt),
                        count: formatNumber(data.lastBatchCount),
                      })
                    : t('admin.referral.noBatch'),
                  testId: ReferralTestId.fact('lastBatch'),
                },
                {
                  label: t('admin.referral.updatedAt'),
                  value: data.updatedAt ? formatDate(data.updatedAt) : t('admin.referral.neverChanged'),
                  testId: ReferralTestId.fact('updatedAt'),
                },
              ]}
            />
            {manages ? (
              <div>
                <Button
                  variant="secondary"
                  onClick={() => setEditing(true)}
                  data-testid={ReferralTestId.edit}
                >
                  <Pencil size={14} aria-hidden />
                  {t('admin.referral.edit')}
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
        {editing && data ? <SettingsDialog referral={data} onClose={() => setEditing(false)} /> : null}
      </Card>
      <Card title={t('admin.referral.credited')} testId={ReferralTestId.credited}>
        <p className={pageStyles.muted}>{t('admin.referral.creditedHint')}</p>
        <Table
          columns={columns}
          rows={data?.credited}
          rowKey={(each) => each.asset}
          loading={referral.isPending}
        />
      </Card>
    </>
  );
}
