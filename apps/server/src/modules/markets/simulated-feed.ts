import { formatScaled, placesOf, scaled } from './decimal';
import { type FeedMarket, type PriceFeed, type TickListener, TickListeners } from './price-feed';

/*
 * The built-in price simulation (decision 0018): a geometric random walk per coin with its own volatility and
 * occasional jumps, from plausible starting prices. The walk itself is a model in floating point; what leaves it
 * is always a whole number of ticks and lots, written as decimal strings. Given the seed and the sequence of
 * steps, the prices are always the same.
 */

/** Per coin: a plausible starting price, annualised volatility, and simulated quote turnover per second. */
export type CoinModel = { start: number; annualVolatility: number; turnoverPerSecond: number };

export const COIN_MODELS: Record<string, CoinModel> = {
  BTC: { start: 95_000, annualVolatility: 0.5, turnoverPerSecond: 900 },
  ETH: { start: 3_300, annualVolatility: 0.65, turnoverPerSecond: 500 },
  SOL: { start: 180, annualVolatility: 0.9, turnoverPerSecond: 250 },
  BNB: { start: 650, annualVolatility: 0.6, turnoverPerSecond: 120 },
  XRP: { start: 2.3, annualVolatility: 0.9, turnoverPerSecond: 200 },
  DOGE: { start: 0.32, annualVolatility: 1.1, turnoverPerSecond: 150 },
  TRX: { start: 0.25, annualVolatility: 0.6, turnoverPerSecond: 60 },
  LTC: { start: 100, annualVolatility: 0.8, turnoverPerSecond: 60 },
};
const UNKNOWN_COIN: CoinModel = { start: 1, annualVolatility: 0.8, turnoverPerSecond: 50 };

const SECONDS_PER_YEAR = 365 * 24 * 3600;
/** A jump about once every half hour per market, of a size that scales with the coin's volatility. */
const JUMP_PROBABILITY_PER_SECOND = 1 / 1800;
const JUMP_SIZE = 0.008;

export function modelOf(symbol: string): CoinModel {
  return COIN_MODELS[symbol.replace(/USDT$/, '')] ?? UNKNOWN_COIN;
}

/** Volatility of the log price over one second. */
export function volatilityPerSecond(model: CoinModel): number {
  return model.annualVolatility / Math.sqrt(SECONDS_PER_YEAR);
}

/** A small, fast, seedable generator (sfc32), seeded from a string through cyrb128. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare: number | undefined;

  constructor(seed: string) {
    let h1 = 1779033703;
    let h2 = 3144134277;
    let h3 = 1013904242;
    let h4 = 2773480762;
    for (let i = 0; i < seed.length; i++) {
      const k = seed.charCodeAt(i);
      h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
      h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
      h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
      h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
    }
    h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
    h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
    h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
    h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
    this.a = (h1 ^ h2 ^ h3 ^ h4) >>> 0;
    this.b = (h2 ^ h1) >>> 0;
    this.c = (h3 ^ h1) >>> 0;
    this.d = (h4 ^ h1) >>> 0;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Standard normal (Box–Muller). */
  gaussian(): number {
    if (this.spare !== undefined) {
      const value = this.spare;
      this.spare = undefined;
      return value;
    }
    const u = 1 - this.next();
    const v = this.next();
    const radius = Math.sqrt(-2 * Math.log(u));
    this.spare = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  }
}

/** A market's increments, ready for rounding model values to whole ticks and lots. */
export class Grid {
  readonly tick: number;
  readonly lot: number;
  private readonly tickScaled: bigint;
  private readonly lotScaled: bigint;
  private readonly tickPlaces: number;
  private readonly lotPlaces: number;

  constructor(market: Pick<FeedMarket, 'tickSize' | 'lotSize'>) {
    this.tick = Number(market.tickSize);
    this.lot = Number(market.lotSize);
    this.tickScaled = scaled(market.tickSize);
    this.lotScaled = scaled(market.lotSize);
    this.tickPlaces = placesOf(market.tickSize);
    this.lotPlaces = placesOf(market.lotSize);
  }

  /** The model price as a whole number of ticks, at least one. */
  ticksOf(price: number): number {
    return Math.max(1, Math.round(price / this.tick));
  }

  lotsOf(size: number): number {
    return Math.max(0, Math.round(size / this.lot));
  }

  price(ticks: number): string {
    return formatScaled(BigInt(ticks) * this.tickScaled, this.tickPlaces);
  }

  size(lots: number): string {
    return formatScaled(BigInt(lots) * this.lotScaled, this.lotPlaces);
  }
}

type Walk = { market: FeedMarket; grid: Grid; model: CoinModel; random: Random; logPrice: number };

export type SimulatedFeedOptions = {
  seed: string;
  /** Time stamps of the ticks; injected by tests. */
  clock?: () => Date;
  /** Milliseconds between steps; 0 steps only when `step()` is called (tests). */
  intervalMs?: number;
};

/** The default `PriceFeed`: one step a second for every market, from its last price or its coin's start. */
export class SimulatedFeed implements PriceFeed {
  readonly source = 'simulated' as const;
  private readonly listeners = new TickListeners();
  private readonly walks = new Map<string, Walk>();
  private readonly startPrices = new Map<string, string>();
  private readonly clock: () => Date;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SimulatedFeedOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.intervalMs = options.intervalMs ?? 1000;
  }

  onTick(listener: TickListener): () => void {
    return this.listeners.add(listener);
  }

  /** Continues a market from this price (its last close) instead of its coin's starting price. */
  continueFrom(symbol: string, price: string) {
    this.startPrices.set(symbol, price);
  }

  async start(markets: readonly FeedMarket[]): Promise<void> {
    const at = this.clock();
    for (const market of markets) {
      const model = modelOf(market.symbol);
      const start = Number(this.startPrices.get(market.symbol) ?? model.start);
      const walk: Walk = {
        market,
        grid: new Grid(market),
        model,
        random: new Random(`${this.options.seed}:${market.symbol}`),
        logPrice: Math.log(start),
      };
      this.walks.set(market.symbol, walk);
      this.emit(walk, 0, at);
    }
    if (this.intervalMs > 0) {
      this.timer = setInterval(() => this.step(), this.intervalMs);
      this.timer.unref();
    }
  }

  updateMarket(market: FeedMarket) {
    const walk = this.walks.get(market.symbol);
    if (walk) {
      walk.market = market;
      walk.grid = new Grid(market);
    }
  }

  /** One second of every market's walk. */
  step() {
    const at = this.clock();
    for (const walk of this.walks.values()) {
      const { random, model } = walk;
      let move = volatilityPerSecond(model) * random.gaussian();
      if (random.next() < JUMP_PROBABILITY_PER_SECOND) {
        move += JUMP_SIZE * (model.annualVolatility / 0.6) * random.gaussian();
      }
      walk.logPrice += move;
      const price = Math.exp(walk.logPrice);
      // Turnover varies a lot from second to second (log-normal), and grows with the size of the move.
      const turnover =
        model.turnoverPerSecond * Math.exp(0.8 * random.gaussian() - 0.32) * (1 + 200 * Math.abs(move));
      this.emit(walk, walk.grid.lotsOf(turnover / price), at);
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private emit(walk: Walk, lots: number, at: Date) {
    const ticks = walk.grid.ticksOf(Math.exp(walk.logPrice));
    this.listeners.emit(walk.market.symbol, walk.grid.price(ticks), walk.grid.size(lots), at);
  }
}
