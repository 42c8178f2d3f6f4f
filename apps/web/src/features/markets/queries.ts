import {
  type CandleInterval,
  candleList,
  DEPTH_MAX_LEVELS,
  depthSnapshot,
  marketList,
  marketSummary,
  publicTradeList,
} from '@kestrel/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';
import { marketApiPath } from './paths';

/** Every market read shares this prefix. */
export const marketKeys = {
  all: ['markets'] as const,
  list: () => [...marketKeys.all, 'list'] as const,
  detail: (symbol: string) => [...marketKeys.all, 'detail', symbol] as const,
  depth: (symbol: string) => [...marketKeys.all, 'depth', symbol] as const,
  trades: (symbol: string) => [...marketKeys.all, 'trades', symbol] as const,
};

/**
 * Prices move every second, but they arrive over the WebSocket; REST only gives the starting point and the
 * configuration (ticks, lots, open or closed), which changes rarely.
 */
export const MARKETS_STALE_MS = 30_000;

export function useMarketsQuery(enabled = true) {
  return useQuery({
    enabled,
    queryKey: marketKeys.list(),
    queryFn: () => api.get('/api/markets', marketList),
    select: (data) => data.items,
    staleTime: MARKETS_STALE_MS,
  });
}

export function useMarketQuery(symbol: string) {
  return useQuery({
    queryKey: marketKeys.detail(symbol),
    queryFn: () => api.get(marketApiPath(symbol), marketSummary),
    staleTime: MARKETS_STALE_MS,
  });
}

/** The book's starting point; later snapshots come from `depth:<symbol>`. */
export function useDepthQuery(symbol: string) {
  return useQuery({
    queryKey: marketKeys.depth(symbol),
    queryFn: () =>
      api.get(`/api/markets/${encodeURIComponent(symbol)}/depth?levels=${DEPTH_MAX_LEVELS}`, depthSnapshot, {
        quiet: true,
      }),
    staleTime: 0,
  });
}

export function useRecentTradesQuery(symbol: string) {
  return useQuery({
    queryKey: marketKeys.trades(symbol),
    queryFn: () =>
      api.get(`/api/markets/${encodeURIComponent(symbol)}/trades`, publicTradeList, { quiet: true }),
    select: (data) => data.items,
    staleTime: 0,
  });
}

/** Candles the chart asks for at a time. */
export const CANDLE_PAGE_SIZE = 300;

/** Where one page of candles is read, oldest first; `before` pages further back in time. */
function candlesPath(symbol: string, interval: CandleInterval, before?: number): string {
  const query = new URLSearchParams({ interval, limit: String(CANDLE_PAGE_SIZE) });
  if (before !== undefined) query.set('before', String(before));
  return `/api/markets/${encodeURIComponent(symbol)}/candles?${query}`;
}

export function fetchCandles(symbol: string, interval: CandleInterval, before?: number) {
  return api.get(candlesPath(symbol, interval, before), candleList, { quiet: true });
}

/** Starts reading the latest candles while the chart's code is still on its way (see api.prefetch). */
export function prefetchCandles(symbol: string, interval: CandleInterval): void {
  api.prefetch(candlesPath(symbol, interval));
}
