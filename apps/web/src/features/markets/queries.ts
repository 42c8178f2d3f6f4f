import { urlOf } from '@kestrel/client';
import { type CandleInterval, DEPTH_MAX_LEVELS } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
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
    queryFn: () => api.call(routes.listMarkets),
    select: (data) => data.items,
    staleTime: MARKETS_STALE_MS,
  });
}

export function useMarketQuery(symbol: string) {
  return useQuery({
    queryKey: marketKeys.detail(symbol),
    queryFn: () => api.call(routes.getMarket, { params: { symbol } }),
    staleTime: MARKETS_STALE_MS,
  });
}

/** The book's starting point; later snapshots come from `depth:<symbol>`. */
export function useDepthQuery(symbol: string) {
  return useQuery({
    queryKey: marketKeys.depth(symbol),
    queryFn: () =>
      api.call(
        routes.getMarketDepth,
        { params: { symbol }, query: { levels: DEPTH_MAX_LEVELS } },
        { quiet: true },
      ),
    staleTime: 0,
  });
}

export function useRecentTradesQuery(symbol: string) {
  return useQuery({
    queryKey: marketKeys.trades(symbol),
    queryFn: () => api.call(routes.listMarketTrades, { params: { symbol } }, { quiet: true }),
    select: (data) => data.items,
    staleTime: 0,
  });
}

/** Candles the chart asks for at a time. */
export const CANDLE_PAGE_SIZE = 300;

/** One page of candles, oldest first; `before` pages further back in time. */
function candlesInput(symbol: string, interval: CandleInterval, before?: number) {
  return { params: { symbol }, query: { interval, limit: CANDLE_PAGE_SIZE, before } };
}

export function fetchCandles(symbol: string, interval: CandleInterval, before?: number) {
  return api.call(routes.getMarketCandles, candlesInput(symbol, interval, before), { quiet: true });
}

/** Starts reading the latest candles while the chart's code is still on its way (see api.prefetch). */
export function prefetchCandles(symbol: string, interval: CandleInterval): void {
  api.prefetch(urlOf(routes.getMarketCandles, candlesInput(symbol, interval)));
}
