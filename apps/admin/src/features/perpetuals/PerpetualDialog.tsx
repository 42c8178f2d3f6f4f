import {
  type AdminFuturesMarket,
  type AdminFuturesMarketUpdateBody,
  adminFuturesMarketUpdateBody,
} from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { TextField } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import settings from '../../components/SettingsForm.module.css';
import { SettingsRows } from '../../components/SettingsRows';
import styles from './Perpetuals.module.css';
import { useUpdatePerpetual } from './queries';
import { PerpetualsTestId } from './testIds';

const SIZES = ['tickSize', 'lotSize', 'minNotional'] as const;
const RATES = ['makerFee', 'takerFee', 'interestRate', 'fundingCap'] as const;
type TextFieldName = (typeof SIZES)[number] | (typeof RATES)[number] | 'fundingIntervalHours';
/** Fees are fractions of a trade; interest and the cap are fractions per funding interval. */
const HINTS: Partial<Record<TextFieldName, TranslationKey>> = {
  makerFee: 'admin.markets.feeHint',
  takerFee: 'admin.markets.feeHint',
  interestRate: 'admin.futures.rateHint',
  fundingCap: 'admin.futures.rateHint',
};

/** A bracket row as typed: the cap, the max leverage and the maintenance margin rate. */
export type BracketRow = { notionalCap: string; maxLeverage: string; maintenanceMarginRate: string };
const BRACKET_CELLS = ['notionalCap', 'maxLeverage', 'maintenanceMarginRate'] as const;
const NEW_BRACKET: BracketRow = { notionalCap: '', maxLeverage: '1', maintenanceMarginRate: '' };

const LABELS: Record<TextFieldName, TranslationKey> = {
  tickSize: 'admin.markets.tickSize',
  lotSize: 'admin.markets.lotSize',
  minNotional: 'admin.markets.minNotional',
  makerFee: 'admin.markets.makerFee',
  takerFee: 'admin.markets.takerFee',
  interestRate: 'admin.futures.interestRate',
  fundingCap: 'admin.futures.fundingCap',
  fundingIntervalHours: 'admin.futures.fundingIntervalHours',
};

const rowsOf = (market: AdminFuturesMarket): BracketRow[] =>
  market.brackets.map((bracket) => ({
    notionalCap: bracket.notionalCap,
    maxLeverage: String(bracket.maxLeverage),
    maintenanceMarginRate: bracket.maintenanceMarginRate,
  }));

/**
 * The body of the change: only what differs from the market as it is, with the reason the audit log keeps.
 * Brackets are sent whole when any of their cells changed.
 */
export function changeOf(
  market: AdminFuturesMarket,
  values: Record<TextFieldName, string>,
  brackets: BracketRow[],
  switches: { open: boolean; marketMaker: boolean },
  reason: string,
): AdminFuturesMarketUpdateBody {
  const body: AdminFuturesMarketUpdateBody = { reason };
  for (const name of [...SIZES, ...RATES]) if (values[name] !== market[name]) body[name] = values[name];
  if (values.fundingIntervalHours !== String(market.fundingIntervalHours))
    body.fundingIntervalHours = Number(values.fundingIntervalHours);
  if (JSON.stringify(brackets) !== JSON.stringify(rowsOf(market)))
    body.brackets = brackets.map((row) => ({
      notionalCap: row.notionalCap,
      maxLeverage: Number(row.maxLeverage),
      maintenanceMarginRate: row.maintenanceMarginRate,
    }));
  if (switches.open !== market.open) body.open = switches.open;
  if (switches.marketMaker !== market.marketMaker) body.marketMaker = switches.marketMaker;
  return body;
}

/** Edits a perpetual: increments (closed only), fees, funding, leverage brackets, open and market maker. */
export function PerpetualDialog({ market, onClose }: { market: AdminFuturesMarket; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<Record<TextFieldName, string>>(() => ({
    tickSize: market.tickSize,
    lotSize: market.lotSize,
    minNotional: market.minNotional,
    makerFee: market.makerFee,
    takerFee: market.takerFee,
    interestRate: market.interestRate,
    fundingCap: market.fundingCap,
    fundingIntervalHours: String(market.fundingIntervalHours),
  }));
  const [brackets, setBrackets] = useState<BracketRow[]>(() => rowsOf(market));
  const [switches, setSwitches] = useState({ open: market.open, marketMaker: market.marketMaker });
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const update = useUpdatePerpetual(market.symbol);

  const submit = async () => {
    const body = changeOf(market, values, brackets, switches, reason);
    const parsed = adminFuturesMarketUpdateBody.safeParse(body);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      setError(i18n.exists(message) ? t(message as TranslationKey) : t('validation.parameterError'));
      throw new Error(message);
    }
    await update.mutateAsync(body);
    notify({ tone: 'positive', message: t('admin.futures.saved') });
  };

  const field = (name: TextFieldName) => (
    <TextField
      key={name}
      label={t(LABELS[name])}
      hint={HINTS[name] && t(HINTS[name])}
      inputMode={name === 'fundingIntervalHours' ? 'numeric' : 'decimal'}
      dir="ltr"
      required
      // Increments change only while the perpetual is closed, so no resting order falls off the grid.
      disabled={(name === 'tickSize' || name === 'lotSize') && market.open}
      value={values[name]}
      onChange={(event) => {
        setValues((current) => ({ ...current, [name]: event.target.value.trim() }));
        setError('');
      }}
      data-testid={PerpetualsTestId.field(name)}
    />
  );

  const toggle = (name: 'open' | 'marketMaker', label: TranslationKey) => (
    <label className={settings.switch}>
      <input
        type="checkbox"
        role="switch"
        checked={switches[name]}
        aria-checked={switches[name]}
        onChange={(event) => setSwitches((current) => ({ ...current, [name]: event.target.checked }))}
        data-testid={name === 'open' ? PerpetualsTestId.open : PerpetualsTestId.marketMaker}
      />
      <span>{t(label)}</span>
    </label>
  );

  return (
    <FormDialog
      title={t('admin.futures.editTitle', { symbol: market.symbol })}
      submitLabel={t('admin.common.save')}
      onSubmit={submit}
      onClose={onClose}
      testId={PerpetualsTestId.dialog}
      wide
    >
      <div className={styles.switches}>
        {toggle('open', 'admin.markets.trading')}
        {toggle('marketMaker', 'admin.markets.marketMaker')}
      </div>
      {market.open ? <p className={settings.muted}>{t('admin.markets.errors.sizesWhileOpen')}</p> : null}
      <div className={settings.grid}>{SIZES.map(field)}</div>
      <div className={settings.grid}>
        {field('makerFee')}
        {field('takerFee')}
      </div>
      <h3 className={settings.heading}>{t('admin.futures.funding')}</h3>
      <div className={styles.grid3}>
        {field('fundingIntervalHours')}
        {field('interestRate')}
        {field('fundingCap')}
      </div>
      <SettingsRows
        title={t('admin.futures.brackets')}
        hint={t('admin.futures.bracketsHint')}
        rows={brackets}
        cells={BRACKET_CELLS}
        label={(name) => t(`admin.futures.${name}`)}
        wholeNumbers={['maxLeverage']}
        newRow={NEW_BRACKET}
        addLabel={t('admin.futures.addBracket')}
        removeLabel={t('admin.futures.removeBracket')}
        onChange={(change) => {
          setBrackets(change);
          setError('');
        }}
        testIds={{
          cell: PerpetualsTestId.bracket,
          remove: PerpetualsTestId.removeBracket,
          add: PerpetualsTestId.addBracket,
        }}
      />
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError('');
        }}
      />
      {error ? (
        <p role="alert" className={settings.error}>
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
