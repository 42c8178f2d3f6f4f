import { ADJUSTMENT_PROPOSER_ROLES, ADMIN_ROLES, type AdminRole, type AdminSummary } from '@kestrel/contract';
import { Button, SelectField, TextArea, TextField } from '@kestrel/ui';
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
import { FormDialog, ReasonField } from '../../components/Dialog';
import { Card, Page } from '../../components/Page';
import { Badge, type Column, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import styles from './Admins.module.css';
import { ResetTotpDialog } from './ResetTotpDialog';
import { RequireTotpSetting, WithdrawalIdentitySetting } from './SettingSwitch';

function useRoleOptions(): { value: AdminRole; label: string }[] {
  const { t } = useTranslation();
  return ADMIN_ROLES.map((role) => ({ value: role, label: t(`admin.roles.${role}`) }));
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
      <AdjustmentSettings />
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

/** "USDT=1000" lines to the settings' map; undefined when a line is not COIN=amount. */
function parseThresholds(text: string): Record<string, string> | undefined {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => /^([A-Z0-9]{2,12})=(\d{1,18}(?:\.\d{1,18})?)$/.exec(line));
  if (entries.some((entry) => entry === null)) return undefined;
  return Object.fromEntries(entries.map((entry) => [entry?.[1], entry?.[2]]));
}

/** How large a manual adjustment one operator may post alone, per coin, and which role may adjust. */
function AdjustmentSettings() {
  const { t } = useTranslation();
  const settings = useSettings();
  const update = useUpdateSettings();
  const [draft, setDraft] = useState<{ role: string; thresholds: string } | undefined>(undefined);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const stored = settings.data;
  const current = draft ?? {
    role: stored?.adjustmentProposerRole ?? 'support',
    thresholds: Object.entries(stored?.adjustmentApprovalAbove ?? {})
      .map(([asset, amount]) => `${asset}=${amount}`)
      .join('\n'),
  };
  const thresholds = parseThresholds(current.thresholds);

  return (
    <Card title={t('admin.adjustments.settingsTitle')} testId="adjustment-settings">
      <form
        className={styles.settingsForm}
        onSubmit={(event) => {
          event.preventDefault();
          if (thresholds) setAsking(true);
        }}
      >
        <SelectField
          label={t('admin.adjustments.proposerRole')}
          value={current.role}
          disabled={!stored}
          onChange={(role) => setDraft({ ...current, role })}
          options={ADJUSTMENT_PROPOSER_ROLES.map((role) => ({
            value: role,
            label: t(`admin.roles.${role}`),
          }))}
          testId="adjustment-proposer-role"
        />
        <TextArea
          label={t('admin.adjustments.thresholds')}
          hint={thresholds ? t('admin.adjustments.thresholdsHint') : t('admin.adjustments.thresholdsInvalid')}
          dir="ltr"
          rows={6}
          value={current.thresholds}
          disabled={!stored}
          onChange={(event) => setDraft({ ...current, thresholds: event.target.value })}
          data-testid="adjustment-thresholds"
        />
        <div>
          <Button
            type="submit"
            variant="primary"
            disabled={!stored || !thresholds}
            data-testid="adjustment-settings-save"
          >
            {t('admin.adjustments.save')}
          </Button>
        </div>
      </form>
      {asking && thresholds ? (
        <FormDialog
          title={t('admin.adjustments.settingsTitle')}
          submitLabel={t('admin.common.confirm')}
          onSubmit={async () => {
            await update.mutateAsync({
              adjustmentProposerRole: current.role as (typeof ADJUSTMENT_PROPOSER_ROLES)[number],
              adjustmentApprovalAbove: thresholds,
              reason,
            });
            setDraft(undefined);
            notify({ tone: 'positive', message: t('admin.adjustments.saved') });
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
  const roleOptions = useRoleOptions();
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
        onChange={(role) => setForm({ ...form, role })}
        options={roleOptions}
      />
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
  const roleOptions = useRoleOptions();
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
      <SelectField label={t('admin.admins.role')} value={role} onChange={setRole} options={roleOptions} />
      <label className={styles.switch}>
        <input type="checkbox" checked={disabled} onChange={(event) => setDisabled(event.target.checked)} />
        {t('admin.admins.disable')}
      </label>
      <ReasonField value={reason} onChange={setReason} />
    </FormDialog>
  );
}
