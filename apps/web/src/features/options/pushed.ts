import type { OptionClockMessage, OptionOrderView, OptionProduct, OptionTick } from '@kestrel/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { CursorPages } from '../../lib/useCursorPages';
import { walletKeys } from '../assets/queries';
import { withOrder } from '../spot/pushedOrders';
import { OPTION_TICKS_SHOWN, type OptionOrderState, optionKeys } from './queries';

type OrdersData = CursorPages<OptionOrderView>;

/** Tick ids grow as ticks are recorded: a larger id is a later tick. */
const isLater = (tick: OptionTick, than: OptionTick | undefined) =>
  !than || BigInt(tick.id) > BigInt(than.id);

/**
 * A product's round clock pushed over `optionClock`: its rounds, latest tick and staleness go into the cached
 * product, and the tick onto the end of the cached price line, so nothing is read again for it.
 */
export function writePushedClock(queryClient: QueryClient, clock: OptionClockMessage): void {
  queryClient.setQueryData<{ items: OptionProduct[] }>(optionKeys.products(), (current) =>
    current
      ? {
          items: current.items.map((product) =>
            product.id === clock.productId ? withClock(product, clock) : product,
          ),
        }
      : current,
  );
  const tick = clock.lastTick;
  if (!tick) return;
  queryClient.setQueryData<{ items: OptionTick[] }>(optionKeys.ticks(clock.productId), (current) => {
    if (!current || !isLater(tick, current.items.at(-1))) return current;
    return { items: [...current.items, tick].slice(-OPTION_TICKS_SHOWN) };
  });
}

function withClock(product: OptionProduct, clock: OptionClockMessage): OptionProduct {
  const periods = product.periods.map((period) => {
    const round = clock.rounds.find((candidate) => candidate.periodSeconds === period.seconds);
    return round ? { ...period, ...round } : period;
  });
  const first = periods[0];
  return {
    ...product,
    periods,
    ...(first
      ? { periodNumber: first.periodNumber, closeTime: first.closeTime, buyCutoffTime: first.buyCutoffTime }
      : {}),
    lastTick:
      clock.lastTick && isLater(clock.lastTick, product.lastTick ?? undefined)
        ? clock.lastTick
        : product.lastTick,
    stale: clock.stale,
  };
}

function isListed(order: OptionOrderView, state: OptionOrderState, productId: string): boolean {
  if (productId && productId !== order.productId) return false;
  return (order.status === 'completed') === (state === 'settled');
}

/**
 * An order pushed over `optionOrders` (bought, given its open tick, settled) goes straight into every options
 * order list in the cache. A settled order paid its payout into the spot account: the balances are read again,
 * and so is its proof, which now has its close tick and rule.
 */
export function writePushedOptionOrder(queryClient: QueryClient, order: OptionOrderView): void {
  for (const [key, data] of queryClient.getQueriesData<OrdersData>({ queryKey: optionKeys.orders() })) {
    if (!data) continue;
    const [, , state, productId] = key as ReturnType<typeof optionKeys.ordersOf>;
    queryClient.setQueryData<OrdersData>(key, withOrder(data, order, isListed(order, state, productId)));
  }
  void queryClient.invalidateQueries({ queryKey: optionKeys.proof(order.id) });
  if (order.status === 'completed') void queryClient.invalidateQueries({ queryKey: walletKeys.balances() });
}
