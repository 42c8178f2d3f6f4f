import type { MarketSummary, PublicTrade } from '@kestrel/contract';
import { compareDecimal } from '../markets/format';

/*
 * The home screen's hot deals and latest transactions: pure ordering, exact on decimal strings.
 */

export type HotDealsTab = 'gainers' | 'volume';
export const HOT_DEALS_SHOWN = 5;

/** The markets that rose most over 24 hours, or that turned over most, best first; ties keep the list's order. */
export function hotDeals(markets: readonly MarketSummary[], tab: HotDealsTab, limit = HOT_DEALS_SHOWN) {
  const key = (market: MarketSummary) =>
    tab === 'gainers' ? market.stats.changePercent : market.stats.turnover;
  return [...markets].sort((a, b) => compareDecimal(key(b), key(a))).slice(0, limit);
}

export type LatestTrade = PublicTrade & { symbol: string };

/** New trades of one market merged into the latest across markets: newest first, each trade once. */
export function mergeLatestTrades(
  current: readonly LatestTrade[],
  symbol: string,
  incoming: readonly PublicTrade[],
  limit: number,
): LatestTrade[] {
  const seen = new Set(current.map((trade) => `${trade.symbol}:${trade.id}`));
  const fresh = incoming
    .map((trade) => ({ ...trade, symbol }))
    .filter((trade) => !seen.has(`${symbol}:${trade.id}`));
  if (fresh.length === 0) return [...current];
  return [...fresh, ...current].sort((a, b) => b.time - a.time).slice(0, limit);
}
