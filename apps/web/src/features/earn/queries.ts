import type { EarnRedeemBody, EarnSubscriptionBody } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http';
import { useCursorPages } from '../../lib/useCursorPages';
import { walletKeys } from '../assets/queries';

/** Which of the user's orders a list holds: accruing, or matured and redeemed (newest first). */
export type EarnOrderState = 'active' | 'closed';

/** Every earn read shares this prefix; a subscription or a redemption refreshes the user's part together. */
export const earnKeys = {
  all: ['earn'] as const,
  products: () => [...earnKeys.all, 'products'] as const,
  quote: (productId: string, amount: string) => [...earnKeys.all, 'quote', productId, amount] as const,
  mine: () => [...earnKeys.all, 'mine'] as const,
  orders: (state: EarnOrderState) => [...earnKeys.mine(), 'orders', state] as const,
  summary: () => [...earnKeys.mine(), 'summary'] as const,
  redemption: (orderId: string) => [...earnKeys.mine(), 'redemption', orderId] as const,
};

/** Products change when operators configure them or quotas fill; a minute old is fresh enough to choose from. */
export const EARN_PRODUCTS_STALE_MS = 30_000;
/** Interest accrues once a day: the summary and orders change only on the user's actions and that daily run. */
export const EARN_MINE_STALE_MS = 60_000;
export const EARN_ORDERS_PAGE_SIZE = 20;

export function useEarnProductsQuery() {
  return useQuery({
    queryKey: earnKeys.products(),
    queryFn: () => api.call(routes.listEarnProducts),
    select: (data) => data.items,
    staleTime: EARN_PRODUCTS_STALE_MS,
  });
}

/**
 * Every figure of a subscription, asked for once the amount typed is a valid one (`body` null otherwise). The
 * sheet shows the server's refusal under the field itself, so the top notice stays quiet.
 */
export function useEarnQuoteQuery(body: EarnSubscriptionBody | null) {
  return useQuery({
    queryKey: earnKeys.quote(body?.productId ?? '', body?.amount ?? ''),
    queryFn: () =>
      api.call(
        routes.quoteEarnSubscription,
        { body: body ?? { productId: '', amount: '' } },
        { quiet: true },
      ),
    enabled: body !== null,
    staleTime: 0,
    retry: false,
  });
}

export function useEarnSummaryQuery() {
  return useQuery({
    queryKey: earnKeys.summary(),
    queryFn: () => api.call(routes.getEarnSummary),
    staleTime: EARN_MINE_STALE_MS,
  });
}

/** The user's active or closed orders, newest first, one cursor page after another. */
export function useEarnOrdersQuery(state: EarnOrderState, enabled = true) {
  return useCursorPages({
    queryKey: earnKeys.orders(state),
    read: (cursor) =>
      api.call(routes.listEarnOrders, {
        query: { state, limit: EARN_ORDERS_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
      }),
    enabled,
    staleTime: EARN_MINE_STALE_MS,
  });
}

/** The exact payout of redeeming an order now, read while its sheet is open (`orderId` null otherwise). */
export function useEarnRedemptionQuery(orderId: string | null) {
  return useQuery({
    queryKey: earnKeys.redemption(orderId ?? ''),
    queryFn: () => api.call(routes.quoteEarnRedemption, { params: { id: orderId ?? '' } }, { quiet: true }),
    enabled: orderId !== null,
    // Always the figure of now: an accrual between two openings changes it.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** After a subscription or a redemption: the products' quotas, the user's orders and the balances are read again. */
export function refreshAfterEarnChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: earnKeys.products() });
  void queryClient.invalidateQueries({ queryKey: earnKeys.mine() });
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
}

/** One subscription: the body and the Idempotency-Key that makes resending it harmless. */
export type EarnSubscriptionAttempt = { body: EarnSubscriptionBody; key: string };

export function useSubscribeEarnMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: EarnSubscriptionAttempt) =>
      api.call(routes.subscribeEarn, { body }, { idempotencyKey: key }),
    onSettled: () => refreshAfterEarnChange(queryClient),
  });
}

/** One redemption: the order, the payout the user was shown and its Idempotency-Key. */
export type EarnRedemptionAttempt = { orderId: string; body: EarnRedeemBody; key: string };

export function useRedeemEarnMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body, key }: EarnRedemptionAttempt) =>
      api.call(routes.redeemEarn, { params: { id: orderId }, body }, { idempotencyKey: key }),
    onSettled: () => refreshAfterEarnChange(queryClient),
  });
}
