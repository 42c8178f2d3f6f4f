import { createHash, randomBytes } from 'node:crypto';
import type {
  cannedReply,
  cannedReplyBody,
  conversationDetail,
  customerContext,
  inboxPage,
  supportAgentList,
  supportMarksBody,
  supportMessagePage,
  supportMessagesQuery,
  supportNote,
  supportSendBody,
} from '@kestrel/contract';
import {
  type AdminRole,
  type AdminSummary,
  type ConversationStatus,
  channels,
  type INBOX_VIEWS,
  type InboxConversation,
  type SupportConversation,
  type SupportEvent,
  type SupportMarks,
  type SupportMessage,
} from '@kestrel/contract';
import type { Locale } from '@kestrel/i18n';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import { type Actor, withAudit } from '../admin';
import { inProcessLimiters, type LimiterStore } from '../auth';
import type { UploadsService } from '../uploads';
import type { MarkColumn, SupportRepository } from './support.repository';
import type {
  SupportCannedReplyRow,
  SupportConversationRow,
  SupportMessageRow,
  SupportNoteRow,
  SupportVisitorRow,
} from './support.schema';
import type { SupportPresence } from './support-presence';

/** Who writes on the customer's side: a signed-in user, or a visitor holding a live token. */
export type Customer = { kind: 'user'; userId: number } | { kind: 'visitor'; visitor: SupportVisitorRow };

/** What the chat publishes through: the realtime hub. */
export type SupportPublisher = {
  publishToUser(userId: number, channel: typeof channels.support, data: SupportEvent): void;
  publish(channel: typeof channels.supportVisitor, params: { visitor: string }, data: SupportEvent): void;
  publishToAgents(channel: typeof channels.supportInbox, data: SupportEvent): void;
};

/** What the chat needs of the uploads pipeline: images checked by their bytes and re-encoded, owned by nobody. */
export type SupportImages = Pick<
  UploadsService,
  'storeConversationImage' | 'openConversationImage' | 'findConversationImage'
>;

/** The operators, for agents' names and who may be assigned a conversation. */
export type SupportOperators = { list(): Promise<AdminSummary[]> };

/** The message centre, for the notice of an agent's answer when the user is not in the chat. */
export type SupportNotices = {
  notifyCatalogue(
    userId: number,
    key: 'support.notice.agentReplied',
    params: { agent: string },
  ): Promise<void>;
};

export type CustomerContext = z.infer<typeof customerContext>;

/** The users' side of other modules, read through their services (never their tables). */
export type SupportDirectory = {
  customers(userIds: number[]): Promise<Map<number, { email: string; nickname: string }>>;
  context(userId: number): Promise<CustomerContext | null>;
};

export type SupportLimits = {
  /** Messages one conversation may send a minute. */
  messagesPerMinute: number;
  /** Messages one address may send a minute, over every conversation. */
  messagesPerAddressPerMinute: number;
  /** Visitors one address may start an hour. */
  visitorsPerHour: number;
  /** Images one conversation may upload an hour. */
  imagesPerHour: number;
};

export const SUPPORT_LIMITS: SupportLimits = {
  messagesPerMinute: 20,
  messagesPerAddressPerMinute: 60,
  visitorsPerHour: 20,
  imagesPerHour: 30,
};

/** The roles that may answer customers. */
export const AGENT_ROLES: readonly AdminRole[] = ['agent', 'support', 'super_admin'];

const AGENT_NAME_CACHE_MS = 30_000;

export function hashVisitorToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const iso = (date: Date) => date.toISOString();
const idOf = (value: bigint | null) => (value === null ? null : String(value));

/** The customer conversations and the agents' inbox (docs/decisions/0052-support-chat.md). */
export class SupportService {
  private readonly perConversation: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;
  private readonly visitorsPerAddress: RateLimiterAbstract;
  private readonly imagesPerConversation: RateLimiterAbstract;
  private operators: { at: number; byId: Map<number, AdminSummary> } | undefined;

  constructor(
    private readonly deps: {
      repository: SupportRepository;
      publisher: SupportPublisher;
      presence: SupportPresence;
      images: SupportImages;
      operators: SupportOperators;
      notices: SupportNotices;
      directory: SupportDirectory;
      limiters?: LimiterStore;
      limits?: SupportLimits;
      typicalReplyMinutes?: number;
    },
  ) {
    const store = deps.limiters ?? inProcessLimiters;
    const limits = deps.limits ?? SUPPORT_LIMITS;
    this.perConversation = store({
      keyPrefix: 'support-messages',
      points: limits.messagesPerMinute,
      duration: 60,
    });
    this.perAddress = store({
      keyPrefix: 'support-messages-address',
      points: limits.messagesPerAddressPerMinute,
      duration: 60,
    });
    this.visitorsPerAddress = store({
      keyPrefix: 'support-visitors',
      points: limits.visitorsPerHour,
      duration: 3600,
    });
    this.imagesPerConversation = store({
      keyPrefix: 'support-images',
      points: limits.imagesPerHour,
      duration: 3600,
    });
  }

  private get repository() {
    return this.deps.repository;
  }

  // ---- Customers ----

  async createVisitor(address: string, locale: Locale): Promise<{ visitorToken: string }> {
    await consume(this.visitorsPerAddress, address);
    const visitorToken = `vis_${randomBytes(32).toString('base64url')}`;
    const channelKey = randomBytes(24).toString('base64url');
    await this.repository.insertVisitor(hashVisitorToken(visitorToken), channelKey, locale);
    return { visitorToken };
  }

  /** The visitor a header's token opens; a missing, malformed, unknown or joined token opens nothing. */
  async visitor(header: unknown): Promise<Customer> {
    if (typeof header !== 'string' || !/^vis_[A-Za-z0-9_-]{32,64}$/.test(header)) {
      throw new AppError('supportVisitorUnknown');
    }
    const visitor = await this.repository.findLiveVisitor(hashVisitorToken(header));
    if (!visitor) throw new AppError('supportVisitorUnknown');
    return { kind: 'visitor', visitor };
  }

  private async conversationOf(customer: Customer, locale?: Locale): Promise<SupportConversationRow> {
    let row: SupportConversationRow | undefined;
    if (customer.kind === 'user') {
      row = await this.repository.userConversation(customer.userId, locale ?? 'en-US');
    } else {
      row = await this.repository.findByVisitor(customer.visitor.id);
      if (!row) throw new AppError('supportVisitorUnknown');
    }
    if (locale && row.locale !== locale) row = await this.repository.updateConversation(row.id, { locale });
    return row;
  }

  async conversation(customer: Customer, locale: Locale): Promise<SupportConversation> {
    const row = await this.conversationOf(customer, locale);
    return this.customerView(row, customer);
  }

  async unread(userId: number): Promise<{ unread: number }> {
    const row = await this.repository.findByUser(userId);
    if (!row) return { unread: 0 };
    return { unread: await this.repository.countAfter(row.id, 'agent', row.agentRead) };
  }

  async messages(
    customer: Customer,
    query: z.output<typeof supportMessagesQuery>,
  ): Promise<z.input<typeof supportMessagePage>> {
    const row = await this.conversationOf(customer);
    return this.page(row, query, customer.kind);
  }

  async send(
    customer: Customer,
    body: z.output<typeof supportSendBody>,
    address: string,
    locale: Locale,
  ): Promise<SupportMessage> {
    const row = await this.conversationOf(customer, locale);
    // A retry counts against the limits too; the store keeps one message per clientId whatever comes twice.
    await consume(this.perConversation, String(row.id));
    await consume(this.perAddress, address);
    if (body.kind === 'image' && (await this.repository.imageConversation(body.imageId)) !== row.id) {
      throw new AppError('supportImageUnknown');
    }
    const stored = await this.repository.transaction(async (repository) => {
      const locked = await repository.lockConversation(row.id);
      if (!locked) throw new AppError('supportConversationUnknown');
      const message = await repository.insertMessage({
        conversationId: row.id,
        author: 'customer',
        adminId: null,
        kind: body.kind,
        text: body.kind === 'text' ? body.text : null,
        uploadId: body.kind === 'image' ? body.imageId : null,
        clientId: body.clientId,
      });
      if (!message) return { message: undefined, before: locked, after: locked };
      const after = await repository.updateConversation(row.id, {
        lastMessageAt: message.createdAt,
        ...(locked.status === 'closed' ? { status: 'open' as const, assigneeId: null } : {}),
      });
      return { message, before: locked, after };
    });
    if (!stored.message) {
      // The same clientId won a race with this request: answer what was stored.
      const first = await this.repository.findByClientId(row.id, 'customer', body.clientId);
      if (!first) throw new Error('a message refused as a repeat was not found');
      return this.messageView(first, customer.kind);
    }
    const message = await this.messageView(stored.message, customer.kind);
    await this.emit(stored.after, { type: 'message', conversationId: String(row.id), message });
    if (stored.before.status !== stored.after.status) await this.emitConversation(stored.after);
    return message;
  }

  async markCustomer(customer: Customer, body: z.output<typeof supportMarksBody>): Promise<SupportMarks> {
    const row = await this.conversationOf(customer);
    return this.mark(row, 'agent', body);
  }

  async uploadImage(customer: Customer, file: Buffer) {
    const row = await this.conversationOf(customer);
    await consume(this.imagesPerConversation, String(row.id));
    const image = await this.deps.images.storeConversationImage(file);
    await this.repository.attachImage(image.id, row.id);
    return { id: image.id, ...this.imageOf(customer, image.id), width: image.width, height: image.height };
  }

  /** An image of the customer's own conversation; any other is "unknown", whether it exists or not. */
  async customerImage(customer: Customer, id: string) {
    const row = await this.conversationOf(customer);
    if ((await this.repository.imageConversation(id)) !== row.id) throw new AppError('supportImageUnknown');
    return this.openImage(id);
  }

  /**
   * The visitor conversation this app held becomes the user's: it is the user's conversation when there was
   * none, otherwise its messages join the user's in order and it is dropped. The token stops working and the
   * visitor's channel gets nothing more.
   */
  async join(userId: number, visitorToken: string, locale: Locale): Promise<SupportConversation> {
    const joined = await this.repository.transaction(async (repository) => {
      const visitor = await repository.lockLiveVisitor(hashVisitorToken(visitorToken));
      if (!visitor) throw new AppError('supportVisitorUnknown');
      await repository.markVisitorJoined(visitor.id, userId);
      const from = await repository.findByVisitor(visitor.id);
      const own = await repository.findByUser(userId);
      if (!from) return own ?? (await repository.userConversation(userId, locale));
      if (!own) return repository.updateConversation(from.id, { userId, locale });
      await repository.moveConversation(from.id, own.id);
      const lastMessageAt =
        own.lastMessageAt && from.lastMessageAt
          ? new Date(Math.max(own.lastMessageAt.getTime(), from.lastMessageAt.getTime()))
          : (own.lastMessageAt ?? from.lastMessageAt);
      await repository.deleteConversation(from.id);
      return repository.updateConversation(own.id, {
        lastMessageAt,
        locale,
        ...(own.status === 'closed' && from.lastMessageAt
          ? { status: 'open' as const, assigneeId: null }
          : {}),
      });
    });
    return this.customerView(joined, { kind: 'user', userId });
  }

  // ---- Agents ----

  async inbox(
    query: { view: (typeof INBOX_VIEWS)[number]; page: number; pageSize: number },
    adminId: number,
  ): Promise<z.input<typeof inboxPage>> {
    const { rows, total } = await this.repository.inbox(
      { view: query.view, adminId },
      query.page,
      query.pageSize,
    );
    const [open, mine, assigned] = await Promise.all(
      (['open', 'mine', 'assigned'] as const).map((view) => this.repository.inboxCount({ view, adminId })),
    );
    return {
      items: await this.inboxViews(rows),
      total,
      counts: { open: open ?? 0, mine: mine ?? 0, assigned: assigned ?? 0 },
    };
  }

  async detail(id: string): Promise<z.input<typeof conversationDetail>> {
    const row = await this.found(id);
    const [view] = await this.inboxViews([row]);
    if (!view) throw new Error('a conversation had no view');
    return { ...view, context: row.userId === null ? null : await this.deps.directory.context(row.userId) };
  }

  async agentMessages(id: string, query: z.output<typeof supportMessagesQuery>) {
    return this.page(await this.found(id), query, 'agent');
  }

  /** An agent's answer; the conversation becomes the agent's when nobody had it. */
  async reply(
    id: string,
    body: { text: string; clientId: string },
    adminId: number,
  ): Promise<SupportMessage> {
    const row = await this.found(id);
    const stored = await this.repository.transaction(async (repository) => {
      const locked = await repository.lockConversation(row.id);
      if (!locked) throw new AppError('supportConversationUnknown');
      const message = await repository.insertMessage({
        conversationId: row.id,
        author: 'agent',
        adminId,
        kind: 'text',
        text: body.text,
        uploadId: null,
        clientId: body.clientId,
      });
      if (!message) return { message: undefined, before: locked, after: locked };
      const takes = locked.assigneeId === null || locked.status !== 'assigned';
      const after = await repository.updateConversation(row.id, {
        lastMessageAt: message.createdAt,
        ...(takes ? { status: 'assigned' as const, assigneeId: locked.assigneeId ?? adminId } : {}),
      });
      return { message, before: locked, after };
    });
    if (!stored.message) {
      const first = await this.repository.findByClientId(row.id, 'agent', body.clientId);
      if (!first) throw new Error('a reply refused as a repeat was not found');
      return this.messageView(first, 'agent');
    }
    const message = await this.messageView(stored.message, 'agent');
    await this.emit(stored.after, { type: 'message', conversationId: String(row.id), message });
    if (
      stored.before.status !== stored.after.status ||
      stored.before.assigneeId !== stored.after.assigneeId
    ) {
      await this.emitConversation(stored.after);
    }
    const { userId } = stored.after;
    if (userId !== null && !(await this.deps.presence.userFollows(userId))) {
      await this.deps.notices.notifyCatalogue(userId, 'support.notice.agentReplied', {
        agent: message.agent?.name ?? '',
      });
    }
    return message;
  }

  async markAgent(id: string, body: z.output<typeof supportMarksBody>): Promise<SupportMarks> {
    return this.mark(await this.found(id), 'customer', body);
  }

  async agents(): Promise<z.input<typeof supportAgentList>> {
    const operators = [...(await this.operatorsById(true)).values()];
    const items = operators
      .filter((operator) => !operator.disabled && AGENT_ROLES.includes(operator.role))
      .map(({ id, name, role }) => ({ id, name, role }));
    return { items: items.sort((a, b) => a.name.localeCompare(b.name)) };
  }

  async assign(id: string, agentId: number | null, actor: Actor): Promise<InboxConversation> {
    if (agentId !== null) {
      const agent = (await this.operatorsById(true)).get(agentId);
      if (!agent || agent.disabled || !AGENT_ROLES.includes(agent.role))
        throw new AppError('supportAgentUnknown');
    }
    const row = await withAudit(
      this.repository,
      actor,
      { type: 'supportConversation', id },
      null,
      async (repository) => {
        const current = await repository.lockConversation(this.parseId(id));
        if (!current) throw new AppError('supportConversationUnknown');
        const after = await repository.updateConversation(current.id, {
          assigneeId: agentId,
          status: agentId === null ? 'open' : 'assigned',
        });
        return {
          before: { status: current.status, assigneeId: current.assigneeId },
          after: { status: after.status, assigneeId: after.assigneeId },
          result: after,
        };
      },
    );
    await this.emitConversation(row);
    return this.single(row);
  }

  async close(id: string, actor: Actor): Promise<InboxConversation> {
    const row = await withAudit(
      this.repository,
      actor,
      { type: 'supportConversation', id },
      null,
      async (repository) => {
        const current = await repository.lockConversation(this.parseId(id));
        if (!current) throw new AppError('supportConversationUnknown');
        const after = await repository.updateConversation(current.id, { status: 'closed' });
        return { before: { status: current.status }, after: { status: after.status }, result: after };
      },
    );
    await this.emitConversation(row);
    return this.single(row);
  }

  async notes(id: string) {
    const row = await this.found(id);
    const notes = await this.repository.notes(row.id);
    return { items: await this.noteViews(notes) };
  }

  async addNote(id: string, text: string, actor: Actor): Promise<z.input<typeof supportNote>> {
    const conversation = await this.found(id);
    const adminId = actor.adminId;
    if (adminId === null) throw new Error('a note needs an operator');
    const note = await withAudit(
      this.repository,
      actor,
      { type: 'supportConversation', id },
      null,
      async (repository) => {
        const row = await repository.insertNote(conversation.id, adminId, text);
        return { before: null, after: { noteId: String(row.id), text }, result: row };
      },
    );
    const [view] = await this.noteViews([note]);
    if (!view) throw new Error('a note had no view');
    return view;
  }

  async agentImage(id: string) {
    if ((await this.repository.imageConversation(id)) === undefined)
      throw new AppError('supportImageUnknown');
    return this.openImage(id);
  }

  async cannedReplies() {
    return { items: (await this.repository.cannedReplies()).map(cannedView) };
  }

  async createCannedReply(
    body: z.output<typeof cannedReplyBody>,
    actor: Actor,
  ): Promise<z.input<typeof cannedReply>> {
    const texts = definedTexts(body.texts);
    return withAudit(
      this.repository,
      actor,
      { type: 'supportCannedReply', id: null },
      null,
      async (repository) => {
        if (await repository.findCannedReplyByShortcut(body.shortcut))
          throw new AppError('supportShortcutTaken');
        const row = await repository.insertCannedReply(body.shortcut, texts);
        return { before: null, after: cannedView(row), result: cannedView(row), targetId: String(row.id) };
      },
    );
  }

  async updateCannedReply(
    id: string,
    body: z.output<typeof cannedReplyBody>,
    actor: Actor,
  ): Promise<z.input<typeof cannedReply>> {
    const texts = definedTexts(body.texts);
    return withAudit(this.repository, actor, { type: 'supportCannedReply', id }, null, async (repository) => {
      const current = await repository.findCannedReply(this.parseId(id, 'supportCannedReplyUnknown'));
      if (!current) throw new AppError('supportCannedReplyUnknown');
      const clash = await repository.findCannedReplyByShortcut(body.shortcut);
      if (clash && clash.id !== current.id) throw new AppError('supportShortcutTaken');
      const row = await repository.updateCannedReply(current.id, body.shortcut, texts);
      return { before: cannedView(current), after: cannedView(row), result: cannedView(row) };
    });
  }

  async deleteCannedReply(id: string, actor: Actor) {
    await withAudit(this.repository, actor, { type: 'supportCannedReply', id }, null, async (repository) => {
      const current = await repository.findCannedReply(this.parseId(id, 'supportCannedReplyUnknown'));
      if (!current) throw new AppError('supportCannedReplyUnknown');
      await repository.deleteCannedReply(current.id);
      return { before: cannedView(current), after: null, result: null };
    });
    return this.cannedReplies();
  }

  // ---- Views and events ----

  private parseId(
    id: string,
    unknown: 'supportConversationUnknown' | 'supportCannedReplyUnknown' = 'supportConversationUnknown',
  ): bigint {
    if (!/^\d{1,18}$/.test(id)) throw new AppError(unknown);
    return BigInt(id);
  }

  private async found(id: string): Promise<SupportConversationRow> {
    const row = await this.repository.findConversation(this.parseId(id));
    if (!row) throw new AppError('supportConversationUnknown');
    return row;
  }

  private async page(
    row: SupportConversationRow,
    query: z.output<typeof supportMessagesQuery>,
    audience: Audience,
  ) {
    const before = query.before === undefined ? undefined : BigInt(query.before);
    const rows = await this.repository.messages(row.id, before, query.limit + 1);
    const page = rows.slice(0, query.limit).reverse();
    return {
      items: await Promise.all(page.map((message) => this.messageView(message, audience))),
      hasMore: rows.length > query.limit,
    };
  }

  /**
   * Moves one side's marks forward: `side` is whose messages are marked. A mark never goes back, never past
   * that side's newest message, and reading implies receiving.
   */
  private async mark(
    row: SupportConversationRow,
    side: 'customer' | 'agent',
    body: z.output<typeof supportMarksBody>,
  ): Promise<SupportMarks> {
    const deliveredColumn: MarkColumn = side === 'customer' ? 'customerDelivered' : 'agentDelivered';
    const readColumn: MarkColumn = side === 'customer' ? 'customerRead' : 'agentRead';
    const updated = await this.repository.transaction(async (repository) => {
      const locked = await repository.lockConversation(row.id);
      if (!locked) throw new AppError('supportConversationUnknown');
      const newest = await repository.lastMessageOf(row.id, side);
      const cap = (value: string | undefined) =>
        value === undefined || newest === undefined ? undefined : min(BigInt(value), newest);
      const read = max(locked[readColumn], cap(body.read));
      const delivered = max(max(locked[deliveredColumn], cap(body.delivered)), read);
      if (read === locked[readColumn] && delivered === locked[deliveredColumn]) return undefined;
      return repository.updateConversation(row.id, { [readColumn]: read, [deliveredColumn]: delivered });
    });
    if (!updated) return marksOf(row);
    const marks = marksOf(updated);
    await this.emit(updated, { type: 'marks', conversationId: String(updated.id), marks });
    return marks;
  }

  /** Sends an event to the customer's side (the user's `support`, or the visitor's channel) and to agents. */
  private async emit(row: SupportConversationRow, event: SupportEvent) {
    const { publisher } = this.deps;
    if (row.userId !== null) {
      publisher.publishToUser(row.userId, channels.support, forAudience(event, 'user'));
    } else if (row.visitorId !== null) {
      const visitor = await this.repository.findVisitor(row.visitorId);
      // A joined visitor's channel falls silent.
      if (visitor && visitor.joinedAt === null) {
        publisher.publish(
          channels.supportVisitor,
          { visitor: visitor.channelKey },
          forAudience(event, 'visitor'),
        );
      }
    }
    publisher.publishToAgents(channels.supportInbox, forAudience(event, 'agent'));
  }

  private async emitConversation(row: SupportConversationRow) {
    await this.emit(row, {
      type: 'conversation',
      conversationId: String(row.id),
      status: row.status,
      agent: await this.agentOf(row.assigneeId),
    });
  }

  private async customerView(row: SupportConversationRow, customer: Customer): Promise<SupportConversation> {
    let channel = 'support';
    if (customer.kind === 'visitor') channel = `supportVisitor:${customer.visitor.channelKey}`;
    return {
      id: String(row.id),
      status: row.status,
      agent: await this.agentOf(row.assigneeId),
      unread: await this.repository.countAfter(row.id, 'agent', row.agentRead),
      marks: marksOf(row),
      availability: {
        agentsOnline: await this.deps.presence.agentsOnline(),
        typicalReplyMinutes: this.deps.typicalReplyMinutes ?? 30,
      },
      channel,
    };
  }

  private async single(row: SupportConversationRow): Promise<InboxConversation> {
    const [view] = await this.inboxViews([row]);
    if (!view) throw new Error('a conversation had no view');
    return view as InboxConversation;
  }

  private async inboxViews(rows: SupportConversationRow[]): Promise<InboxConversation[]> {
    const lastMessages = await this.repository.lastMessages(rows.map((row) => row.id));
    const userIds = rows.flatMap((row) => (row.userId === null ? [] : [row.userId]));
    const customers = await this.deps.directory.customers(userIds);
    const operators = await this.operatorsById(false);
    return Promise.all(
      rows.map(async (row): Promise<InboxConversation> => {
        const last = lastMessages.get(String(row.id));
        const user = row.userId === null ? undefined : customers.get(row.userId);
        const assignee = row.assigneeId === null ? undefined : operators.get(row.assigneeId);
        return {
          id: String(row.id),
          status: row.status as ConversationStatus,
          customer:
            row.userId !== null
              ? { kind: 'user', userId: row.userId, email: user?.email ?? '', nickname: user?.nickname ?? '' }
              : { kind: 'visitor', label: `V-${String(row.visitorId ?? row.id)}` },
          locale: row.locale,
          assignee: assignee ? { id: assignee.id, name: assignee.name } : null,
          lastMessage: last ? await this.messageView(last, 'agent') : null,
          unread: await this.repository.countAfter(row.id, 'customer', row.customerRead),
          marks: marksOf(row),
          updatedAt: iso(row.updatedAt),
        };
      }),
    );
  }

  private async messageView(row: SupportMessageRow, audience: Audience = 'user'): Promise<SupportMessage> {
    let image: SupportMessage['image'] = null;
    if (row.kind === 'image' && row.uploadId) {
      const size = await this.deps.images.findConversationImage(row.uploadId);
      image = { url: imageUrl(audience, row.uploadId), width: size?.width ?? 0, height: size?.height ?? 0 };
    }
    return {
      id: String(row.id),
      author: row.author,
      agent: row.author === 'agent' ? await this.agentOf(row.adminId) : null,
      kind: row.kind,
      text: row.text,
      image,
      clientId: row.clientId,
      createdAt: iso(row.createdAt),
    };
  }

  private imageOf(customer: Customer, id: string) {
    return { url: imageUrl(customer.kind, id) };
  }

  private async openImage(id: string) {
    const opened = await this.deps.images.openConversationImage(id);
    if (!opened) throw new AppError('supportImageUnknown');
    return opened;
  }

  private async noteViews(rows: SupportNoteRow[]): Promise<z.input<typeof supportNote>[]> {
    const operators = await this.operatorsById(false);
    return rows.map((row) => ({
      id: String(row.id),
      author: { id: row.adminId, name: operators.get(row.adminId)?.name ?? '' },
      text: row.text,
      createdAt: iso(row.createdAt),
    }));
  }

  private async agentOf(adminId: number | null): Promise<SupportMessage['agent']> {
    if (adminId === null) return null;
    let operator = (await this.operatorsById(false)).get(adminId);
    if (!operator) operator = (await this.operatorsById(true)).get(adminId);
    return { name: operator?.name ?? '', verified: true };
  }

  private async operatorsById(fresh: boolean): Promise<Map<number, AdminSummary>> {
    if (!fresh && this.operators && Date.now() - this.operators.at < AGENT_NAME_CACHE_MS) {
      return this.operators.byId;
    }
    const list = await this.deps.operators.list();
    this.operators = { at: Date.now(), byId: new Map(list.map((operator) => [operator.id, operator])) };
    return this.operators.byId;
  }
}

/** Who reads a message: its image is fetched from that reader's own endpoint. */
type Audience = 'user' | 'visitor' | 'agent';

function imageUrl(audience: Audience, id: string): string {
  if (audience === 'agent') return `/api/admin/support/images/${id}`;
  return audience === 'visitor' ? `/api/support/visitor/images/${id}` : `/api/support/images/${id}`;
}

/** The same event with its message's image named for the reader. */
function forAudience(event: SupportEvent, audience: Audience): SupportEvent {
  if (event.type !== 'message' || !event.message.image) return event;
  const id = event.message.image.url.split('/').at(-1) ?? '';
  return {
    ...event,
    message: { ...event.message, image: { ...event.message.image, url: imageUrl(audience, id) } },
  };
}

function marksOf(row: SupportConversationRow): SupportMarks {
  return {
    customerDelivered: idOf(row.customerDelivered),
    customerRead: idOf(row.customerRead),
    agentDelivered: idOf(row.agentDelivered),
    agentRead: idOf(row.agentRead),
  };
}

function max(a: bigint | null, b: bigint | null | undefined): bigint | null {
  if (b === undefined || b === null) return a;
  if (a === null) return b;
  return a > b ? a : b;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function definedTexts(texts: Partial<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts).flatMap(([locale, text]) => (text === undefined ? [] : [[locale, text]])),
  );
}

function cannedView(row: SupportCannedReplyRow): z.input<typeof cannedReply> {
  return {
    id: String(row.id),
    shortcut: row.shortcut,
    texts: row.texts as z.input<typeof cannedReply>['texts'],
    updatedAt: iso(row.updatedAt),
  };
}

async function consume(limiter: RateLimiterAbstract, key: string) {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw new AppError('supportRateLimited', {
        seconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
      });
    }
    throw rejection;
  }
}
