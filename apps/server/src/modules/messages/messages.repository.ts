import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AuditEntryRow, appendAuditEntry, auditedBy } from '../admin';
import { userExists } from '../auth';
import { messageReads, messages } from './messages.schema';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type InboxRow = MessageRow & { read: boolean };

/** Messages a user may see: their own, and announcements to everyone. */
function visibleTo(userId: number) {
  return or(eq(messages.userId, userId), isNull(messages.userId));
}

/** Who sent each announcement, as its audit entry records it. */
const senders = auditedBy('announcement', 'senders');

/** Every SQL statement of the message centre. */
export class MessagesRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: MessagesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new MessagesRepository(tx)));
  }

  /** Operators' announcements are audited in the transaction that stores them. */
  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  async insert(message: NewMessage): Promise<MessageRow> {
    const [row] = await this.db.insert(messages).values(message).returning();
    if (!row) throw new Error('the message insert returned no row');
    return row;
  }

  userExists(userId: number): Promise<boolean> {
    return userExists(this.db, userId);
  }

  /**
   * One page of the announcements sent, newest first, each with the admin who sent it. The sender is not a
   * column of messages: the audit entry written with the announcement already records it.
   */
  async sentAnnouncements(offset: number, limit: number) {
    return this.db
      .select({ message: messages, sender: { id: senders.adminId, email: senders.email } })
      .from(messages)
      .leftJoin(senders, eq(senders.targetId, sql`${messages.id}::text`))
      .where(eq(messages.kind, 'announcement'))
      .orderBy(desc(messages.id))
      .offset(offset)
      .limit(limit);
  }

  async countAnnouncements(): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(messages)
      .where(eq(messages.kind, 'announcement'));
    return row?.total ?? 0;
  }

  /** One page of a user's messages, newest first, each with whether this user has read it. */
  async page(userId: number, offset: number, limit: number): Promise<InboxRow[]> {
    const rows = await this.db
      .select({ message: messages, readAt: messageReads.readAt })
      .from(messages)
      .leftJoin(messageReads, and(eq(messageReads.messageId, messages.id), eq(messageReads.userId, userId)))
      .where(visibleTo(userId))
      .orderBy(desc(messages.id))
      .offset(offset)
      .limit(limit);
    return rows.map(({ message, readAt }) => ({ ...message, read: readAt !== null }));
  }

  async counts(userId: number): Promise<{ total: number; unread: number }> {
    const [row] = await this.db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${messageReads.readAt} is null)`.mapWith(Number),
      })
      .from(messages)
      .leftJoin(messageReads, and(eq(messageReads.messageId, messages.id), eq(messageReads.userId, userId)))
      .where(visibleTo(userId));
    return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
  }

  /** The message if this user may see it; another user's message is simply not found. */
  async findVisible(userId: number, id: number): Promise<InboxRow | undefined> {
    const [row] = await this.db
      .select({ message: messages, readAt: messageReads.readAt })
      .from(messages)
      .leftJoin(messageReads, and(eq(messageReads.messageId, messages.id), eq(messageReads.userId, userId)))
      .where(and(eq(messages.id, id), visibleTo(userId)))
      .limit(1);
    return row ? { ...row.message, read: row.readAt !== null } : undefined;
  }

  async markRead(userId: number, messageId: number) {
    await this.db.insert(messageReads).values({ userId, messageId }).onConflictDoNothing();
  }

  /** Marks every message the user can see as read, in one statement. */
  async markAllRead(userId: number) {
    await this.db.execute(sql`
      insert into ${messageReads} (message_id, user_id)
      select ${messages.id}, ${userId} from ${messages}
      where ${messages.userId} = ${userId} or ${messages.userId} is null
      on conflict do nothing`);
  }
}
