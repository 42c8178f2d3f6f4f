import { ARTICLE_KINDS, type ArticleKind } from '@kestrel/contract';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@kestrel/i18n';
import { Button, SelectField } from '@kestrel/ui';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../app/notices';
import { FormDialog } from '../../components/Dialog';
import { Card, Page, pageStyles } from '../../components/Page';
import { Badge, type Column, Pager, Table } from '../../components/Table';
import { ArticleForm } from './ArticleForm';
import { CategoryForm } from './CategoryForm';
import styles from './Content.module.css';
import {
  ARTICLES_PAGE_SIZE,
  type ArticleFilter,
  useContentArticles,
  useContentCategories,
  useDeleteArticle,
} from './queries';
import { ContentTestId } from './testIds';

type Category = NonNullable<ReturnType<typeof useContentCategories>['data']>[number];
type ArticleRow = NonNullable<ReturnType<typeof useContentArticles>['data']>['items'][number];

/** Each locale's translation status, as small badges: published, or a draft. */
export function LocaleStatuses({ locales }: { locales: Partial<Record<Locale, 'draft' | 'published'>> }) {
  const { t } = useTranslation();
  return (
    <span className={styles.row}>
      {LOCALES.filter((locale) => locales[locale]).map((locale) => (
        <Badge key={locale} tone={locales[locale] === 'published' ? 'positive' : 'neutral'}>
          <span
            title={
              locales[locale] === 'published'
                ? t('admin.contentDesk.published')
                : t('admin.contentDesk.draft')
            }
          >
            {locale}
            {locales[locale] === 'draft' ? ` · ${t('admin.contentDesk.draft')}` : ''}
          </span>
        </Badge>
      ))}
    </span>
  );
}

/** Content editors' help centre: categories, and articles (help, news, pages) with each language's status. */
export function Content() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categories = useContentCategories();
  const [filter, setFilter] = useState<ArticleFilter>({ page: 1 });
  const articles = useContentArticles(filter);
  const remove = useDeleteArticle();
  const [editingCategory, setEditingCategory] = useState<Category | 'new' | null>(null);
  const [addingArticle, setAddingArticle] = useState(false);
  const [deleting, setDeleting] = useState<ArticleRow | null>(null);
  const categoryName = (id: string | null) => {
    const category = categories.data?.find((each) => each.id === id);
    return category ? (category.names[DEFAULT_LOCALE] ?? category.slug) : '—';
  };

  const categoryColumns: Column<Category>[] = [
    { key: 'position', header: t('admin.contentDesk.position'), nowrap: true, render: (row) => row.position },
    { key: 'name', header: t('admin.contentDesk.name'), render: (row) => row.names[DEFAULT_LOCALE] },
    { key: 'slug', header: t('admin.contentDesk.slug'), render: (row) => <code dir="ltr">{row.slug}</code> },
    {
      key: 'languages',
      header: t('admin.contentDesk.languages'),
      render: (row) => <span className={styles.row}>{Object.keys(row.names).join(' · ')}</span>,
    },
    {
      key: 'articles',
      header: t('admin.contentDesk.articlesCount'),
      nowrap: true,
      render: (row) => row.articles,
    },
    {
      key: 'actions',
      header: t('admin.contentDesk.actions'),
      nowrap: true,
      render: (row) => (
        <Button
          variant="ghost"
          onClick={() => setEditingCategory(row)}
          data-testid={ContentTestId.editCategory(row.id)}
        >
          <Pencil size={16} aria-hidden />
          {t('admin.contentDesk.edit')}
        </Button>
      ),
    },
  ];

  const articleColumns: Column<ArticleRow>[] = [
    {
      key: 'title',
      header: t('admin.contentDesk.titleLabel'),
      render: (row) => (
        <span data-testid={ContentTestId.articleRow(row.slug)}>
          {row.title} {row.fixed ? <Badge tone="neutral">{t('admin.contentDesk.fixed')}</Badge> : null}
        </span>
      ),
    },
    { key: 'slug', header: t('admin.contentDesk.slug'), render: (row) => <code dir="ltr">{row.slug}</code> },
    {
      key: 'kind',
      header: t('admin.contentDesk.kind'),
      nowrap: true,
      render: (row) => t(`admin.contentDesk.kinds.${row.kind}`),
    },
    {
      key: 'category',
      header: t('admin.contentDesk.category'),
      render: (row) => categoryName(row.categoryId),
    },
    {
      key: 'languages',
      header: t('admin.contentDesk.languages'),
      render: (row) => <LocaleStatuses locales={row.locales} />,
    },
    {
      key: 'actions',
      header: t('admin.contentDesk.actions'),
      nowrap: true,
      render: (row) => (
        <span className={styles.row}>
          <Button variant="ghost" onClick={() => navigate(`/content/articles/${row.id}`)}>
            <Pencil size={16} aria-hidden />
            {t('admin.contentDesk.edit')}
          </Button>
          {row.fixed ? null : (
            <Button
              variant="ghost"
              onClick={() => setDeleting(row)}
              data-testid={ContentTestId.deleteArticle(row.id)}
            >
              <Trash2 size={16} aria-hidden />
              {t('admin.contentDesk.delete')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  const total = articles.data?.total ?? 0;
  return (
    <Page
      title={t('admin.contentDesk.title')}
      actions={
        <Button
          variant="primary"
          onClick={() => setAddingArticle(true)}
          data-testid={ContentTestId.addArticle}
        >
          <Plus size={16} aria-hidden />
          {t('admin.contentDesk.addArticle')}
        </Button>
      }
    >
      <p className={pageStyles.muted}>{t('admin.contentDesk.intro')}</p>
      <Card title={t('admin.contentDesk.articles')} testId={ContentTestId.page}>
        <div className={styles.toolbar}>
          <SelectField
            label={t('admin.contentDesk.kind')}
            value={filter.kind ?? ''}
            onChange={(kind) =>
              setFilter({ ...filter, kind: (kind || undefined) as ArticleKind | undefined, page: 1 })
            }
            options={[
              { value: '', label: t('admin.contentDesk.allKinds') },
              ...ARTICLE_KINDS.map((kind) => ({ value: kind, label: t(`admin.contentDesk.kinds.${kind}`) })),
            ]}
            testId={ContentTestId.kindFilter}
          />
          <SelectField
            label={t('admin.contentDesk.category')}
            value={filter.categoryId ?? ''}
            onChange={(categoryId) => setFilter({ ...filter, categoryId: categoryId || undefined, page: 1 })}
            options={[
              { value: '', label: t('admin.contentDesk.allCategories') },
              ...(categories.data ?? []).map((category) => ({
                value: category.id,
                label: category.names[DEFAULT_LOCALE] ?? category.slug,
              })),
            ]}
          />
        </div>
        <Table
          columns={articleColumns}
          rows={articles.data?.items}
          rowKey={(row) => row.id}
          loading={articles.isLoading}
          testId={ContentTestId.articleTable}
        />
        <Pager
          page={filter.page}
          pageSize={ARTICLES_PAGE_SIZE}
          total={total}
          onPage={(page) => setFilter({ ...filter, page })}
        />
      </Card>

      <Card title={t('admin.contentDesk.categories')}>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => setEditingCategory('new')}
            data-testid={ContentTestId.addCategory}
          >
            <Plus size={16} aria-hidden />
            {t('admin.contentDesk.addCategory')}
          </Button>
        </div>
        <Table
          columns={categoryColumns}
          rows={categories.data}
          rowKey={(row) => row.id}
          loading={categories.isLoading}
          testId={ContentTestId.categoryTable}
        />
      </Card>

      {editingCategory ? (
        <CategoryForm
          category={editingCategory === 'new' ? undefined : editingCategory}
          onClose={() => setEditingCategory(null)}
        />
      ) : null}
      {addingArticle ? (
        <ArticleForm
          categories={categories.data ?? []}
          onClose={() => setAddingArticle(false)}
          onSaved={(id) => navigate(`/content/articles/${id}`)}
        />
      ) : null}
      {deleting ? (
        <FormDialog
          title={t('admin.contentDesk.deleteTitle')}
          description={t('admin.contentDesk.deleteBody')}
          submitLabel={t('admin.contentDesk.delete')}
          tone="danger"
          onSubmit={async () => {
            await remove.mutateAsync(deleting.id);
            notify({ tone: 'positive', message: t('admin.contentDesk.deleted') });
          }}
          onClose={() => setDeleting(null)}
          testId={ContentTestId.deleteDialog}
        >
          <p>{deleting.title}</p>
        </FormDialog>
      ) : null}
    </Page>
  );
}
