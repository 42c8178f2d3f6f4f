import { type AdminReferral, type ReferralSettingsBody, referralSettingsBody } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { TextField } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import settings from '../../components/SettingsForm.module.css';
import { percentOf, wholeNumber } from '../../lib/rates';
import { useUpdateReferralSettings } from './queries';
import styles from './Referral.module.css';
import { ReferralTestId } from './testIds';

const LABELS: Record<'commissionRate' | 'batchMinutes', TranslationKey> = {
  commissionRate: 'admin.referral.commissionRate',
  batchMinutes: 'admin.referral.batchMinutes',
};

/** The body of the change, with the reason the audit log keeps; the rate as the fraction the server stores. */
export function bodyOf(commissionRate: string, batchMinutes: string, reason: string): ReferralSettingsBody {
  return { commissionRate, batchMinutes: wholeNumber(batchMinutes), reason };
}

/**
 * Changes the commission rate (for fees paid from then on) and the minutes between batches. The body is checked
 * with the contract's schema before the server is asked.
 */
export function SettingsDialog({ referral, onClose }: { referral: AdminReferral; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [rate, setRate] = useState(referral.commissionRate);
  const [minutes, setMinutes] = useState(String(referral.batchMinutes));
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const update = useUpdateReferralSettings();

  const refusal = (issue: { message: string; path: PropertyKey[] } | undefined): string => {
    if (issue && issue.message !== 'validation.parameterError' && i18n.exists(issue.message))
      return t(issue.message as TranslationKey);
    const [top] = issue?.path ?? [];
    if (top === 'commissionRate' || top === 'batchMinutes')
      return t('admin.referral.invalidField', { field: t(LABELS[top]) });
    return t('validation.parameterError');
  };

  const submit = async () => {
    const parsed = referralSettingsBody.safeParse(bodyOf(rate, minutes, reason));
    if (!parsed.success) {
      const message = refusal(parsed.error.issues[0]);
      setError(message);
      throw new Error(message);
    }
    await update.mutateAsync(parsed.data);
    notify({ tone: 'positive', message: t('admin.referral.saved') });
  };

  return (
    <FormDialog
      title={t('admin.referral.editTitle')}
      description={t('admin.referral.fromNow')}
      submitLabel={t('admin.common.save')}
      onSubmit={submit}
      onClose={onClose}
      testId={ReferralTestId.dialog}
    >
      <div className={settings.grid}>
        <div>
          <TextField
            label={t(LABELS.commissionRate)}
            hint={t('admin.referral.rateHint')}
            inputMode="decimal"
            dir="ltr"
            required
            value={rate}
            onChange={(event) => {
              setRate(event.target.value.trim());
              setError('');
            }}
            data-testid={ReferralTestId.field('commissionRate')}
          />
          <span className={styles.reading} data-testid={ReferralTestId.reading}>
            {/^0(\.\d{1,6})?$/.test(rate) ? t('admin.referral.ofEachFee', { percent: percentOf(rate) }) : ''}
          </span>
        </div>
        <TextField
          label={t(LABELS.batchMinutes)}
          hint={t('admin.referral.batchHint')}
          inputMode="numeric"
          dir="ltr"
          required
          value={minutes}
          onChange={(event) => {
            setMinutes(event.target.value.trim());
            setError('');
          }}
          data-testid={ReferralTestId.field('batchMinutes')}
        />
      </div>
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError('');
        }}
      />
      {error ? (
        <p role="alert" className={settings.error} data-testid={ReferralTestId.formError}>
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
