import type { OrderView, PlaceOrderBody, WalletBalance } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http';
import { useCursorPages } from '../../lib/useCursorPages';
import { walletKeys } from '../assets/queries';

/** Every spot read shares this prefix; an order's change refreshes them together. */
export const spotKeys = {
  all: ['spot'] as const,
  markets: () => [...spotKeys.all, 'markets'] as const,
  market: (symbol: string) => [...spotKeys.all, 'market', symbol] as const,
  depth: (symbol: string) => [...spotKeys.all, 'depth', symbol] as const,
  orders: () => [...spotKeys.all, 'orders'] as const,
  ordersOf: (state: 'open' | 'history', symbol: string) => [...spotKeys.orders(), state, symbol] as const,
  trades: (symbol: string) => [...spotKeys.all, 'trades', symbol] as const,
};

/** Market settings change rarely; the live price comes over the ticker channel. */
export const MARKET_STALE_MS = 30_000;
/** The book is live over the depth channel; the snapshot only starts it. */
export const DEPTH_LEVELS = 8;
export const ORDERS_PAGE_SIZE = 20;
export const TRADES_PAGE_SIZE = 20;

export function useMarketsQuery() {
  return useQuery({
    queryKey: spotKeys.markets(),
    queryFn: () => api.call(routes.listMarkets),
    select: (data) => data.items,
    staleTime: MARKET_STALE_MS,
  });
}

export function useMarketQuery(symbol: string) {
  return useQuery({
    queryKey: spotKeys.market(symbol),
    queryFn: () => api.call(routes.getMarket, { params: { symbol } }, { quiet: true }),
    staleTime: MARKET_STALE_MS,
    retry: false,
  });
}

export function useDepthQuery(symbol: string) {
  return useQuery({
    queryKey: spotKeys.depth(symbol),
    queryFn: () =>
      api.call(
        routes.getMarketDepth,
        { params: { symbol }, query: { levels: DEPTH_LEVELS } },
        { quiet: true },
      ),
    staleTime: MARKET_STALE_MS,
  });
}

/** The spot account's balances; the full list is kept so the assets screens share the cache. */
export function useSpotBalancesQuery() {
  return useQuery({
    queryKey: walletKeys.balances(),
    queryFn: () => api.call(routes.getWalletBalances),
    select: (data) => data.balances.filter((balance) => balance.account === 'spot'),
    staleTime: 10_000,
  });
}

/** The user's open orders or their order history, newest first. */
export function useOrdersQuery(state: 'open' | 'history', symbol: string) {
  return useCursorPages({
    queryKey: spotKeys.ordersOf(state, symbol),
    read: (cursor) =>
      api.call(routes.listSpotOrders, { query: { state, limit: ORDERS_PAGE_SIZE, symbol, cursor } }),
  });
}

/** The user's fills, newest first; `symbol` '' means every market. */
export function useTradesQuery(symbol: string) {
  return useCursorPages({
    queryKey: spotKeys.trades(symbol),
    read: (cursor) => api.call(routes.listSpotTrades, { query: { limit: TRADES_PAGE_SIZE, symbol, cursor } }),
  });
}

/** After any change of the user's orders: orders, trades and balances are read again. */
export function refreshAfterOrderChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: spotKeys.orders() });
  void queryClient.invalidateQueries({ queryKey: [...spotKeys.all, 'trades'] });
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
}

/** The `balances` channel carries the spot account; the other accounts in the cache stay as they are. */
export function mergeSpotBalances(queryClient: QueryClient, spot: WalletBalance[]) {
  queryClient.setQueryData<{ balances: WalletBalance[] }>(walletKeys.balances(), (current) =>
    current
      ? { balances: [...current.balances.filter((balance) => balance.account !== 'spot'), ...spot] }
      : { balances: spot },
  );
}

/** One order submission: the body and the Idempotency-Key that makes resending it harmless. */
export type OrderAttempt = { body: PlaceOrderBody; key: string };

export function usePlaceOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: OrderAttempt) =>
      api.call(routes.placeSpotOrder, { body }, { idempotencyKey: key }),
    onSettled: () => refreshAfterOrderChange(queryClient),
  });
}

export function useCancelOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: OrderView) => api.call(routes.cancelSpotOrder, { params: { id: order.id } }),
    onSettled: () => refreshAfterOrderChange(queryClient),
  });
}

export function useCancelAllMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (symbol: string) => api.call(routes.cancelAllSpotOrders, { body: symbol ? { symbol } : {} }),
    onSettled: () => refreshAfterOrderChange(queryClient),
  });
}
