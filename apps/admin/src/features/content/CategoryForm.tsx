import { LOCALE_NAMES, LOCALES, type Locale, textDirection } from '@kestrel/i18n';
import { TextField } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog } from '../../components/Dialog';
import styles from './Content.module.css';
import { useSaveCategory } from './queries';
import { ContentTestId } from './testIds';

type Category = { id: string; slug: string; names: Partial<Record<Locale, string>>; position: number };

/** Adds a help-centre category or changes one: its slug, its position and its name in each language. */
export function CategoryForm({ category, onClose }: { category?: Category; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCategory();
  const [slug, setSlug] = useState(category?.slug ?? '');
  const [position, setPosition] = useState(String(category?.position ?? 0));
  const [names, setNames] = useState<Partial<Record<Locale, string>>>(category?.names ?? {});

  const submit = async () => {
    const written = Object.fromEntries(
      Object.entries(names).filter(([, name]) => name !== undefined && name.trim() !== ''),
    ) as Partial<Record<Locale, string>>;
    await save.mutateAsync({
      id: category?.id,
      body: { slug: slug.trim(), names: written, position: Number.parseInt(position, 10) || 0 },
    });
    notify({ tone: 'positive', message: t('admin.contentDesk.saved') });
  };

  return (
    <FormDialog
      title={category ? t('admin.contentDesk.editCategory') : t('admin.contentDesk.addCategory')}
      submitLabel={t('admin.common.save')}
      onSubmit={submit}
      onClose={onClose}
      testId={ContentTestId.categoryForm}
      wide
    >
      <div className={styles.formBody}>
        <TextField
          label={t('admin.contentDesk.slug')}
          hint={t('admin.contentDesk.slugHint')}
          value={slug}
          dir="ltr"
          spellCheck={false}
          onChange={(event) => setSlug(event.target.value)}
          data-testid={ContentTestId.categorySlug}
        />
        <TextField
          label={t('admin.contentDesk.position')}
          value={position}
          inputMode="numeric"
          dir="ltr"
          onChange={(event) => setPosition(event.target.value.replace(/\D/g, ''))}
        />
        <span className={styles.label}>{t('admin.contentDesk.names')}</span>
        <div className={styles.names}>
          {LOCALES.map((locale) => (
            <TextField
              key={locale}
              label={LOCALE_NAMES[locale]}
              value={names[locale] ?? ''}
              lang={locale}
              dir={textDirection(locale)}
              onChange={(event) => {
                const value = event.target.value;
                setNames((current) => ({ ...current, [locale]: value }));
              }}
              data-testid={ContentTestId.categoryName(locale)}
            />
          ))}
        </div>
      </div>
    </FormDialog>
  );
}
