import { ApiError } from '@kestrel/client';
import {
  ORDERS_MAX_PAGE_SIZE,
  SWAP_SECRET_HEADER,
  type SwapOrderBody,
  type SwapOrderStatusMessage,
  type SwapOrderView,
  type SwapQuoteBody,
} from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http';
import { type HeldSwapOrder, holdSwapOrder, secretOf } from './orderStore';

/** Every swap read shares this prefix. */
export const swapKeys = {
  all: ['swap'] as const,
  pairs: () => [...swapKeys.all, 'pairs'] as const,
  quote: (body: SwapQuoteBody | null) => [...swapKeys.all, 'quote', body] as const,
  order: (id: string) => [...swapKeys.all, 'order', id] as const,
  lists: () => [...swapKeys.all, 'list'] as const,
  held: (orders: readonly HeldSwapOrder[]) => [...swapKeys.lists(), 'held', orders] as const,
  mine: () => [...swapKeys.lists(), 'mine'] as const,
};

/** Pairs, limits and indicative rates move with the market; a screen opened a little later asks again. */
export const SWAP_PAIRS_STALE_MS = 30_000;
/** A quote is asked again this long before it expires, so the one on screen is always good to order with. */
export const QUOTE_RENEW_MARGIN_MS = 5_000;
/** A quote that expires sooner than this (or already did) is renewed at once. */
const QUOTE_RENEW_MIN_MS = 1_000;
/** The swap desk's refusal of an order number it does not know, or a secret that does not open it. */
export const SWAP_ORDER_UNKNOWN_CODE = 7505;

/** The secret header of an order this device created; signed in, the token opens the account's own orders. */
function secretHeaders(id: string): Record<string, string> {
  const secret = secretOf(id);
  return secret ? { [SWAP_SECRET_HEADER]: secret } : {};
}

export function useSwapPairsQuery() {
  return useQuery({
    queryKey: swapKeys.pairs(),
    queryFn: () => api.call(routes.listSwapPairs),
    staleTime: SWAP_PAIRS_STALE_MS,
    // The indicative rate on screen follows the market while the swap is open.
    refetchInterval: SWAP_PAIRS_STALE_MS,
  });
}

/**
 * The quote for an amount on one side (`body` null while there is nothing to quote), renewed shortly before it
 * expires. Refusals (an amount out of range) are shown beside the amount, not as a notice.
 */
export function useSwapQuoteQuery(body: SwapQuoteBody | null) {
  return useQuery({
    queryKey: swapKeys.quote(body),
    queryFn: ({ signal }) =>
      api.call(routes.createSwapQuote, { body: body as SwapQuoteBody }, { quiet: true, signal }),
    enabled: body !== null,
    staleTime: ({ state }) =>
      state.data ? Math.max(0, Date.parse(state.data.expiresAt) - Date.now() - QUOTE_RENEW_MARGIN_MS) : 0,
    refetchInterval: ({ state }) =>
      state.data
        ? Math.max(QUOTE_RENEW_MIN_MS, Date.parse(state.data.expiresAt) - Date.now() - QUOTE_RENEW_MARGIN_MS)
        : false,
    placeholderData: (previous) => previous,
  });
}

/** Turns a quote into an order; the order's number and secret are kept on this device before anything else. */
export function useCreateSwapOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SwapOrderBody) => api.call(routes.createSwapOrder, { body }),
    onSuccess: ({ secret, ...order }) => {
      holdSwapOrder({ id: order.id, secret });
      queryClient.setQueryData(swapKeys.order(order.id), order);
      void queryClient.invalidateQueries({ queryKey: swapKeys.lists() });
    },
  });
}

/** True when the desk does not know the order, or will not open it for this visitor. */
export function isUnknownOrder(error: unknown): boolean {
  return error instanceof ApiError && error.code === SWAP_ORDER_UNKNOWN_CODE;
}

/** One order, opened by its secret or the signed-in owner's token; an unknown one is a state, not a notice. */
export function useSwapOrderQuery(id: string | null) {
  return useQuery({
    queryKey: swapKeys.order(id ?? ''),
    queryFn: () =>
      api.call(
        routes.getSwapOrder,
        { params: { id: id ?? '' } },
        { headers: secretHeaders(id ?? ''), quiet: true },
      ),
    enabled: id !== null,
  });
}

export function useCancelSwapOrderMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(routes.cancelSwapOrder, { params: { id } }, { headers: secretHeaders(id) }),
    onSuccess: (order) => {
      queryClient.setQueryData(swapKeys.order(id), order);
      void queryClient.invalidateQueries({ queryKey: swapKeys.lists() });
    },
    // Refused because the order moved on meanwhile: what it is now is read again.
    onError: () => void queryClient.invalidateQueries({ queryKey: swapKeys.order(id) }),
  });
}

/** A status pushed over `swapOrder:<id>` goes into the cached order at once; amounts and hashes are read again. */
export function writePushedSwapStatus(queryClient: QueryClient, message: SwapOrderStatusMessage): void {
  queryClient.setQueryData<SwapOrderView>(swapKeys.order(message.id), (order) =>
    order
      ? { ...order, status: message.status, payStatus: message.payStatus, events: message.events }
      : order,
  );
  void queryClient.invalidateQueries({ queryKey: swapKeys.order(message.id) });
  void queryClient.invalidateQueries({ queryKey: swapKeys.lists() });
}

/** The orders this device holds the secrets of, as the desk sees them now. */
export function useHeldSwapOrdersQuery(held: readonly HeldSwapOrder[]) {
  return useQuery({
    queryKey: swapKeys.held(held),
    queryFn: () =>
      api.call(routes.lookUpSwapOrders, { body: { orders: held.map(({ id, secret }) => ({ id, secret })) } }),
    enabled: held.length > 0,
    select: (data) => data.items,
  });
}

/** The signed-in account's latest orders, created on any device. */
export function useMySwapOrdersQuery(signedIn: boolean) {
  return useQuery({
    queryKey: swapKeys.mine(),
    queryFn: () => api.call(routes.listMySwapOrders, { query: { tab: 'all', limit: ORDERS_MAX_PAGE_SIZE } }),
    enabled: signedIn,
    select: (data) => data.items,
  });
}

/** Both lists as one, each order once, newest first. */
export function mergeSwapOrders(...lists: (readonly SwapOrderView[] | undefined)[]): SwapOrderView[] {
  const byId = new Map<string, SwapOrderView>();
  for (const list of lists)
    for (const order of list ?? []) if (!byId.has(order.id)) byId.set(order.id, order);
  return [...byId.values()].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
