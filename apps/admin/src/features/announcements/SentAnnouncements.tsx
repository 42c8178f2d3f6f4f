import type { SentAnnouncement } from '@kestrel/contract';
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, textDirection } from '@kestrel/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainText, ViewDialog } from '../../components/Dialog';
import { Card, Facts } from '../../components/Page';
import { type Column, Pager, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { useListParams } from '../../lib/useListParams';
import styles from './Announcements.module.css';
import { SENT_PAGE_SIZE, useSentAnnouncements } from './queries';

/** The announcements already sent, newest first; a row opens every language it was written in. */
export function SentAnnouncements() {
  const { t } = useTranslation();
  const { formatDate } = useLocale();
  const { page, setPage } = useListParams([]);
  const sent = useSentAnnouncements(page);
  const [shown, setShown] = useState<SentAnnouncement | null>(null);

  const audience = (announcement: SentAnnouncement) =>
    announcement.audience.to === 'everyone'
      ? t('admin.announcements.toEveryone')
      : t('admin.announcements.toUser', { id: announcement.audience.userId });
  const languages = (announcement: SentAnnouncement) => LOCALES.filter((code) => announcement.texts[code]);

  const columns: Column<SentAnnouncement>[] = [
    {
      key: 'sentAt',
      header: t('admin.announcements.sentAt'),
      render: (row) => formatDate(row.createdAt),
      nowrap: true,
    },
    { key: 'to', header: t('admin.announcements.to'), render: audience, nowrap: true },
    {
      key: 'title',
      header: t('admin.announcements.title'),
      render: (row) => <bdi>{row.texts[DEFAULT_LOCALE]?.title}</bdi>,
    },
    {
      key: 'languages',
      header: t('admin.announcements.languages'),
      render: (row) => languages(row).join(' · '),
    },
    {
      key: 'sender',
      header: t('admin.announcements.sender'),
      render: (row) => <bdi>{row.sender?.email}</bdi>,
    },
  ];

  return (
    <Card title={t('admin.announcements.history')}>
      <Table
        columns={columns}
        rows={sent.data?.items}
        rowKey={(row) => row.id}
        onRowClick={setShown}
        loading={sent.isPending}
        testId="announcements-table"
      />
      <Pager page={page} pageSize={SENT_PAGE_SIZE} total={sent.data?.total ?? 0} onPage={setPage} />
      {shown ? (
        <ViewDialog
          title={shown.texts[DEFAULT_LOCALE]?.title ?? ''}
          onClose={() => setShown(null)}
          testId="announcement-detail"
        >
          <Facts
            items={[
              { label: t('admin.announcements.sentAt'), value: formatDate(shown.createdAt) },
              { label: t('admin.announcements.to'), value: audience(shown) },
              { label: t('admin.announcements.sender'), value: <bdi>{shown.sender?.email}</bdi> },
            ]}
          />
          {languages(shown).map((code) => (
            <section key={code} className={styles.sentText} lang={code} dir={textDirection(code)}>
              <h3 className={styles.previewTitle}>{LOCALE_NAMES[code]}</h3>
              <PlainText>{`${shown.texts[code]?.title}\n\n${shown.texts[code]?.body}`}</PlainText>
            </section>
          ))}
        </ViewDialog>
      ) : null}
    </Card>
  );
}
