import type { CallData } from '@kestrel/client';
import {
  type AdminSwapCoin,
  type AdminSwapCoinBody,
  type AdminSwapDepositBody,
  type AdminSwapOrder,
  type AdminSwapPair,
  type AdminSwapPairBody,
  type AdminSwapReviewBody,
  type AdminSwapTransferBody,
  routes,
  type SwapDeskSettingsBody,
  type SwapStatus,
} from '@kestrel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../app/api';

export type AdminSwapOrderPage = CallData<typeof routes.listAdminSwapOrders>;
export type AdminSwapDesk = CallData<typeof routes.getSwapDesk>;

/** One page of the order list: a status, a search and the cursor the page starts at. */
export type SwapOrderFilter = { status?: SwapStatus; search?: string; cursor?: string };

export const swapKeys = {
  desk: ['swap', 'desk'] as const,
  orderLists: ['swap', 'orders'] as const,
  orders: (filter: SwapOrderFilter) => ['swap', 'orders', filter] as const,
  order: (id: string) => ['swap', 'order', id] as const,
};

/** Orders on a page of the list. */
const ORDERS_PAGE_SIZE = 20;
/** Orders move on by themselves (the watcher, the visitor cancelling); the list is this fresh. */
const ORDERS_REFRESH_MS = 15_000;
/** Inventory and indicative rates change with every swap. */
const DESK_REFRESH_MS = 30_000;

/** The desk's settings, coins with their inventory and pairs with their spreads and limits. */
export function useSwapDesk() {
  return useQuery({
    queryKey: swapKeys.desk,
    queryFn: () => client.call(routes.getSwapDesk),
    refetchInterval: DESK_REFRESH_MS,
  });
}

/** One page of orders, newest first; the previous page stays shown while the next one loads. */
export function useSwapOrders(filter: SwapOrderFilter) {
  return useQuery({
    queryKey: swapKeys.orders(filter),
    queryFn: () => client.call(routes.listAdminSwapOrders, { query: { ...filter, limit: ORDERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    refetchInterval: ORDERS_REFRESH_MS,
  });
}

/** One order, fresh from the server, with the row it was opened from shown until it arrives. */
export function useSwapOrder(id: string, row: AdminSwapOrder | undefined) {
  return useQuery({
    queryKey: swapKeys.order(id),
    queryFn: () => client.call(routes.getAdminSwapOrder, { params: { id } }),
    placeholderData: row,
  });
}

/** The order the server answered with, written into its own query and into every list page that shows it. */
function useStoreOrder() {
  const queryClient = useQueryClient();
  return (order: AdminSwapOrder) => {
    queryClient.setQueryData(swapKeys.order(order.id), order);
    queryClient.setQueriesData<AdminSwapOrderPage>({ queryKey: swapKeys.orderLists }, (page) =>
      page ? { ...page, items: page.items.map((item) => (item.id === order.id ? order : item)) } : page,
    );
  };
}

/** An operator's step on an order; each answers with the order as it now stands. */
export type SwapOrderAction =
  | { kind: 'deposit'; body: AdminSwapDepositBody }
  | { kind: 'review'; body: AdminSwapReviewBody }
  | { kind: 'approval'; body: Pick<AdminSwapTransferBody, 'reason'> }
  | { kind: 'payout'; body: AdminSwapTransferBody }
  | { kind: 'refund'; body: AdminSwapTransferBody };

export function useSwapOrderAction(id: string) {
  const queryClient = useQueryClient();
  const store = useStoreOrder();
  return useMutation({
    mutationFn: ({ action, idempotencyKey }: { action: SwapOrderAction; idempotencyKey: string }) => {
      const params = { id };
      switch (action.kind) {
        case 'deposit':
          return client.call(routes.confirmSwapDeposit, { params, body: action.body }, { idempotencyKey });
        case 'review':
          return client.call(routes.reviewSwapOrder, { params, body: action.body }, { idempotencyKey });
        case 'approval':
          return client.call(routes.approveSwapPayout, { params, body: action.body });
        case 'payout':
          return client.call(routes.sendSwapPayout, { params, body: action.body }, { idempotencyKey });
        case 'refund':
          return client.call(routes.sendSwapRefund, { params, body: action.body }, { idempotencyKey });
      }
    },
    onSuccess: store,
    // A refusal may mean the order moved on meanwhile (another operator, the watcher): show where it stands.
    onError: () => queryClient.invalidateQueries({ queryKey: swapKeys.order(id) }),
  });
}

export function useUpdateSwapSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SwapDeskSettingsBody) => client.call(routes.updateSwapSettings, { body }),
    onSuccess: (settings) =>
      queryClient.setQueryData<AdminSwapDesk>(swapKeys.desk, (desk) => (desk ? { ...desk, settings } : desk)),
  });
}

export function useUpdateSwapCoin(coin: Pick<AdminSwapCoin, 'asset' | 'network'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminSwapCoinBody) => client.call(routes.updateSwapCoin, { params: coin, body }),
    // The coin's change may close or open its pairs too: read the desk again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: swapKeys.desk }),
  });
}

export function useUpdateSwapPair(
  pair: Pick<AdminSwapPair, 'fromAsset' | 'fromNetwork' | 'toAsset' | 'toNetwork'>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminSwapPairBody) => client.call(routes.updateSwapPair, { params: pair, body }),
    onSuccess: (updated) =>
      queryClient.setQueryData<AdminSwapDesk>(swapKeys.desk, (desk) =>
        desk
          ? {
              ...desk,
              pairs: desk.pairs.map((each) =>
                each.fromAsset === updated.fromAsset &&
                each.fromNetwork === updated.fromNetwork &&
                each.toAsset === updated.toAsset &&
                each.toNetwork === updated.toNetwork
                  ? updated
                  : each,
              ),
            }
          : desk,
      ),
  });
}
