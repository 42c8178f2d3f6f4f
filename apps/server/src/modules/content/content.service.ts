import {
  type AdminArticle,
  type ArticleKind,
  type ArticleSummary,
  type ArticleView,
  type adminArticleBody,
  type adminArticlePage,
  type adminCategory,
  type adminCategoryBody,
  FIXED_ARTICLE_SLUGS,
  type helpCategory,
  type helpCentre,
  type searchPage,
  type translationBody,
} from '@kestrel/contract';
import { DEFAULT_LOCALE, type Locale } from '@kestrel/i18n';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import { type Actor, withAudit } from '../admin';
import type {
  ArticleRow,
  CategoryRow,
  ContentRepository,
  ShownArticle,
  TranslationRow,
} from './content.repository';
import { excerptOf, SUBSTRING_LOCALES, substringSnippet, toSnippet } from './content-search';

/** How many news items the help centre's front page shows. */
export const LATEST_NEWS = 5;

const FIXED: ReadonlySet<string> = new Set(Object.values(FIXED_ARTICLE_SLUGS));

const iso = (value: Date | string) => new Date(value).toISOString();

function summaryOf(row: ShownArticle): ArticleSummary {
  return {
    slug: row.slug,
    kind: row.kind,
    title: row.title,
    excerpt: excerptOf(row.body),
    publishedAt: iso(row.publishedAt),
  };
}

function nameIn(category: CategoryRow, locale: Locale): string {
  return category.names[locale] ?? category.names[DEFAULT_LOCALE] ?? category.slug;
}

const byPosition = (a: ShownArticle, b: ShownArticle) =>
  a.position - b.position || Number(a.id) - Number(b.id);

function toAdminCategory(row: CategoryRow, articles: number): z.input<typeof adminCategory> {
  return { id: String(row.id), slug: row.slug, names: row.names, position: row.position, articles };
}

function toAdminArticle(row: ArticleRow, translations: TranslationRow[]): AdminArticle {
  return {
    id: String(row.id),
    slug: row.slug,
    kind: row.kind,
    categoryId: row.categoryId === null ? null : String(row.categoryId),
    position: row.position,
    fixed: FIXED.has(row.slug),
    translations: translations.map((each) => ({
      locale: each.locale as Locale,
      title: each.title,
      body: each.body,
      status: each.status,
      publishedAt: each.publishedAt ? each.publishedAt.toISOString() : null,
      updatedAt: each.updatedAt.toISOString(),
    })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of an article. */
const auditedArticle = (row: ArticleRow) => ({
  slug: row.slug,
  kind: row.kind,
  categoryId: row.categoryId === null ? null : String(row.categoryId),
  position: row.position,
});

/** The help centre, news and pages: what readers see in their language, and the back office's changes. */
export class ContentService {
  constructor(private readonly repository: ContentRepository) {}

  // ---- Readers ----

  async helpCentre(locale: Locale): Promise<z.input<typeof helpCentre>> {
    const [categories, help, news] = await Promise.all([
      this.repository.listCategories(),
      this.repository.shown(locale, sql`a.kind = 'help'`),
      this.repository.newsPage(locale, 1, LATEST_NEWS),
    ]);
    return {
      categories: categories
        .map((category) => this.categoryOf(category, locale, help))
        .filter((category) => category.articles.length > 0),
      news: news.rows.map(summaryOf),
    };
  }

  async category(slug: string, locale: Locale): Promise<z.input<typeof helpCategory>> {
    const category = await this.repository.findCategoryBySlug(slug);
    if (!category) throw new AppError('contentCategoryUnknown');
    const help = await this.repository.shown(locale, sql`a.category_id = ${category.id}`);
    return this.categoryOf(category, locale, help);
  }

  private categoryOf(category: CategoryRow, locale: Locale, help: ShownArticle[]) {
    return {
      slug: category.slug,
      name: nameIn(category, locale),
      articles: help
        .filter((row) => row.categoryId === String(category.id))
        .sort(byPosition)
        .map(summaryOf),
    };
  }

  async news(locale: Locale, page: number, pageSize: number) {
    const { rows, total } = await this.repository.newsPage(locale, page, pageSize);
    return { items: rows.map(summaryOf), total };
  }

  async article(slug: string, locale: Locale): Promise<ArticleView> {
    const [row] = await this.repository.shown(locale, sql`a.slug = ${slug}`);
    if (!row) throw new AppError('contentArticleUnknown');
    const category = row.categoryId ? await this.repository.findCategory(BigInt(row.categoryId)) : undefined;
    return {
      slug: row.slug,
      kind: row.kind,
      category: category ? { slug: category.slug, name: nameIn(category, locale) } : null,
      title: row.title,
      body: row.body,
      locale: row.locale,
      fallback: row.locale !== locale,
      publishedAt: iso(row.publishedAt),
      updatedAt: iso(row.updatedAt),
    };
  }

  async search(
    query: string,
    locale: Locale,
    page: number,
    pageSize: number,
  ): Promise<z.input<typeof searchPage>> {
    const rows = await this.repository.search(locale, query, page, pageSize);
    return {
      total: rows[0]?.total ?? 0,
      items: rows.map((row) => {
        const snippet =
          row.headline !== null && !SUBSTRING_LOCALES.has(row.locale)
            ? toSnippet(row.headline)
            : substringSnippet(row.body, query);
        return { ...summaryOf(row), ...snippet, fallback: row.locale !== locale };
      }),
    };
  }

  // ---- Back office: categories ----

  async adminCategories() {
    const [rows, counts] = await Promise.all([
      this.repository.listCategories(),
      this.repository.articleCounts(),
    ]);
    return rows.map((row) => toAdminCategory(row, counts.get(String(row.id)) ?? 0));
  }

  createCategory(body: z.output<typeof adminCategoryBody>, actor: Actor) {
    return withAudit(
      this.repository,
      actor,
      { type: 'content_category', id: null },
      null,
      async (repository) => {
        const row = await repository.insertCategory({
          slug: body.slug,
          names: body.names as Record<string, string>,
          position: body.position,
        });
        if (!row) throw new AppError('contentSlugTaken');
        const after = toAdminCategory(row, 0);
        return { before: null, after, result: after, targetId: after.id };
      },
    );
  }

  updateCategory(id: string, body: z.output<typeof adminCategoryBody>, actor: Actor) {
    return withAudit(this.repository, actor, { type: 'content_category', id }, null, async (repository) => {
      const before = await repository.findCategoryForUpdate(BigInt(id));
      if (!before) throw new AppError('contentCategoryUnknown');
      const taken = await repository.findCategoryBySlug(body.slug);
      if (taken && taken.id !== before.id) throw new AppError('contentSlugTaken');
      const row = await repository.updateCategory(before.id, {
        slug: body.slug,
        names: body.names as Record<string, string>,
        position: body.position,
      });
      const counts = await repository.articleCounts();
      return {
        before: toAdminCategory(before, 0),
        after: toAdminCategory(row, 0),
        result: toAdminCategory(row, counts.get(id) ?? 0),
      };
    });
  }

  // ---- Back office: articles ----

  async adminArticles(filter: { kind?: ArticleKind; categoryId?: string }, page: number, pageSize: number) {
    const { rows, total } = await this.repository.articlePage(
      {
        kind: filter.kind,
        categoryId: filter.categoryId === undefined ? undefined : BigInt(filter.categoryId),
      },
      page,
      pageSize,
    );
    const translations = await this.repository.translationsOf(rows.map((row) => row.id));
    const items: z.input<typeof adminArticlePage>['items'] = rows.map((row) => {
      const own = translations.filter((each) => each.articleId === row.id);
      const { translations: _, ...article } = toAdminArticle(row, []);
      const english = own.find((each) => each.locale === DEFAULT_LOCALE) ?? own[0];
      return {
        ...article,
        title: english?.title ?? row.slug,
        locales: Object.fromEntries(own.map((each) => [each.locale, each.status])),
      };
    });
    return { items, total };
  }

  async adminArticle(id: string): Promise<AdminArticle> {
    const row = await this.repository.findArticle(BigInt(id));
    if (!row) throw new AppError('contentArticleUnknown');
    return toAdminArticle(row, await this.repository.translationsOf([row.id]));
  }

  createArticle(body: z.output<typeof adminArticleBody>, actor: Actor) {
    return withAudit(
      this.repository,
      actor,
      { type: 'content_article', id: null },
      null,
      async (repository) => {
        const categoryId = await this.checkCategory(repository, body.kind, body.categoryId);
        const row = await repository.insertArticle({
          slug: body.slug,
          kind: body.kind,
          categoryId,
          position: body.position,
        });
        if (!row) throw new AppError('contentSlugTaken');
        return {
          before: null,
          after: auditedArticle(row),
          result: toAdminArticle(row, []),
          targetId: String(row.id),
        };
      },
    );
  }

  updateArticle(id: string, body: z.output<typeof adminArticleBody>, actor: Actor) {
    return withAudit(this.repository, actor, { type: 'content_article', id }, null, async (repository) => {
      const before = await repository.findArticleForUpdate(BigInt(id));
      if (!before) throw new AppError('contentArticleUnknown');
      if (FIXED.has(before.slug) && (body.slug !== before.slug || body.kind !== before.kind)) {
        throw new AppError('contentArticleFixed');
      }
      const categoryId = await this.checkCategory(repository, body.kind, body.categoryId);
      const taken = await repository.findArticleBySlug(body.slug);
      if (taken && taken.id !== before.id) throw new AppError('contentSlugTaken');
      const row = await repository.updateArticle(before.id, {
        slug: body.slug,
        kind: body.kind,
        categoryId,
        position: body.position,
      });
      return {
        before: auditedArticle(before),
        after: auditedArticle(row),
        result: toAdminArticle(row, await repository.translationsOf([row.id])),
      };
    });
  }

  async deleteArticle(id: string, actor: Actor) {
    await withAudit(this.repository, actor, { type: 'content_article', id }, null, async (repository) => {
      const before = await repository.findArticleForUpdate(BigInt(id));
      if (!before) throw new AppError('contentArticleUnknown');
      if (FIXED.has(before.slug)) throw new AppError('contentArticleFixed');
      const translations = await repository.translationsOf([before.id]);
      await repository.deleteArticle(before.id);
      return {
        before: { ...auditedArticle(before), locales: translations.map((each) => each.locale) },
        after: null,
        result: undefined,
      };
    });
  }

  saveTranslation(id: string, locale: Locale, body: z.output<typeof translationBody>, actor: Actor) {
    return withAudit(
      this.repository,
      actor,
      { type: 'content_translation', id: `${id}:${locale}` },
      null,
      async (repository) => {
        const article = await repository.findArticleForUpdate(BigInt(id));
        if (!article) throw new AppError('contentArticleUnknown');
        const before = await repository.findTranslation(article.id, locale);
        const publishedAt =
          body.status === 'draft'
            ? null
            : before?.status === 'published' && before.publishedAt
              ? before.publishedAt
              : new Date();
        await repository.upsertTranslation({
          articleId: article.id,
          locale,
          title: body.title,
          body: body.body,
          status: body.status,
          publishedAt,
        });
        await repository.touchArticle(article.id);
        const result = toAdminArticle(
          (await repository.findArticle(article.id)) ?? article,
          await repository.translationsOf([article.id]),
        );
        return {
          before: before ? { title: before.title, body: before.body, status: before.status } : null,
          after: { title: body.title, body: body.body, status: body.status },
          result,
        };
      },
    );
  }

  deleteTranslation(id: string, locale: Locale, actor: Actor) {
    return withAudit(
      this.repository,
      actor,
      { type: 'content_translation', id: `${id}:${locale}` },
      null,
      async (repository) => {
        const article = await repository.findArticleForUpdate(BigInt(id));
        if (!article) throw new AppError('contentArticleUnknown');
        if (locale === DEFAULT_LOCALE) throw new AppError('contentEnglishKept');
        const before = await repository.findTranslation(article.id, locale);
        if (!before) throw new AppError('contentTranslationUnknown');
        await repository.deleteTranslation(article.id, locale);
        await repository.touchArticle(article.id);
        return {
          before: { title: before.title, body: before.body, status: before.status },
          after: null,
          result: toAdminArticle(
            (await repository.findArticle(article.id)) ?? article,
            await repository.translationsOf([article.id]),
          ),
        };
      },
    );
  }

  /** A help article's category must exist; news and pages have none. */
  private async checkCategory(repository: ContentRepository, kind: ArticleKind, categoryId: string | null) {
    if (kind !== 'help') {
      if (categoryId !== null) throw new AppError('contentCategoryMismatch');
      return null;
    }
    if (categoryId === null) throw new AppError('contentCategoryMismatch');
    const category = await repository.findCategory(BigInt(categoryId));
    if (!category) throw new AppError('contentCategoryUnknown');
    return category.id;
  }
}
