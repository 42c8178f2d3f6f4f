import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, type Locale, textDirection } from '@kestrel/i18n';
import { Button, Markdown, TextArea, TextField } from '@kestrel/ui';
import { ArrowLeft, Settings2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { notify } from '../../app/notices';
import { FormDialog } from '../../components/Dialog';
import { Card, Page, pageStyles } from '../../components/Page';
import { Badge } from '../../components/Table';
import { ArticleForm } from './ArticleForm';
import styles from './Content.module.css';
import { useContentArticle, useContentCategories, useDeleteTranslation, useSaveTranslation } from './queries';
import { ContentTestId } from './testIds';

type Article = NonNullable<ReturnType<typeof useContentArticle>['data']>;

/** /content/articles/:id: one article's settings and its text in each language, with a live preview. */
export function ArticleEditor() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const article = useContentArticle(id);
  return (
    <Page
      title={article.data ? article.data.slug : t('admin.common.loading')}
      actions={
        <Link to="/content" className={pageStyles.muted}>
          <ArrowLeft size={16} aria-hidden className="flip-in-rtl" /> {t('admin.contentDesk.back')}
        </Link>
      }
    >
      {article.data ? <Editor key={article.data.id} article={article.data} /> : null}
    </Page>
  );
}

function Editor({ article }: { article: Article }) {
  const { t } = useTranslation();
  const categories = useContentCategories();
  const [locale, setLocale] = useState<Locale>(DEFAULT_LOCALE);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const translation = (candidate: Locale) => article.translations.find((each) => each.locale === candidate);
  return (
    <>
      <Card>
        <div className={styles.actions}>
          <Badge tone="neutral">{t(`admin.contentDesk.kinds.${article.kind}`)}</Badge>
          {article.fixed ? <Badge tone="neutral">{t('admin.contentDesk.fixed')}</Badge> : null}
          <Button variant="ghost" onClick={() => setSettingsOpen(true)}>
            <Settings2 size={16} aria-hidden />
            {t('admin.contentDesk.articleSettings')}
          </Button>
        </div>
        <div role="tablist" aria-label={t('admin.contentDesk.languages')} className={styles.tabs}>
          {LOCALES.map((candidate) => {
            const status = translation(candidate)?.status;
            return (
              <button
                key={candidate}
                type="button"
                role="tab"
                aria-selected={candidate === locale}
                className={`${styles.tab} ${candidate === locale ? styles.selected : ''}`}
                onClick={() => setLocale(candidate)}
                data-testid={ContentTestId.locale(candidate)}
              >
                <span lang={candidate}>{LOCALE_NAMES[candidate]}</span>
                {status === 'published' ? (
                  <Badge tone="positive">{t('admin.contentDesk.published')}</Badge>
                ) : status === 'draft' ? (
                  <Badge tone="neutral">{t('admin.contentDesk.draft')}</Badge>
                ) : null}
              </button>
            );
          })}
        </div>
      </Card>
      <TranslationEditor key={locale} article={article} locale={locale} />
      {settingsOpen ? (
        <ArticleForm
          article={article}
          categories={categories.data ?? []}
          onClose={() => setSettingsOpen(false)}
        />
      ) : null}
    </>
  );
}

function TranslationEditor({ article, locale }: { article: Article; locale: Locale }) {
  const { t } = useTranslation();
  const saved = article.translations.find((each) => each.locale === locale);
  const [title, setTitle] = useState(saved?.title ?? '');
  const [body, setBody] = useState(saved?.body ?? '');
  const [deleting, setDeleting] = useState(false);
  const save = useSaveTranslation();
  const remove = useDeleteTranslation();
  const direction = textDirection(locale);

  const write = (status: 'draft' | 'published') =>
    save.mutate(
      { id: article.id, locale, body: { title, body, status } },
      {
        onSuccess: () =>
          notify({
            tone: 'positive',
            message:
              status === 'published'
                ? t('admin.contentDesk.publishedSaved')
                : t('admin.contentDesk.draftSaved'),
          }),
      },
    );

  return (
    <Card testId={ContentTestId.editor}>
      <p className={pageStyles.muted} data-testid={ContentTestId.status}>
        {saved
          ? saved.status === 'published'
            ? t('admin.contentDesk.published')
            : t('admin.contentDesk.draft')
          : t('admin.contentDesk.missing')}
      </p>
      <div className={styles.editor}>
        <div className={styles.column}>
          <TextField
            label={`${t('admin.contentDesk.titleLabel')} · ${LOCALE_NAMES[locale]}`}
            value={title}
            lang={locale}
            dir={direction}
            maxLength={160}
            onChange={(event) => setTitle(event.target.value)}
            data-testid={ContentTestId.title}
          />
          <TextArea
            label={t('admin.contentDesk.body')}
            hint={t('admin.contentDesk.bodyHint')}
            value={body}
            lang={locale}
            dir={direction}
            rows={16}
            onChange={(event) => setBody(event.target.value)}
            data-testid={ContentTestId.body}
          />
          <div className={styles.actions}>
            <Button
              variant="secondary"
              disabled={save.isPending}
              onClick={() => write('draft')}
              data-testid={ContentTestId.saveDraft}
            >
              {t('admin.contentDesk.saveDraft')}
            </Button>
            <Button
              variant="primary"
              disabled={save.isPending}
              onClick={() => write('published')}
              data-testid={ContentTestId.publish}
            >
              {t('admin.contentDesk.publish')}
            </Button>
            {saved && locale !== DEFAULT_LOCALE ? (
              <Button
                variant="ghost"
                onClick={() => setDeleting(true)}
                data-testid={ContentTestId.deleteTranslation}
              >
                <Trash2 size={16} aria-hidden />
                {t('admin.contentDesk.deleteTranslation')}
              </Button>
            ) : null}
          </div>
        </div>
        <div className={styles.column}>
          <span className={styles.label}>{t('admin.contentDesk.preview')}</span>
          <div className={styles.preview} lang={locale} dir={direction} data-testid={ContentTestId.preview}>
            {title ? <h2 className={styles.previewTitle}>{title}</h2> : null}
            {body ? (
              <Markdown markdown={body} />
            ) : (
              <p className={pageStyles.muted}>{t('admin.contentDesk.previewEmpty')}</p>
            )}
          </div>
        </div>
      </div>
      {deleting ? (
        <FormDialog
          title={t('admin.contentDesk.deleteTranslation')}
          submitLabel={t('admin.contentDesk.delete')}
          tone="danger"
          onSubmit={async () => {
            await remove.mutateAsync({ id: article.id, locale });
            notify({ tone: 'positive', message: t('admin.contentDesk.translationDeleted') });
          }}
          onClose={() => setDeleting(false)}
          testId={ContentTestId.deleteDialog}
        >
          <p lang={locale}>{saved?.title}</p>
        </FormDialog>
      ) : null}
    </Card>
  );
}
