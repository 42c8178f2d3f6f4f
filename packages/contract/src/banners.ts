import { z } from 'zod';

/*
 * Home banners (the session's "swiper info"): pictures with a title per language and an optional in-app link,
 * managed in the back office.
 */

/** An in-app route such as "/trade/detail?symbol=BTCUSDT"; never another site. */
export const bannerLinkField = z
  .string('validation.parameterError')
  .trim()
  .regex(/^\/[A-Za-z0-9/_?=&.-]{0,200}$/, 'validation.parameterError');

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
