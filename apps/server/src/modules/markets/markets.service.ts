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
import type { Cluster } from '../../cluster/cluster';
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
import type { Fence, MarketChanges, MarketRow, MarketsRepository } from './markets.repository';
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
  /**
   * The node's cluster (decision 0044): the feed runs on the leader of `job:market-data`, and every node applies
   * what it broadcasts. Without one this service is the only one and runs the feed from `start`.
   */
  cluster?: Pick<Cluster, 'nodeId' | 'bus' | 'leadership'>;
};

/** The scheduled job that runs the price feed, writes candles and publishes the market channels. */
export const MARKET_DATA_JOB = 'job:market-data';
/** Where the job's leader broadcasts its ticks, and market owners their trades. */
const MARKET_DATA_TOPIC = 'market-data';

/**
 * What nodes tell each other of market data: an index tick of the feed led with `epoch`, a trade settled by a
 * market's owner, that the leader with `epoch` restored the candles from the database (and perhaps generated
 * history), or that an operator changed a market.
 */
type Broadcast =
  | { kind: 'tick'; epoch: string; symbol: string; price: string; volume: string; at: number }
  | { kind: 'trade'; symbol: string; price: string; size: string; at: number }
  | { kind: 'restored'; epoch: string }
  | { kind: 'changed'; symbol: string };

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
  /** Whether this node runs the feed, writes candles and publishes the market channels. */
  private leading = false;
  /** The newest epoch the feed was led with; ticks of an older one, a deposed leader's, are ignored. */
  private feedEpoch = 0n;
  /** What this node's candle writes name while it leads with several nodes. */
  private fence: Fence | undefined;
  private unsubscribeBus: (() => Promise<void>) | undefined;
  /** Observations made while the candles are being restored, applied to the restored candles. */
  private held: Array<() => void> | undefined;
  private restoring: Promise<void> = Promise.resolve();
  private restoresPending = 0;

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

  /**
   * A trade settled on the platform: it moves the candles and the 24-hour statistics like a tick does, here and,
   * through the bus, on every other node.
   */
  recordTrade(symbol: string, trade: { price: string; size: string; at: Date }) {
    this.trade(symbol, trade.price, trade.size, trade.at);
    this.broadcast({ kind: 'trade', symbol, price: trade.price, size: trade.size, at: trade.at.getTime() });
  }

  // ---- Lifecycle ----

  /**
   * Loads the markets. Alone, runs the feed at once; with a cluster, shows the candles stored so far, applies what
   * the bus brings, waits for every market's price while another node runs the feed (for at most the staleness
   * threshold), and contends for the market-data job, whose leader runs the feed.
   */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const row of await this.repository.list()) {
      const market = marketOf(row);
      this.states.set(market.symbol, {
        market,
        updatedAt: row.updatedAt,
        places: placesOfMarket(market),
        book: new CandleBook(),
        indexPrice: null,
        lastTickAt: undefined,
        stale: true,
        tickerChanged: false,
        candlesChanged: new Set(),
      });
    }
    const { cluster, feed } = this.options;
    this.unsubscribeFeed = feed.onTick((symbol, price, volume, at) => this.fed(symbol, price, volume, at));
    this.registerSnapshots();
    const flush = setInterval(() => void this.flush(), this.options.flushMs ?? 2000);
    const publish = setInterval(() => this.publishChanges(), this.options.publishMs ?? 250);
    flush.unref();
    publish.unref();
    this.timers = [flush, publish];
    if (!cluster) {
      await this.lead(undefined);
      return;
    }
    this.unsubscribeBus = await cluster.bus.subscribe(MARKET_DATA_TOPIC, (message) => this.heard(message));
    await this.restore(false);
    // Joining a cluster whose feed runs on another node, this node serves once it has heard every market's price:
    // started cold, it would refuse orders as stale until the leader's next tick.
    if (await cluster.leadership.ledElsewhere(MARKET_DATA_JOB)) await this.firstTicks();
    cluster.leadership.contend(MARKET_DATA_JOB, {
      gained: (epoch) => this.lead(epoch),
      lost: () => this.follow(),
    });
  }

  /** Until every market has a price, or for as long as a market may go without one before it is stale. */
  private firstTicks(): Promise<void> {
    const priced = () => [...this.states.values()].every((state) => state.lastTickAt !== undefined);
    if (priced()) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      };
      const timer = setTimeout(done, this.staleMs);
      const unsubscribe = this.onIndexPrice(() => {
        if (priced()) done();
      });
    });
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.unsubscribeFeed?.();
    await this.unsubscribeBus?.();
    if (this.leading) await this.follow();
  }

  /**
   * Writes the candles changed since the last write, one write at a time; only the leader writes, and with a
   * cluster only while its epoch is still the job's (decision 0044). Elsewhere the changes are dropped: the
   * leader writes the same.
   */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const changed = [...this.states.values()].map((state) => ({
        symbol: state.market.symbol,
        rows: state.book.takeDirty(),
      }));
      if (!this.leading || changed.every(({ rows }) => rows.length === 0)) return;
      try {
        await this.repository.fenced(this.fence, async (repository) => {
          for (const { symbol, rows } of changed) {
            if (rows.length > 0) await repository.upsertCandles(symbol, this.source, rows);
          }
        });
      } catch (error) {
        this.options.onError?.(error);
      }
    });
    return this.flushing;
  }

  /** Leads the market-data job: candles from the database (history where there is none), then the feed. */
  private async lead(epoch: bigint | undefined) {
    if (epoch !== undefined) {
      this.fence = { name: MARKET_DATA_JOB, epoch };
      this.feedEpoch = epoch;
    }
    await this.restore(true);
    this.leading = true;
    if (epoch !== undefined) this.broadcast({ kind: 'restored', epoch: String(epoch) });
    const { feed } = this.options;
    for (const state of this.states.values()) {
      if (state.book.last !== undefined) {
        feed.continueFrom?.(state.market.symbol, formatScaled(state.book.last, state.places.price));
      }
    }
    await feed.start(this.markets().map(feedMarket));
  }

  /** Leaves the job: the feed stops, and what changed is written while the epoch still holds. */
  private async follow() {
    if (!this.leading) return;
    await this.options.feed.stop();
    await this.flush();
    this.leading = false;
    this.fence = undefined;
  }

  /**
   * Rebuilds every market's candles from the database; observations made meanwhile are held and then applied.
   * The leader also generates history for the markets that have none.
   */
  private restore(generate: boolean): Promise<void> {
    this.restoresPending += 1;
    this.held ??= [];
    const run = this.restoring
      .then(() => this.restoreBooks(generate))
      .finally(() => {
        this.restoresPending -= 1;
        if (this.restoresPending > 0) return;
        const held = this.held ?? [];
        this.held = undefined;
        for (const observe of held) observe();
      });
    this.restoring = run.catch(() => {});
    return run;
  }

  private async restoreBooks(generate: boolean) {
    const now = this.now();
    const withCandles = await this.repository.symbolsWithCandles();
    const history = this.options.history;
    for (const state of this.states.values()) {
      const { symbol } = state.market;
      if (generate && !withCandles.has(symbol) && history && this.source === 'simulated') {
        await this.generateHistory(state, history, now);
        continue;
      }
      const book = new CandleBook();
      book.restore(
        await this.repository.newestCandles(symbol),
        await this.repository.minuteCandles(symbol, new Date(now.getTime() - 86_400_000)),
        seconds(now),
      );
      state.book = book;
    }
  }

  /**
   * A tick of this node's feed: applied here and broadcast to the other nodes under this node's epoch. A leader
   * deposed without knowing it yet (woken from a pause) that has heard its successor's ticks drops its own: sent
   * under the newer epoch, they would be mixed with the successor's on every node.
   */
  private fed(symbol: string, price: string, volume: string, at: Date) {
    if (!this.leading) return;
    const epoch = this.fence?.epoch ?? this.feedEpoch;
    if (epoch < this.feedEpoch) return;
    this.tick(symbol, price, volume, at);
    this.broadcast({ kind: 'tick', epoch: String(epoch), symbol, price, volume, at: at.getTime() });
  }

  private broadcast(message: Broadcast) {
    const cluster = this.options.cluster;
    if (!cluster) return;
    cluster.bus
      .publish(MARKET_DATA_TOPIC, JSON.stringify({ ...message, node: cluster.nodeId }))
      .catch((error: unknown) => this.options.onError?.(error));
  }

  /** What another node broadcast; this node applied its own when it sent them. */
  private heard(message: Buffer) {
    const heard = JSON.parse(message.toString()) as Broadcast & { node: string };
    if (heard.node === this.options.cluster?.nodeId) return;
    switch (heard.kind) {
      case 'tick':
        if (BigInt(heard.epoch) < this.feedEpoch) return;
        this.feedEpoch = BigInt(heard.epoch);
        this.tick(heard.symbol, heard.price, heard.volume, new Date(heard.at));
        return;
      case 'trade':
        this.trade(heard.symbol, heard.price, heard.size, new Date(heard.at));
        return;
      case 'restored':
        if (BigInt(heard.epoch) < this.feedEpoch) return;
        this.feedEpoch = BigInt(heard.epoch);
        // The new leader's candles are the database's now: this node continues from the same.
        this.restore(false).catch((error: unknown) => this.options.onError?.(error));
        return;
      case 'changed':
        this.reload(heard.symbol).catch((error: unknown) => this.options.onError?.(error));
        return;
    }
  }

  /** A market an operator changed on another node, read again. */
  private async reload(symbol: string) {
    const state = this.states.get(symbol);
    const row = (await this.repository.list()).find((each) => each.symbol === symbol);
    if (state && row) this.apply(state, row);
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
    this.broadcast({ kind: 'changed', symbol });
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

  private trade(symbol: string, price: string, size: string, at: Date) {
    const state = this.states.get(symbol);
    if (state) this.observe(state, scaled(price), scaled(size), at);
  }

  private observe(state: State, price: bigint, size: bigint, at: Date) {
    if (this.held) {
      this.held.push(() => this.observe(state, price, size, at));
      return;
    }
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
    // Generated once: a deposed leader's insert is refused, and one that commits first is seen by the next leader.
    const written = await this.repository.fenced(this.fence, (repository) =>
      repository.insertHistory(market.symbol, 'simulated', rows),
    );
    if (!written) throw new Error(`${MARKET_DATA_JOB} was lost while its history was being generated`);
    const newest = new Map<CandleInterval, StoredCandle>();
    for (const row of rows) {
      const held = newest.get(row.interval);
      if (!held || row.start > held.start) newest.set(row.interval, row);
    }
    state.book = new CandleBook();
    state.book.restore(
      [...newest.values()],
      rows.filter((row) => row.interval === '1m'),
      seconds(now),
    );
  }

  /**
   * Publishes what changed (run by a timer): tickers of changed or newly stale markets; at most once a second the
   * rest. Only the market-data leader publishes: the hub sends one node's frames to the clients of every node.
   */
  publishChanges() {
    const publisher = this.leading ? this.options.publisher : undefined;
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

  /**
   * What a subscriber is sent first. Only the leader answers: another node's statistics can differ a little from
   * the frames that follow (a trade and a tick heard in another order, a message missed while the bus was down),
   * so there the hub sends the latest frame the leader published instead.
   */
  private registerSnapshots() {
    const registry = this.options.snapshots;
    if (!registry) return;
    registry.snapshot('tickers', () => (this.leading ? this.tickers() : undefined));
    registry.snapshot('ticker', (channel) => {
      if (!this.leading) return undefined;
      const state = this.states.get(channel.slice('ticker:'.length));
      return state ? this.tickerOf(state) : undefined;
    });
    registry.snapshot('candles', (channel) => {
      if (!this.leading) return undefined;
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
