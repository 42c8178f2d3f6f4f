import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/** One stored image; the file lives in the upload storage under its id, the row says whose it is and what. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('uploads_owner_idx').on(table.ownerId, table.purpose)],
);
