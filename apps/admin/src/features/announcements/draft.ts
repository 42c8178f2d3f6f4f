import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type AnnouncementBody,
  announcementBody,
} from '@kestrel/contract';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@kestrel/i18n';

/** The announcement form as typed: every locale has its two fields, empty until written. */
export type Draft = {
  audience: 'everyone' | 'user';
  userId: string;
  texts: Record<Locale, { title: string; body: string }>;
};

/** Where a validation message is shown: the UID field, or one field of one locale. */
export type DraftField = 'userId' | `${Locale}.title` | `${Locale}.body`;

/** Message keys by field; the first problem of each field. */
export type DraftErrors = Partial<Record<DraftField, string>>;

export const LIMITS = { title: ANNOUNCEMENT_TITLE_MAX, body: ANNOUNCEMENT_BODY_MAX } as const;

export function emptyDraft(): Draft {
  return {
    audience: 'everyone',
    userId: '',
    texts: Object.fromEntries(LOCALES.map((locale) => [locale, { title: '', body: '' }])) as Draft['texts'],
  };
}

/** A locale counts as written once either of its fields holds more than spaces. */
export function isWritten(draft: Draft, locale: Locale): boolean {
  const text = draft.texts[locale];
  return text.title.trim() !== '' || text.body.trim() !== '';
}

export function writtenLocales(draft: Draft): Locale[] {
  return LOCALES.filter((locale) => isWritten(draft, locale));
}

/** The request as the server takes it: unwritten locales are left out, so their readers get en-US. */
function toRequest(draft: Draft) {
  return {
    audience:
      draft.audience === 'everyone'
        ? { to: 'everyone' }
        : { to: 'user', userId: /^\d+$/.test(draft.userId.trim()) ? Number(draft.userId) : Number.NaN },
    texts: Object.fromEntries(writtenLocales(draft).map((locale) => [locale, draft.texts[locale]])),
  };
}

/**
 * Checks the draft with the contract's own schema, so the console refuses exactly what the server would, and
 * places each problem under its field. The UID has no message of its own in the contract; the console's is used.
 */
export function checkDraft(
  draft: Draft,
): { ok: true; body: AnnouncementBody } | { ok: false; errors: DraftErrors } {
  const result = announcementBody.safeParse(toRequest(draft));
  if (result.success) return { ok: true, body: result.data };
  const errors: DraftErrors = {};
  for (const issue of result.error.issues) {
    const [section, locale, field] = issue.path.map(String);
    const place: DraftField | undefined =
      section === 'audience'
        ? 'userId'
        : section === 'texts' && (LOCALES as readonly string[]).includes(locale ?? '')
          ? (`${locale as Locale}.${field === 'body' ? 'body' : 'title'}` as const)
          : undefined;
    if (!place || errors[place] !== undefined) continue;
    errors[place] = place === 'userId' ? 'admin.announcements.userIdInvalid' : issue.message;
  }
  // The schema checks for en-US only once every written text is valid; saying it at once saves a round.
  if (!isWritten(draft, DEFAULT_LOCALE))
    errors[`${DEFAULT_LOCALE}.title`] ??= 'inbox.validation.englishRequired';
  return { ok: false, errors };
}

/** Whether any field of this locale has a problem, for the marker on its tab. */
export function localeHasErrors(errors: DraftErrors, locale: Locale): boolean {
  return errors[`${locale}.title`] !== undefined || errors[`${locale}.body`] !== undefined;
}

/** What a reader of this locale is shown: their own version, else the en-US one the server falls back to. */
export function shownTo(
  draft: Draft,
  locale: Locale,
): { locale: Locale; title: string; body: string } | null {
  if (isWritten(draft, locale)) return { locale, ...draft.texts[locale] };
  if (isWritten(draft, DEFAULT_LOCALE)) return { locale: DEFAULT_LOCALE, ...draft.texts[DEFAULT_LOCALE] };
  return null;
}
