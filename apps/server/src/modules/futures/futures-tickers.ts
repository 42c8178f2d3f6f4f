import { channels, type FuturesTickerMessage } from '@kestrel/contract';
import { RATE_PLACES } from '@kestrel/futures';
import { type Decimal, decimalOf, formatDecimal, formatShortest, toScale } from '@kestrel/money';
import type { ClusterBus } from '../../cluster/bus';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { FuturesMarkets } from './futures-markets';
import type { FuturesStats } from './futures-stats';
import { type FuturesMark, nextFundingTimeAfter } from './mark-price';

/** Where owners tell every node the latest mark of their perpetuals. */
export const FUTURES_MARKS_TOPIC = 'futures-marks';

/** The spot index every node knows: the fallback before a perpetual's owner has published a mark. */
export type IndexPrices = {
  indexPrice(symbol: string): string | null;
  isStale(symbol: string): boolean;
};

/** The hub's registration of current values sent to a client when it subscribes. */
export type FuturesSnapshots = {
  snapshot(
    kind: 'futuresTickers' | 'futuresTicker',
    provider: (channel: string) => unknown | undefined,
  ): void;
};

export type FuturesTickersOptions = {
  markets: Pick<FuturesMarkets, 'market' | 'all'>;
  index: IndexPrices;
  stats: Pick<FuturesStats, 'of'>;
  /** The cluster's bus; alone, a LocalBus. */
  bus: ClusterBus;
  publisher?: RealtimePublisher;
  snapshots?: FuturesSnapshots;
  now?: () => number;
  onError?: (error: unknown) => void;
};

type WireMark = {
  symbol: string;
  markPrice: string;
  indexPrice: string;
  fundingRate: string;
  nextFundingTime: string;
  stale: boolean;
};

const wireOf = (mark: FuturesMark): WireMark => ({
  symbol: mark.symbol,
  markPrice: formatDecimal(mark.markPrice),
  indexPrice: formatDecimal(mark.indexPrice),
  fundingRate: formatDecimal(mark.fundingRate),
  nextFundingTime: mark.nextFundingTime.toISOString(),
  stale: mark.stale,
});

const markOf = (wire: WireMark): FuturesMark => ({
  symbol: wire.symbol,
  markPrice: decimalOf(wire.markPrice),
  indexPrice: decimalOf(wire.indexPrice),
  fundingRate: decimalOf(wire.fundingRate),
  nextFundingTime: new Date(wire.nextFundingTime),
  stale: wire.stale,
});

/** A rate as Binance publishes it: eight places ("0.00010000"). */
export const rateText = (rate: Decimal) => formatDecimal(toScale(rate, RATE_PLACES, 'halfUp'));

/**
 * The latest mark price, index and funding of every perpetual on this node (decision 0044): the owner of a
 * perpetual publishes each new mark to the bus, which every node hears (this one included), and to the channels
 * `futuresTicker:<symbol>` and, at most once a second, `futuresTickers`. Before a perpetual's first mark, its
 * ticker is the spot index with the market's interest rate as the funding rate.
 */
export class FuturesTickers {
  private readonly marks = new Map<string, FuturesMark>();
  private unsubscribe: (() => Promise<void>) | undefined;
  private lastTickersAt = 0;
  private readonly now: () => number;

  constructor(private readonly options: FuturesTickersOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Starts hearing the owners' marks and answering new subscribers of the channels. */
  async start(): Promise<void> {
    this.unsubscribe ??= await this.options.bus.subscribe(FUTURES_MARKS_TOPIC, (message) =>
      this.heard(message),
    );
    const registry = this.options.snapshots;
    registry?.snapshot('futuresTickers', () => this.tickers());
    registry?.snapshot('futuresTicker', (channel) => {
      const symbol = channel.slice('futuresTicker:'.length);
      return this.options.markets.market(symbol) ? this.tickerOf(symbol) : undefined;
    });
  }

  async stop(): Promise<void> {
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    await unsubscribe?.();
  }

  /** The owner's new mark: kept here, told to every node, and published on the channels. */
  publish(mark: FuturesMark): void {
    this.marks.set(mark.symbol, mark);
    this.options.bus
      .publish(FUTURES_MARKS_TOPIC, JSON.stringify(wireOf(mark)))
      .catch((error) => this.options.onError?.(error));
    const { publisher } = this.options;
    if (!publisher) return;
    publisher.publish(channels.futuresTicker, { symbol: mark.symbol }, this.tickerOf(mark.symbol));
    const now = this.now();
    if (now - this.lastTickersAt >= 1000) {
      this.lastTickersAt = now;
      publisher.publish(channels.futuresTickers, {}, this.tickers());
    }
  }

  /** The latest mark an owner published for the perpetual, on any node; undefined before the first. */
  latest(symbol: string): FuturesMark | undefined {
    return this.marks.get(symbol);
  }

  /** The perpetual's ticker as the API and the channels show it. */
  tickerOf(symbol: string): FuturesTickerMessage {
    const mark = this.marks.get(symbol);
    const stats = this.options.stats.of(symbol);
    if (mark) {
      return {
        symbol,
        markPrice: formatShortest(mark.markPrice),
        indexPrice: formatShortest(mark.indexPrice),
        fundingRate: rateText(mark.fundingRate),
        nextFundingTime: mark.nextFundingTime.toISOString(),
        stale: mark.stale,
        stats,
      };
    }
    const market = this.options.markets.market(symbol);
    const index = this.options.index.indexPrice(symbol);
    return {
      symbol,
      markPrice: index,
      indexPrice: index,
      fundingRate: rateText(market?.interestRate ?? decimalOf('0')),
      nextFundingTime: nextFundingTimeAfter(this.now(), market?.fundingIntervalHours ?? 8).toISOString(),
      stale: this.options.index.isStale(symbol),
      stats,
    };
  }

  /** Every perpetual's ticker, by symbol. */
  tickers(): FuturesTickerMessage[] {
    return this.options.markets.all().map((market) => this.tickerOf(market.symbol));
  }

  private heard(message: Buffer) {
    try {
      const mark = markOf(JSON.parse(message.toString()) as WireMark);
      if (this.options.markets.market(mark.symbol)) this.marks.set(mark.symbol, mark);
    } catch (error) {
      this.options.onError?.(error);
    }
  }
}
