import { ADMIN_PAGE_SIZE, type AdminUserSummary } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUsers } from '../../api/admin';
import { Page, pageStyles } from '../../components/Page';
import { SearchBox } from '../../components/SearchBox';
import { type Column, Pager, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { useListParams } from '../../lib/useListParams';
import { UserStatus } from './UserStatus';

export function Users() {
  const { t } = useTranslation();
  const { formatDate, formatNumber } = useLocale();
  const navigate = useNavigate();
  const { page, values, setPage, setValues } = useListParams();
  const q = values.q ?? '';
  const users = useUsers(q, page);

  const columns: Column<AdminUserSummary>[] = [
    {
      key: 'id',
      header: t('admin.uid'),
      render: (user) => <span className={pageStyles.mono}>{user.id}</span>,
    },
    { key: 'email', header: t('admin.users.email'), render: (user) => user.email ?? '—' },
    { key: 'phone', header: t('admin.users.phone'), render: (user) => <bdi>{user.phone ?? '—'}</bdi> },
    { key: 'nickname', header: t('admin.users.nickname'), render: (user) => user.nickname ?? '—' },
    { key: 'credit', header: t('admin.users.creditScore'), render: (user) => formatNumber(user.creditScore) },
    {
      key: 'status',
      header: t('admin.users.status'),
      render: (user) => <UserStatus frozenAt={user.frozenAt} />,
    },
    {
      key: 'created',
      header: t('admin.common.created'),
      render: (user) => formatDate(user.createdAt),
      nowrap: true,
    },
  ];

  return (
    <Page title={t('admin.nav.users')}>
      <SearchBox
        key={q}
        label={t('admin.users.search')}
        initial={q}
        onSearch={(value) => setValues({ q: value })}
      />
      <Table
        columns={columns}
        rows={users.data?.items}
        rowKey={(user) => user.id}
        onRowClick={(user) => navigate(`/users/${user.id}`)}
        loading={users.isPending}
        testId="users-table"
      />
      <Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={users.data?.total ?? 0} onPage={setPage} />
    </Page>
  );
}
