import { LOCALES } from '@kestrel/i18n';
import { z } from 'zod';

/*
 * The help centre, platform news and the platform's own pages (decision 0053). An article is one slug with a
 * translation per locale; each translation is a draft or published, written in Markdown and rendered by the
 * clients with a Markdown renderer and a sanitiser (no raw HTML, from authors either). A reader whose language
 * has no published translation gets the en-US one, marked as a fallback. Search is PostgreSQL full-text search in
 * the reader's language where PostgreSQL has a dictionary for it, simple matching otherwise.
 */

/** `help`: an answer in a help-centre category; `news`: platform news, newest first; `page`: a page of its own. */
export const ARTICLE_KINDS = ['help', 'news', 'page'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

export const TRANSLATION_STATUSES = ['draft', 'published'] as const;

/** Articles the app opens by slug; operators edit them and cannot delete or rename them. */
export const FIXED_ARTICLE_SLUGS = { introduction: 'introduction', aboutUs: 'about-us' } as const;

export const ARTICLE_TITLE_MAX = 160;
export const ARTICLE_BODY_MAX = 50_000;
export const CONTENT_PAGE_MAX = 50;

const slugPattern = /^[a-z0-9][a-z0-9-]{0,79}$/;
export const slugField = z
  .string('validation.contentBlank')
  .regex(slugPattern, 'content.validation.slugInvalid');

// ---- Readers ----

export const articleSummary = z.object({
  slug: z.string(),
  kind: z.enum(ARTICLE_KINDS),
  title: z.string(),
  /** The article's first words as plain text, for lists. */
  excerpt: z.string(),
  publishedAt: z.iso.datetime(),
});
export type ArticleSummary = z.infer<typeof articleSummary>;

export const helpCategory = z.object({
  slug: z.string(),
  name: z.string(),
  articles: z.array(articleSummary),
});

/** The help centre's front page in the reader's language: categories with their articles, and the latest news. */
export const helpCentre = z.object({
  categories: z.array(helpCategory),
  news: z.array(articleSummary),
});

export const articleView = z.object({
  slug: z.string(),
  kind: z.enum(ARTICLE_KINDS),
  category: z.object({ slug: z.string(), name: z.string() }).nullable(),
  title: z.string(),
  /** Markdown: render it with the sanitiser, never as HTML. */
  body: z.string(),
  /** The language shown. */
  locale: z.enum(LOCALES),
  /** No published translation in the reader's language: this is the en-US text. */
  fallback: z.boolean(),
  publishedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ArticleView = z.infer<typeof articleView>;

export const articleParams = z.object({
  slug: z.string().regex(slugPattern, 'content.errors.articleUnknown'),
});

export const newsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_MAX).default(20),
});
export const newsPage = z.object({ items: z.array(articleSummary), total: z.number().int() });

/** One category's articles (a menu entry's article list opens this). */
export const categoryParams = z.object({
  slug: z.string().regex(slugPattern, 'content.errors.categoryUnknown'),
});
export const categoryView = helpCategory;

export const contentSearchQuery = z.object({
  q: z
    .string('validation.contentBlank')
    .trim()
    .min(1, 'validation.contentBlank')
    .max(100, 'validation.parameterError'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_MAX).default(20),
});
export const searchHit = articleSummary.extend({
  /** Plain text around the match. */
  snippet: z.string(),
  /** Where the matched words are in the snippet: [start, end) character offsets, to mark without HTML. */
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
  fallback: z.boolean(),
});
export const searchPage = z.object({ items: z.array(searchHit), total: z.number().int() });

// ---- Back office (content role) ----

const translationText = z.object({
  title: z
    .string('validation.contentBlank')
    .trim()
    .min(1, 'validation.contentBlank')
    .max(ARTICLE_TITLE_MAX, 'content.validation.titleTooLong'),
  body: z
    .string('validation.contentBlank')
    .trim()
    .min(1, 'validation.contentBlank')
    .max(ARTICLE_BODY_MAX, 'content.validation.bodyTooLong'),
});

export const adminCategory = z.object({
  id: z.string(),
  slug: z.string(),
  /** The name per locale; en-US is required and is the fallback. */
  names: z.partialRecord(z.enum(LOCALES), z.string()),
  position: z.number().int(),
  articles: z.number().int(),
});
export const adminCategoryList = z.object({ items: z.array(adminCategory) });
export const adminCategoryBody = z.object({
  slug: slugField,
  names: z
    .partialRecord(
      z.enum(LOCALES),
      z.string().trim().min(1, 'validation.contentBlank').max(80, 'content.validation.titleTooLong'),
    )
    .refine((names) => names['en-US'] !== undefined, {
      message: 'content.validation.englishRequired',
      path: ['en-US'],
    }),
  position: z.number('validation.parameterError').int().min(0).max(10_000),
});
export const adminCategoryParams = z.object({
  id: z.string().regex(/^\d{1,18}$/, 'content.errors.categoryUnknown'),
});

export const adminTranslation = z.object({
  locale: z.enum(LOCALES),
  title: z.string(),
  body: z.string(),
  status: z.enum(TRANSLATION_STATUSES),
  publishedAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});

export const adminArticle = z.object({
  id: z.string(),
  slug: z.string(),
  kind: z.enum(ARTICLE_KINDS),
  categoryId: z.string().nullable(),
  position: z.number().int(),
  /** One of FIXED_ARTICLE_SLUGS: it cannot be deleted or renamed. */
  fixed: z.boolean(),
  translations: z.array(adminTranslation),
  updatedAt: z.iso.datetime(),
});
export type AdminArticle = z.infer<typeof adminArticle>;

export const adminArticlesQuery = z.object({
  kind: z.enum(ARTICLE_KINDS, 'validation.parameterError').optional(),
  categoryId: z
    .string()
    .regex(/^\d{1,18}$/, 'validation.parameterError')
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_MAX).default(20),
});
export const adminArticlePage = z.object({
  items: z.array(
    adminArticle.omit({ translations: true }).extend({
      /** en-US title (or the first translation's) for the list. */
      title: z.string(),
      /** Each locale that has a translation, with its status. */
      locales: z.partialRecord(z.enum(LOCALES), z.enum(TRANSLATION_STATUSES)),
    }),
  ),
  total: z.number().int(),
});

export const adminArticleBody = z.object({
  slug: slugField,
  kind: z.enum(ARTICLE_KINDS, 'validation.parameterError'),
  /** Required for a help article, null otherwise. */
  categoryId: z
    .string()
    .regex(/^\d{1,18}$/, 'content.errors.categoryUnknown')
    .nullable(),
  position: z.number('validation.parameterError').int().min(0).max(10_000),
});
export const adminArticleParams = z.object({
  id: z.string().regex(/^\d{1,18}$/, 'content.errors.articleUnknown'),
});

export const translationParams = adminArticleParams.extend({
  locale: z.enum(LOCALES, 'validation.parameterError'),
});
export const translationBody = translationText.extend({
  status: z.enum(TRANSLATION_STATUSES, 'validation.parameterError'),
});
