import type { ArticleKind } from '@kestrel/contract';
import type { Locale } from '@kestrel/i18n';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type AuditEntryRow, type Audited, appendAuditEntry } from '../admin';
import { contentArticles, contentCategories, contentSeeded, contentTranslations } from './content.schema';
import { MARK_END, MARK_START, SUBSTRING_LOCALES, searchConfigOf } from './content-search';

export type CategoryRow = typeof contentCategories.$inferSelect;
export type ArticleRow = typeof contentArticles.$inferSelect;
export type TranslationRow = typeof contentTranslations.$inferSelect;

/** A published article as one reader sees it: their translation, else the en-US one. */
export type ShownArticle = {
  id: string;
  slug: string;
  kind: ArticleKind;
  categoryId: string | null;
  position: number;
  locale: Locale;
  title: string;
  body: string;
  publishedAt: Date | string;
  updatedAt: Date | string;
};

export type SearchRow = ShownArticle & { headline: string | null; total: number };

const DEFAULT: Locale = 'en-US';

/** Every SQL statement of the help centre, news and pages. */
export class ContentRepository implements Audited<ContentRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: ContentRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new ContentRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  // ---- Readers ----

  /**
   * Published articles in `locale`, or in en-US where that has no published translation, matching `where`
   * (written over `a`, the articles).
   */
  shown(locale: Locale, where: SQL = sql`true`): Promise<ShownArticle[]> {
    return rowsOf<ShownArticle>(
      this.db,
      sql`select distinct on (a.id) a.id::text as "id", a.slug, a.kind, a.category_id::text as "categoryId",
            a.position, t.locale, t.title, t.body, t.published_at as "publishedAt", t.updated_at as "updatedAt"
          from content_articles a
          join content_translations t on t.article_id = a.id and t.status = 'published'
            and t.locale in (${locale}, ${DEFAULT})
          where ${where}
          order by a.id, (t.locale = ${locale}) desc`,
    );
  }

  async newsPage(locale: Locale, page: number, pageSize: number) {
    const rows = await rowsOf<ShownArticle & { total: number }>(
      this.db,
      sql`select *, count(*) over ()::int as total from (
            select distinct on (a.id) a.id::text as "id", a.slug, a.kind, null as "categoryId", a.position,
              t.locale, t.title, t.body, t.published_at as "publishedAt", t.updated_at as "updatedAt"
            from content_articles a
            join content_translations t on t.article_id = a.id and t.status = 'published'
              and t.locale in (${locale}, ${DEFAULT})
            where a.kind = 'news'
            order by a.id, (t.locale = ${locale}) desc
          ) shown
          order by "publishedAt" desc, "id" desc
          limit ${pageSize} offset ${(page - 1) * pageSize}`,
    );
    return { rows, total: rows[0]?.total ?? (page > 1 ? await this.countNews(locale) : 0) };
  }

  private async countNews(locale: Locale): Promise<number> {
    const [row] = await rowsOf<{ total: number }>(
      this.db,
      sql`select count(distinct a.id)::int as total from content_articles a
          join content_translations t on t.article_id = a.id and t.status = 'published'
            and t.locale in (${locale}, ${DEFAULT})
          where a.kind = 'news'`,
    );
    return row?.total ?? 0;
  }

  /**
   * Published translations matching `query`: in the reader's language, and in en-US for articles without a
   * published translation in it. Languages with a dictionary match words (stemmed); the others match substrings.
   */
  search(locale: Locale, query: string, page: number, pageSize: number): Promise<SearchRow[]> {
    const matchIn = (language: Locale) => {
      if (SUBSTRING_LOCALES.has(language)) {
        return sql`strpos(lower(t.title || ' ' || t.body), lower(${query})) > 0`;
      }
      return sql`t.search @@ websearch_to_tsquery(${searchConfigOf(language)}::regconfig, ${query})`;
    };
    const rankIn = (language: Locale) =>
      SUBSTRING_LOCALES.has(language)
        ? sql`case when strpos(lower(t.title), lower(${query})) > 0 then 1 else 0.5 end`
        : sql`ts_rank(t.search, websearch_to_tsquery(${searchConfigOf(language)}::regconfig, ${query}))`;
    const headlineIn = (language: Locale) =>
      SUBSTRING_LOCALES.has(language)
        ? sql`null`
        : sql`ts_headline(${searchConfigOf(language)}::regconfig, t.body,
            websearch_to_tsquery(${searchConfigOf(language)}::regconfig, ${query}),
            ${`StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, MaxFragments=1`})`;
    const branch = (language: Locale, extra: SQL) =>
      sql`select a.id::text as "id", a.slug, a.kind, a.category_id::text as "categoryId", a.position, t.locale,
            t.title, t.body, t.published_at as "publishedAt", t.updated_at as "updatedAt",
            ${headlineIn(language)} as headline, ${rankIn(language)} as rank
          from content_articles a
          join content_translations t on t.article_id = a.id and t.status = 'published' and t.locale = ${language}
          where ${matchIn(language)} ${extra}`;
    const own = branch(locale, sql``);
    const union =
      locale === DEFAULT
        ? own
        : sql`${own} union all ${branch(
            DEFAULT,
            sql`and not exists (select 1 from content_translations mine where mine.article_id = a.id
                  and mine.locale = ${locale} and mine.status = 'published')`,
          )}`;
    return rowsOf<SearchRow>(
      this.db,
      sql`select *, count(*) over ()::int as total from (${union}) hits
          order by (locale = ${locale}) desc, rank desc, "publishedAt" desc, "id" desc
          limit ${pageSize} offset ${(page - 1) * pageSize}`,
    );
  }

  // ---- Categories ----

  listCategories(): Promise<CategoryRow[]> {
    return this.db
      .select()
      .from(contentCategories)
      .orderBy(asc(contentCategories.position), asc(contentCategories.id));
  }

  async articleCounts(): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ categoryId: contentArticles.categoryId, value: count() })
      .from(contentArticles)
      .groupBy(contentArticles.categoryId);
    return new Map(
      rows.flatMap((row) => (row.categoryId === null ? [] : [[String(row.categoryId), row.value]])),
    );
  }

  async findCategory(id: bigint): Promise<CategoryRow | undefined> {
    const [row] = await this.db.select().from(contentCategories).where(eq(contentCategories.id, id));
    return row;
  }

  async findCategoryForUpdate(id: bigint): Promise<CategoryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(contentCategories)
      .where(eq(contentCategories.id, id))
      .for('update');
    return row;
  }

  async findCategoryBySlug(slug: string): Promise<CategoryRow | undefined> {
    const [row] = await this.db.select().from(contentCategories).where(eq(contentCategories.slug, slug));
    return row;
  }

  /** The new category, or nothing when its slug is taken. */
  async insertCategory(values: typeof contentCategories.$inferInsert): Promise<CategoryRow | undefined> {
    const [row] = await this.db.insert(contentCategories).values(values).onConflictDoNothing().returning();
    return row;
  }

  async updateCategory(id: bigint, values: Pick<CategoryRow, 'slug' | 'names' | 'position'>) {
    const [row] = await this.db
      .update(contentCategories)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(contentCategories.id, id))
      .returning();
    if (!row) throw new Error('the category update returned no row');
    return row;
  }

  // ---- Articles ----

  async articlePage(filter: { kind?: ArticleKind; categoryId?: bigint }, page: number, pageSize: number) {
    const where = and(
      filter.kind ? eq(contentArticles.kind, filter.kind) : undefined,
      filter.categoryId !== undefined ? eq(contentArticles.categoryId, filter.categoryId) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(contentArticles)
        .where(where)
        .orderBy(asc(contentArticles.kind), asc(contentArticles.position), desc(contentArticles.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ value: count() }).from(contentArticles).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  }

  async findArticle(id: bigint): Promise<ArticleRow | undefined> {
    const [row] = await this.db.select().from(contentArticles).where(eq(contentArticles.id, id));
    return row;
  }

  async findArticleForUpdate(id: bigint): Promise<ArticleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(contentArticles)
      .where(eq(contentArticles.id, id))
      .for('update');
    return row;
  }

  async findArticleBySlug(slug: string): Promise<ArticleRow | undefined> {
    const [row] = await this.db.select().from(contentArticles).where(eq(contentArticles.slug, slug));
    return row;
  }

  /** The new article, or nothing when its slug is taken. */
  async insertArticle(values: typeof contentArticles.$inferInsert): Promise<ArticleRow | undefined> {
    const [row] = await this.db.insert(contentArticles).values(values).onConflictDoNothing().returning();
    return row;
  }

  async updateArticle(id: bigint, values: Pick<ArticleRow, 'slug' | 'kind' | 'categoryId' | 'position'>) {
    const [row] = await this.db
      .update(contentArticles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(contentArticles.id, id))
      .returning();
    if (!row) throw new Error('the article update returned no row');
    return row;
  }

  async touchArticle(id: bigint): Promise<void> {
    await this.db.update(contentArticles).set({ updatedAt: new Date() }).where(eq(contentArticles.id, id));
  }

  async deleteArticle(id: bigint): Promise<void> {
    await this.db.delete(contentArticles).where(eq(contentArticles.id, id));
  }

  // ---- Translations ----

  translationsOf(ids: bigint[]): Promise<TranslationRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(contentTranslations)
      .where(inArray(contentTranslations.articleId, ids))
      .orderBy(asc(contentTranslations.locale));
  }

  async findTranslation(articleId: bigint, locale: Locale): Promise<TranslationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(contentTranslations)
      .where(and(eq(contentTranslations.articleId, articleId), eq(contentTranslations.locale, locale)));
    return row;
  }

  async upsertTranslation(values: typeof contentTranslations.$inferInsert): Promise<void> {
    const { articleId: _, locale: __, ...changes } = values;
    await this.db
      .insert(contentTranslations)
      .values(values)
      .onConflictDoUpdate({
        target: [contentTranslations.articleId, contentTranslations.locale],
        set: { ...changes, updatedAt: new Date() },
      });
  }

  /** Inserts the translation unless one is there. */
  async insertTranslationIfMissing(values: typeof contentTranslations.$inferInsert): Promise<void> {
    await this.db.insert(contentTranslations).values(values).onConflictDoNothing();
  }

  async deleteTranslation(articleId: bigint, locale: Locale): Promise<void> {
    await this.db
      .delete(contentTranslations)
      .where(and(eq(contentTranslations.articleId, articleId), eq(contentTranslations.locale, locale)));
  }

  // ---- Seeding ----

  /** Holds the seed loader's lock until the transaction ends, so that nodes starting together seed once. */
  async lockSeeding(): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext('kestrel content seed'))`);
  }

  async seededKeys(): Promise<Set<string>> {
    const rows = await this.db.select({ key: contentSeeded.key }).from(contentSeeded);
    return new Set(rows.map((row) => row.key));
  }

  async recordSeeded(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .insert(contentSeeded)
      .values(keys.map((key) => ({ key })))
      .onConflictDoNothing();
  }
}
