import type { AdminSummary } from '@kestrel/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResetAdminTotp } from '../../api/admin';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';

/** Asks why before resetting another admin's lost authenticator, and says what the reset does to them. */
export function ResetTotpDialog({ admin, onClose }: { admin: AdminSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useResetAdminTotp();
  const [reason, setReason] = useState('');
  return (
    <FormDialog
      title={t('admin.admins.resetTotp.title', { name: admin.name })}
      description={t('admin.admins.resetTotp.body')}
      submitLabel={t('admin.admins.resetTotp.action')}
      tone="danger"
      onSubmit={async () => {
        await reset.mutateAsync({ id: admin.id, reason });
        notify({ tone: 'positive', message: t('admin.admins.resetTotp.done') });
      }}
      onClose={onClose}
      testId="dialog-reset-totp"
    >
      <ReasonField value={reason} onChange={setReason} />
    </FormDialog>
  );
}
