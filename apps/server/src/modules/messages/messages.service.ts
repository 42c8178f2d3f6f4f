import type { AnnouncementBody, InboxMessage, MessagePage, SentAnnouncementPage } from '@kestrel/contract';
import { type Catalogue, DEFAULT_LOCALE, intlTag, type Locale, type TranslationKey } from '@kestrel/i18n';
import { AppError } from '../../http/app-error';
import {
  isTranslationKey,
  type QuantityParam,
  quantity,
  type TranslateParams,
  translator,
} from '../../http/i18n';
import { type Actor, withAudit } from '../admin';
import type { InboxRow, MessagesRepository } from './messages.repository';
import type { StoredParam } from './messages.schema';

/** An event of the catalogue section `inbox.events`; each has a title and a body template. */
export type InboxEvent = keyof Catalogue['inbox']['events'];

/** A catalogue text as a parameter, translated when the message is read. */
export type CatalogueText = { key: TranslationKey };

/**
 * The parameters of each event. A Date and an amount (QuantityParam) are shown in the reader's language and
 * number format and a CatalogueText in the reader's words, all at read time; strings and numbers are shown as
 * they are.
 */
export type EventParams = {
  /** What the account may do about withdrawals right now, as the back office's setting says. */
  welcome: { withdrawals: CatalogueText };
  newLogin: { time: Date; ip: string; device: string | CatalogueText };
  identityApproved: Record<string, never>;
  /** The reviewer's reason, as written. */
  identityRejected: { reason: string };
  /** The card masked to its last four characters, and its bank, so the user knows which one. */
  bankCardApproved: { card: string; bank: string };
  bankCardRejected: { card: string; bank: string; reason: string };
  walletApproved: { chain: string; address: string };
  walletRejected: { chain: string; address: string; reason: string };
  /** A deposit credited: the amount credited (as the reviewer may have corrected it) and its asset. */
  depositApproved: { amount: QuantityParam; asset: string };
  depositRejected: { amount: QuantityParam; asset: string; reason: string };
  /** A withdrawal paid out: what the destination receives (the fee taken), and its asset. */
  withdrawalCompleted: { amount: QuantityParam; asset: string };
  /** A withdrawal refused: the whole amount, given back, and the reviewer's reason. */
  withdrawalRejected: { amount: QuantityParam; asset: string; reason: string };
  /** An operator's system add or system debit: the amount and its asset. */
  systemAdd: { amount: QuantityParam; asset: string };
  systemDebit: { amount: QuantityParam; asset: string };
};

type ParamValue = string | number | Date | CatalogueText | QuantityParam;

function store(params: Record<string, ParamValue>): Record<string, StoredParam> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      value instanceof Date ? { at: value.toISOString() } : value,
    ]),
  );
}

/** Moments in messages are shown in UTC, named as such: the server does not know the reader's time zone. */
function formatMoment(iso: string, locale: Locale) {
  return new Intl.DateTimeFormat(intlTag(locale), {
    dateStyle: 'medium',
    timeStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

/** A short, plain description of the device behind a user agent, e.g. "Chrome on Android". */
export function describeDevice(userAgent: string | undefined): string | CatalogueText {
  if (!userAgent) return { key: 'inbox.unknownDevice' };
  const os = [
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1];
  // Order matters: Edge and Opera also say "Chrome", and Chrome also says "Safari".
  const browser = [
    [/Edg\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\/|FxiOS/, 'Firefox'],
    [/Chrome\/|CriOS/, 'Chrome'],
    [/Safari\//, 'Safari'],
  ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1];
  if (browser && os) return `${browser} (${os})`;
  if (browser || os) return (browser ?? os) as string;
  // Neither is recognised (a script, an app): show the agent itself, bounded, as text.
  return userAgent.slice(0, 100);
}

/** The in-app message centre: what every capability uses to tell a user something. */
export class MessagesService {
  constructor(private readonly repository: MessagesRepository) {}

  /**
   * Tells a user about an event. The event key and parameters are stored, not the text, so that the message
   * is shown in whatever language the user reads it in.
   */
  async notify<E extends InboxEvent>(userId: number, event: E, params: EventParams[E]) {
    await this.repository.insert({
      userId,
      kind: 'event',
      event,
      params: store(params as Record<string, ParamValue>),
    });
  }

  /**
   * Tells a user about an event whose texts another module keeps in its own catalogue section: `key` names a
   * catalogue object with a `title` and a `body` (e.g. `support.notice.agentReplied`), rendered like any event.
   */
  async notifyCatalogue(userId: number, key: string, params: Record<string, string | number>) {
    if (!isTranslationKey(`${key}.title`) || !isTranslationKey(`${key}.body`)) {
      throw new Error(`${key} has no title and body in the catalogues`);
    }
    await this.repository.insert({ userId, kind: 'event', event: key, params: store(params) });
  }

  /** An operator's announcement, to everyone (one row for all) or to one user, with its audit entry. */
  async announce(body: AnnouncementBody, actor: Actor): Promise<{ id: number }> {
    const { audience, texts } = body;
    return withAudit(this.repository, actor, { type: 'announcement', id: null }, null, async (repository) => {
      if (audience.to === 'user' && !(await repository.userExists(audience.userId))) {
        throw new AppError('accountNotFound');
      }
      const row = await repository.insert({
        userId: audience.to === 'user' ? audience.userId : null,
        kind: 'announcement',
        texts,
      });
      return { before: null, after: { audience, texts }, result: { id: row.id }, targetId: row.id };
    });
  }

  /** The announcements sent so far, for the back office, as written in every locale. */
  async sentAnnouncements(page: number, pageSize: number): Promise<SentAnnouncementPage> {
    const [rows, total] = await Promise.all([
      this.repository.sentAnnouncements((page - 1) * pageSize, pageSize),
      this.repository.countAnnouncements(),
    ]);
    const items = rows.map(({ message, sender }) => ({
      id: message.id,
      audience:
        message.userId === null
          ? { to: 'everyone' as const }
          : { to: 'user' as const, userId: message.userId },
      texts: message.texts ?? {},
      sender,
      createdAt: message.createdAt.toISOString(),
    }));
    return { items, total };
  }

  async list(userId: number, page: number, pageSize: number, locale: Locale): Promise<MessagePage> {
    const [rows, counts] = await Promise.all([
      this.repository.page(userId, (page - 1) * pageSize, pageSize),
      this.repository.counts(userId),
    ]);
    return { items: rows.map((row) => render(row, locale)), ...counts };
  }

  async unreadCount(userId: number): Promise<{ unread: number }> {
    const { unread } = await this.repository.counts(userId);
    return { unread };
  }

  async get(userId: number, id: number, locale: Locale): Promise<InboxMessage> {
    return render(await this.visible(userId, id), locale);
  }

  async markRead(userId: number, id: number) {
    await this.visible(userId, id);
    await this.repository.markRead(userId, id);
  }

  async markAllRead(userId: number) {
    await this.repository.markAllRead(userId);
  }

  private async visible(userId: number, id: number): Promise<InboxRow> {
    const row = await this.repository.findVisible(userId, id);
    if (!row) throw new AppError('messageNotFound');
    return row;
  }
}

/**
 * What messages stored before a parameter existed show for it: welcomes from before the withdrawal rule said
 * what verification unlocks, and that rule's default is a verified identity.
 */
const DEFAULT_PARAMS: Partial<Record<InboxEvent, Record<string, StoredParam>>> = {
  welcome: { withdrawals: { key: 'inbox.withdrawalsNeedIdentity' } },
};

/** An amount stored as a bare decimal string, as messages were before amounts were marked, shown as one. */
function storedAmount(name: string, value: string | number) {
  return name === 'amount' && typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)
    ? quantity(value)
    : value;
}

/** The message in the reader's language; announcements fall back to en-US when not written in it. */
function render(row: InboxRow, locale: Locale): InboxMessage {
  const common = { id: row.id, kind: row.kind, createdAt: row.createdAt.toISOString(), read: row.read };
  if (row.kind === 'announcement') {
    const text = row.texts?.[locale] ?? row.texts?.[DEFAULT_LOCALE] ?? { title: '', body: '' };
    return { ...common, title: text.title, body: text.body };
  }
  const t = translator(locale);
  const params: TranslateParams = {};
  for (const [name, value] of Object.entries({ ...DEFAULT_PARAMS[row.event as InboxEvent], ...row.params })) {
    if (typeof value !== 'object') params[name] = storedAmount(name, value);
    else if ('at' in value) params[name] = formatMoment(value.at, locale);
    else if ('quantity' in value) params[name] = value;
    else params[name] = isTranslationKey(value.key) ? t(value.key) : value.key;
  }
  // An event of another section is stored under its full key (notifyCatalogue), the others under inbox.events.
  const base = row.event?.includes('.') ? row.event : `inbox.events.${row.event}`;
  const title = `${base}.title`;
  const body = `${base}.body`;
  return {
    ...common,
    title: isTranslationKey(title) ? t(title, params) : '',
    body: isTranslationKey(body) ? t(body, params) : '',
  };
}
