import { type AdminSwapPair, type AdminSwapPairBody, adminSwapPairBody } from '@kestrel/contract';
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
import { coinName, pairKeyOf, shortAmount, spreadPercent } from './format';
import { useSwapDesk, useUpdateSwapPair } from './queries';
import { SwapTestId } from './testIds';

const pairName = (pair: AdminSwapPair) =>
  `${coinName(pair.fromAsset, pair.fromNetwork)} → ${coinName(pair.toAsset, pair.toNetwork)}`;

/** The pairs the desk swaps, one way each, with the desk's spread, the limits in the sent asset and the rate now. */
export function SwapPairs({ configures }: { configures: boolean }) {
  const { t } = useTranslation();
  const desk = useSwapDesk();
  const [editing, setEditing] = useState<AdminSwapPair | null>(null);

  const columns: Column<AdminSwapPair>[] = [
    {
      key: 'pair',
      header: t('admin.swapDesk.pair'),
      render: (pair) => <bdi data-testid={SwapTestId.pairRow(pairKeyOf(pair))}>{pairName(pair)}</bdi>,
    },
    {
      key: 'enabled',
      header: t('admin.swapDesk.enabled'),
      render: (pair) => (
        <Badge tone={pair.enabled ? 'positive' : 'neutral'}>
          {t(pair.enabled ? 'admin.swapDesk.on' : 'admin.swapDesk.off')}
        </Badge>
      ),
    },
    { key: 'spread', header: t('admin.swapDesk.pairs.spread'), render: (pair) => spreadPercent(pair.spread) },
    {
      key: 'min',
      header: t('admin.swapDesk.pairs.min'),
      render: (pair) => `${shortAmount(pair.min)} ${pair.fromAsset}`,
      nowrap: true,
    },
    {
      key: 'max',
      header: t('admin.swapDesk.pairs.max'),
      render: (pair) => `${shortAmount(pair.max)} ${pair.fromAsset}`,
      nowrap: true,
    },
    {
      key: 'rate',
      header: t('admin.swapDesk.pairs.rate'),
      render: (pair) => shortAmount(pair.rate),
      nowrap: true,
    },
    {
      key: 'networkFee',
      header: t('admin.swapDesk.fields.networkFee'),
      render: (pair) => `${shortAmount(pair.networkFee)} ${pair.toAsset}`,
      nowrap: true,
    },
    ...(configures
      ? [
          {
            key: 'edit',
            header: '',
            render: (pair: AdminSwapPair) => (
              <Button
                variant="ghost"
                onClick={() => setEditing(pair)}
                data-testid={SwapTestId.editPair(pairKeyOf(pair))}
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
    <Card title={t('admin.swapDesk.tabs.pairs')} testId={SwapTestId.pairs}>
      {desk.isError ? <p className={pageStyles.muted}>{t('admin.notice.network')}</p> : null}
      <Table columns={columns} rows={desk.data?.pairs} rowKey={pairKeyOf} loading={desk.isPending} />
      {editing ? <PairDialog pair={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

const LABELS: Record<'spread' | 'min' | 'max', TranslationKey> = {
  spread: 'admin.swapDesk.pairs.spread',
  min: 'admin.swapDesk.pairs.min',
  max: 'admin.swapDesk.pairs.max',
};

function PairDialog({ pair, onClose }: { pair: AdminSwapPair; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [enabled, setEnabled] = useState(pair.enabled);
  const [form, setForm] = useState({
    spread: pair.spread,
    min: shortAmount(pair.min),
    max: shortAmount(pair.max),
  });
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const update = useUpdateSwapPair(pair);

  const submit = async () => {
    const body: AdminSwapPairBody = { enabled, ...form, reason };
    const parsed = adminSwapPairBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const [top] = issue?.path ?? [];
      const message =
        issue && issue.message !== 'validation.parameterError' && i18n.exists(issue.message)
          ? t(issue.message as TranslationKey)
          : typeof top === 'string' && top in LABELS
            ? t('admin.swapDesk.invalidField', { field: t(LABELS[top as keyof typeof LABELS]) })
            : t('validation.parameterError');
      setError(message);
      throw new Error(message);
    }
    await update.mutateAsync(parsed.data);
    notify({ tone: 'positive', message: t('admin.swapDesk.pairs.saved') });
  };

  const field = (name: keyof typeof LABELS, hint: string) => (
    <TextField
      label={t(LABELS[name])}
      hint={hint}
      inputMode="decimal"
      dir="ltr"
      required
      value={form[name]}
      onChange={(event) => {
        const value = event.target.value.trim();
        setForm((current) => ({ ...current, [name]: value }));
        setError('');
      }}
      data-testid={SwapTestId.field(name)}
    />
  );

  const percent = /^0(\.\d{1,6})?$/.test(form.spread) ? spreadPercent(form.spread) : '';
  return (
    <FormDialog
      title={pairName(pair)}
      description={t('admin.swapDesk.pairs.newOrdersOnly')}
      submitLabel={t('admin.common.save')}
      onSubmit={submit}
      onClose={onClose}
      testId={SwapTestId.pairDialog}
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
      {field(
        'spread',
        percent
          ? `${t('admin.swapDesk.pairs.spreadHint')} (${percent})`
          : t('admin.swapDesk.pairs.spreadHint'),
      )}
      <div className={settings.grid}>
        {field('min', t('admin.swapDesk.pairs.limitHint', { asset: pair.fromAsset }))}
        {field('max', t('admin.swapDesk.pairs.limitHint', { asset: pair.fromAsset }))}
      </div>
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
