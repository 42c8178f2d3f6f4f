import type { MarketStats } from '@kestrel/contract';
import {
  type Decimal,
  decimalOf,
  divideDecimals,
  formatDecimal,
  formatShortest,
  multiplyDecimals,
  subtractDecimals,
  toScale,
} from '@kestrel/money';
import type { FuturesMarketsRepository, TradeSummary } from './futures-markets.repository';

const DAY_MS = 86_400_000;
/**
 * How old the statistics a request is answered with may be: a burst of requests for the perpetuals makes one
 * query a second, whatever their number.
 */
export const STATS_MAX_AGE_MS = 1_000;
const HUNDRED: Decimal = { units: 100n, scale: 0 };

/** Statistics of a perpetual without a trade in the last 24 hours. */
export const NO_TRADES: MarketStats = {
  last: '0',
  open: '0',
  high: '0',
  low: '0',
  volume: '0',
  turnover: '0',
  changePercent: '0.00',
};

const shortest = (text: string) => formatShortest(decimalOf(text));

function statsOf(summary: TradeSummary): MarketStats {
  const open = decimalOf(summary.open);
  const last = decimalOf(summary.last);
  const change =
    open.units === 0n
      ? { units: 0n, scale: 2 }
      : divideDecimals(multiplyDecimals(subtractDecimals(last, open), HUNDRED), open, 2, 'halfUp');
  return {
    last: shortest(summary.last),
    open: shortest(summary.open),
    high: shortest(summary.high),
    low: shortest(summary.low),
    volume: shortest(summary.volume),
    turnover: formatShortest(toScale(decimalOf(summary.turnover), 8, 'halfUp')),
    changePercent: formatDecimal(change),
  };
}

/** Rolling 24-hour statistics of each perpetual's own trades, read from `futures_trades` and kept until refreshed. */
export class FuturesStats {
  private stats = new Map<string, MarketStats>();
  private reading: Promise<void> | undefined;
  /** When the read the statistics come from began; none before the first. */
  private readAt: number | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly repository: Pick<FuturesMarketsRepository, 'tradeSummaries'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads the last 24 hours again; callers that ask while a read is under way share it. */
  refresh(): Promise<void> {
    this.reading ??= this.read().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  /**
   * Makes the statistics at most STATS_MAX_AGE_MS old: reads again only when they are older, and shares a read
   * under way, so that concurrent and close requests make one query.
   */
  current(): Promise<void> {
    if (this.reading) return this.reading;
    if (this.readAt !== undefined && this.now() - this.readAt < STATS_MAX_AGE_MS) return Promise.resolve();
    return this.refresh();
  }

  /** Reads them again every `everyMs`, for the tickers the channels carry between requests. */
  start(everyMs: number, onError: (error: unknown) => void): void {
    this.timer ??= setInterval(() => this.current().catch(onError), everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async read() {
    const startedAt = this.now();
    const summaries = await this.repository.tradeSummaries(new Date(startedAt - DAY_MS));
    this.stats = new Map(summaries.map((summary) => [summary.symbol, statsOf(summary)]));
    this.readAt = startedAt;
  }

  /** As of the last refresh; zeros for a perpetual without trades. */
  of(symbol: string): MarketStats {
    return this.stats.get(symbol) ?? NO_TRADES;
  }
}
