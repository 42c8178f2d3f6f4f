import {
  type AdminSwapCoin,
  type AdminSwapCoinBody,
  adminSwapCoinBody,
  CHAIN_LABELS,
  MEMO_CHAINS,
} from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { Button, TextField } from '@kestrel/ui';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import { Card, pageStyles } from '../../components/Page';
import settings from '../../components/SettingsForm.module.css';
import { Badge, type Column, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { Mono } from '../review/Mono';
import { shortAmount } from './format';
import { useSwapDesk, useUpdateSwapCoin } from './queries';
import { SwapTestId } from './testIds';

/** Chains whose deposits go to the desk's one address with a memo per order, rather than a derived address. */
const usesDeskAddress = (coin: AdminSwapCoin) => MEMO_CHAINS.includes(coin.network);

/**
 * The coins the desk swaps: where each one's deposits go (a masked extended public key, or the desk's address on
 * memo chains), how many addresses it has issued and what the desk holds of it.
 */
export function SwapCoins({ configures }: { configures: boolean }) {
  const { t } = useTranslation();
  const { formatNumber } = useLocale();
  const desk = useSwapDesk();
  const [editing, setEditing] = useState<AdminSwapCoin | null>(null);

  const columns: Column<AdminSwapCoin>[] = [
    {
      key: 'asset',
      header: t('admin.swapDesk.coins.coin'),
      render: (coin) => <span data-testid={SwapTestId.coinRow(coin.asset, coin.network)}>{coin.asset}</span>,
    },
    {
      key: 'network',
      header: t('admin.swapDesk.coins.network'),
      render: (coin) => CHAIN_LABELS[coin.network],
    },
    {
      key: 'enabled',
      header: t('admin.swapDesk.enabled'),
      render: (coin) => (
        <Badge tone={coin.enabled ? 'positive' : 'neutral'}>
          {t(coin.enabled ? 'admin.swapDesk.on' : 'admin.swapDesk.off')}
        </Badge>
      ),
    },
    {
      key: 'networkFee',
      header: t('admin.swapDesk.fields.networkFee'),
      render: (coin) => `${shortAmount(coin.networkFee)} ${coin.asset}`,
      nowrap: true,
    },
    {
      key: 'depositsTo',
      header: t('admin.swapDesk.coins.depositsTo'),
      render: (coin) => {
        const target = usesDeskAddress(coin) ? coin.depositAddress : coin.extendedPublicKey;
        return target ? <Mono>{target}</Mono> : t('admin.swapDesk.coins.notSet');
      },
    },
    {
      key: 'addressesIssued',
      header: t('admin.swapDesk.coins.addressesIssued'),
      render: (coin) => formatNumber(coin.addressesIssued),
    },
    {
      key: 'inventory',
      header: t('admin.swapDesk.coins.inventory'),
      render: (coin) => `${shortAmount(coin.inventory)} ${coin.asset}`,
      nowrap: true,
    },
    ...(configures
      ? [
          {
            key: 'edit',
            header: '',
            render: (coin: AdminSwapCoin) => (
              <Button
                variant="ghost"
                onClick={() => setEditing(coin)}
                data-testid={SwapTestId.editCoin(coin.asset, coin.network)}
              >
                <Pencil size={14} aria-hidden />
                {t('admin.markets.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title={t('admin.swapDesk.tabs.coins')} testId={SwapTestId.coins}>
      {desk.isError ? <p className={pageStyles.muted}>{t('admin.notice.network')}</p> : null}
      <Table
        columns={columns}
        rows={desk.data?.coins}
        rowKey={(coin) => `${coin.asset}-${coin.network}`}
        loading={desk.isPending}
      />
      {editing ? <CoinDialog coin={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

const LABELS: Partial<Record<keyof AdminSwapCoinBody, TranslationKey>> = {
  networkFee: 'admin.swapDesk.fields.networkFee',
  extendedPublicKey: 'admin.swapDesk.coins.newExtendedPublicKey',
  depositAddress: 'admin.swapDesk.fields.depositAddress',
};

function CoinDialog({ coin, onClose }: { coin: AdminSwapCoin; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const deskAddress = usesDeskAddress(coin);
  const [enabled, setEnabled] = useState(coin.enabled);
  const [networkFee, setNetworkFee] = useState(shortAmount(coin.networkFee));
  const [extendedPublicKey, setExtendedPublicKey] = useState('');
  const [depositAddress, setDepositAddress] = useState(coin.depositAddress ?? '');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const update = useUpdateSwapCoin(coin);

  const submit = async () => {
    // An empty key keeps the current one; the address is sent only on memo chains, where it is the deposit target.
    const parsed = adminSwapCoinBody.safeParse({
      enabled,
      networkFee,
      ...(!deskAddress && extendedPublicKey ? { extendedPublicKey } : {}),
      ...(deskAddress && depositAddress ? { depositAddress } : {}),
      reason,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const [top] = issue?.path ?? [];
      const label = typeof top === 'string' ? LABELS[top as keyof AdminSwapCoinBody] : undefined;
      const message =
        issue && issue.message !== 'validation.parameterError' && i18n.exists(issue.message)
          ? t(issue.message as TranslationKey)
          : label
            ? t('admin.swapDesk.invalidField', { field: t(label) })
            : t('validation.parameterError');
      setError(message);
      throw new Error(message);
    }
    await update.mutateAsync(parsed.data);
    notify({ tone: 'positive', message: t('admin.swapDesk.coins.saved') });
  };

  return (
    <FormDialog
      title={t('admin.swapDesk.coins.editTitle', { asset: coin.asset, network: CHAIN_LABELS[coin.network] })}
      submitLabel={t('admin.common.save')}
      onSubmit={submit}
      onClose={onClose}
      testId={SwapTestId.coinDialog}
    >
      <label className={settings.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={enabled}
          aria-checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
          data-testid={SwapTestId.enabled}
        />
        <span>{t('admin.swapDesk.enabled')}</span>
      </label>
      <TextField
        label={`${t('admin.swapDesk.fields.networkFee')} (${coin.asset})`}
        hint={t('admin.swapDesk.coins.networkFeeHint')}
        inputMode="decimal"
        dir="ltr"
        required
        value={networkFee}
        onChange={(event) => {
          setNetworkFee(event.target.value.trim());
          setError('');
        }}
        data-testid={SwapTestId.field('networkFee')}
      />
      {deskAddress ? (
        <TextField
          label={t('admin.swapDesk.fields.depositAddress')}
          hint={t('admin.swapDesk.coins.depositAddressHint')}
          dir="ltr"
          maxLength={128}
          value={depositAddress}
          onChange={(event) => {
            setDepositAddress(event.target.value.trim());
            setError('');
          }}
          data-testid={SwapTestId.field('depositAddress')}
        />
      ) : (
        <TextField
          label={t('admin.swapDesk.coins.newExtendedPublicKey')}
          hint={t('admin.swapDesk.coins.extendedPublicKeyNote')}
          type="password"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          maxLength={120}
          value={extendedPublicKey}
          onChange={(event) => {
            setExtendedPublicKey(event.target.value.trim());
            setError('');
          }}
          data-testid={SwapTestId.field('extendedPublicKey')}
        />
      )}
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError('');
        }}
      />
      {error ? (
        <p role="alert" className={settings.error} data-testid={SwapTestId.formError}>
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
