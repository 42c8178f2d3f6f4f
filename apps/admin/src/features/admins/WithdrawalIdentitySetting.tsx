import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings, useUpdateSettings } from '../../api/admin';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import { Card, pageStyles } from '../../components/Page';
import styles from './Admins.module.css';

/** Whether users must have their identity verified before they withdraw (decision 0032); on by default. */
export function WithdrawalIdentitySetting() {
  const { t } = useTranslation();
  const settings = useSettings();
  const update = useUpdateSettings();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const required = settings.data?.withdrawalsRequireIdentity ?? true;

  return (
    <Card title={t('admin.withdrawals.identitySetting.title')}>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          aria-checked={required}
          checked={required}
          disabled={!settings.data}
          // The change waits for a reason in the dialog; the switch shows the stored value until then.
          onChange={() => setAsking(true)}
          data-testid="withdrawals-require-identity"
        />
        {t('admin.withdrawals.identitySetting.label')}
      </label>
      <p className={pageStyles.muted}>{t('admin.withdrawals.identitySetting.hint')}</p>
      {asking ? (
        <FormDialog
          title={
            required
              ? t('admin.withdrawals.identitySetting.offTitle')
              : t('admin.withdrawals.identitySetting.onTitle')
          }
          submitLabel={t('admin.common.confirm')}
          onSubmit={async () => {
            await update.mutateAsync({ withdrawalsRequireIdentity: !required, reason });
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
