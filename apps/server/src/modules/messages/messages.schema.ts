import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';

/** A stored event parameter: text, a number, a moment (formatted for the reader) or a catalogue key. */
export type StoredParam =
  | string
  | number
  | { at: string }
  | { key: string }
  | { quantity: string; asset?: string };
export type StoredTexts = Record<string, { title: string; body: string }>;

/**
 * The message centre. An event is stored as its catalogue key and parameters, an announcement as its texts per
 * locale; both are rendered when read, in the reader's language. `user_id` null means everyone: one row, not a
 * copy per user.
 */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id),
    kind: text('kind', { enum: ['event', 'announcement'] }).notNull(),
    event: text('event'),
    params: jsonb('params').$type<Record<string, StoredParam>>(),
    texts: jsonb('texts').$type<StoredTexts>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index('messages_user_idx').on(table.userId, table.id)],
);

/** Who has read what: a row per reader and message, so an announcement to everyone is read per user. */
export const messageReads = pgTable(
  'message_reads',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.userId, table.messageId] })],
);
