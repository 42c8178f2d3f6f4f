import { ARTICLE_KINDS, TRANSLATION_STATUSES } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { inList } from '../../db/check-list';

/*
 * The help centre, platform news and the platform's pages (decision 0053). An article is a slug; its text lives
 * in one translation per locale, each a draft or published. Every translation also has a `search` tsvector in its
 * language's text-search configuration (hand-written in the migration: drizzle has no tsvector type).
 */

export const contentCategories = pgTable('content_categories', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  /** Locale → name; en-US always present, other locales fall back to it. */
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contentArticles = pgTable(
  'content_articles',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    kind: text('kind', { enum: ARTICLE_KINDS }).notNull(),
    /** A help article's category; news and pages have none. */
    categoryId: bigint('category_id', { mode: 'bigint' }).references(() => contentCategories.id),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('content_articles_kind', sql`${table.kind} in (${inList(ARTICLE_KINDS)})`),
    check('content_articles_category', sql`(${table.kind} = 'help') = (${table.categoryId} is not null)`),
    index('content_articles_category_idx').on(table.categoryId, table.position),
  ],
);

export const contentTranslations = pgTable(
  'content_translations',
  {
    articleId: bigint('article_id', { mode: 'bigint' })
      .notNull()
      .references(() => contentArticles.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    /** Markdown; the clients render it with a sanitiser. */
    body: text('body').notNull(),
    status: text('status', { enum: TRANSLATION_STATUSES }).notNull(),
    /** Set when the translation is published, kept while it stays published; null for a draft. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.locale] }),
    check('content_translations_status', sql`${table.status} in (${inList(TRANSLATION_STATUSES)})`),
    check(
      'content_translations_published',
      sql`(${table.status} = 'published') = (${table.publishedAt} is not null)`,
    ),
    index('content_translations_locale_idx').on(table.locale, table.status),
  ],
);

/**
 * What the seed loader has written once (`category:<slug>`, `article:<slug>`, `translation:<slug>:<locale>`):
 * never written again, so that an operator's edit or deletion stays.
 */
export const contentSeeded = pgTable('content_seeded', {
  key: text('key').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
