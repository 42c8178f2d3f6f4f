import { LIVE_ORDER_STATUSES, type OrderView } from '@kestrel/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { CursorPages } from '../../lib/useCursorPages';
import { spotKeys } from './queries';

type OrdersData = CursorPages<OrderView>;

/** Whether an order is listed under `state` for `symbol` ('' lists every market). */
function isListed(order: OrderView, state: 'open' | 'history', symbol: string): boolean {
  if (symbol && symbol !== order.symbol) return false;
  return LIVE_ORDER_STATUSES.includes(order.status) === (state === 'open');
}

/**
 * The list with the order as it is now: taken out wherever it was, and put back in its place (newest first,
 * by id) when it belongs to the list and its place is within the pages loaded so far.
 */
export function withOrder<Order extends { id: string }>(
  data: CursorPages<Order>,
  order: Order,
  listed: boolean,
): CursorPages<Order> {
  // Fresh arrays, so the cache's old value stays as it was.
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.filter((item) => item.id !== order.id),
  }));
  if (listed) {
    const id = BigInt(order.id);
    const page = pages.find((candidate) => candidate.items.some((item) => BigInt(item.id) < id));
    if (page)
      page.items.splice(
        page.items.findIndex((item) => BigInt(item.id) < id),
        0,
        order,
      );
    // Older than all that is loaded: its place is at the end only when there is nothing more to load.
    else if (pages.at(-1)?.next === null) pages.at(-1)?.items.push(order);
  }
  return { ...data, pages };
}

/**
 * An order pushed over the `orders` channel goes straight into every order list in the cache: nothing is read
 * again for it. Its fills are not in the push, so the lists of the user's trades are read again when it has any.
 */
export function writePushedOrder(queryClient: QueryClient, order: OrderView): void {
  for (const [key, data] of queryClient.getQueriesData<OrdersData>({ queryKey: spotKeys.orders() })) {
    if (!data) continue;
    const [, , state, symbol] = key as ReturnType<typeof spotKeys.ordersOf>;
    queryClient.setQueryData<OrdersData>(key, withOrder(data, order, isListed(order, state, symbol)));
  }
  if (/[1-9]/.test(order.filledSize)) {
    void queryClient.invalidateQueries({ queryKey: [...spotKeys.all, 'trades'] });
  }
}
