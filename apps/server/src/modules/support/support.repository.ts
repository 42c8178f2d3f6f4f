import type { ConversationStatus } from '@kestrel/contract';
import type { Locale } from '@kestrel/i18n';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AuditEntryRow, type Audited, appendAuditEntry } from '../admin';
import {
  type SupportCannedReplyRow,
  type SupportConversationRow,
  type SupportMessageRow,
  type SupportNoteRow,
  type SupportVisitorRow,
  supportCannedReplies,
  supportConversations,
  supportImages,
  supportMessages,
  supportNotes,
  supportVisitors,
} from './support.schema';

export type NewMessage = {
  conversationId: bigint;
  author: 'customer' | 'agent';
  adminId: number | null;
  kind: 'text' | 'image';
  text: string | null;
  uploadId: string | null;
  clientId: string | null;
};

export type MarkColumn = 'customerDelivered' | 'customerRead' | 'agentDelivered' | 'agentRead';

/** Which conversations an inbox view lists. */
export type InboxFilter = { view: 'open' | 'mine' | 'assigned' | 'closed'; adminId: number };

/** Every SQL statement of the support chat. */
export class SupportRepository implements Audited<SupportRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: SupportRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new SupportRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  // ---- Visitors ----

  async insertVisitor(tokenHash: string, channelKey: string, locale: Locale) {
    const [visitor] = await this.db.insert(supportVisitors).values({ tokenHash, channelKey }).returning();
    if (!visitor) throw new Error('the visitor row was not written');
    const [conversation] = await this.db
      .insert(supportConversations)
      .values({ visitorId: visitor.id, locale })
      .returning();
    if (!conversation) throw new Error('the visitor conversation was not written');
    return { visitor, conversation };
  }

  /** A visitor whose token still works (not joined to an account). */
  async findLiveVisitor(tokenHash: string): Promise<SupportVisitorRow | undefined> {
    const [row] = await this.db
      .select()
      .from(supportVisitors)
      .where(and(eq(supportVisitors.tokenHash, tokenHash), isNull(supportVisitors.joinedAt)));
    return row;
  }

  async lockLiveVisitor(tokenHash: string): Promise<SupportVisitorRow | undefined> {
    const [row] = await this.db
      .select()
      .from(supportVisitors)
      .where(and(eq(supportVisitors.tokenHash, tokenHash), isNull(supportVisitors.joinedAt)))
      .for('update');
    return row;
  }

  async findVisitor(id: bigint): Promise<SupportVisitorRow | undefined> {
    const [row] = await this.db.select().from(supportVisitors).where(eq(supportVisitors.id, id));
    return row;
  }

  async markVisitorJoined(id: bigint, userId: number) {
    await this.db
      .update(supportVisitors)
      .set({ joinedUserId: userId, joinedAt: sql`now()` })
      .where(eq(supportVisitors.id, id));
  }

  // ---- Conversations ----

  async findConversation(id: bigint): Promise<SupportConversationRow | undefined> {
    const [row] = await this.db.select().from(supportConversations).where(eq(supportConversations.id, id));
    return row;
  }

  async lockConversation(id: bigint): Promise<SupportConversationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.id, id))
      .for('update');
    return row;
  }

  async findByUser(userId: number): Promise<SupportConversationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.userId, userId));
    return row;
  }

  async findByVisitor(visitorId: bigint): Promise<SupportConversationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.visitorId, visitorId));
    return row;
  }

  /** The user's conversation, started now when there is none (two first requests at once start one). */
  async userConversation(userId: number, locale: Locale): Promise<SupportConversationRow> {
    const existing = await this.findByUser(userId);
    if (existing) return existing;
    await this.db
      .insert(supportConversations)
      .values({ userId, locale })
      .onConflictDoNothing({ target: supportConversations.userId });
    const created = await this.findByUser(userId);
    if (!created) throw new Error(`user ${userId}'s conversation was not written`);
    return created;
  }

  async updateConversation(
    id: bigint,
    changes: Partial<
      Pick<
        SupportConversationRow,
        'status' | 'assigneeId' | 'locale' | 'userId' | 'lastMessageAt' | MarkColumn
      >
    >,
  ): Promise<SupportConversationRow> {
    const [row] = await this.db
      .update(supportConversations)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(supportConversations.id, id))
      .returning();
    if (!row) throw new Error(`conversation ${id} vanished`);
    return row;
  }

  async deleteConversation(id: bigint) {
    await this.db.delete(supportConversations).where(eq(supportConversations.id, id));
  }

  /** Moves every message, image and note of one conversation into another (a visitor joining an account). */
  async moveConversation(from: bigint, to: bigint) {
    await this.db
      .update(supportMessages)
      .set({ conversationId: to })
      .where(eq(supportMessages.conversationId, from));
    await this.db
      .update(supportImages)
      .set({ conversationId: to })
      .where(eq(supportImages.conversationId, from));
    await this.db
      .update(supportNotes)
      .set({ conversationId: to })
      .where(eq(supportNotes.conversationId, from));
  }

  private inboxWhere(filter: InboxFilter) {
    switch (filter.view) {
      case 'open':
        return and(eq(supportConversations.status, 'open'), isNull(supportConversations.assigneeId));
      case 'mine':
        return and(
          inArray(supportConversations.status, ['open', 'assigned']),
          eq(supportConversations.assigneeId, filter.adminId),
        );
      case 'assigned':
        return eq(supportConversations.status, 'assigned');
      case 'closed':
        return eq(supportConversations.status, 'closed');
    }
  }

  async inbox(filter: InboxFilter, page: number, pageSize: number) {
    const where = this.inboxWhere(filter);
    const rows = await this.db
      .select()
      .from(supportConversations)
      .where(and(where, sql`${supportConversations.lastMessageAt} is not null`))
      .orderBy(desc(supportConversations.updatedAt), desc(supportConversations.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await this.db
      .select({ n: count() })
      .from(supportConversations)
      .where(and(where, sql`${supportConversations.lastMessageAt} is not null`));
    return { rows, total: total?.n ?? 0 };
  }

  async inboxCount(filter: InboxFilter): Promise<number> {
    const [total] = await this.db
      .select({ n: count() })
      .from(supportConversations)
      .where(and(this.inboxWhere(filter), sql`${supportConversations.lastMessageAt} is not null`));
    return total?.n ?? 0;
  }

  // ---- Messages ----

  /** Stores a message once per (conversation, author, clientId); undefined when it was stored before. */
  async insertMessage(message: NewMessage): Promise<SupportMessageRow | undefined> {
    const [row] = await this.db.insert(supportMessages).values(message).onConflictDoNothing().returning();
    return row;
  }

  async findByClientId(
    conversationId: bigint,
    author: 'customer' | 'agent',
    clientId: string,
  ): Promise<SupportMessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(supportMessages)
      .where(
        and(
          eq(supportMessages.conversationId, conversationId),
          eq(supportMessages.author, author),
          eq(supportMessages.clientId, clientId),
        ),
      );
    return row;
  }

  /** A page of messages before `before`, newest first. */
  messages(conversationId: bigint, before: bigint | undefined, limit: number): Promise<SupportMessageRow[]> {
    return this.db
      .select()
      .from(supportMessages)
      .where(
        and(
          eq(supportMessages.conversationId, conversationId),
          before === undefined ? undefined : lt(supportMessages.id, before),
        ),
      )
      .orderBy(desc(supportMessages.id))
      .limit(limit);
  }

  async lastMessage(conversationId: bigint): Promise<SupportMessageRow | undefined> {
    const [row] = await this.messages(conversationId, undefined, 1);
    return row;
  }

  /** The newest message of the author's side, the furthest a mark of its messages may go. */
  async lastMessageOf(conversationId: bigint, author: 'customer' | 'agent'): Promise<bigint | undefined> {
    const [row] = await this.db
      .select({ id: supportMessages.id })
      .from(supportMessages)
      .where(and(eq(supportMessages.conversationId, conversationId), eq(supportMessages.author, author)))
      .orderBy(desc(supportMessages.id))
      .limit(1);
    return row?.id;
  }

  async countAfter(conversationId: bigint, author: 'customer' | 'agent', after: bigint | null) {
    const [row] = await this.db
      .select({ n: count() })
      .from(supportMessages)
      .where(
        and(
          eq(supportMessages.conversationId, conversationId),
          eq(supportMessages.author, author),
          after === null ? undefined : gt(supportMessages.id, after),
        ),
      );
    return row?.n ?? 0;
  }

  /** The latest message of each conversation. */
  async lastMessages(conversationIds: bigint[]): Promise<Map<string, SupportMessageRow>> {
    if (conversationIds.length === 0) return new Map();
    const rows = await this.db
      .selectDistinctOn([supportMessages.conversationId])
      .from(supportMessages)
      .where(inArray(supportMessages.conversationId, conversationIds))
      .orderBy(supportMessages.conversationId, desc(supportMessages.id));
    return new Map(rows.map((row) => [String(row.conversationId), row]));
  }

  // ---- Images ----

  async attachImage(uploadId: string, conversationId: bigint) {
    await this.db.insert(supportImages).values({ uploadId, conversationId });
  }

  async imageConversation(uploadId: string): Promise<bigint | undefined> {
    const [row] = await this.db
      .select({ conversationId: supportImages.conversationId })
      .from(supportImages)
      .where(eq(supportImages.uploadId, uploadId));
    return row?.conversationId;
  }

  // ---- Notes ----

  notes(conversationId: bigint): Promise<SupportNoteRow[]> {
    return this.db
      .select()
      .from(supportNotes)
      .where(eq(supportNotes.conversationId, conversationId))
      .orderBy(asc(supportNotes.id));
  }

  async insertNote(conversationId: bigint, adminId: number, text: string): Promise<SupportNoteRow> {
    const [row] = await this.db.insert(supportNotes).values({ conversationId, adminId, text }).returning();
    if (!row) throw new Error('the note was not written');
    return row;
  }

  // ---- Canned replies ----

  cannedReplies(): Promise<SupportCannedReplyRow[]> {
    return this.db.select().from(supportCannedReplies).orderBy(asc(supportCannedReplies.shortcut));
  }

  async findCannedReply(id: bigint): Promise<SupportCannedReplyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(supportCannedReplies)
      .where(eq(supportCannedReplies.id, id))
      .for('update');
    return row;
  }

  async findCannedReplyByShortcut(shortcut: string): Promise<SupportCannedReplyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(supportCannedReplies)
      .where(eq(supportCannedReplies.shortcut, shortcut));
    return row;
  }

  async insertCannedReply(shortcut: string, texts: Record<string, string>): Promise<SupportCannedReplyRow> {
    const [row] = await this.db.insert(supportCannedReplies).values({ shortcut, texts }).returning();
    if (!row) throw new Error('the canned reply was not written');
    return row;
  }

  async updateCannedReply(
    id: bigint,
    shortcut: string,
    texts: Record<string, string>,
  ): Promise<SupportCannedReplyRow> {
    const [row] = await this.db
      .update(supportCannedReplies)
      .set({ shortcut, texts, updatedAt: sql`now()` })
      .where(eq(supportCannedReplies.id, id))
      .returning();
    if (!row) throw new Error(`canned reply ${id} vanished`);
    return row;
  }

  async deleteCannedReply(id: bigint) {
    await this.db.delete(supportCannedReplies).where(eq(supportCannedReplies.id, id));
  }
}

export type { ConversationStatus };
