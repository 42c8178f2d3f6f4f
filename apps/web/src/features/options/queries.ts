import type { PlaceOptionOrderBody } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http';
import { useCursorPages } from '../../lib/useCursorPages';
import { walletKeys } from '../assets/queries';

/** Which of the user's orders a list holds: not yet settled, or settled (newest first). */
export type OptionOrderState = 'open' | 'settled';

/** Every options read shares this prefix; a purchase refreshes the user's part of them together. */
export const optionKeys = {
  all: ['options'] as const,
  products: () => [...optionKeys.all, 'products'] as const,
  ticks: (productId: string) => [...optionKeys.all, 'ticks', productId] as const,
  orders: () => [...optionKeys.all, 'orders'] as const,
  /** `productId` '' lists every product. */
  ordersOf: (state: OptionOrderState, productId: string) =>
    [...optionKeys.orders(), state, productId] as const,
  proof: (orderId: string) => [...optionKeys.all, 'proof', orderId] as const,
};

/** Products change only when operators configure them; rounds and ticks come over the optionClock channel. */
export const OPTION_PRODUCTS_STALE_MS = 30_000;
/** The price line shows the last few minutes: one tick a second or so. */
export const OPTION_TICKS_SHOWN = 300;
export const OPTION_ORDERS_PAGE_SIZE = 20;
/** A settled order's proof never changes; an open one's gains its ticks as the round closes. */
const SETTLED_PROOF_STALE_MS = Number.POSITIVE_INFINITY;

export function useOptionProductsQuery() {
  return useQuery({
    queryKey: optionKeys.products(),
    queryFn: () => api.call(routes.listOptionProducts),
    select: (data) => data.items,
    staleTime: OPTION_PRODUCTS_STALE_MS,
  });
}

/** The recorded ticks of a product's market, oldest first; pushed ticks are appended (pushed.ts). */
export function useOptionTicksQuery(productId: string | undefined) {
  return useQuery({
    queryKey: optionKeys.ticks(productId ?? ''),
    queryFn: () =>
      api.call(
        routes.listOptionTicks,
        { params: { id: productId ?? '' }, query: { limit: OPTION_TICKS_SHOWN } },
        { quiet: true },
      ),
    select: (data) => data.items,
    enabled: productId !== undefined,
    staleTime: OPTION_PRODUCTS_STALE_MS,
  });
}

/** The user's open orders or their settled ones, newest first, one cursor page after another. */
export function useOptionOrdersQuery(state: OptionOrderState, productId = '', enabled = true) {
  return useCursorPages({
    queryKey: optionKeys.ordersOf(state, productId),
    read: (cursor) =>
      api.call(routes.listOptionOrders, {
        query: { state, limit: OPTION_ORDERS_PAGE_SIZE, productId, cursor },
      }),
    enabled,
  });
}

/** An order's proof, read while its sheet is open (`orderId` null otherwise); the sheet shows its own error. */
export function useOptionProofQuery(orderId: string | null) {
  return useQuery({
    queryKey: optionKeys.proof(orderId ?? ''),
    queryFn: () => api.call(routes.getOptionOrderProof, { params: { id: orderId ?? '' } }, { quiet: true }),
    enabled: orderId !== null,
    staleTime: (query) => (query.state.data?.rule ? SETTLED_PROOF_STALE_MS : 0),
    retry: false,
  });
}

/** After a purchase or a lost connection: the orders and the balances are read again. */
export function refreshAfterOptionChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: optionKeys.orders() });
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
}

/** One purchase: the body and the Idempotency-Key that makes resending it harmless. */
export type OptionOrderAttempt = { body: PlaceOptionOrderBody; key: string };

export function usePlaceOptionOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: OptionOrderAttempt) =>
      api.call(routes.placeOptionOrder, { body }, { idempotencyKey: key }),
    onSettled: () => refreshAfterOptionChange(queryClient),
  });
}
