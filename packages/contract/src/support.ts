import { LOCALES } from '@kestrel/i18n';
import { z } from 'zod';
import { ADMIN_ROLES } from './admin';
import { IDENTITY_STATUSES } from './user';

/*
 * Customer service chat (decision 0052). A signed-in user has one conversation for good; an anonymous visitor on
 * /user/online has one bound to a random visitor token the app keeps, joined to the account when the visitor
 * signs in. Messages are plain text or an image from the uploads pipeline, never HTML. Agents are operators with
 * the support role: they read and answer conversations and never change money.
 */

/** The request header that proves an anonymous visitor holds a visitor conversation (its token, given once). */
export const SUPPORT_VISITOR_HEADER = 'x-support-visitor';

export const SUPPORT_TEXT_MAX = 2000;
export const SUPPORT_NOTE_MAX = 2000;
export const SUPPORT_PAGE_MAX = 50;
export const VISITOR_TOKEN_PATTERN = /^vis_[A-Za-z0-9_-]{32,64}$/;

/** `open`: waiting for an agent; `assigned`: an agent has it; `closed`: settled, reopened by the next message. */
export const CONVERSATION_STATUSES = ['open', 'assigned', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const SUPPORT_MESSAGE_KINDS = ['text', 'image'] as const;

/** Who wrote a message: the customer (user or visitor) or an agent. */
export const SUPPORT_AUTHORS = ['customer', 'agent'] as const;

const messageId = z.string().regex(/^\d{1,18}$/, 'validation.parameterError');

/** An agent as the customer sees them: the name and the platform's verified badge. */
export const supportAgent = z.object({ name: z.string(), verified: z.literal(true) });

export const supportImage = z.object({
  /** Fetched with the caller's token or visitor header (supportImage / adminSupportImage). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const supportMessage = z.object({
  id: z.string(),
  author: z.enum(SUPPORT_AUTHORS),
  /** The agent who wrote it; null for the customer's messages. */
  agent: supportAgent.nullable(),
  kind: z.enum(SUPPORT_MESSAGE_KINDS),
  /** Plain text, shown as text. */
  text: z.string().nullable(),
  image: supportImage.nullable(),
  /** The sender's own id for the message, so that a retried send is stored once and an optimistic one is matched. */
  clientId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

/**
 * How far each side has received and read the other side's messages: the id of the last message marked, or null.
 * A customer's message is delivered once an agent's console has it and read once an agent opened it; an agent's
 * message likewise by the customer's app.
 */
export const supportMarks = z.object({
  customerDelivered: z.string().nullable(),
  customerRead: z.string().nullable(),
  agentDelivered: z.string().nullable(),
  agentRead: z.string().nullable(),
});
export type SupportMarks = z.infer<typeof supportMarks>;

/** Whether an agent is online now; when none is, the screen tells the customer when to expect an answer. */
export const supportAvailability = z.object({
  agentsOnline: z.boolean(),
  /** How long an answer usually takes when no agent is online, in minutes. */
  typicalReplyMinutes: z.number().int(),
});

/** The customer's conversation. */
export const supportConversation = z.object({
  id: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  agent: supportAgent.nullable(),
  /** Agents' messages the customer has not read. */
  unread: z.number().int(),
  marks: supportMarks,
  availability: supportAvailability,
  /**
   * The stream channel that carries this conversation's events: `support` (private, after auth) for a user,
   * `supportVisitor:<key>` for a visitor, the key random and known only to the visitor's app.
   */
  channel: z.string(),
});
export type SupportConversation = z.infer<typeof supportConversation>;

export const supportUnread = z.object({ unread: z.number().int() });

/** Older messages before `before` (a message id), oldest first; the newest page without it. */
export const supportMessagesQuery = z.object({
  before: messageId.optional(),
  limit: z.coerce.number().int().min(1).max(SUPPORT_PAGE_MAX).default(30),
});
export const supportMessagePage = z.object({
  items: z.array(supportMessage),
  /** More messages exist before the first one here. */
  hasMore: z.boolean(),
});

const clientIdField = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.parameterError');

export const supportTextField = z
  .string('validation.contentBlank')
  .trim()
  .min(1, 'validation.contentBlank')
  .max(SUPPORT_TEXT_MAX, 'support.validation.textTooLong');

/** A customer's message: text, or an image uploaded first through supportImageUpload. */
export const supportSendBody = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('text'), text: supportTextField, clientId: clientIdField }),
    z.object({
      kind: z.literal('image'),
      imageId: z.uuid('validation.parameterError'),
      clientId: clientIdField,
    }),
  ],
  'validation.parameterError',
);
export type SupportSendBody = z.input<typeof supportSendBody>;

/** Moves the caller's side's marks forward (never back) to the given message ids. */
export const supportMarksBody = z
  .object({ delivered: messageId.optional(), read: messageId.optional() })
  .refine((body) => body.delivered !== undefined || body.read !== undefined, 'validation.parameterError');

/** Joins a visitor conversation held by this app to the signed-in account; the visitor token stops working. */
export const supportJoinBody = z.object({
  visitorToken: z.string().regex(VISITOR_TOKEN_PATTERN, 'support.errors.visitorUnknown'),
});

/** A new visitor: the token is shown once and kept by the app (local storage). */
export const supportVisitorCreated = z.object({ visitorToken: z.string() });

export const supportImageUploaded = supportImage.extend({ id: z.uuid() });
export const supportImageParams = z.object({ id: z.uuid('support.errors.imageUnknown') });

/**
 * Events on `support` and `supportVisitor:<key>` (the customer's side) and on `supportInbox` (agents'; the
 * conversation's id says which one). `message`: a new message; `marks`: the other side received or read;
 * `conversation`: status or agent changed.
 */
export const supportEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), conversationId: z.string(), message: supportMessage }),
  z.object({ type: z.literal('marks'), conversationId: z.string(), marks: supportMarks }),
  z.object({
    type: z.literal('conversation'),
    conversationId: z.string(),
    status: z.enum(CONVERSATION_STATUSES),
    agent: supportAgent.nullable(),
  }),
]);
export type SupportEvent = z.infer<typeof supportEvent>;

// ---- Agents (back office, support role) ----

/** The inbox's views: unassigned open conversations, the caller's own, every assigned one, closed ones. */
export const INBOX_VIEWS = ['open', 'mine', 'assigned', 'closed'] as const;

export const supportCustomer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: z.number().int(), email: z.string(), nickname: z.string() }),
  /** An anonymous visitor: a short, stable label, never the token. */
  z.object({ kind: z.literal('visitor'), label: z.string() }),
]);

export const inboxConversation = z.object({
  id: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  customer: supportCustomer,
  /** The customer's language: canned replies are offered in it. */
  locale: z.enum(LOCALES),
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  lastMessage: supportMessage.nullable(),
  /** Customer messages no agent has read. */
  unread: z.number().int(),
  marks: supportMarks,
  updatedAt: z.iso.datetime(),
});
export type InboxConversation = z.infer<typeof inboxConversation>;

export const inboxQuery = z.object({
  view: z.enum(INBOX_VIEWS, 'validation.parameterError').default('open'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(SUPPORT_PAGE_MAX).default(20),
});
export const inboxPage = z.object({
  items: z.array(inboxConversation),
  total: z.number().int(),
  /** Conversations per view, for the inbox's tabs. */
  counts: z.object({ open: z.number().int(), mine: z.number().int(), assigned: z.number().int() }),
});

export const conversationParams = z.object({
  id: z.string().regex(/^\d{1,18}$/, 'support.errors.conversationUnknown'),
});

export const agentSendBody = z.object({ text: supportTextField, clientId: clientIdField });

/** Who a conversation may be assigned to: every enabled operator who answers customers. */
export const supportAgentList = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string(), role: z.enum(ADMIN_ROLES) })),
});

/** Assign to an agent (an operator with the support role), or back to the open queue with null. */
export const assignBody = z.object({ agentId: z.number().int().positive().nullable() });

export const supportNote = z.object({
  id: z.string(),
  author: z.object({ id: z.number().int(), name: z.string() }),
  text: z.string(),
  createdAt: z.iso.datetime(),
});
export const noteBody = z.object({
  text: z
    .string('validation.contentBlank')
    .trim()
    .min(1, 'validation.contentBlank')
    .max(SUPPORT_NOTE_MAX, 'support.validation.textTooLong'),
});
export const noteList = z.object({ items: z.array(supportNote) });

/**
 * What an agent sees beside a user's conversation, read-only: identity, balances, the latest deposits and
 * withdrawals and the open orders. Null for a visitor.
 */
export const customerContext = z.object({
  userId: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  registeredAt: z.iso.datetime(),
  identityStatus: z.enum(IDENTITY_STATUSES),
  frozen: z.boolean(),
  balances: z.array(z.object({ asset: z.string(), available: z.string(), frozen: z.string() })),
  deposits: z.array(
    z.object({
      id: z.string(),
      asset: z.string(),
      amount: z.string(),
      status: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
  withdrawals: z.array(
    z.object({
      id: z.string(),
      asset: z.string(),
      amount: z.string(),
      status: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
  openOrders: z.array(
    z.object({
      market: z.enum(['spot', 'futures']),
      id: z.string(),
      symbol: z.string(),
      side: z.string(),
      type: z.string(),
      price: z.string().nullable(),
      quantity: z.string(),
      filled: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
});
export const conversationDetail = inboxConversation.extend({ context: customerContext.nullable() });

/** A canned reply: a shortcut and its text per locale (en-US required, the fallback for the others). */
export const cannedReply = z.object({
  id: z.string(),
  shortcut: z.string(),
  texts: z.partialRecord(z.enum(LOCALES), z.string()),
  updatedAt: z.iso.datetime(),
});
export const cannedReplyBody = z.object({
  shortcut: z
    .string('validation.contentBlank')
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'support.validation.shortcutInvalid'),
  texts: z.partialRecord(z.enum(LOCALES), supportTextField).refine((texts) => texts['en-US'] !== undefined, {
    message: 'support.validation.englishRequired',
    path: ['en-US'],
  }),
});
export const cannedReplyList = z.object({ items: z.array(cannedReply) });
export const cannedReplyParams = z.object({
  id: z.string().regex(/^\d{1,18}$/, 'support.errors.cannedReplyUnknown'),
});

/** The random key naming a visitor's stream channel (`supportVisitor:<key>`). */
export const SUPPORT_VISITOR_CHANNEL_PATTERN = '[A-Za-z0-9_-]{32}';
