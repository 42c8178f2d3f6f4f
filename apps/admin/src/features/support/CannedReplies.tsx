import { LOCALE_NAMES, LOCALES, type Locale } from '@kestrel/i18n';
import { Button, ConfirmDialog, TextArea, TextField } from '@kestrel/ui';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/admin';
import { FormDialog } from '../../components/Dialog';
import { Card, Page, pageStyles } from '../../components/Page';
import { type Column, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { mayUseSupportDesk } from './access';
import { type CannedReply, useCannedReplies, useDeleteCannedReply, useSaveCannedReply } from './queries';
import styles from './SupportDesk.module.css';
import { SupportDeskTestId as TestId } from './testIds';

/** The dialog shown: adding a reply (`reply` null) or changing one. */
type Editing = { reply: CannedReply | null } | null;

/** Canned replies: a shortcut and a text per locale (en-US required, the fallback for a language without one). */
export function CannedReplies() {
  const { t } = useTranslation();
  const { formatDate } = useLocale();
  const role = useMe().data?.role;
  const replies = useCannedReplies();
  const remove = useDeleteCannedReply();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  if (!role || !mayUseSupportDesk(role))
    return <Page title={t('admin.supportDesk.cannedTitle')}>{null}</Page>;

  const columns: Column<CannedReply>[] = [
    {
      key: 'shortcut',
      header: t('admin.supportDesk.shortcut'),
      render: (reply) => `/${reply.shortcut}`,
      nowrap: true,
    },
    {
      key: 'text',
      header: t('admin.supportDesk.textEnglish'),
      render: (reply) => <span dir="auto">{reply.texts['en-US']}</span>,
    },
    {
      key: 'locales',
      header: t('admin.supportDesk.languages'),
      render: (reply) => Object.keys(reply.texts).join(', '),
    },
    {
      key: 'updated',
      header: t('admin.supportDesk.updated'),
      render: (reply) => formatDate(reply.updatedAt),
      nowrap: true,
    },
    {
      key: 'actions',
      header: '',
      render: (reply) => (
        <span className={styles.actions}>
          <Button
            variant="ghost"
            size="md"
            onClick={() => setEditing({ reply })}
            aria-label={t('admin.supportDesk.edit')}
            data-testid={TestId.cannedEdit(reply.id)}
          >
            <Pencil size={16} aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="md"
            onClick={() => setDeleting(reply)}
            aria-label={t('admin.supportDesk.delete')}
            data-testid={TestId.cannedDelete(reply.id)}
          >
            <Trash2 size={16} aria-hidden />
          </Button>
        </span>
      ),
    },
  ];
  return (
    <Page
      title={t('admin.supportDesk.cannedTitle')}
      actions={
        <Button
          onClick={() => setEditing({ reply: null })}
          data-testid={TestId.cannedAdd}
          icon={<Plus size={16} />}
        >
          {t('admin.supportDesk.addCanned')}
        </Button>
      }
    >
      <p className={pageStyles.muted}>{t('admin.supportDesk.cannedIntro')}</p>
      <Card>
        <Table
          columns={columns}
          rows={replies.data?.items}
          rowKey={(reply) => reply.id}
          loading={replies.isPending}
          testId={TestId.cannedTable}
        />
      </Card>
      {editing ? <CannedDialog reply={editing.reply} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('admin.supportDesk.deleteTitle', { shortcut: deleting?.shortcut ?? '' })}
        body={t('admin.supportDesk.deleteBody')}
        confirmLabel={t('admin.supportDesk.delete')}
        cancelLabel={t('admin.common.cancel')}
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
        testId={TestId.cannedConfirmDelete}
      />
    </Page>
  );
}

function CannedDialog({ reply, onClose }: { reply: CannedReply | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCannedReply(reply?.id ?? null);
  const [shortcut, setShortcut] = useState(reply?.shortcut ?? '');
  const [texts, setTexts] = useState<Partial<Record<Locale, string>>>(reply?.texts ?? {});
  return (
    <FormDialog
      title={reply ? t('admin.supportDesk.editCanned') : t('admin.supportDesk.addCanned')}
      description={t('admin.supportDesk.cannedHint')}
      submitLabel={t('admin.common.save')}
      wide
      onClose={onClose}
      onSubmit={() => {
        const filled = Object.fromEntries(
          Object.entries(texts).filter(([, text]) => text !== undefined && text.trim() !== ''),
        ) as Partial<Record<Locale, string>>;
        return save.mutateAsync({ shortcut: shortcut.trim(), texts: filled });
      }}
    >
      <TextField
        label={t('admin.supportDesk.shortcut')}
        value={shortcut}
        onChange={(event) => setShortcut(event.target.value)}
        data-testid={TestId.cannedShortcut}
      />
      {LOCALES.map((locale) => (
        <TextArea
          key={locale}
          label={
            locale === 'en-US'
              ? t('admin.supportDesk.textRequired', { locale: LOCALE_NAMES[locale] })
              : `${LOCALE_NAMES[locale]} (${locale})`
          }
          value={texts[locale] ?? ''}
          onChange={(event) => setTexts((current) => ({ ...current, [locale]: event.target.value }))}
          rows={2}
          dir="auto"
          data-testid={TestId.cannedText(locale)}
        />
      ))}
    </FormDialog>
  );
}
