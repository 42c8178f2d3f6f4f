import { FIXED_ARTICLE_SLUGS } from '@kestrel/contract';
import { HELP_CENTRE_PATH, TEXT_DETAIL_PATH } from '../../app/paths';

export { HELP_CENTRE_PATH, INTRODUCTION_PATH, TEXT_DETAIL_PATH } from '../../app/paths';
export const HELP_NEWS_PATH = `${HELP_CENTRE_PATH}?view=news`;

/** The screen of one article. */
export function articlePath(slug: string): string {
  return `${TEXT_DETAIL_PATH}?slug=${encodeURIComponent(slug)}`;
}

export const ABOUT_US_PATH = articlePath(FIXED_ARTICLE_SLUGS.aboutUs);
