import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uploads } from '../uploads/uploads.schema';

/** The home screen's banners: a published picture, a title per locale, an optional in-app link, an order. */
export const banners = pgTable(
  'banners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id),
    /** Locale → title; en-US always present, other locales fall back to it. */
    titles: jsonb('titles').$type<Record<string, string>>().notNull(),
    link: text('link'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('banners_order_idx').on(table.sortOrder, table.id)],
);
