import type {
  FuturesMarket,
  FuturesOrderView,
  FuturesPosition,
  FuturesTickerMessage,
} from '@kestrel/contract';
import { LIVE_ORDER_STATUSES } from '@kestrel/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { CursorPages } from '../../lib/useCursorPages';
import { walletKeys } from '../assets/queries';
import { withOrder } from '../spot/pushedOrders';
import { futuresKeys } from './queries';

type OrdersData = CursorPages<FuturesOrderView>;

function isListed(order: FuturesOrderView, state: 'open' | 'history', symbol: string): boolean {
  if (symbol && symbol !== order.symbol) return false;
  return LIVE_ORDER_STATUSES.includes(order.status) === (state === 'open');
}

/**
 * A futures order pushed over `futuresOrders` goes straight into every futures order list in the cache. A fill
 * moves money in the futures account, so its balances are read again then.
 */
export function writePushedFuturesOrder(queryClient: QueryClient, order: FuturesOrderView): void {
  for (const [key, data] of queryClient.getQueriesData<OrdersData>({ queryKey: futuresKeys.orders() })) {
    if (!data) continue;
    const [, , state, symbol] = key as ReturnType<typeof futuresKeys.ordersOf>;
    queryClient.setQueryData<OrdersData>(key, withOrder(data, order, isListed(order, state, symbol)));
  }
  if (/[1-9]/.test(order.filledSize)) void queryClient.invalidateQueries({ queryKey: walletKeys.balances() });
}

/** The `positions` channel carries all of the user's open positions: they replace the cached list. */
export function writePushedPositions(queryClient: QueryClient, positions: FuturesPosition[]): void {
  queryClient.setQueryData<{ items: FuturesPosition[] }>(futuresKeys.positions(), { items: positions });
}

/** The mark price and funding pushed for a market, written into its cached summary. */
export function writePushedTicker(queryClient: QueryClient, ticker: FuturesTickerMessage): void {
  queryClient.setQueryData<FuturesMarket>(futuresKeys.market(ticker.symbol), (current) =>
    current
      ? {
          ...current,
          markPrice: ticker.markPrice,
          indexPrice: ticker.indexPrice,
          fundingRate: ticker.fundingRate,
          nextFundingTime: ticker.nextFundingTime,
          stale: ticker.stale,
          stats: ticker.stats,
        }
      : current,
  );
}
