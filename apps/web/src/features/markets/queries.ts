import {
  type CandleInterval,
  candleList,
  DEPTH_MAX_LEVELS,
  depthSnapshot,
  type MarketSummary,
  marketList,
  marketSummary,
  publicTradeList,
} from '@kestrel/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';

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

/** A request started before the screen rendered (see `prefetchMarket`), taken once by the first query. */
const early = new Map<string, Promise<MarketSummary>>();

function fetchMarket(symbol: string): Promise<MarketSummary> {
  const started = early.get(symbol);
  early.delete(symbol);
  return started ?? api.get(`/api/markets/${encodeURIComponent(symbol)}`, marketSummary);
}

/**
 * Starts loading a market while the screen's code is still arriving, so its price (the screen's largest text)
 * does not wait for one more round trip after the first render.
 */
export function prefetchMarket(symbol: string): void {
  if (early.has(symbol)) return;
  const request = api.get(`/api/markets/${encodeURIComponent(symbol)}`, marketSummary, { quiet: true });
  // Unclaimed failures are not errors of anyone's: the query asks again and reports its own.
  request.catch(() => early.delete(symbol));
  early.set(symbol, request);
}

export function useMarketQuery(symbol: string) {
  return useQuery({
    queryKey: marketKeys.detail(symbol),
    queryFn: () => fetchMarket(symbol),
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

/** One page of candles, oldest first; `before` pages further back in time. */
export function fetchCandles(symbol: string, interval: CandleInterval, before?: number, limit = 300) {
  const query = new URLSearchParams({ interval, limit: String(limit) });
  if (before !== undefined) query.set('before', String(before));
  return api.get(`/api/markets/${encodeURIComponent(symbol)}/candles?${query}`, candleList, { quiet: true });
}
