import { ADMIN_PAGE_SIZE, type AuditEntry } from '@kestrel/contract';
import { Button, SelectField, TextField } from '@kestrel/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdmins, useAudit } from '../../api/admin';
import { Page, pageStyles } from '../../components/Page';
import { type Column, Pager, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { useListParams } from '../../lib/useListParams';
import styles from './Audit.module.css';

/** A stored value as indented JSON text (React escapes it: stored markup shows as text); absent as a dash. */
function JsonValue({ value }: { value: unknown }) {
  if (value === null || value === undefined) return '—';
  return <pre className={styles.json}>{JSON.stringify(value, null, 2)}</pre>;
}

/** Every admin action: who, when, what, before and after, and the reason given. */
export function Audit() {
  const { t } = useTranslation();
  const { formatDate } = useLocale();
  const { page, values, setPage, setValues } = useListParams(['adminId', 'action', 'q']);
  const filter = { adminId: values.adminId ?? '', action: values.action ?? '', q: values.q ?? '' };
  const audit = useAudit(filter, page);
  const admins = useAdmins();
  const [draft, setDraft] = useState(filter);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setValues({ adminId: draft.adminId, action: draft.action.trim(), q: draft.q.trim() });
  };

  const columns: Column<AuditEntry>[] = [
    {
      key: 'when',
      header: t('admin.audit.when'),
      render: (entry) => formatDate(entry.createdAt),
      nowrap: true,
    },
    {
      key: 'who',
      header: t('admin.audit.who'),
      render: (entry) => entry.admin?.email ?? t('admin.audit.system'),
    },
    {
      key: 'action',
      header: t('admin.audit.action'),
      render: (entry) => <span className={pageStyles.mono}>{entry.action}</span>,
    },
    {
      key: 'target',
      header: t('admin.audit.target'),
      render: (entry) => (
        <span className={pageStyles.mono}>
          {entry.targetType}
          {entry.targetId ? ` #${entry.targetId}` : ''}
        </span>
      ),
    },
    { key: 'reason', header: t('admin.common.reason'), render: (entry) => entry.reason ?? '—' },
    { key: 'before', header: t('admin.audit.before'), render: (entry) => <JsonValue value={entry.before} /> },
    { key: 'after', header: t('admin.audit.after'), render: (entry) => <JsonValue value={entry.after} /> },
    { key: 'ip', header: t('admin.common.ip'), render: (entry) => <bdi>{entry.ip ?? '—'}</bdi> },
  ];

  return (
    <Page title={t('admin.nav.audit')}>
      <search>
        <form className={pageStyles.toolbar} onSubmit={apply}>
          <div className={styles.filter}>
            <SelectField
              label={t('admin.audit.who')}
              value={draft.adminId}
              onChange={(adminId) => setDraft({ ...draft, adminId })}
              options={[
                { value: '', label: t('admin.audit.anyone') },
                ...(admins.data ?? []).map((admin) => ({ value: String(admin.id), label: admin.email })),
              ]}
              testId="audit-admin"
            />
          </div>
          <div className={styles.filter}>
            <TextField
              label={t('admin.audit.action')}
              maxLength={64}
              value={draft.action}
              onChange={(event) => setDraft({ ...draft, action: event.target.value })}
              data-testid="audit-action"
            />
          </div>
          <div className={styles.filter}>
            <TextField
              label={t('admin.audit.text')}
              type="search"
              maxLength={100}
              value={draft.q}
              onChange={(event) => setDraft({ ...draft, q: event.target.value })}
              data-testid="audit-q"
            />
          </div>
          <Button type="submit" variant="primary">
            {t('admin.common.search')}
          </Button>
        </form>
      </search>
      <Table
        columns={columns}
        rows={audit.data?.items}
        rowKey={(entry) => entry.id}
        loading={audit.isPending}
        testId="audit-table"
      />
      <Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={audit.data?.total ?? 0} onPage={setPage} />
    </Page>
  );
}
