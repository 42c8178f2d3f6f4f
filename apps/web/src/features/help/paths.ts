import { FIXED_ARTICLE_SLUGS } from '@kestrel/contract';

/** The help centre; `?view=news` lists the platform news. */
export const HELP_CENTRE_PATH = '/user/helpCenter';
export const HELP_NEWS_PATH = `${HELP_CENTRE_PATH}?view=news`;
export const TEXT_DETAIL_PATH = '/user/textDetail';
export const INTRODUCTION_PATH = '/home/introduction';

/** The screen of one article. */
export function articlePath(slug: string): string {
  return `${TEXT_DETAIL_PATH}?slug=${encodeURIComponent(slug)}`;
}

export const ABOUT_US_PATH = articlePath(FIXED_ARTICLE_SLUGS.aboutUs);
