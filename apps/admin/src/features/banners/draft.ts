import { type AdminBanner, type BannerCreateBody, bannerCreateBody } from '@kestrel/contract';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@kestrel/i18n';

/** The banner form as typed: every locale has a title field, empty until written. */
export type BannerDraft = {
  uploadId: string;
  imageUrl: string;
  titles: Record<Locale, string>;
  link: string;
  active: boolean;
};

export type BannerDraftField = 'image' | 'link' | `title.${Locale}`;
export type BannerDraftErrors = Partial<Record<BannerDraftField, string>>;

export function emptyDraft(): BannerDraft {
  return {
    uploadId: '',
    imageUrl: '',
    titles: Object.fromEntries(LOCALES.map((locale) => [locale, ''])) as Record<Locale, string>,
    link: '',
    active: true,
  };
}

export function draftOf(banner: AdminBanner): BannerDraft {
  const draft = emptyDraft();
  for (const locale of LOCALES) draft.titles[locale] = banner.titles[locale] ?? '';
  return {
    ...draft,
    uploadId: banner.uploadId,
    imageUrl: banner.imageUrl,
    link: banner.link ?? '',
    active: banner.active,
  };
}

export function isWritten(draft: BannerDraft, locale: Locale): boolean {
  return draft.titles[locale].trim() !== '';
}

/**
 * Checks the draft with the contract's own schema, so that the console refuses exactly what the server would,
 * and places each problem under its field. Unwritten locales are left out: their readers get the en-US title.
 */
export function checkDraft(
  draft: BannerDraft,
): { ok: true; body: BannerCreateBody } | { ok: false; errors: BannerDraftErrors } {
  const result = bannerCreateBody.safeParse({
    uploadId: draft.uploadId,
    titles: Object.fromEntries(
      LOCALES.filter((locale) => isWritten(draft, locale)).map((locale) => [locale, draft.titles[locale]]),
    ),
    link: draft.link.trim(),
    active: draft.active,
  });
  if (result.success) return { ok: true, body: result.data };
  const errors: BannerDraftErrors = {};
  for (const issue of result.error.issues) {
    const [section, locale] = issue.path.map(String);
    const place: BannerDraftField | undefined =
      section === 'uploadId'
        ? 'image'
        : section === 'link'
          ? 'link'
          : section === 'titles' && (LOCALES as readonly string[]).includes(locale ?? '')
            ? `title.${locale as Locale}`
            : undefined;
    if (place && errors[place] === undefined) errors[place] = issue.message;
  }
  // The union of link schemas reports its own message; say the link's one.
  if (errors.link !== undefined) errors.link = 'admin.banners.validation.linkInvalid';
  if (!isWritten(draft, DEFAULT_LOCALE)) {
    errors[`title.${DEFAULT_LOCALE}`] ??= 'admin.banners.validation.titleRequired';
  }
  return { ok: false, errors };
}
