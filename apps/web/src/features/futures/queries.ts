import type {
  ExplainQuery,
  FuturesOrderView,
  FuturesPosition,
  FuturesSettingsBody,
  PlaceFuturesOrderBody,
  PositionSide,
} from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http';
import { useCursorPages } from '../../lib/useCursorPages';
import { walletKeys } from '../assets/queries';

/** Every futures read shares this prefix; an order's change refreshes the user's part of them together. */
export const futuresKeys = {
  all: ['futures'] as const,
  markets: () => [...futuresKeys.all, 'markets'] as const,
  market: (symbol: string) => [...futuresKeys.all, 'market', symbol] as const,
  depth: (symbol: string) => [...futuresKeys.all, 'depth', symbol] as const,
  settings: () => [...futuresKeys.all, 'settings'] as const,
  positions: () => [...futuresKeys.all, 'positions'] as const,
  orders: () => [...futuresKeys.all, 'orders'] as const,
  ordersOf: (state: 'open' | 'history', symbol: string) => [...futuresKeys.orders(), state, symbol] as const,
  funding: (symbol: string) => [...futuresKeys.all, 'funding', symbol] as const,
  explanation: (query: ExplainQuery) => [...futuresKeys.all, 'explanation', query] as const,
};

/** Market settings change rarely; the mark price and funding come over the futuresTicker channel. */
export const FUTURES_MARKET_STALE_MS = 30_000;
export const FUTURES_DEPTH_LEVELS = 8;
export const FUTURES_PAGE_SIZE = 20;

export function useFuturesMarketsQuery(enabled = true) {
  return useQuery({
    queryKey: futuresKeys.markets(),
    queryFn: () => api.call(routes.listFuturesMarkets),
    select: (data) => data.items,
    staleTime: FUTURES_MARKET_STALE_MS,
    enabled,
  });
}

export function useFuturesMarketQuery(symbol: string) {
  return useQuery({
    queryKey: futuresKeys.market(symbol),
    queryFn: () => api.call(routes.getFuturesMarket, { params: { symbol } }, { quiet: true }),
    staleTime: FUTURES_MARKET_STALE_MS,
    retry: false,
  });
}

export function useFuturesDepthQuery(symbol: string) {
  return useQuery({
    queryKey: futuresKeys.depth(symbol),
    queryFn: () =>
      api.call(
        routes.getFuturesDepth,
        { params: { symbol }, query: { levels: FUTURES_DEPTH_LEVELS } },
        { quiet: true },
      ),
    staleTime: FUTURES_MARKET_STALE_MS,
  });
}

/** The futures account's available USDT, from the wallet's balances the assets screens share. */
export function useFuturesAvailableQuery(asset: string) {
  return useQuery({
    queryKey: walletKeys.balances(),
    queryFn: () => api.call(routes.getWalletBalances),
    select: (data) =>
      data.balances.find((balance) => balance.account === 'futures' && balance.asset === asset)?.available ??
      '0',
    staleTime: 10_000,
  });
}

/** The user's leverage and margin mode of one market (20x cross until changed). */
export function useFuturesSettingQuery(symbol: string) {
  return useQuery({
    queryKey: futuresKeys.settings(),
    queryFn: () => api.call(routes.listFuturesSettings),
    select: (data) => data.items.find((item) => item.symbol === symbol),
  });
}

export function useUpdateSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FuturesSettingsBody) => api.call(routes.updateFuturesSettings, { body }),
    onSuccess: (setting) =>
      queryClient.setQueryData<{ items: { symbol: string }[] }>(futuresKeys.settings(), (current) => ({
        items: [...(current?.items ?? []).filter((item) => item.symbol !== setting.symbol), setting],
      })),
  });
}

export function usePositionsQuery() {
  return useQuery({
    queryKey: futuresKeys.positions(),
    queryFn: () => api.call(routes.listFuturesPositions),
    select: (data) => data.items,
  });
}

/** The user's open futures orders or their history, newest first; `symbol` '' means every market. */
export function useFuturesOrdersQuery(state: 'open' | 'history', symbol: string, enabled = true) {
  return useCursorPages({
    queryKey: futuresKeys.ordersOf(state, symbol),
    read: (cursor) =>
      api.call(routes.listFuturesOrders, { query: { state, limit: FUTURES_PAGE_SIZE, symbol, cursor } }),
    enabled,
  });
}

export function useFundingPaymentsQuery(symbol: string, enabled: boolean) {
  return useCursorPages({
    queryKey: futuresKeys.funding(symbol),
    read: (cursor) =>
      api.call(routes.listFundingPayments, { query: { limit: FUTURES_PAGE_SIZE, symbol, cursor } }),
    enabled,
  });
}

/**
 * The exact figures behind a position (`side`) or a draft order, each with its formula; read while a sheet shows
 * them (`query` null otherwise). The sheet shows its own error, so the call stays quiet.
 */
export function useFuturesExplanationQuery(query: ExplainQuery | null) {
  return useQuery({
    queryKey: futuresKeys.explanation(query ?? {}),
    queryFn: () => api.call(routes.explainFutures, { query: query ?? {} }, { quiet: true }),
    enabled: query !== null,
    retry: false,
  });
}

/** After any change of the user's futures: orders, positions and balances are read again. */
export function refreshAfterFuturesChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: futuresKeys.orders() });
  void queryClient.invalidateQueries({ queryKey: futuresKeys.positions() });
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
}

/** One submission: the body and the Idempotency-Key that makes resending it harmless. */
export type FuturesOrderAttempt = { body: PlaceFuturesOrderBody; key: string };

export function usePlaceFuturesOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: FuturesOrderAttempt) =>
      api.call(routes.placeFuturesOrder, { body }, { idempotencyKey: key }),
    onSettled: () => refreshAfterFuturesChange(queryClient),
  });
}

export function useCancelFuturesOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: FuturesOrderView) =>
      api.call(routes.cancelFuturesOrder, { params: { id: order.id } }),
    onSettled: () => refreshAfterFuturesChange(queryClient),
  });
}

export type CloseAttempt = {
  body: { symbol: string; side: PositionSide; size?: string };
  key: string;
};

/** Closes a position at the market: all of it, or the size named. */
export function useClosePositionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: CloseAttempt) =>
      api.call(routes.closeFuturesPosition, { body }, { idempotencyKey: key }),
    onSettled: () => refreshAfterFuturesChange(queryClient),
  });
}

export function useSetTriggersMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      symbol: string;
      side: PositionSide;
      takeProfit: string | null;
      stopLoss: string | null;
    }) => api.call(routes.setPositionTriggers, { body }),
    onSuccess: (position) => writePosition(queryClient, position),
  });
}

/** One position as the server now has it, in place of the cached one. */
function writePosition(queryClient: QueryClient, position: FuturesPosition) {
  queryClient.setQueryData<{ items: FuturesPosition[] }>(futuresKeys.positions(), (current) => ({
    items: (current?.items ?? []).map((item) =>
      item.symbol === position.symbol && item.side === position.side ? position : item,
    ),
  }));
}
