import { type AdminAsset, bankAccountBody } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { TextField } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import styles from './Assets.module.css';
import { useSetBankAccount } from './queries';
import { AssetsTestId } from './testIds';

type TextFieldName = 'currency' | 'bankName' | 'accountName' | 'accountNumber' | 'routingCode';
type Values = Record<TextFieldName, string> & { enabled: boolean; reason: string };

/**
 * Sets the platform bank account that takes bank transfers for one asset: the currency the account receives, the
 * bank, the account's name, its number or IBAN and its SWIFT/routing code, the switch, and the reason the audit
 * log keeps. Users see these details on the bank transfer screen, with their own reference to quote.
 */
export function BankAccountDialog({ asset, onClose }: { asset: AdminAsset; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const current = asset.bankAccount;
  const [values, setValues] = useState<Values>({
    currency: current?.currency ?? '',
    bankName: current?.bankName ?? '',
    accountName: current?.accountName ?? '',
    accountNumber: current?.accountNumber ?? '',
    routingCode: current?.routingCode ?? '',
    enabled: current?.enabled ?? true,
    reason: '',
  });
  const [error, setError] = useState('');
  const save = useSetBankAccount(asset.code);
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((before) => ({ ...before, [field]: value }));
    setError('');
  };

  const submit = async () => {
    // Checked with the server's own schema first, so each field's message shows before any request.
    const parsed = bankAccountBody.safeParse(values);
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? '';
      setError(i18n.exists(key) ? t(key as TranslationKey) : t('validation.parameterError'));
      throw new Error(key);
    }
    await save.mutateAsync(values);
    notify({ tone: 'positive', message: t('admin.assets.bankSaved') });
  };

  const text = (field: TextFieldName, ltr: boolean) => (
    <TextField
      label={t(`admin.assets.${field}`)}
      dir={ltr ? 'ltr' : 'auto'}
      spellCheck={false}
      autoComplete="off"
      required
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      data-testid={AssetsTestId.bankField(field)}
    />
  );

  return (
    <FormDialog
      title={t('admin.assets.bankTitle', { asset: asset.code })}
      submitLabel={t('admin.common.save')}
      onSubmit={submit}
      onClose={onClose}
      testId={AssetsTestId.bankDialog}
    >
      <p>{t('admin.assets.bankIntro', { asset: asset.code })}</p>
      <div className={styles.grid}>
        {text('bankName', false)}
        {text('accountName', false)}
        {text('accountNumber', true)}
        {text('routingCode', true)}
        {text('currency', true)}
      </div>
      <div className={styles.switches}>
        <label className={styles.switch}>
          <input
            type="checkbox"
            checked={values.enabled}
            onChange={(event) => set('enabled', event.target.checked)}
            data-testid={AssetsTestId.bankEnabled}
          />
          {t('admin.assets.bankEnabled')}
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
