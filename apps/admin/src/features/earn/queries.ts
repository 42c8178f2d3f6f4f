import type { CallData } from '@kestrel/client';
import { type AdminEarnProductBody, routes } from '@kestrel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../app/api';

export type AdminEarnProduct = CallData<typeof routes.listAdminEarnProducts>['items'][number];
export type AdminEarnOrder = CallData<typeof routes.listAdminEarnOrders>['items'][number];
export type EarnAccrualRun = CallData<typeof routes.listEarnAccrualRuns>['items'][number];

/** One page of the order list: active or closed orders, of one user or product, from a cursor. */
export type EarnOrderFilter = {
  state: 'active' | 'closed';
  userId?: number;
  productId?: string;
  cursor?: string;
};

export const earnKeys = {
  products: ['earn', 'products'] as const,
  orderLists: ['earn', 'orders'] as const,
  orders: (filter: EarnOrderFilter) => ['earn', 'orders', filter] as const,
  accruals: ['earn', 'accruals'] as const,
};

/** Orders on a page of the list. */
export const EARN_ORDERS_PAGE_SIZE = 20;

export function useEarnProducts() {
  return useQuery({
    queryKey: earnKeys.products,
    queryFn: () => client.call(routes.listAdminEarnProducts),
  });
}

/** One page of orders, newest first; the previous page stays shown while the next one loads. */
export function useEarnOrders(filter: EarnOrderFilter) {
  return useQuery({
    queryKey: earnKeys.orders(filter),
    queryFn: () =>
      client.call(routes.listAdminEarnOrders, { query: { ...filter, limit: EARN_ORDERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useEarnAccrualRuns() {
  return useQuery({
    queryKey: earnKeys.accruals,
    queryFn: () => client.call(routes.listEarnAccrualRuns),
  });
}

/** Adds a product, or changes one (`id`); the list is read again, with the product's own figures. */
export function useSaveEarnProduct(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminEarnProductBody) =>
      id === null
        ? client.call(routes.createEarnProduct, { body })
        : client.call(routes.updateEarnProduct, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earnKeys.products }),
  });
}
