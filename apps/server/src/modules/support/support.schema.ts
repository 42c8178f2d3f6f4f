import { CONVERSATION_STATUSES, SUPPORT_AUTHORS, SUPPORT_MESSAGE_KINDS } from '@kestrel/contract';
import { LOCALES } from '@kestrel/i18n';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins } from '../admin/admin.schema';
import { users } from '../auth/auth.schema';
import { uploads } from '../uploads/uploads.schema';

/*
 * Customer service chat (issue 22, docs/decisions/0052-support-chat.md). One conversation per user for good, one
 * per anonymous visitor; a visitor's token is kept only as its SHA-256, and the key naming its stream channel is
 * random and separate from it. Message ids grow with time, so marks are message ids that only move forward.
 */

const messageId = (name: string) => bigint(name, { mode: 'bigint' });

export const supportVisitors = pgTable('support_visitors', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
  /** SHA-256 of the visitor token (`vis_…`), which is shown once and kept by the visitor's app. */
  tokenHash: text('token_hash').notNull().unique(),
  /** The random key of the visitor's stream channel `supportVisitor:<key>`. */
  channelKey: text('channel_key').notNull().unique(),
  /** The account the visitor signed in to: the token stops working from then on. */
  joinedUserId: integer('joined_user_id').references(() => users.id),
  joinedAt: timestamp('joined_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The user's conversation; set when a visitor's conversation joins an account that had none. */
    userId: integer('user_id')
      .unique()
      .references(() => users.id),
    /** The visitor who started it (kept after joining, for the inbox's label). */
    visitorId: bigint('visitor_id', { mode: 'bigint' })
      .unique()
      .references(() => supportVisitors.id),
    status: text('status', { enum: CONVERSATION_STATUSES }).notNull().default('open'),
    assigneeId: integer('assignee_id').references(() => admins.id),
    /** The customer's language as last seen: canned replies and the message-centre notice are in it. */
    locale: text('locale', { enum: LOCALES }).notNull(),
    /** The last customer message an agent's console received and read. */
    customerDelivered: messageId('customer_delivered'),
    customerRead: messageId('customer_read'),
    /** The last agent message the customer's app received and read. */
    agentDelivered: messageId('agent_delivered'),
    agentRead: messageId('agent_read'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'support_conversations_customer',
      sql`${table.userId} is not null or ${table.visitorId} is not null`,
    ),
    index('support_conversations_inbox_idx').on(table.status, table.updatedAt),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'bigint' })
      .notNull()
      .references(() => supportConversations.id),
    author: text('author', { enum: SUPPORT_AUTHORS }).notNull(),
    /** The agent who wrote it; null for the customer's. */
    adminId: integer('admin_id').references(() => admins.id),
    kind: text('kind', { enum: SUPPORT_MESSAGE_KINDS }).notNull(),
    /** Plain text as written; clients show it as text, never as markup. */
    text: text('text'),
    uploadId: uuid('upload_id').references(() => uploads.id),
    /** The sender's own id: a retried send finds the message it stored the first time. */
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_messages_conversation_idx').on(table.conversationId, table.id),
    uniqueIndex('support_messages_client_id').on(table.conversationId, table.author, table.clientId),
    check(
      'support_messages_content',
      sql`(${table.kind} = 'text' and ${table.text} is not null) or (${table.kind} = 'image' and ${table.uploadId} is not null)`,
    ),
  ],
);

/** Images uploaded for a conversation (a visitor has no user id): the conversation owns the upload. */
export const supportImages = pgTable('support_images', {
  uploadId: uuid('upload_id')
    .primaryKey()
    .references(() => uploads.id),
  conversationId: bigint('conversation_id', { mode: 'bigint' })
    .notNull()
    .references(() => supportConversations.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Agents' internal notes on a conversation; the customer never sees them. */
export const supportNotes = pgTable(
  'support_notes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'bigint' })
      .notNull()
      .references(() => supportConversations.id),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_notes_conversation_idx').on(table.conversationId, table.id)],
);

export const supportCannedReplies = pgTable('support_canned_replies', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
  shortcut: text('shortcut').notNull().unique(),
  /** The text per locale; en-US always, the fallback for the others. */
  texts: jsonb('texts').$type<Partial<Record<string, string>>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SupportConversationRow = typeof supportConversations.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type SupportVisitorRow = typeof supportVisitors.$inferSelect;
export type SupportNoteRow = typeof supportNotes.$inferSelect;
export type SupportCannedReplyRow = typeof supportCannedReplies.$inferSelect;
