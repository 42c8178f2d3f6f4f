import { type AdminAsset, type AdminNetwork, CHAIN_LABELS } from '@kestrel/contract';
import { Button } from '@kestrel/ui';
import { Landmark, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Page, pageStyles } from '../../components/Page';
import { Badge, type Column, Table } from '../../components/Table';
import styles from './Assets.module.css';
import { BankAccountDialog } from './BankAccountDialog';
import { NetworkDialog } from './NetworkDialog';
import { useAssets } from './queries';
import { AssetsTestId } from './testIds';

type Target = { asset: AdminAsset; network: AdminNetwork | null };

/** The coins the platform lists, with their precision and their networks; super admins configure them here. */
export function Assets() {
  const { t } = useTranslation();
  const assets = useAssets();
  const [target, setTarget] = useState<Target | null>(null);
  const [bankTarget, setBankTarget] = useState<AdminAsset | null>(null);

  const onOff = (on: boolean) =>
    on ? (
      <Badge tone="positive">{t('admin.assets.on')}</Badge>
    ) : (
      <Badge tone="neutral">{t('admin.assets.off')}</Badge>
    );
  const amount = (value: string) => (
    <bdi className={pageStyles.mono} dir="ltr">
      {value}
    </bdi>
  );

  const columns = (asset: AdminAsset): Column<AdminNetwork>[] => [
    {
      key: 'chain',
      header: t('admin.assets.chain'),
      render: (network) => (
        <span data-testid={AssetsTestId.network(asset.code, network.chain)}>
          {CHAIN_LABELS[network.chain]}
        </span>
      ),
      nowrap: true,
    },
    {
      key: 'address',
      header: t('admin.assets.address'),
      render: (network) =>
        network.depositAddress ? (
          <bdi className={`${pageStyles.mono} ${styles.address}`} dir="ltr">
            {network.depositAddress}
          </bdi>
        ) : (
          <span className={pageStyles.muted}>{t('admin.assets.noAddress')}</span>
        ),
    },
    {
      key: 'min',
      header: t('admin.assets.minDeposit'),
      render: (network) => amount(network.minDeposit),
      nowrap: true,
    },
    {
      key: 'fee',
      header: t('admin.assets.withdrawalFee'),
      render: (network) => amount(network.withdrawalFee),
      nowrap: true,
    },
    {
      key: 'range',
      header: `${t('admin.assets.withdrawalMin')} – ${t('admin.assets.withdrawalMax')}`,
      // One left-to-right run, so the range reads minimum to maximum in right-to-left languages too.
      render: (network) => (
        <bdi className={pageStyles.mono} dir="ltr">
          {network.withdrawalMin} – {network.withdrawalMax}
        </bdi>
      ),
      nowrap: true,
    },
    {
      key: 'deposits',
      header: t('admin.assets.deposits'),
      render: (network) => onOff(network.depositEnabled),
    },
    {
      key: 'withdrawals',
      header: t('admin.assets.withdrawals'),
      render: (network) => onOff(network.withdrawalEnabled),
    },
    { key: 'order', header: t('admin.assets.displayOrder'), render: (network) => network.displayOrder },
    {
      key: 'edit',
      header: '',
      render: (network) => (
        <Button
          variant="ghost"
          onClick={() => setTarget({ asset, network })}
          data-testid={AssetsTestId.edit(asset.code, network.chain)}
        >
          <Pencil size={14} aria-hidden />
          {t('admin.assets.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Page title={t('admin.assets.title')}>
      <p className={pageStyles.muted}>{t('admin.assets.intro')}</p>
      {assets.isError ? <p className={pageStyles.muted}>{t('admin.notice.network')}</p> : null}
      {assets.data?.assets.map((asset) => (
        <Card
          key={asset.code}
          title={`${asset.code} · ${t('admin.assets.precision', { count: asset.precision })}`}
          testId={AssetsTestId.asset(asset.code)}
        >
          {asset.networks.length ? (
            <Table columns={columns(asset)} rows={asset.networks} rowKey={(network) => network.id} />
          ) : (
            <p className={pageStyles.muted}>{t('admin.assets.noNetworks')}</p>
          )}
          <div className={styles.bank} data-testid={AssetsTestId.bankAccount(asset.code)}>
            <div className={styles.bankDetails}>
              <strong>{t('admin.assets.bankAccount')}</strong>
              {asset.bankAccount ? (
                <>
                  <span>
                    <bdi>{asset.bankAccount.bankName}</bdi> · <bdi>{asset.bankAccount.accountName}</bdi>
                  </span>
                  <bdi className={pageStyles.mono} dir="ltr">
                    {asset.bankAccount.accountNumber} · {asset.bankAccount.routingCode} ·{' '}
                    {asset.bankAccount.currency}
                  </bdi>
                  {asset.bankAccount.enabled ? (
                    <span>{onOff(true)}</span>
                  ) : (
                    <span className={pageStyles.muted}>{t('admin.assets.bankOff')}</span>
                  )}
                </>
              ) : (
                <span className={pageStyles.muted}>{t('admin.assets.bankNone')}</span>
              )}
            </div>
            <Button
              variant="ghost"
              onClick={() => setBankTarget(asset)}
              data-testid={AssetsTestId.bankEdit(asset.code)}
            >
              <Landmark size={14} aria-hidden />
              {t(asset.bankAccount ? 'admin.assets.bankEdit' : 'admin.assets.bankSet')}
            </Button>
          </div>
          <div className={styles.cardActions}>
            <Button
              variant="secondary"
              onClick={() => setTarget({ asset, network: null })}
              data-testid={AssetsTestId.add(asset.code)}
            >
              <Plus size={14} aria-hidden />
              {t('admin.assets.add')}
            </Button>
          </div>
        </Card>
      ))}
      {target ? <NetworkDialog target={target} onClose={() => setTarget(null)} /> : null}
      {bankTarget ? <BankAccountDialog asset={bankTarget} onClose={() => setBankTarget(null)} /> : null}
    </Page>
  );
}
