import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from '../admin/admin.schema';
import { users } from '../auth/auth.schema';

/** One stored image; the file lives in the upload storage under its id, the row says whose it is and what. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    /** The user who uploaded it; null for an operator's upload (banners). */
    ownerId: integer('owner_id').references(() => users.id),
    /** The operator who uploaded it, for pictures the back office publishes (banners). */
    adminId: integer('admin_id').references(() => admins.id),
    purpose: text('purpose').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('uploads_owner_idx').on(table.ownerId, table.purpose),
    // A support chat image has neither: the conversation it was sent in owns it (support_images, decision 0052).
    check(
      'uploads_has_uploader',
      sql`${table.ownerId} IS NOT NULL OR ${table.adminId} IS NOT NULL OR ${table.purpose} = 'support'`,
    ),
  ],
);
