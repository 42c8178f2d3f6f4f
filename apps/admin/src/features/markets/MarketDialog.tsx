import { type AdminMarket, type AdminMarketUpdateBody, adminMarketUpdateBody } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { TextField } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import styles from './Markets.module.css';
import { useUpdateMarket } from './queries';
import { MarketsTestId } from './testIds';

/** What the dialog changes: the settings form, or one of the two switches. */
export type MarketChange =
  | { kind: 'settings' }
  | { kind: 'open'; value: boolean }
  | { kind: 'marketMaker'; value: boolean };

const FIELDS = ['tickSize', 'lotSize', 'minNotional', 'makerFee', 'takerFee'] as const;
type Field = (typeof FIELDS)[number];

const TEST_IDS: Record<Field, string> = {
  tickSize: MarketsTestId.tickSize,
  lotSize: MarketsTestId.lotSize,
  minNotional: MarketsTestId.minNotional,
  makerFee: MarketsTestId.makerFee,
  takerFee: MarketsTestId.takerFee,
};

function titleOf(change: MarketChange): { key: TranslationKey; tone?: 'danger' } {
  if (change.kind === 'settings') return { key: 'admin.markets.editTitle' };
  if (change.kind === 'open') {
    return change.value
      ? { key: 'admin.markets.openTitle' }
      : { key: 'admin.markets.closeTitle', tone: 'danger' };
  }
  return change.value ? { key: 'admin.markets.makerOnTitle' } : { key: 'admin.markets.makerOffTitle' };
}

/**
 * Changes a market with the reason the audit log keeps: its increments, minimum total and fees, or one of its
 * switches. The tick and lot size can be edited only while the market is closed, as the server requires.
 */
export function MarketDialog({
  market,
  change,
  onClose,
}: {
  market: AdminMarket;
  change: MarketChange;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    tickSize: market.tickSize,
    lotSize: market.lotSize,
    minNotional: market.minNotional,
    makerFee: market.makerFee,
    takerFee: market.takerFee,
  }));
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const update = useUpdateMarket(market.symbol);
  const { key, tone } = titleOf(change);

  const submit = async () => {
    const body: AdminMarketUpdateBody =
      change.kind === 'settings'
        ? {
            ...Object.fromEntries(
              FIELDS.filter((field) => values[field] !== market[field]).map((f) => [f, values[f]]),
            ),
            reason,
          }
        : { [change.kind]: change.value, reason };
    const parsed = adminMarketUpdateBody.safeParse(body);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      setError(i18n.exists(message) ? t(message as TranslationKey) : t('validation.parameterError'));
      throw new Error(message);
    }
    await update.mutateAsync(body);
    notify({ tone: 'positive', message: t('admin.markets.saved') });
  };

  const field = (name: Field) => (
    <TextField
      key={name}
      label={t(`admin.markets.${name}`)}
      hint={name === 'makerFee' || name === 'takerFee' ? t('admin.markets.feeHint') : undefined}
      inputMode="decimal"
      dir="ltr"
      required
      // Increments change only while the market is closed, so no resting order falls off the grid.
      disabled={(name === 'tickSize' || name === 'lotSize') && market.open}
      value={values[name]}
      onChange={(event) => {
        setValues((current) => ({ ...current, [name]: event.target.value.trim() }));
        setError('');
      }}
      data-testid={TEST_IDS[name]}
    />
  );

  return (
    <FormDialog
      title={t(key, { symbol: market.symbol })}
      description={change.kind === 'open' && !change.value ? t('admin.markets.closeBody') : undefined}
      submitLabel={change.kind === 'settings' ? t('admin.common.save') : t('admin.common.confirm')}
      tone={tone}
      onSubmit={submit}
      onClose={onClose}
      testId={MarketsTestId.dialog}
    >
      {change.kind === 'settings' ? (
        <>
          {market.open ? <p>{t('admin.markets.errors.sizesWhileOpen')}</p> : null}
          <div className={styles.grid}>{FIELDS.map(field)}</div>
        </>
      ) : null}
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError('');
        }}
      />
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
