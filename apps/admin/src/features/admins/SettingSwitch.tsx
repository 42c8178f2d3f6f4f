import type { TranslationKey } from '@kestrel/i18n/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings, useUpdateSettings } from '../../api/admin';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import { Card, pageStyles } from '../../components/Page';
import styles from './Admins.module.css';

type SwitchSetting = 'requireTotp' | 'withdrawalsRequireIdentity';

type SettingSwitchProps = {
  setting: SwitchSetting;
  /** The value shown until the settings have loaded: the column's default. */
  byDefault: boolean;
  text: {
    title: TranslationKey;
    label: TranslationKey;
    hint: TranslationKey;
    onTitle: TranslationKey;
    offTitle: TranslationKey;
  };
  testId: string;
};

/** One on/off setting of the back office, changed only with a reason (audited by the server). */
function SettingSwitch({ setting, byDefault, text, testId }: SettingSwitchProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const update = useUpdateSettings();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const on = settings.data?.[setting] ?? byDefault;

  return (
    <Card title={t(text.title)}>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          aria-checked={on}
          checked={on}
          disabled={!settings.data}
          // The change waits for a reason in the dialog; the switch shows the stored value until then.
          onChange={() => setAsking(true)}
          data-testid={testId}
        />
        {t(text.label)}
      </label>
      <p className={pageStyles.muted}>{t(text.hint)}</p>
      {asking ? (
        <FormDialog
          title={on ? t(text.offTitle) : t(text.onTitle)}
          submitLabel={t('admin.common.confirm')}
          onSubmit={async () => {
            await update.mutateAsync({ [setting]: !on, reason });
            notify({ tone: 'positive', message: t('admin.common.saved') });
          }}
          onClose={() => {
            setAsking(false);
            setReason('');
          }}
        >
          <ReasonField value={reason} onChange={setReason} />
        </FormDialog>
      ) : null}
    </Card>
  );
}

/** Every operator enrols TOTP (on by default; decision 0031). */
export function RequireTotpSetting() {
  return (
    <SettingSwitch
      setting="requireTotp"
      byDefault
      text={{
        title: 'admin.admins.requireTotpTitle',
        label: 'admin.admins.requireTotp',
        hint: 'admin.admins.requireTotpHint',
        onTitle: 'admin.admins.requireTotpOnTitle',
        offTitle: 'admin.admins.requireTotpOffTitle',
      }}
      testId="require-totp"
    />
  );
}

/** Whether users must have their identity verified before they withdraw (decision 0032); on by default. */
export function WithdrawalIdentitySetting() {
  return (
    <SettingSwitch
      setting="withdrawalsRequireIdentity"
      byDefault
      text={{
        title: 'admin.withdrawals.identitySetting.title',
        label: 'admin.withdrawals.identitySetting.label',
        hint: 'admin.withdrawals.identitySetting.hint',
        onTitle: 'admin.withdrawals.identitySetting.onTitle',
        offTitle: 'admin.withdrawals.identitySetting.offTitle',
      }}
      testId="withdrawals-require-identity"
    />
  );
}
