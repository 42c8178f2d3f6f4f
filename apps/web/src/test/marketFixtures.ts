import type { MarketStats, MarketSummary, TickerMessage } from '@kestrel/contract';

/** An open, simulated market quoted in USDT whose 24-hour figures all sit at `last`. */
export function usdtMarket(
  base: string,
  last: string,
  changePercent: string,
  turnover: string,
  tickSize = '0.01',
): MarketSummary {
  return {
    symbol: `${base}USDT`,
    base,
    quote: 'USDT',
    tickSize,
    lotSize: '0.0001',
    minNotional: '5',
    makerFee: '0.001',
    takerFee: '0.001',
    open: true,
    indexPrice: last,
    source: 'simulated',
    stale: false,
    stats: { last, open: last, high: last, low: last, volume: '1', turnover, changePercent },
  };
}

/** BTC/USDT on a lot of 0.00001 with a full day of figures, its index price at the last price. */
export function btcUsdt(stats: MarketStats): MarketSummary {
  return { ...usdtMarket('BTC', stats.last, stats.changePercent, stats.turnover), lotSize: '0.00001', stats };
}

/** The ticker message that moves `market` to its figures with `changes`, its index price at the new last price. */
export function tickerOf(
  market: MarketSummary,
  changes: Partial<MarketStats> = {},
  stale = false,
): TickerMessage {
  const stats = { ...market.stats, ...changes };
  return { symbol: market.symbol, indexPrice: stats.last, stale, stats };
}
