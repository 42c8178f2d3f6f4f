import { ARTICLE_KINDS, type ArticleKind } from '@kestrel/contract';
import { DEFAULT_LOCALE, type Locale } from '@kestrel/i18n';
import { SelectField, TextField } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notices';
import { FormDialog } from '../../components/Dialog';
import styles from './Content.module.css';
import { useSaveArticle } from './queries';
import { ContentTestId } from './testIds';

export type ArticleSettings = {
  id: string;
  slug: string;
  kind: ArticleKind;
  categoryId: string | null;
  position: number;
  fixed: boolean;
};
type CategoryOption = { id: string; slug: string; names: Partial<Record<Locale, string>> };

/** Adds an article or changes its settings: slug, kind, category (help only) and position. */
export function ArticleForm({
  article,
  categories,
  onClose,
  onSaved,
}: {
  article?: ArticleSettings;
  categories: CategoryOption[];
  onClose: () => void;
  onSaved?: (id: string) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveArticle();
  const [slug, setSlug] = useState(article?.slug ?? '');
  const [kind, setKind] = useState<ArticleKind>(article?.kind ?? 'help');
  const [categoryId, setCategoryId] = useState(article?.categoryId ?? categories[0]?.id ?? '');
  const [position, setPosition] = useState(String(article?.position ?? 0));

  const submit = async () => {
    const saved = await save.mutateAsync({
      id: article?.id,
      body: {
        slug: slug.trim(),
        kind,
        categoryId: kind === 'help' ? categoryId || null : null,
        position: Number.parseInt(position, 10) || 0,
      },
    });
    notify({ tone: 'positive', message: t('admin.contentDesk.saved') });
    onSaved?.(saved.id);
  };

  return (
    <FormDialog
      title={article ? t('admin.contentDesk.articleSettings') : t('admin.contentDesk.addArticle')}
      submitLabel={t('admin.common.save')}
      onSubmit={submit}
      onClose={onClose}
      testId={ContentTestId.articleForm}
    >
      <div className={styles.formBody}>
        <TextField
          label={t('admin.contentDesk.slug')}
          hint={article?.fixed ? t('admin.contentDesk.fixedHint') : t('admin.contentDesk.slugHint')}
          value={slug}
          dir="ltr"
          spellCheck={false}
          disabled={article?.fixed}
          onChange={(event) => setSlug(event.target.value)}
          data-testid={ContentTestId.articleSlug}
        />
        <SelectField
          label={t('admin.contentDesk.kind')}
          value={kind}
          disabled={article?.fixed}
          onChange={setKind}
          options={ARTICLE_KINDS.map((value) => ({ value, label: t(`admin.contentDesk.kinds.${value}`) }))}
          testId={ContentTestId.articleKind}
        />
        {kind === 'help' ? (
          <SelectField
            label={t('admin.contentDesk.category')}
            value={categoryId}
            onChange={setCategoryId}
            options={categories.map((category) => ({
              value: category.id,
              label: category.names[DEFAULT_LOCALE] ?? category.slug,
            }))}
            testId={ContentTestId.articleCategory}
          />
        ) : null}
        <TextField
          label={t('admin.contentDesk.position')}
          value={position}
          inputMode="numeric"
          dir="ltr"
          onChange={(event) => setPosition(event.target.value.replace(/\D/g, ''))}
        />
      </div>
    </FormDialog>
  );
}
