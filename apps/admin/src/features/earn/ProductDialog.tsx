import { type AdminEarnProductBody, adminEarnProductBody } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { TextField } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import settings from '../../components/SettingsForm.module.css';
import { percentOf, shortAmount, utcInstant, utcTyped, wholeNumber } from '../../lib/rates';
import styles from './Earn.module.css';
import { dayCount } from './format';
import { type AdminEarnProduct, useSaveEarnProduct } from './queries';
import { EarnTestId } from './testIds';

/** The settings as typed. */
export type EarnProductForm = {
  asset: string;
  flexible: boolean;
  termDays: string;
  annualRate: string;
  minAmount: string;
  maxPerUser: string;
  quota: string;
  /** `datetime-local` texts, read as UTC; an empty end is a sale without end. */
  saleStartsAt: string;
  saleEndsAt: string;
  earlyAllowed: boolean;
  penaltyRate: string;
  visible: boolean;
};

type TextName = Exclude<keyof EarnProductForm, 'flexible' | 'earlyAllowed' | 'visible'>;

const LABELS: Record<TextName, TranslationKey> = {
  asset: 'admin.earn.asset',
  termDays: 'admin.earn.termDays',
  annualRate: 'admin.earn.annualRate',
  minAmount: 'admin.earn.minAmount',
  maxPerUser: 'admin.earn.maxPerUser',
  quota: 'admin.earn.quota',
  saleStartsAt: 'admin.earn.saleStartsAt',
  saleEndsAt: 'admin.earn.saleEndsAt',
  penaltyRate: 'admin.earn.penaltyRate',
};

export function formOf(product: AdminEarnProduct | null): EarnProductForm {
  if (!product)
    return {
      asset: '',
      flexible: false,
      termDays: '',
      annualRate: '',
      minAmount: '',
      maxPerUser: '',
      quota: '',
      saleStartsAt: '',
      saleEndsAt: '',
      earlyAllowed: false,
      penaltyRate: '0',
      visible: false,
    };
  return {
    asset: product.asset,
    flexible: product.termDays === null,
    termDays: product.termDays === null ? '' : String(product.termDays),
    annualRate: product.annualRate,
    minAmount: shortAmount(product.minAmount),
    maxPerUser: shortAmount(product.maxPerUser),
    quota: shortAmount(product.quota),
    saleStartsAt: utcTyped(product.saleStartsAt),
    saleEndsAt: utcTyped(product.saleEndsAt),
    earlyAllowed: product.earlyRedemption.allowed,
    penaltyRate: product.earlyRedemption.penaltyRate,
    visible: product.visible,
  };
}

/**
 * The body of the change: the product's whole settings, with the reason the audit log keeps. A flexible product is
 * redeemed at any time for its whole principal, so its rule is sent as allowed without penalty.
 */
export function bodyOf(form: EarnProductForm, reason: string): AdminEarnProductBody {
  return {
    asset: form.asset,
    termDays: form.flexible ? null : wholeNumber(form.termDays),
    annualRate: form.annualRate,
    minAmount: form.minAmount,
    maxPerUser: form.maxPerUser,
    quota: form.quota,
    saleStartsAt: utcInstant(form.saleStartsAt),
    saleEndsAt: form.saleEndsAt === '' ? null : utcInstant(form.saleEndsAt),
    earlyRedemption: form.flexible
      ? { allowed: true, penaltyRate: '0' }
      : { allowed: form.earlyAllowed, penaltyRate: form.earlyAllowed ? form.penaltyRate : '0' },
    visible: form.visible,
    reason,
  };
}

/**
 * Adds a product (`product` null) or changes one: asset (when adding), term or flexible, rate, limits, quota, sale window, early
 * redemption and whether users see it. The body is checked with the contract's schema before the server is asked;
 * active orders keep the rate and term they were placed with.
 */
export function ProductDialog({
  product,
  onClose,
}: {
  product: AdminEarnProduct | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState<EarnProductForm>(() => formOf(product));
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const save = useSaveEarnProduct(product?.id ?? null);

  const edit = (change: Partial<EarnProductForm>) => {
    setForm((current) => ({ ...current, ...change }));
    setError('');
  };

  /** The first refusal of the contract: its own text where it has one, else which field to correct. */
  const refusal = (issue: { message: string; path: PropertyKey[] } | undefined): string => {
    if (issue && issue.message !== 'validation.parameterError' && i18n.exists(issue.message))
      return t(issue.message as TranslationKey);
    const [top, inner] = issue?.path ?? [];
    const name = top === 'earlyRedemption' && inner === 'penaltyRate' ? 'penaltyRate' : top;
    if (typeof name === 'string' && name in LABELS)
      return t('admin.earn.invalidField', { field: t(LABELS[name as TextName]) });
    return t('validation.parameterError');
  };

  const submit = async () => {
    const parsed = adminEarnProductBody.safeParse(bodyOf(form, reason));
    if (!parsed.success) {
      const message = refusal(parsed.error.issues[0]);
      setError(message);
      throw new Error(message);
    }
    await save.mutateAsync(parsed.data);
    notify({ tone: 'positive', message: t(product ? 'admin.earn.saved' : 'admin.earn.created') });
  };

  const reading = (name: TextName): string => {
    const value = form[name];
    if (name === 'annualRate' || name === 'penaltyRate')
      return /^0(\.\d{1,6})?$/.test(value) ? percentOf(value) : '';
    if (name === 'termDays') return wholeNumber(value) > 0 ? dayCount(wholeNumber(value), i18n.language) : '';
    return '';
  };

  const field = (
    name: TextName,
    options: { hint?: TranslationKey; type?: string; required?: boolean } = {},
  ) => (
    <div>
      <TextField
        label={t(LABELS[name])}
        hint={options.hint && t(options.hint)}
        type={options.type ?? 'text'}
        inputMode={name === 'termDays' ? 'numeric' : name === 'asset' || options.type ? undefined : 'decimal'}
        dir="ltr"
        required={options.required ?? true}
        value={form[name]}
        onChange={(event) => {
          const value = event.target.value.trim();
          edit({ [name]: name === 'asset' ? value.toUpperCase() : value });
        }}
        data-testid={EarnTestId.field(name)}
      />
      {name === 'annualRate' || name === 'penaltyRate' || name === 'termDays' ? (
        <span className={styles.reading} data-testid={EarnTestId.reading(name)}>
          {reading(name)}
        </span>
      ) : null}
    </div>
  );

  const toggle = (name: 'flexible' | 'earlyAllowed' | 'visible', label: TranslationKey) => (
    <label className={settings.switch}>
      <input
        type="checkbox"
        role="switch"
        checked={form[name]}
        aria-checked={form[name]}
        onChange={(event) => edit({ [name]: event.target.checked })}
        data-testid={EarnTestId.field(name)}
      />
      <span>{t(label)}</span>
    </label>
  );

  return (
    <FormDialog
      title={
        product
          ? t('admin.earn.editTitle', { asset: product.asset, id: product.id })
          : t('admin.earn.createTitle')
      }
      description={t('admin.earn.newOrdersOnly')}
      submitLabel={product ? t('admin.common.save') : t('admin.earn.create')}
      onSubmit={submit}
      onClose={onClose}
      testId={EarnTestId.dialog}
      wide
    >
      <div className={settings.grid}>
        {/* A product keeps its asset: its orders hold that asset. */}
        {product ? null : field('asset')}
        {field('annualRate', { hint: 'admin.earn.rateHint' })}
      </div>
      {toggle('flexible', 'admin.earn.flexibleSwitch')}
      {form.flexible ? null : <div className={settings.grid}>{field('termDays')}</div>}
      <h3 className={settings.heading}>{t('admin.earn.limits')}</h3>
      <div className={settings.grid}>
        {field('minAmount')}
        {field('maxPerUser')}
        {field('quota')}
      </div>
      <h3 className={settings.heading}>{t('admin.earn.saleWindow')}</h3>
      <div className={settings.grid}>
        {field('saleStartsAt', { type: 'datetime-local', hint: 'admin.earn.utcHint' })}
        {field('saleEndsAt', { type: 'datetime-local', hint: 'admin.earn.noEndHint', required: false })}
      </div>
      {form.flexible ? (
        <p className={settings.muted}>{t('admin.earn.flexibleRedemption')}</p>
      ) : (
        <>
          <h3 className={settings.heading}>{t('admin.earn.earlyRedemption')}</h3>
          {toggle('earlyAllowed', 'admin.earn.earlySwitch')}
          {form.earlyAllowed ? (
            <div className={settings.grid}>{field('penaltyRate', { hint: 'admin.earn.penaltyHint' })}</div>
          ) : null}
        </>
      )}
      {toggle('visible', 'admin.earn.visibleSwitch')}
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError('');
        }}
      />
      {error ? (
        <p role="alert" className={settings.error} data-testid={EarnTestId.formError}>
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
