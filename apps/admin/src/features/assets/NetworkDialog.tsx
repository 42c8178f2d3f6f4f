import {
  type AdminAsset,
  type AdminNetwork,
  CHAIN_LABELS,
  CHAINS,
  type Chain,
  networkCreateBody,
  networkUpdateBody,
} from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { SelectField, TextField } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import styles from './Assets.module.css';
import { useCreateNetwork, useUpdateNetwork } from './queries';
import { AssetsTestId } from './testIds';

type Values = {
  chain: Chain;
  depositAddress: string;
  minDeposit: string;
  withdrawalFee: string;
  withdrawalMin: string;
  withdrawalMax: string;
  displayOrder: string;
  depositEnabled: boolean;
  withdrawalEnabled: boolean;
  reason: string;
};

type Target = { asset: AdminAsset; network: AdminNetwork | null };

function initialValues({ asset, network }: Target): Values {
  const free = CHAINS.find((chain) => !asset.networks.some((each) => each.chain === chain)) ?? 'ethereum';
  return {
    chain: network?.chain ?? free,
    depositAddress: network?.depositAddress ?? '',
    minDeposit: network?.minDeposit ?? '',
    withdrawalFee: network?.withdrawalFee ?? '',
    withdrawalMin: network?.withdrawalMin ?? '',
    withdrawalMax: network?.withdrawalMax ?? '',
    displayOrder: String(network?.displayOrder ?? 0),
    depositEnabled: network?.depositEnabled ?? true,
    withdrawalEnabled: network?.withdrawalEnabled ?? true,
    reason: '',
  };
}

/**
 * Edits a network (or adds one to an asset): the deposit address, which the server checks with the chain's
 * checksum, the minimum deposit, the withdrawal fee and range, the order and the two switches, with the reason
 * the audit log keeps.
 */
export function NetworkDialog({ target, onClose }: { target: Target; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { asset, network } = target;
  const [values, setValues] = useState(() => initialValues(target));
  const [error, setError] = useState('');
  const update = useUpdateNetwork(network?.id ?? 0);
  const create = useCreateNetwork();
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setError('');
  };

  const submit = async () => {
    const { chain, displayOrder, ...fields } = values;
    const body = { ...fields, displayOrder: Number(displayOrder) };
    // Checked with the server's own schema first; the checksum and the range are the server's to judge.
    const parsed = network
      ? networkUpdateBody.safeParse(body)
      : networkCreateBody.safeParse({ ...body, asset: asset.code, chain });
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? '';
      setError(i18n.exists(key) ? t(key as TranslationKey) : t('validation.parameterError'));
      throw new Error(key);
    }
    if (network) await update.mutateAsync(body);
    else await create.mutateAsync({ ...body, asset: asset.code, chain });
    notify({ tone: 'positive', message: t(network ? 'admin.assets.saved' : 'admin.assets.added') });
  };

  const text = (
    field: 'minDeposit' | 'withdrawalFee' | 'withdrawalMin' | 'withdrawalMax',
    testId: string,
  ) => (
    <TextField
      label={`${t(`admin.assets.${field}`)} (${asset.code})`}
      inputMode="decimal"
      dir="ltr"
      required
      value={values[field]}
      onChange={(event) => set(field, event.target.value.trim())}
      data-testid={testId}
    />
  );

  return (
    <FormDialog
      title={
        network
          ? t('admin.assets.editTitle', { asset: asset.code, network: CHAIN_LABELS[network.chain] })
          : t('admin.assets.addTitle', { asset: asset.code })
      }
      submitLabel={network ? t('admin.common.save') : t('admin.assets.add')}
      onSubmit={submit}
      onClose={onClose}
      testId={AssetsTestId.dialog}
    >
      {network ? null : (
        <SelectField
          label={t('admin.assets.chain')}
          value={values.chain}
          onChange={(chain) => set('chain', chain)}
          options={CHAINS.filter((chain) => !asset.networks.some((each) => each.chain === chain)).map(
            (chain) => ({
              value: chain,
              label: CHAIN_LABELS[chain],
            }),
          )}
          testId={AssetsTestId.chain}
        />
      )}
      <TextField
        label={t('admin.assets.address')}
        hint={t('admin.assets.addressHint')}
        dir="ltr"
        spellCheck={false}
        autoComplete="off"
        value={values.depositAddress}
        onChange={(event) => set('depositAddress', event.target.value.trim())}
        data-testid={AssetsTestId.address}
      />
      <div className={styles.grid}>
        {text('minDeposit', AssetsTestId.minDeposit)}
        {text('withdrawalFee', AssetsTestId.withdrawalFee)}
        {text('withdrawalMin', AssetsTestId.withdrawalMin)}
        {text('withdrawalMax', AssetsTestId.withdrawalMax)}
      </div>
      <TextField
        label={t('admin.assets.displayOrder')}
        type="number"
        min={0}
        max={1000}
        value={values.displayOrder}
        onChange={(event) => set('displayOrder', event.target.value)}
        data-testid={AssetsTestId.displayOrder}
      />
      <div className={styles.switches}>
        <label className={styles.switch}>
          <input
            type="checkbox"
            checked={values.depositEnabled}
            onChange={(event) => set('depositEnabled', event.target.checked)}
            data-testid={AssetsTestId.depositEnabled}
          />
          {t('admin.assets.deposits')}
        </label>
        <label className={styles.switch}>
          <input
            type="checkbox"
            checked={values.withdrawalEnabled}
            onChange={(event) => set('withdrawalEnabled', event.target.checked)}
            data-testid={AssetsTestId.withdrawalEnabled}
          />
          {t('admin.assets.withdrawals')}
        </label>
      </div>
      <ReasonField value={values.reason} onChange={(reason) => set('reason', reason)} />
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
