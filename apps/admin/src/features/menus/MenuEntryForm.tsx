import { type AdminMenuEntry, MENU_PLACEMENTS, MENU_TEMPLATES } from '@kestrel/contract';
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, type Locale, textDirection } from '@kestrel/i18n';
import type { TranslationKey } from '@kestrel/i18n/admin';
import { SelectField, TextField } from '@kestrel/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/Dialog';
import { pageStyles } from '../../components/Page';
import { Badge } from '../../components/Table';
import {
  checkEntryDraft,
  draftOfEntry,
  type EntryDraft,
  type EntryErrors,
  type EntryField,
  emptyEntryDraft,
  SCREEN_PATHS,
} from './draft';
import styles from './Menus.module.css';
import { MenusTestId } from './testIds';

/**
 * Adds or edits one entry of the list being edited: its route, a title per language, its template and the
 * template's own field, where it appears and whether it is shown. Nothing is sent until the list is saved.
 */
export function MenuEntryForm({
  entry,
  isChild,
  onApply,
  onClose,
}: {
  entry?: AdminMenuEntry;
  isChild: boolean;
  onApply: (entry: AdminMenuEntry) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<EntryDraft>(() => (entry ? draftOfEntry(entry) : emptyEntryDraft()));
  const [locale, setLocale] = useState<Locale>(DEFAULT_LOCALE);
  const [errors, setErrors] = useState<EntryErrors>({});
  const ids = { route: useId(), title: useId(), data: useId() };

  const message = (key: string | undefined) =>
    key === undefined
      ? undefined
      : t(i18n.exists(key) ? (key as TranslationKey) : 'validation.parameterError');
  const change = (next: Partial<EntryDraft>, field?: EntryField) => {
    setDraft((current) => ({ ...current, ...next }));
    if (field && errors[field] !== undefined) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = async () => {
    const checked = checkEntryDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = LOCALES.find((candidate) => checked.errors[`title.${candidate}`] !== undefined);
      if (first && checked.errors[`title.${locale}`] === undefined) setLocale(first);
      // Keeps the dialog open: the marked fields say what to fix.
      throw new Error('the menu entry has problems');
    }
    onApply(checked.entry);
  };

  const routeError = message(errors.route);
  const titleError = message(errors[`title.${locale}`]);
  const dataError = message(errors.data);
  const dataField = {
    'aria-invalid': dataError !== undefined,
    'aria-describedby': dataError ? ids.data : undefined,
    dir: 'ltr' as const,
    'data-testid': MenusTestId.formData,
  };
  return (
    <FormDialog
      title={
        entry ? t('admin.menuDesk.edit') : isChild ? t('admin.menuDesk.addChild') : t('admin.menuDesk.add')
      }
      submitLabel={t('admin.menuDesk.apply')}
      onSubmit={submit}
      onClose={onClose}
      testId={MenusTestId.form}
    >
      <div className={styles.formBody}>
        <div>
          <TextField
            label={t('admin.menuDesk.route')}
            hint={t('admin.menuDesk.routeHint')}
            value={draft.route}
            dir="ltr"
            placeholder="/promo/spring"
            onChange={(event) => change({ route: event.target.value }, 'route')}
            aria-invalid={routeError !== undefined}
            aria-describedby={routeError ? ids.route : undefined}
            data-testid={MenusTestId.formRoute}
          />
          <FieldError id={ids.route} message={routeError} />
        </div>

        <div className={styles.column}>
          <span className={styles.label}>{t('admin.menuDesk.languages')}</span>
          <div role="tablist" aria-label={t('admin.menuDesk.languages')} className={styles.tabs}>
            {LOCALES.map((candidate) => (
              <button
                key={candidate}
                type="button"
                role="tab"
                aria-selected={candidate === locale}
                className={`${styles.tab} ${candidate === locale ? styles.selected : ''}`}
                onClick={() => setLocale(candidate)}
                data-testid={`${MenusTestId.formLocale}-${candidate}`}
              >
                <span lang={candidate}>{LOCALE_NAMES[candidate]}</span>
                {errors[`title.${candidate}`] !== undefined ? (
                  <Badge tone="negative">!</Badge>
                ) : draft.titles[candidate].trim() ? (
                  <Badge tone="positive">{t('admin.menuDesk.written')}</Badge>
                ) : candidate === DEFAULT_LOCALE ? (
                  <Badge tone="neutral">{t('admin.menuDesk.required')}</Badge>
                ) : null}
              </button>
            ))}
          </div>
          <span className={pageStyles.muted}>{t('admin.menuDesk.languagesHint')}</span>
          <TextField
            label={`${t('admin.menuDesk.titleLabel')} · ${LOCALE_NAMES[locale]}`}
            value={draft.titles[locale]}
            lang={locale}
            dir={textDirection(locale)}
            onChange={(event) =>
              change({ titles: { ...draft.titles, [locale]: event.target.value } }, `title.${locale}`)
            }
            aria-invalid={titleError !== undefined}
            aria-describedby={titleError ? ids.title : undefined}
            data-testid={MenusTestId.formTitle}
          />
          <FieldError id={ids.title} message={titleError} />
        </div>

        <div className={styles.pair}>
          <SelectField
            label={t('admin.menuDesk.template')}
            value={draft.template}
            options={MENU_TEMPLATES.map((value) => ({
              value,
              label: t(`admin.menuDesk.templates.${value}`),
            }))}
            onChange={(template) => change({ template }, 'data')}
            testId={MenusTestId.formTemplate}
          />
          <div>
            {draft.template === 'screen' ? (
              <SelectField
                label={t('admin.menuDesk.screen')}
                value={draft.path}
                options={SCREEN_PATHS.map((value) => ({ value, label: value }))}
                onChange={(path) => change({ path }, 'data')}
                {...dataField}
                testId={MenusTestId.formData}
              />
            ) : draft.template === 'externalLink' ? (
              <TextField
                label={t('admin.menuDesk.url')}
                hint={t('admin.menuDesk.urlHint')}
                value={draft.url}
                onChange={(event) => change({ url: event.target.value }, 'data')}
                {...dataField}
              />
            ) : draft.template === 'articleList' ? (
              <TextField
                label={t('admin.menuDesk.category')}
                hint={t('admin.menuDesk.slugHint')}
                value={draft.category}
                onChange={(event) => change({ category: event.target.value }, 'data')}
                {...dataField}
              />
            ) : (
              <TextField
                label={t('admin.menuDesk.slug')}
                hint={t('admin.menuDesk.slugHint')}
                value={draft.slug}
                onChange={(event) => change({ slug: event.target.value }, 'data')}
                {...dataField}
              />
            )}
            <FieldError id={ids.data} message={dataError} />
          </div>
        </div>

        <div className={styles.pair}>
          <SelectField
            label={t('admin.menuDesk.placement')}
            value={draft.placement}
            options={MENU_PLACEMENTS.map((value) => ({
              value,
              label: t(`admin.menuDesk.placements.${value}`),
            }))}
            onChange={(placement) => change({ placement }, 'placement')}
            testId={MenusTestId.formPlacement}
          />
          <label className={styles.switch}>
            <input
              type="checkbox"
              role="switch"
              aria-checked={draft.visible}
              checked={draft.visible}
              onChange={(event) => change({ visible: event.target.checked })}
              data-testid={MenusTestId.formVisible}
            />
            {t('admin.menuDesk.visible')}
          </label>
        </div>
      </div>
    </FormDialog>
  );
}

export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  return message ? (
    <span id={id} className={styles.error} role="alert">
      {message}
    </span>
  ) : null;
}
