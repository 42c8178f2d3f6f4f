import type { AdminMenuEntry } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The menu list set at run time (decision 0054): one document, saved whole by the back office and read whole by the
 * app. It is small (at most 100 entries) and always read and written together, so one row holds it.
 */
export const menuList = pgTable(
  'menu_list',
  {
    id: boolean('id').primaryKey().default(true),
    entries: jsonb('entries').$type<AdminMenuEntry[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('menu_list_single', sql`${table.id}`)],
);

export type MenuListRow = typeof menuList.$inferSelect;
