import { ADMIN_ROLES, type AdminRole, type AdminSummary } from '@kestrel/contract';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAdmins,
  useCreateAdmin,
  useMe,
  useSettings,
  useUpdateAdmin,
  useUpdateSettings,
} from '../../api/admin';
import { notify } from '../../app/notices';
import { Button } from '../../components/Button';
import { FormDialog, ReasonField } from '../../components/Dialog';
import { SelectField, TextField } from '../../components/Field';
import { Card, Page, pageStyles } from '../../components/Page';
import { Badge, type Column, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import styles from './Admins.module.css';
import { ResetTotpDialog } from './ResetTotpDialog';
import { WithdrawalIdentitySetting } from './WithdrawalIdentitySetting';

function RoleOptions() {
  const { t } = useTranslation();
  return (
    <>
      {ADMIN_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`admin.roles.${role}`)}
        </option>
      ))}
    </>
  );
}

/** The operators' accounts and the console-wide security setting; super admins only. */
export function Admins() {
  const { t } = useTranslation();
  const { formatDate } = useLocale();
  const admins = useAdmins();
  const me = useMe();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminSummary | null>(null);
  const [resetting, setResetting] = useState<AdminSummary | null>(null);

  const columns: Column<AdminSummary>[] = [
    { key: 'name', header: t('admin.admins.name'), render: (admin) => admin.name },
    { key: 'email', header: t('admin.admins.email'), render: (admin) => admin.email },
    { key: 'role', header: t('admin.admins.role'), render: (admin) => t(`admin.roles.${admin.role}`) },
    {
      key: 'totp',
      header: t('admin.admins.totp'),
      render: (admin) =>
        admin.totpEnabled ? (
          <Badge tone="positive">{t('admin.admins.totpOn')}</Badge>
        ) : (
          <Badge tone="neutral">{t('admin.admins.totpOff')}</Badge>
        ),
    },
    {
      key: 'status',
      header: t('admin.admins.status'),
      render: (admin) =>
        admin.disabled ? (
          <Badge tone="negative">{t('admin.admins.disabled')}</Badge>
        ) : (
          <Badge tone="positive">{t('admin.admins.enabled')}</Badge>
        ),
    },
    {
      key: 'created',
      header: t('admin.common.created'),
      render: (admin) => formatDate(admin.createdAt),
      nowrap: true,
    },
    {
      key: 'edit',
      header: '',
      // An admin does not demote, disable or reset themselves here; another super admin does, so one always
      // remains and a second factor is never dropped by whoever merely holds a session.
      render: (admin) =>
        admin.id === me.data?.id ? null : (
          <span className={styles.rowActions}>
            <Button variant="ghost" onClick={() => setEditing(admin)} data-testid={`edit-admin-${admin.id}`}>
              {t('admin.admins.edit')}
            </Button>
            {admin.totpEnabled ? (
              <Button
                variant="ghost"
                onClick={() => setResetting(admin)}
                data-testid={`reset-totp-${admin.id}`}
              >
                {t('admin.admins.resetTotp.action')}
              </Button>
            ) : null}
          </span>
        ),
    },
  ];

  return (
    <Page
      title={t('admin.nav.admins')}
      actions={
        <Button variant="primary" onClick={() => setCreating(true)} data-testid="create-admin">
          <UserPlus size={16} aria-hidden />
          {t('admin.admins.create')}
        </Button>
      }
    >
      <RequireTotpSetting />
      <WithdrawalIdentitySetting />
      <Table
        columns={columns}
        rows={admins.data}
        rowKey={(admin) => admin.id}
        loading={admins.isPending}
        testId="admins-table"
      />
      {creating ? <CreateAdminDialog onClose={() => setCreating(false)} /> : null}
      {editing ? <EditAdminDialog admin={editing} onClose={() => setEditing(null)} /> : null}
      {resetting ? <ResetTotpDialog admin={resetting} onClose={() => setResetting(null)} /> : null}
    </Page>
  );
}

function RequireTotpSetting() {
  const { t } = useTranslation();
  const settings = useSettings();
  const update = useUpdateSettings();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const required = settings.data?.requireTotp ?? false;

  return (
    <Card title={t('admin.admins.requireTotpTitle')}>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          aria-checked={required}
          checked={required}
          disabled={!settings.data}
          // The change waits for a reason in the dialog; the switch shows the stored value until then.
          onChange={() => setAsking(true)}
          data-testid="require-totp"
        />
        {t('admin.admins.requireTotp')}
      </label>
      <p className={pageStyles.muted}>{t('admin.admins.requireTotpHint')}</p>
      {asking ? (
        <FormDialog
          title={required ? t('admin.admins.requireTotpOffTitle') : t('admin.admins.requireTotpOnTitle')}
          submitLabel={t('admin.common.confirm')}
          onSubmit={async () => {
            await update.mutateAsync({ requireTotp: !required, reason });
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

function CreateAdminDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateAdmin();
  const [form, setForm] = useState({ email: '', name: '', role: 'support' as AdminRole, password: '' });
  return (
    <FormDialog
      title={t('admin.admins.create')}
      submitLabel={t('admin.admins.createSubmit')}
      onSubmit={async () => {
        await create.mutateAsync(form);
        notify({ tone: 'positive', message: t('admin.admins.createdDone') });
      }}
      onClose={onClose}
      testId="dialog-create-admin"
    >
      <TextField
        label={t('admin.admins.email')}
        type="email"
        required
        autoComplete="off"
        value={form.email}
        onChange={(event) => setForm({ ...form, email: event.target.value })}
      />
      <TextField
        label={t('admin.admins.name')}
        required
        maxLength={64}
        value={form.name}
        onChange={(event) => setForm({ ...form, name: event.target.value })}
      />
      <SelectField
        label={t('admin.admins.role')}
        value={form.role}
        onChange={(event) => setForm({ ...form, role: event.target.value as AdminRole })}
      >
        <RoleOptions />
      </SelectField>
      <TextField
        label={t('admin.admins.password')}
        type="password"
        required
        autoComplete="new-password"
        hint={t('admin.admins.passwordHint')}
        value={form.password}
        onChange={(event) => setForm({ ...form, password: event.target.value })}
      />
    </FormDialog>
  );
}

function EditAdminDialog({ admin, onClose }: { admin: AdminSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateAdmin();
  const [role, setRole] = useState<AdminRole>(admin.role);
  const [disabled, setDisabled] = useState(admin.disabled);
  const [reason, setReason] = useState('');
  return (
    <FormDialog
      title={t('admin.admins.editTitle', { name: admin.name })}
      submitLabel={t('admin.common.save')}
      onSubmit={async () => {
        await update.mutateAsync({
          id: admin.id,
          reason,
          ...(role !== admin.role ? { role } : {}),
          ...(disabled !== admin.disabled ? { disabled } : {}),
        });
        notify({ tone: 'positive', message: t('admin.common.saved') });
      }}
      onClose={onClose}
      testId="dialog-edit-admin"
    >
      <SelectField
        label={t('admin.admins.role')}
        value={role}
        onChange={(event) => setRole(event.target.value as AdminRole)}
      >
        <RoleOptions />
      </SelectField>
      <label className={styles.switch}>
        <input type="checkbox" checked={disabled} onChange={(event) => setDisabled(event.target.checked)} />
        {t('admin.admins.disable')}
      </label>
      <ReasonField value={reason} onChange={setReason} />
    </FormDialog>
  );
}
