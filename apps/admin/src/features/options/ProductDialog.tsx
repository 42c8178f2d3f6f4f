import type { CallData } from '@kestrel/client';
import {
  type AdminOptionProductBody,
  type AdminOptionProductCreateBody,
  adminOptionProductBody,
  adminOptionProductCreateBody,
  type routes,
} from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { TextField } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import settings from '../../components/SettingsForm.module.css';
import { SettingsRows } from '../../components/SettingsRows';
import { payoutPercent, periodLength, shortAmount } from './format';
import styles from './Options.module.css';
import { useCreateOptionProduct, useUpdateOptionProduct } from './queries';
import { OptionsTestId } from './testIds';

export type AdminOptionProduct = CallData<typeof routes.listAdminOptionProducts>['items'][number];

/** A period row as typed. */
export type PeriodRow = {
  seconds: string;
  payoutRate: string;
  minStake: string;
  maxStake: string;
  buyCutoffSeconds: string;
};
const PERIOD_CELLS = ['seconds', 'payoutRate', 'minStake', 'maxStake', 'buyCutoffSeconds'] as const;
const WHOLE_NUMBER_CELLS = ['seconds', 'buyCutoffSeconds'] as const;

/** The settings as typed; the symbol only when adding a product. */
export type ProductForm = {
  symbol: string;
  periods: PeriodRow[];
  maxOpenOrders: string;
  maxDailyLoss: string;
  open: boolean;
};

const LABELS: Record<
  keyof PeriodRow | 'symbol' | 'maxOpenOrders' | 'maxDailyLoss' | 'periods',
  TranslationKey
> = {
  symbol: 'admin.options.symbol',
  periods: 'admin.options.periods',
  seconds: 'admin.options.seconds',
  payoutRate: 'admin.options.payoutRate',
  minStake: 'admin.options.minStake',
  maxStake: 'admin.options.maxStake',
  buyCutoffSeconds: 'admin.options.buyCutoffSeconds',
  maxOpenOrders: 'admin.options.maxOpenOrders',
  maxDailyLoss: 'admin.options.maxDailyLoss',
};

const EMPTY_PERIOD: PeriodRow = {
  seconds: '',
  payoutRate: '',
  minStake: '',
  maxStake: '',
  buyCutoffSeconds: '',
};

/** A whole number as typed, or NaN, which the contract refuses, for anything else ("", "1.5", "1e3"). */
const wholeNumber = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : Number.NaN);

export function formOf(product: AdminOptionProduct | null): ProductForm {
  if (!product)
    return { symbol: '', periods: [EMPTY_PERIOD], maxOpenOrders: '', maxDailyLoss: '', open: false };
  return {
    symbol: product.symbol,
    periods: product.periods.map((period) => ({
      seconds: String(period.seconds),
      payoutRate: period.payoutRate,
      minStake: shortAmount(period.minStake),
      maxStake: shortAmount(period.maxStake),
      buyCutoffSeconds: String(period.buyCutoffSeconds),
    })),
    maxOpenOrders: String(product.maxOpenOrders),
    maxDailyLoss: shortAmount(product.maxDailyLoss),
    open: product.open,
  };
}

/**
 * The body of the change: the product's whole settings for new orders, with the reason the audit log keeps. The
 * server replaces the settings with it; open orders keep what they were bought with.
 */
export function bodyOf(form: ProductForm, reason: string): AdminOptionProductBody {
  return {
    periods: form.periods.map((row) => ({
      seconds: wholeNumber(row.seconds),
      payoutRate: row.payoutRate,
      minStake: row.minStake,
      maxStake: row.maxStake,
      buyCutoffSeconds: wholeNumber(row.buyCutoffSeconds),
    })),
    maxOpenOrders: wholeNumber(form.maxOpenOrders),
    maxDailyLoss: form.maxDailyLoss,
    open: form.open,
    reason,
  };
}

export function createBodyOf(form: ProductForm, reason: string): AdminOptionProductCreateBody {
  return { symbol: form.symbol, ...bodyOf(form, reason) };
}

/**
 * Adds a product (`product` null) or changes one: its periods with payout rates, stakes and buying cutoffs, the
 * per-user limits and whether it is open for buying.
 */
export function ProductDialog({
  product,
  onClose,
}: {
  product: AdminOptionProduct | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState<ProductForm>(() => formOf(product));
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const create = useCreateOptionProduct();
  const update = useUpdateOptionProduct(product?.id ?? '');

  const edit = (change: (current: ProductForm) => ProductForm) => {
    setForm(change);
    setError('');
  };

  /** The first refusal of the contract: its own text where it has one, else which field to correct. */
  const refusal = (issue: { message: string; path: PropertyKey[] } | undefined): string => {
    if (issue && issue.message !== 'validation.parameterError' && i18n.exists(issue.message))
      return t(issue.message as TranslationKey);
    const [top, index, cell] = issue?.path ?? [];
    if (top === 'periods' && typeof index === 'number' && typeof cell === 'string' && cell in LABELS) {
      const field = `${t('admin.options.periodNumber', { number: index + 1 })} · ${t(LABELS[cell as keyof PeriodRow])}`;
      return t('admin.options.invalidField', { field });
    }
    if (typeof top === 'string' && top in LABELS)
      return t('admin.options.invalidField', { field: t(LABELS[top as keyof typeof LABELS]) });
    return t('validation.parameterError');
  };

  /** Checks the body against the contract before asking the server, showing the first refusal. */
  const check = (parsed: {
    success: boolean;
    error?: { issues: { message: string; path: PropertyKey[] }[] };
  }) => {
    if (parsed.success) return;
    const message = refusal(parsed.error?.issues[0]);
    setError(message);
    throw new Error(message);
  };

  const submit = async () => {
    if (product) {
      const body = bodyOf(form, reason);
      check(adminOptionProductBody.safeParse(body));
      await update.mutateAsync(body);
      notify({ tone: 'positive', message: t('admin.options.saved') });
    } else {
      const body = createBodyOf(form, reason);
      check(adminOptionProductCreateBody.safeParse(body));
      await create.mutateAsync(body);
      notify({ tone: 'positive', message: t('admin.options.created') });
    }
  };

  const field = (name: 'symbol' | 'maxOpenOrders' | 'maxDailyLoss', hint?: TranslationKey) => (
    <TextField
      label={t(LABELS[name])}
      hint={hint && t(hint)}
      inputMode={name === 'maxOpenOrders' ? 'numeric' : name === 'maxDailyLoss' ? 'decimal' : 'text'}
      dir="ltr"
      required
      value={form[name]}
      onChange={(event) => {
        const value = event.target.value.trim();
        edit((current) => ({ ...current, [name]: name === 'symbol' ? value.toUpperCase() : value }));
      }}
      data-testid={OptionsTestId.field(name)}
    />
  );

  /** What a typed cell means, under it: the period's length in units, the payout rate in percent. */
  const reading = (row: PeriodRow, name: 'seconds' | 'payoutRate') => {
    if (name === 'seconds') {
      const seconds = wholeNumber(row.seconds);
      return seconds > 0 ? periodLength(seconds, i18n.language) : '';
    }
    return /^0(\.\d+)?$/.test(row.payoutRate) ? payoutPercent(row.payoutRate) : '';
  };

  return (
    <FormDialog
      title={
        product ? t('admin.options.editTitle', { symbol: product.symbol }) : t('admin.options.createTitle')
      }
      description={t('admin.options.newOrdersOnly')}
      submitLabel={product ? t('admin.common.save') : t('admin.options.create')}
      onSubmit={submit}
      onClose={onClose}
      testId={OptionsTestId.dialog}
      wide
    >
      {product ? null : field('symbol', 'admin.options.symbolHint')}
      <label className={settings.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={form.open}
          aria-checked={form.open}
          onChange={(event) => {
            const open = event.target.checked;
            edit((current) => ({ ...current, open }));
          }}
          data-testid={OptionsTestId.open}
        />
        <span>{t('admin.options.openForBuying')}</span>
      </label>
      <SettingsRows
        title={t('admin.options.periods')}
        hint={t('admin.options.periodsHint')}
        rows={form.periods}
        cells={PERIOD_CELLS}
        label={(name) => t(LABELS[name])}
        wholeNumbers={WHOLE_NUMBER_CELLS}
        newRow={EMPTY_PERIOD}
        addLabel={t('admin.options.addPeriod')}
        removeLabel={t('admin.options.removePeriod')}
        onChange={(change) => edit((current) => ({ ...current, periods: change(current.periods) }))}
        under={(row, index, name) =>
          name === 'seconds' || name === 'payoutRate' ? (
            <span className={styles.reading} data-testid={OptionsTestId.period(index, `${name}-reading`)}>
              {reading(row, name)}
            </span>
          ) : null
        }
        testIds={{
          cell: OptionsTestId.period,
          remove: OptionsTestId.removePeriod,
          add: OptionsTestId.addPeriod,
        }}
      />
      <h3 className={settings.heading}>{t('admin.options.limits')}</h3>
      <div className={settings.grid}>
        {field('maxOpenOrders')}
        {field('maxDailyLoss', 'admin.options.maxDailyLossHint')}
      </div>
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError('');
        }}
      />
      {error ? (
        <p role="alert" className={settings.error} data-testid={OptionsTestId.formError}>
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
