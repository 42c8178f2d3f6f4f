import type { Banner } from '@kestrel/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';
import { lazySchema } from '../../api/lazySchema';
import { saveSwiperInfo } from '../../session/storage';
import { storedBanners } from './banners';

// The first screen's answers are checked by schemas that load with them, not before the first paint.
const bannerList = lazySchema(() => import('../../api/schemas').then((m) => m.bannerList));
const latestTradeList = lazySchema(() => import('../../api/schemas').then((m) => m.latestTradeList));

export const homeKeys = {
  all: ['home'] as const,
  banners: (language: string) => [...homeKeys.all, 'banners', language] as const,
  latestTrades: () => [...homeKeys.all, 'latestTrades'] as const,
};

/** Banners change when an operator edits them, which is rare; a visit to the home screen is often enough. */
export const BANNERS_STALE_MS = 5 * 60_000;
/** The latest trades come live over the WebSocket after the first page. */
export const LATEST_TRADES_STALE_MS = 30_000;
export const LATEST_TRADES_SHOWN = 10;

export async function fetchBanners(): Promise<Banner[]> {
  const { items } = await api.get('/api/banners', bannerList, { quiet: true });
  saveSwiperInfo(items);
  return items;
}

/**
 * The home banners in the reader's language. The session's swiper info shows the last list at once; the server's
 * answer replaces it and is stored there again.
 */
export function useBannersQuery(language: string) {
  return useQuery({
    queryKey: homeKeys.banners(language),
    queryFn: fetchBanners,
    staleTime: BANNERS_STALE_MS,
    initialData: storedBanners,
    initialDataUpdatedAt: 0,
  });
}

export function useLatestTradesQuery() {
  return useQuery({
    queryKey: homeKeys.latestTrades(),
    queryFn: async () =>
      (await api.get('/api/markets/trades/latest', latestTradeList, { quiet: true })).items,
    staleTime: LATEST_TRADES_STALE_MS,
  });
}
