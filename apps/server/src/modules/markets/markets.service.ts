import {
  type AdminMarket,
  type adminMarketUpdateBody,
  CANDLE_INTERVALS,
  type Candle,
  type CandleInterval,
  channels,
  type MarketSummary,
  type PriceSource,
  type TickerMessage,
} from '@kestrel/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { RealtimePublisher } from '../../realtime/publisher';
import { type Actor, withAudit } from '../admin';
import {
  bucketStart,
  CandleBook,
  type Places,
  type StoredCandle,
  simulatedHistory,
  toLive,
  toWire,
} from './candles';
import { formatScaled, normalized, placesOf, scaled } from './decimal';
import type { MarketChanges, MarketRow, MarketsRepository } from './markets.repository';
import type { FeedMarket, PriceFeed } from './price-feed';
import { Grid, modelOf } from './simulated-feed';

type UpdateBody = z.output<typeof adminMarketUpdateBody>;

/** A market as the trading modules use it: increments, minimum total and fees as decimal strings. */
export type Market = {
  symbol: string;
  base: string;
  quote: string;
  tickSize: string;
  lotSize: string;
  minNotional: string;
  makerFee: string;
  takerFee: string;
  open: boolean;
  marketMaker: boolean;
};

type SnapshotKind = 'tickers' | 'ticker' | 'depth' | 'trades' | 'candles';
/** The hub's registration of current values sent to a client when it subscribes. */
export type SnapshotRegistry = {
  snapshot(kind: SnapshotKind, provider: (channel: string) => unknown | undefined): void;
};

export type MarketsServiceOptions = {
  feed: PriceFeed;
  publisher?: RealtimePublisher;
  snapshots?: SnapshotRegistry;
  /** A market whose feed has been silent for longer than this is stale. */
  staleSeconds?: number;
  /** Generated history for markets without candles, when the feed is the simulation; false for none. */
  history?: { seed: string; count: number } | false;
  now?: () => Date;
  /** How often changed candles are written. */
  flushMs?: number;
  /** How often changed tickers are published; `tickers` and candles go out at most once a second. */
  publishMs?: number;
  onError?: (error: unknown) => void;
};

type State = {
  market: Market;
  updatedAt: Date;
  places: Places;
  book: CandleBook;
  indexPrice: string | null;
  lastTickAt: number | undefined;
  stale: boolean;
  tickerChanged: boolean;
  candlesChanged: Set<CandleInterval>;
};

function marketOf(row: MarketRow): Market {
  return {
    symbol: row.symbol,
    base: row.base,
    quote: row.quote,
    tickSize: normalized(row.tickSize),
    lotSize: normalized(row.lotSize),
    minNotional: normalized(row.minNotional),
    makerFee: normalized(row.makerFee),
    takerFee: normalized(row.takerFee),
    open: row.open,
    marketMaker: row.marketMaker,
  };
}

function placesOfMarket(market: Market): Places {
  return { price: placesOf(market.tickSize), size: placesOf(market.lotSize) };
}

function feedMarket(market: Market): FeedMarket {
  return { symbol: market.symbol, tickSize: market.tickSize, lotSize: market.lotSize };
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * Markets and their prices (ARCHITECTURE.md section 6, decision 0018): the configuration in memory for the
 * trading modules, index prices from the `PriceFeed`, candles of every interval, rolling 24-hour statistics, and
 * the live channels `tickers`, `ticker:<symbol>` and `candles:<symbol>:<interval>`.
 */
export class MarketsService {
  private readonly states = new Map<string, State>();
  private readonly priceListeners = new Set<(symbol: string, price: string) => void>();
  private readonly changeListeners = new Set<(market: Market) => void>();
  private readonly now: () => Date;
  private readonly staleMs: number;
  private timers: NodeJS.Timeout[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private unsubscribeFeed: (() => void) | undefined;
  private lastTickersAt = 0;
  private tickersChanged = false;
  private started = false;

  constructor(
    private readonly repository: MarketsRepository,
    private readonly options: MarketsServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.staleMs = (options.staleSeconds ?? 15) * 1000;
  }

  get source(): PriceSource {
    return this.options.feed.source;
  }

  // ---- For the trading modules ----

  markets(): Market[] {
    return [...this.states.values()].map((state) => state.market);
  }

  market(symbol: string): Market | undefined {
    return this.states.get(symbol)?.market;
  }

  /** The latest feed price on the market's tick, or null before the first tick. */
  indexPrice(symbol: string): string | null {
    return this.states.get(symbol)?.indexPrice ?? null;
  }

  isStale(symbol: string): boolean {
    const state = this.states.get(symbol);
    if (!state || state.lastTickAt === undefined) return true;
    return this.now().getTime() - state.lastTickAt > this.staleMs;
  }

  /** The market an order may be placed on: refused when it is unknown (7001) or closed (7002). */
  openMarket(symbol: string): Market {
    const { market } = this.stateOf(symbol);
    if (!market.open) throw new AppError('marketClosed');
    return market;
  }

  /** The index price for something that must not use an old one: refused (7003) while the feed is stale. */
  freshIndexPrice(symbol: string): string {
    const state = this.stateOf(symbol);
    if (state.indexPrice === null || this.isStale(symbol)) throw new AppError('priceStale');
    return state.indexPrice;
  }

  onIndexPrice(listener: (symbol: string, price: string) => void): () => void {
    this.priceListeners.add(listener);
    return () => this.priceListeners.delete(listener);
  }

  onMarketChanged(listener: (market: Market) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** A trade settled on the platform: it moves the candles and the 24-hour statistics like a tick does. */
  recordTrade(symbol: string, trade: { price: string; size: string; at: Date }) {
    const state = this.states.get(symbol);
    if (!state) return;
    this.observe(state, scaled(trade.price), scaled(trade.size), trade.at);
  }

  // ---- Lifecycle ----

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const now = this.now();
    const rows = await this.repository.list();
    const withCandles = await this.repository.symbolsWithCandles();
    for (const row of rows) {
      const market = marketOf(row);
      const state: State = {
        market,
        updatedAt: row.updatedAt,
        places: placesOfMarket(market),
        book: new CandleBook(),
        indexPrice: null,
        lastTickAt: undefined,
        stale: true,
        tickerChanged: false,
        candlesChanged: new Set(),
      };
      this.states.set(market.symbol, state);
      const history = this.options.history;
      if (!withCandles.has(market.symbol) && history && this.source === 'simulated') {
        await this.generateHistory(state, history, now);
      } else {
        const from = new Date(now.getTime() - 86_400_000);
        state.book.restore(
          await this.repository.newestCandles(market.symbol),
          await this.repository.minuteCandles(market.symbol, from),
          seconds(now),
        );
      }
    }
    const { feed } = this.options;
    for (const state of this.states.values()) {
      if (state.book.last !== undefined) {
        feed.continueFrom?.(state.market.symbol, formatScaled(state.book.last, state.places.price));
      }
    }
    this.unsubscribeFeed = feed.onTick((symbol, price, volume, at) => this.tick(symbol, price, volume, at));
    await feed.start(this.markets().map(feedMarket));
    this.registerSnapshots();
    const flush = setInterval(() => void this.flush(), this.options.flushMs ?? 2000);
    const publish = setInterval(() => this.publishChanges(), this.options.publishMs ?? 250);
    flush.unref();
    publish.unref();
    this.timers = [flush, publish];
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.unsubscribeFeed?.();
    await this.options.feed.stop();
    await this.flush();
  }

  /** Writes the candles changed since the last write; one write at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      for (const state of this.states.values()) {
        const rows = state.book.takeDirty();
        if (rows.length === 0) continue;
        try {
          await this.repository.upsertCandles(state.market.symbol, this.source, rows);
        } catch (error) {
          this.options.onError?.(error);
        }
      }
    });
    return this.flushing;
  }

  // ---- Public REST ----

  summaries(): MarketSummary[] {
    return [...this.states.values()].map((state) => this.summaryOf(state));
  }

  summary(symbol: string): MarketSummary {
    return this.summaryOf(this.stateOf(symbol));
  }

  /** Candles oldest first: stored ones, with the one being formed in place of its stored copy. */
  async candles(
    symbol: string,
    query: { interval: CandleInterval; before?: number; limit: number },
  ): Promise<{ interval: CandleInterval; items: Candle[]; source: PriceSource }> {
    const state = this.stateOf(symbol);
    const before = query.before === undefined ? undefined : new Date(query.before * 1000);
    const stored = await this.repository.candles(symbol, query.interval, query.limit, before);
    const byStart = new Map<number, Candle>(
      stored.map((row) => [row.start, toWire(toLive(row), state.places)] as const),
    );
    const current = state.book.current.get(query.interval);
    if (current && (query.before === undefined || current.start < query.before)) {
      byStart.set(current.start, toWire(current, state.places));
    }
    const items = [...byStart.values()].sort((a, b) => a.time - b.time).slice(-query.limit);
    return { interval: query.interval, items, source: this.source };
  }

  /**
   * A market's price at a past moment: the open of the one-minute candle of its minute, or the close of the latest
   * one before it; null for an unknown market or when no candle that old is kept.
   */
  async priceAt(symbol: string, at: Date): Promise<string | null> {
    if (!this.states.has(symbol)) return null;
    const minute = Math.floor(at.getTime() / 60_000) * 60;
    const { items } = await this.candles(symbol, { interval: '1m', before: minute + 60, limit: 1 });
    const candle = items.at(-1);
    if (!candle) return null;
    return candle.time === minute ? candle.open : candle.close;
  }

  // ---- Back office ----

  adminMarkets(): AdminMarket[] {
    return [...this.states.values()].map((state) => this.adminOf(state));
  }

  async update(symbol: string, body: UpdateBody, actor: Actor): Promise<AdminMarket> {
    const state = this.stateOf(symbol);
    const { reason, ...requested } = body;
    const row = await withAudit(
      this.repository,
      actor,
      { type: 'market', id: symbol },
      reason,
      async (repository) => {
        const before = await repository.lock(symbol);
        if (!before) throw new AppError('unknownMarket');
        const current = marketOf(before);
        const changes: MarketChanges = {};
        for (const field of ['tickSize', 'lotSize', 'minNotional', 'makerFee', 'takerFee'] as const) {
          const value = requested[field];
          if (value !== undefined && normalized(value) !== current[field]) changes[field] = normalized(value);
        }
        if (requested.open !== undefined) changes.open = requested.open;
        if (requested.marketMaker !== undefined) changes.marketMaker = requested.marketMaker;
        if ((changes.tickSize !== undefined || changes.lotSize !== undefined) && before.open) {
          throw new AppError('marketSizesWhileOpen');
        }
        const precisions = await repository.precisions([before.base, before.quote]);
        const quotePlaces = precisions.get(before.quote) ?? 0;
        const basePlaces = precisions.get(before.base) ?? 0;
        if (
          (changes.tickSize !== undefined && placesOf(changes.tickSize) > quotePlaces) ||
          (changes.minNotional !== undefined && placesOf(changes.minNotional) > quotePlaces) ||
          (changes.lotSize !== undefined && placesOf(changes.lotSize) > basePlaces)
        ) {
          throw new AppError('parameterError');
        }
        const after = await repository.update(symbol, changes);
        return { before: marketOf(before), after: marketOf(after), result: after };
      },
    );
    this.apply(state, row);
    return this.adminOf(state);
  }

  // ---- Inside ----

  private stateOf(symbol: string): State {
    const state = this.states.get(symbol);
    if (!state) throw new AppError('unknownMarket');
    return state;
  }

  private apply(state: State, row: MarketRow) {
    const previous = state.market;
    state.market = marketOf(row);
    state.updatedAt = row.updatedAt;
    state.places = placesOfMarket(state.market);
    if (previous.tickSize !== state.market.tickSize || previous.lotSize !== state.market.lotSize) {
      this.options.feed.updateMarket(feedMarket(state.market));
    }
    this.markTicker(state);
    for (const listener of this.changeListeners) listener(state.market);
  }

  private tick(symbol: string, price: string, volume: string, at: Date) {
    const state = this.states.get(symbol);
    if (!state) return;
    state.indexPrice = price;
    state.lastTickAt = this.now().getTime();
    state.stale = false;
    this.observe(state, scaled(price), scaled(volume), at);
    for (const listener of this.priceListeners) listener(symbol, price);
  }

  private observe(state: State, price: bigint, size: bigint, at: Date) {
    for (const interval of state.book.add(price, size, seconds(at))) state.candlesChanged.add(interval);
    this.markTicker(state);
  }

  private markTicker(state: State) {
    state.tickerChanged = true;
    this.tickersChanged = true;
  }

  private async generateHistory(state: State, history: { seed: string; count: number }, now: Date) {
    const { market } = state;
    const grid = new Grid(market);
    const endPrice = grid.price(grid.ticksOf(modelOf(market.symbol).start));
    const end = bucketStart(seconds(now), '1m');
    const rows = simulatedHistory(feedMarket(market), {
      seed: history.seed,
      end,
      endPrice,
      count: history.count,
    });
    await this.repository.insertHistory(market.symbol, 'simulated', rows);
    const newest = new Map<CandleInterval, StoredCandle>();
    for (const row of rows) {
      const held = newest.get(row.interval);
      if (!held || row.start > held.start) newest.set(row.interval, row);
    }
    state.book.restore(
      [...newest.values()],
      rows.filter((row) => row.interval === '1m'),
      seconds(now),
    );
  }

  /** Publishes what changed (run by a timer): tickers of changed or newly stale markets; at most once a second the rest. */
  publishChanges() {
    const publisher = this.options.publisher;
    const now = this.now().getTime();
    for (const state of this.states.values()) {
      const stale = this.isStale(state.market.symbol);
      if (stale !== state.stale) {
        state.stale = stale;
        this.markTicker(state);
      }
      if (state.tickerChanged) {
        state.tickerChanged = false;
        publisher?.publish(channels.ticker, { symbol: state.market.symbol }, this.tickerOf(state));
      }
    }
    if (now - this.lastTickersAt < 1000) return;
    this.lastTickersAt = now;
    if (this.tickersChanged) {
      this.tickersChanged = false;
      publisher?.publish(channels.tickers, {}, this.tickers());
    }
    for (const state of this.states.values()) {
      for (const interval of state.candlesChanged) {
        const candle = state.book.current.get(interval);
        if (candle) {
          publisher?.publish(
            channels.candles,
            { symbol: state.market.symbol, interval },
            {
              ...toWire(candle, state.places),
              interval,
            },
          );
        }
      }
      state.candlesChanged.clear();
    }
  }

  private registerSnapshots() {
    const registry = this.options.snapshots;
    if (!registry) return;
    registry.snapshot('tickers', () => this.tickers());
    registry.snapshot('ticker', (channel) => {
      const state = this.states.get(channel.slice('ticker:'.length));
      return state ? this.tickerOf(state) : undefined;
    });
    registry.snapshot('candles', (channel) => {
      const [, symbol = '', interval] = channel.split(':');
      const state = this.states.get(symbol);
      if (!state || !(CANDLE_INTERVALS as readonly string[]).includes(interval ?? '')) return undefined;
      const candle = state.book.current.get(interval as CandleInterval);
      return candle ? { ...toWire(candle, state.places), interval } : undefined;
    });
  }

  private tickers(): TickerMessage[] {
    return [...this.states.values()].map((state) => this.tickerOf(state));
  }

  private tickerOf(state: State): TickerMessage {
    return {
      symbol: state.market.symbol,
      indexPrice: state.indexPrice,
      stale: this.isStale(state.market.symbol),
      stats: state.book.stats(seconds(this.now()), state.places),
    };
  }

  private summaryOf(state: State): MarketSummary {
    const { marketMaker: _marketMaker, ...market } = state.market;
    return { ...market, ...this.tickerOf(state), source: this.source };
  }

  private adminOf(state: State): AdminMarket {
    return {
      ...this.summaryOf(state),
      marketMaker: state.market.marketMaker,
      updatedAt: state.updatedAt.toISOString(),
    };
  }
}
