import type { MarketSummary, TickerMessage } from '@kestrel/contract';
import { compareDecimal } from './format';

/*
 * The market list's pure logic: live tickers over the REST summaries, search, favourites and sorting.
 */

export type SortKey = 'change' | 'volume';
export type SortDirection = 'asc' | 'desc';
export type Sort = { key: SortKey; direction: SortDirection } | null;
export type ListTab = 'favourites' | 'all';

/** The summaries with each market's latest ticker applied; markets not in the ticker keep their summary. */
export function withTickers(
  markets: readonly MarketSummary[],
  tickers: readonly TickerMessage[] | undefined,
) {
  if (!tickers || tickers.length === 0) return [...markets];
  const bySymbol = new Map(tickers.map((ticker) => [ticker.symbol, ticker]));
  return markets.map((market) => {
    const ticker = bySymbol.get(market.symbol);
    if (!ticker) return market;
    return { ...market, indexPrice: ticker.indexPrice, stale: ticker.stale, stats: ticker.stats };
  });
}

/**
 * Whether a market answers a search, ignoring case and spaces: its coin anywhere in the name ("S" finds SOL, not
 * every pair quoted in USDT), its pair from the start ("ETH/US", "ETHUSDT"), or its quote asset in full ("USDT").
 */
export function matchesSearch(market: MarketSummary, query: string): boolean {
  const needle = query.replace(/\s+/g, '').toUpperCase();
  if (needle === '') return true;
  return (
    market.base.includes(needle) ||
    market.symbol.startsWith(needle.replace('/', '')) ||
    market.quote === needle
  );
}

/** Tapping a column header: first descending (the biggest first, as exchanges do), then ascending, then off. */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (!current || current.key !== key) return { key, direction: 'desc' };
  if (current.direction === 'desc') return { key, direction: 'asc' };
  return null;
}

const sortValue: Record<SortKey, (market: MarketSummary) => string> = {
  change: (market) => market.stats.changePercent,
  // Turnover in the quote asset, so markets of very different coin prices compare fairly.
  volume: (market) => market.stats.turnover,
};

export function sortMarkets(markets: readonly MarketSummary[], sort: Sort): MarketSummary[] {
  const list = [...markets];
  if (!sort) return list;
  const value = sortValue[sort.key];
  const factor = sort.direction === 'desc' ? -1 : 1;
  // A stable sort: equal values keep the configured market order.
  return list.sort((a, b) => factor * compareDecimal(value(a), value(b)));
}

/** What the list shows for its tab, search and sort. */
export function visibleMarkets(
  markets: readonly MarketSummary[],
  options: { tab: ListTab; favourites: ReadonlySet<string>; query: string; sort: Sort },
): MarketSummary[] {
  const inTab =
    options.tab === 'favourites'
      ? markets.filter((market) => options.favourites.has(market.symbol))
      : markets;
  return sortMarkets(
    inTab.filter((market) => matchesSearch(market, options.query)),
    options.sort,
  );
}
