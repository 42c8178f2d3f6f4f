import { ADMIN_PAGE_SIZE, type AdminOutboxItem } from '@kestrel/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutbox } from '../../api/admin';
import { PlainText, ViewDialog } from '../../components/Dialog';
import { Facts, Page } from '../../components/Page';
import { SearchBox } from '../../components/SearchBox';
import { Badge, type Column, Pager, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { useListParams } from '../../lib/useListParams';

/** Every e-mail and SMS the platform produced, for deployments that deliver none of them. */
export function Outbox() {
  const { t } = useTranslation();
  const { formatDate } = useLocale();
  const { page, values, setPage, setValues } = useListParams();
  const q = values.q ?? '';
  const outbox = useOutbox(q, page);
  const [shown, setShown] = useState<AdminOutboxItem | null>(null);

  const delivery = (message: AdminOutboxItem) =>
    message.deliveredAt ? (
      <Badge tone="positive">{t('admin.outbox.delivered')}</Badge>
    ) : message.error ? (
      <Badge tone="negative">{t('admin.outbox.failed')}</Badge>
    ) : (
      <Badge tone="neutral">{t('admin.outbox.notSent')}</Badge>
    );

  const columns: Column<AdminOutboxItem>[] = [
    {
      key: 'created',
      header: t('admin.common.created'),
      render: (m) => formatDate(m.createdAt),
      nowrap: true,
    },
    {
      key: 'channel',
      header: t('admin.outbox.channel'),
      render: (m) => t(`admin.outbox.channels.${m.channel}`),
    },
    { key: 'recipient', header: t('admin.outbox.recipient'), render: (m) => <bdi>{m.recipient}</bdi> },
    { key: 'subject', header: t('admin.outbox.subject'), render: (m) => m.subject ?? m.body.slice(0, 80) },
    { key: 'delivery', header: t('admin.outbox.delivery'), render: delivery },
  ];

  return (
    <Page title={t('admin.nav.outbox')}>
      <SearchBox
        key={q}
        label={t('admin.outbox.search')}
        initial={q}
        onSearch={(value) => setValues({ q: value })}
      />
      <Table
        columns={columns}
        rows={outbox.data?.items}
        rowKey={(m) => m.id}
        onRowClick={setShown}
        loading={outbox.isPending}
        testId="outbox-table"
      />
      <Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={outbox.data?.total ?? 0} onPage={setPage} />
      {shown ? (
        <ViewDialog
          title={shown.subject ?? t(`admin.outbox.channels.${shown.channel}`)}
          onClose={() => setShown(null)}
          testId="outbox-message"
        >
          <Facts
            items={[
              { label: t('admin.outbox.recipient'), value: <bdi>{shown.recipient}</bdi> },
              { label: t('admin.common.created'), value: formatDate(shown.createdAt) },
              { label: t('admin.outbox.delivery'), value: delivery(shown) },
              ...(shown.error ? [{ label: t('admin.outbox.error'), value: shown.error }] : []),
            ]}
          />
          <PlainText testId="outbox-body">{shown.body}</PlainText>
        </ViewDialog>
      ) : null}
    </Page>
  );
}
