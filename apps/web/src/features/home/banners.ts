import type { Banner } from '@kestrel/contract';
import { isBanner } from '../../session/shapes';
import { readSession } from '../../session/storage';

/** The banners kept in the session from the last visit, if they still look like banners. */
export function storedBanners(): Banner[] | undefined {
  const stored = readSession().swiperInfo;
  if (stored.length === 0 || !stored.every(isBanner)) return undefined;
  return stored.map(({ id, imageUrl, title, link }) => ({ id, imageUrl, title, link }));
}
