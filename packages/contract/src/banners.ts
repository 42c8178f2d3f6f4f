import { DEFAULT_LOCALE, LOCALES } from '@kestrel/i18n';
import { z } from 'zod';

/*
 * Home banners (the session's "swiper info"): pictures with a title per language and an optional in-app link,
 * managed in the back office.
 */

export const BANNER_TITLE_MAX = 80;
/**
 * The upload purpose of banner pictures. Only operators store them (never through the users' upload form), and
 * they are the one purpose anyone may read.
 */
export const BANNER_UPLOAD_PURPOSE = 'banner';
/** More would not fit a carousel anyone looks through. */
export const BANNERS_MAX = 20;

/** An in-app route such as "/trade/detail?symbol=BTCUSDT"; never another site ("//host" is refused too). */
export const bannerLinkField = z
  .string('admin.banners.validation.linkInvalid')
  .regex(/^\/(?!\/)[A-Za-z0-9/_?=&.-]{0,200}$/, 'admin.banners.validation.linkInvalid');

export const banner = z.object({
  id: z.number().int(),
  /** URL of the re-encoded picture, served publicly. */
  imageUrl: z.string(),
  /** In the caller's language, falling back to en-US. */
  title: z.string(),
  link: z.string().nullable(),
});
export type Banner = z.infer<typeof banner>;

export const bannerList = z.object({ items: z.array(banner) });
export type BannerList = z.infer<typeof bannerList>;

/** Where anyone fetches a banner picture: public and cacheable, unlike users' uploads. */
export function bannerImageUrl(uploadId: string): string {
  return `/api/banners/images/${uploadId}`;
}

export const bannerImageParams = z.object({ id: z.string() });

// ---- Back office ----

const bannerTitle = z
  .string('admin.banners.validation.titleRequired')
  .trim()
  .min(1, 'admin.banners.validation.titleRequired')
  .max(BANNER_TITLE_MAX, 'admin.banners.validation.titleTooLong');

/** A title per locale; en-US is required because every other language falls back to it. */
export const bannerTitles = z
  .partialRecord(z.enum(LOCALES), bannerTitle)
  .refine((titles) => titles[DEFAULT_LOCALE] !== undefined, {
    message: 'admin.banners.validation.titleRequired',
    path: [DEFAULT_LOCALE],
  });
export type BannerTitles = z.infer<typeof bannerTitles>;

export const adminBanner = z.object({
  id: z.number().int(),
  uploadId: z.string(),
  /** The public picture URL (the same the app loads). */
  imageUrl: z.string(),
  titles: z.record(z.string(), z.string()),
  link: z.string().nullable(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminBanner = z.infer<typeof adminBanner>;

/** Every banner, active or not, in the order the app shows them. */
export const adminBannerList = z.object({ items: z.array(adminBanner) });

export const bannerUploadResult = z.object({
  uploadId: z.string(),
  imageUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type BannerUploadResult = z.infer<typeof bannerUploadResult>;

export const bannerIdParams = z.object({ id: z.coerce.number().int().positive() });

export const bannerCreateBody = z.object({
  uploadId: z
    .string('admin.banners.validation.imageRequired')
    .min(1, 'admin.banners.validation.imageRequired'),
  titles: bannerTitles,
  /** Empty or null: the banner links nowhere. */
  link: z.union([z.literal('').transform(() => null), bannerLinkField, z.null()]).default(null),
  active: z.boolean().default(true),
});
export type BannerCreateBody = z.infer<typeof bannerCreateBody>;

export const bannerUpdateBody = z.object({
  uploadId: z
    .string('admin.banners.validation.imageRequired')
    .min(1, 'admin.banners.validation.imageRequired')
    .optional(),
  titles: bannerTitles.optional(),
  link: z.union([z.literal('').transform(() => null), bannerLinkField, z.null()]).optional(),
  active: z.boolean().optional(),
});
export type BannerUpdateBody = z.infer<typeof bannerUpdateBody>;

/** The new order: every banner's id exactly once, first shown first. */
export const bannerReorderBody = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(BANNERS_MAX),
});
export type BannerReorderBody = z.infer<typeof bannerReorderBody>;
