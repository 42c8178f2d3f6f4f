import { ApiError } from '@kestrel/client';
import type { AdminMenuEntry } from '@kestrel/contract';
import { DEFAULT_LOCALE } from '@kestrel/i18n';
import { Button } from '@kestrel/ui';
import { ArrowDown, ArrowUp, CornerDownRight, Pencil, Plus, Save, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { Card, Page, pageStyles } from '../../components/Page';
import { Badge } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import {
  addEntry,
  type EntryPath,
  entryAt,
  moveEntry,
  refusedAt,
  removeEntry,
  replaceEntry,
  samePath,
} from './draft';
import { FieldError, MenuEntryForm } from './MenuEntryForm';
import styles from './Menus.module.css';
import { useAdminMenu, useSaveAdminMenu } from './queries';
import { MenusTestId } from './testIds';

type Editing = { kind: 'edit'; path: EntryPath } | { kind: 'add'; parent: number | null };
type Refusal = { path: EntryPath | null; message: string };

/**
 * Content editors keep the app's menu list (decision 0054): entries and their children, each with a route, a title
 * per language, a template, a place and whether it is shown. The list is edited here and saved whole; a refusal of
 * the server is shown at the entry it names.
 */
export function Menus() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const menu = useAdminMenu();
  const save = useSaveAdminMenu();
  const [entries, setEntries] = useState<AdminMenuEntry[] | null>(null);
  const [dirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  // The stored list, until the editor changes it.
  useEffect(() => {
    if (menu.data && !dirty) setEntries(menu.data.entries);
  }, [menu.data, dirty]);

  const list = entries ?? [];
  const edit = (next: AdminMenuEntry[]) => {
    setEntries(next);
    setDirty(true);
    setRefusal(null);
  };

  const submit = async () => {
    try {
      const saved = await save.mutateAsync(list);
      setEntries(saved.entries);
      setDirty(false);
      setRefusal(null);
      notify({ tone: 'positive', message: t('admin.menuDesk.saved') });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const at = error.field ? refusedAt(error.field) : undefined;
      setRefusal({ path: at?.path ?? null, message: error.message });
      if (!at) notify({ tone: 'negative', message: error.message });
    }
  };

  const rowOf = (entry: AdminMenuEntry, path: EntryPath, siblings: number) => {
    const index = path[path.length - 1] as number;
    const refused = refusal?.path && samePath(refusal.path, path) ? refusal.message : undefined;
    return (
      <li
        key={path.join('.')}
        className={`${styles.entry} ${path.length === 2 ? styles.child : ''} ${refused ? styles.refused : ''}`}
        data-testid={MenusTestId.entry}
        data-route={entry.route}
        aria-invalid={refused !== undefined}
      >
        <div className={styles.entryMain}>
          {path.length === 2 ? <CornerDownRight size={16} aria-hidden className="flip-rtl" /> : null}
          <div className={styles.entryText}>
            <strong>{entry.titles[locale] ?? entry.titles[DEFAULT_LOCALE]}</strong>
            <code dir="ltr">{entry.route}</code>
          </div>
          <span className={styles.badges}>
            <Badge tone="neutral">{t(`admin.menuDesk.templates.${entry.data.template}`)}</Badge>
            <Badge tone="neutral">{t(`admin.menuDesk.placements.${entry.placement}`)}</Badge>
            {entry.visible ? (
              <Badge tone="positive">{t('admin.menuDesk.shown')}</Badge>
            ) : (
              <Badge tone="neutral">{t('admin.menuDesk.hidden')}</Badge>
            )}
          </span>
          <span className={styles.actions}>
            <Button
              icon={<ArrowUp size={16} aria-hidden />}
              variant="ghost"
              aria-label={t('admin.menuDesk.moveUp')}
              title={t('admin.menuDesk.moveUp')}
              disabled={index === 0}
              onClick={() => edit(moveEntry(list, path, -1))}
            />
            <Button
              icon={<ArrowDown size={16} aria-hidden />}
              variant="ghost"
              aria-label={t('admin.menuDesk.moveDown')}
              title={t('admin.menuDesk.moveDown')}
              disabled={index === siblings - 1}
              onClick={() => edit(moveEntry(list, path, 1))}
            />
            <Button
              variant="ghost"
              onClick={() => setEditing({ kind: 'edit', path })}
              icon={<Pencil size={16} aria-hidden />}
            >
              {t('admin.menuDesk.edit')}
            </Button>
            {path.length === 1 ? (
              <Button
                variant="ghost"
                onClick={() => setEditing({ kind: 'add', parent: path[0] })}
                icon={<Plus size={16} aria-hidden />}
              >
                {t('admin.menuDesk.addChild')}
              </Button>
            ) : null}
            <Button
              variant="ghost"
              onClick={() => edit(removeEntry(list, path))}
              icon={<Trash2 size={16} aria-hidden />}
            >
              {t('admin.menuDesk.remove')}
            </Button>
          </span>
        </div>
        {refused ? (
          <div data-testid={MenusTestId.entryError}>
            <FieldError message={refused} />
          </div>
        ) : null}
      </li>
    );
  };

  const edited = editing?.kind === 'edit' ? entryAt(list, editing.path) : undefined;
  return (
    <Page
      title={t('admin.menuDesk.title')}
      actions={
        <span className={styles.actions}>
          <Button
            icon={<Plus size={16} aria-hidden />}
            variant="ghost"
            onClick={() => setEditing({ kind: 'add', parent: null })}
            data-testid={MenusTestId.add}
          >
            {t('admin.menuDesk.add')}
          </Button>
          <Button
            icon={<Save size={16} aria-hidden />}
            variant="primary"
            onClick={() => void submit()}
            disabled={!dirty || save.isPending}
            data-testid={MenusTestId.save}
          >
            {t('admin.menuDesk.save')}
          </Button>
        </span>
      }
    >
      <Card testId={MenusTestId.list}>
        <p className={pageStyles.muted}>{t('admin.menuDesk.intro')}</p>
        {dirty ? (
          <p className={styles.unsaved} data-testid={MenusTestId.unsaved}>
            {t('admin.menuDesk.unsaved')}
          </p>
        ) : null}
        {refusal && !refusal.path ? <FieldError message={refusal.message} /> : null}
        {entries && entries.length === 0 ? (
          <p className={styles.empty} data-testid={MenusTestId.empty}>
            {t('admin.menuDesk.empty')}
          </p>
        ) : (
          <ul className={styles.entries} aria-busy={menu.isLoading}>
            {list.flatMap((entry, index) => [
              rowOf(entry, [index], list.length),
              ...entry.children.map((child, childIndex) =>
                rowOf(child, [index, childIndex], entry.children.length),
              ),
            ])}
          </ul>
        )}
      </Card>

      {editing ? (
        <MenuEntryForm
          entry={edited}
          isChild={editing.kind === 'add' ? editing.parent !== null : editing.path.length === 2}
          onApply={(entry) =>
            edit(
              editing.kind === 'edit'
                ? replaceEntry(list, editing.path, entry)
                : addEntry(list, editing.parent, entry),
            )
          }
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Page>
  );
}
