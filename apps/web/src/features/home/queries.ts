import type { Banner } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';
import { saveSwiperInfo } from '../../session/storage';
import { storedBanners } from './banners';

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
  const { items } = await api.call(routes.listBanners, {}, { quiet: true });
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
    queryFn: async () => (await api.call(routes.listLatestTrades, {}, { quiet: true })).items,
    staleTime: LATEST_TRADES_STALE_MS,
  });
}
