import { DEFAULT_LOCALE, LOCALES, type Locale } from '@kestrel/i18n';
import { z } from 'zod';

/** `event`: a platform event rendered from the catalogue; `announcement`: text written by an operator. */
export const MESSAGE_KINDS = ['event', 'announcement'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGES_MAX_PAGE_SIZE = 50;
export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 5000;

/** One message in the reader's language: title and body are plain text, never HTML. */
export const inboxMessage = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  title: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
});

export const messagePage = z.object({
  items: z.array(inboxMessage),
  total: z.number().int(),
  unread: z.number().int(),
});

export const unreadCount = z.object({ unread: z.number().int() });

export const messagesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MESSAGES_MAX_PAGE_SIZE).default(20),
});

export const messageIdParams = z.object({ id: z.coerce.number().int().positive() });

const announcementText = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'validation.contentBlank')
    .max(ANNOUNCEMENT_TITLE_MAX, 'inbox.validation.titleTooLong'),
  body: z
    .string()
    .trim()
    .min(1, 'validation.contentBlank')
    .max(ANNOUNCEMENT_BODY_MAX, 'inbox.validation.bodyTooLong'),
});

/** Title and body per locale; en-US is required because it is what every other language falls back to. */
export const announcementTexts = z
  .partialRecord(z.enum(LOCALES), announcementText)
  .refine((texts) => texts[DEFAULT_LOCALE] !== undefined, {
    message: 'inbox.validation.englishRequired',
    path: [DEFAULT_LOCALE],
  });

export const announcementBody = z.object({
  audience: z.discriminatedUnion('to', [
    z.object({ to: z.literal('everyone') }),
    z.object({ to: z.literal('user'), userId: z.number().int().positive() }),
  ]),
  texts: announcementTexts,
});

export const announcementResult = z.object({ id: z.number().int() });

/** Announcements already sent, for the back office: newest first, as written (every locale), with the sender. */
export const announcementsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MESSAGES_MAX_PAGE_SIZE).default(20),
});

export const sentAnnouncement = z.object({
  id: z.number().int(),
  audience: announcementBody.shape.audience,
  texts: z.partialRecord(z.enum(LOCALES), z.object({ title: z.string(), body: z.string() })),
  sender: z
    .object({ id: z.number().int(), email: z.string() })
    .nullable()
    .meta({ description: 'Who sent it, as its audit entry records' }),
  createdAt: z.iso.datetime(),
});

export const sentAnnouncementPage = z.object({
  items: z.array(sentAnnouncement),
  total: z.number().int(),
});

export type InboxMessage = z.infer<typeof inboxMessage>;
export type MessagePage = z.infer<typeof messagePage>;
export type MessagesQuery = z.infer<typeof messagesQuery>;
export type AnnouncementTexts = Partial<Record<Locale, z.infer<typeof announcementText>>>;
export type AnnouncementBody = z.infer<typeof announcementBody>;
export type AnnouncementsQuery = z.infer<typeof announcementsQuery>;
export type SentAnnouncement = z.infer<typeof sentAnnouncement>;
export type SentAnnouncementPage = z.infer<typeof sentAnnouncementPage>;
