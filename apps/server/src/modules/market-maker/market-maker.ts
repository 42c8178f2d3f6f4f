import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from '../../cluster/leadership';
import type { MarketMakerSettings } from '../../config';
import type { MarketMakerRepository } from '../auth';
import { FuturesVenue } from './futures-venue';
import { gridTicksOf, type Ladder, type LadderInput, type Quote, quoteLadder } from './quote-ladder';
import { type MarketMakerLedger, type MarketMakerOrders, SpotVenue } from './spot-venue';
import {
  fixed,
  type MakerFunds,
  type MakerMarket,
  type MakerVenue,
  type MarketMakerMarkets,
  type RestingQuote,
  settleAll,
} from './venue';

export type { MarketMakerLedger, MarketMakerOrders } from './spot-venue';
export type { MakerMarket, MarketMakerMarkets } from './venue';

/** The scheduled job of quoting, which one node at a time runs (decision 0044). */
export const MARKET_MAKER_JOB = 'job:market-maker';

type Lane = {
  /** The latest refresh of the market, queued or running; the next one starts after it. */
  tail: Promise<void>;
  /** A refresh not started yet: a request meanwhile joins it, since it will read the state as it is then. */
  queued?: Promise<void>;
  /** While the maker quotes the market: what its quotes were drawn from, to tell whether a new index moves them. */
  quoting?: {
    market: MakerMarket;
    /** The grid in ticks and the index it was drawn at. */
    grid: { ticks: number; drawnAt: string };
    funds: MakerFunds;
    /** The quotes as last placed, one `side price size` string each. */
    quotes: string;
  };
  /** Whether the last refresh failed (its failure is logged once, not on every retry). */
  failing?: boolean;
};

/** The common part of what a maker is built with, whatever its venue. */
type MakerDeps = {
  repository: MarketMakerRepository;
  settings: MarketMakerSettings;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** With several nodes, the maker quotes only while this node leads its job. */
  leadership?: Pick<Leadership, 'contend'>;
};

/**
 * The built-in market maker (decision 21): a platform user funded through the ledger that quotes a ladder around
 * each market's index price on its venue, trading through the venue's orders service like anyone. Each market's
 * refreshes run one at a time; a market closed, switched off, stale or without a price has its quotes cancelled.
 */
export class QuotingMaker {
  private userId: number | undefined;
  private running = false;
  /** Whether this node leads the job (always, without leadership): a start the job was lost during stops short. */
  private leading = false;
  /** The start in progress since the job was gained. */
  private starting: Promise<void> = Promise.resolve();
  private readonly lanes = new Map<string, Lane>();
  private unsubscribe: Array<() => void> = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: MakerDeps & {
      venue: MakerVenue;
      /** The leadership name of its job. */
      job: string;
    },
  ) {}

  /** The maker's user id once started. */
  get user(): number | undefined {
    return this.userId;
  }

  /** Starts quoting, or with several nodes contends for the job and quotes whenever this node leads it. */
  async start() {
    const { settings, leadership } = this.deps;
    if (!settings.enabled) return;
    if (!leadership) {
      this.leading = true;
      await this.quote();
      return;
    }
    leadership.contend(this.deps.job, {
      // Started beside the roles gained after it, not before them: its first cancels and quotes go to markets
      // whose books may be gained after the job, and waiting for them here would hold those books back.
      gained: async () => {
        this.leading = true;
        this.starting = this.quote().catch((error: unknown) =>
          this.deps.log.error({ err: error, venue: this.deps.venue.name }, 'market maker could not start'),
        );
      },
      lost: async () => {
        this.leading = false;
        await this.starting;
        await this.stop();
      },
    });
  }

  /**
   * Quotes from now on: its user made if need be, quotes left by a previous run (or another node) cancelled, and
   * the funding made once; the ledger's references keep it once across runs and nodes.
   */
  private async quote() {
    const { settings, venue, repository } = this.deps;
    if (this.running) return;
    const userId = await repository.ensureUser();
    this.userId = userId;
    // Quotes left by a previous run were made around an old index price.
    await venue.cancelAll(userId);
    await venue.fund(userId);
    if (!this.leading) return;
    this.running = true;
    this.unsubscribe = [
      venue.onIndexPrice((symbol, price) => this.onIndexPrice(symbol, price)),
      venue.onMarketChanged((market) => void this.refresh(market.symbol)),
    ];
    this.timer = setInterval(() => void this.refreshAll(), settings.refreshMs);
    this.timer.unref();
    void this.refreshAll();
    this.deps.log.info({ userId, venue: venue.name }, 'market maker started');
  }

  /** Stops quoting and cancels the maker's quotes, so none rest while nothing refreshes them. */
  async stop() {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.timer);
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.unsubscribe = [];
    await this.idle();
    this.lanes.clear();
    if (this.userId === undefined) return;
    try {
      await this.deps.venue.cancelAll(this.userId);
    } catch (error) {
      this.deps.log.warn(
        { err: error, venue: this.deps.venue.name },
        'market maker could not cancel its quotes on stop',
      );
    }
  }

  /** Resolves when a start in progress and every refresh asked for so far have finished. */
  async idle() {
    await this.starting;
    await Promise.all([...this.lanes.values()].map((lane) => lane.tail));
  }

  /** Asks for a refresh of every market; resolves when they have run. */
  refreshAll(): Promise<void> {
    return Promise.all(this.deps.venue.markets().map((market) => this.refresh(market.symbol))).then(() => {});
  }

  /** Asks for a refresh of one market, after any running one; resolves when it has run. Never rejects. */
  refresh(symbol: string): Promise<void> {
    let lane = this.lanes.get(symbol);
    if (!lane) {
      lane = { tail: Promise.resolve() };
      this.lanes.set(symbol, lane);
    }
    if (lane.queued) return lane.queued;
    const current = lane;
    const next = current.tail.then(async () => {
      current.queued = undefined;
      try {
        await this.refreshNow(symbol, current);
        current.failing = false;
      } catch (error) {
        // Once per run of failures: a market that keeps failing would otherwise log on every tick.
        if (!current.failing)
          this.deps.log.warn(
            { err: error, symbol, venue: this.deps.venue.name },
            'market maker refresh failed',
          );
        current.failing = true;
      }
    });
    current.queued = next;
    current.tail = next;
    return next;
  }

  /** Refreshes a market whose quotes the new index moves; most ticks leave them on their grid lines. */
  private onIndexPrice(symbol: string, price: string) {
    const quoting = this.lanes.get(symbol)?.quoting;
    if (!quoting || !sameGrid(quoting.grid, price)) {
      void this.refresh(symbol);
      return;
    }
    const ladder = quoteLadder(this.ladderInput(quoting.market, price, quoting.grid.ticks, quoting.funds));
    if (quotesOf(ladder) !== quoting.quotes) void this.refresh(symbol);
  }

  private ladderInput(market: MakerMarket, index: string, gridTicks: number, funds: MakerFunds): LadderInput {
    const { settings } = this.deps;
    return {
      indexPrice: index,
      tickSize: market.tickSize,
      lotSize: market.lotSize,
      minNotional: market.minNotional,
      levels: settings.levels,
      spreadBps: settings.spreadBps,
      stepBps: settings.stepBps,
      gridTicks,
      levelNotional: settings.levelNotional,
      ...funds,
    };
  }

  private async refreshNow(symbol: string, lane: Lane) {
    const userId = this.userId;
    if (!this.running || userId === undefined) return;
    const { venue } = this.deps;
    const market = venue.market(symbol);
    const index = venue.indexPrice(symbol);
    if (!market?.open || !market.marketMaker || index === null || venue.isStale(symbol)) {
      if (lane.quoting) {
        lane.quoting = undefined;
        await venue.cancelAll(userId, symbol);
      }
      return;
    }
    const resting = await venue.quotes(userId, symbol);
    const previous = lane.quoting;
    const grid =
      previous && previous.market.tickSize === market.tickSize && sameGrid(previous.grid, index)
        ? previous.grid
        : { ticks: gridTicksOf(index, market.tickSize, this.deps.settings.stepBps), drawnAt: index };
    const funds = await venue.funds(userId, market, index, resting);
    const ladder = quoteLadder(this.ladderInput(market, index, grid.ticks, funds));
    // Quotes already resting as wanted keep their place in the queue; the rest are replaced.
    const wanted = [...ladder.bids, ...ladder.asks];
    const stale: RestingQuote[] = [];
    for (const order of resting) {
      const match = wanted.findIndex((quote) => sameQuote(order, quote));
      if (match >= 0) wanted.splice(match, 1);
      else stale.push(order);
    }
    // Sent together, so the orders service can take each group in one batch; the cancels free the funds first.
    await settleAll(stale.map((order) => venue.cancel(userId, order.id)));
    lane.quoting = { market, grid, funds, quotes: quotesOf(ladder) };
    await venue.place(userId, symbol, bestFirst(wanted));
  }
}

/**
 * The built-in market maker of the spot markets (decision 21), quoting through the spot orders service while
 * this node leads `job:market-maker`.
 */
export class MarketMaker extends QuotingMaker {
  constructor(
    deps: MakerDeps & { ledger: MarketMakerLedger; markets: MarketMakerMarkets; orders: MarketMakerOrders },
  ) {
    const { ledger, markets, orders, ...common } = deps;
    super({
      ...common,
      venue: new SpotVenue({ ledger, markets, orders, settings: deps.settings }),
      job: MARKET_MAKER_JOB,
    });
  }
}

/** The scheduled job of quoting the perpetuals: a job of its own, so it may run on another node than spot's. */
export const FUTURES_MARKET_MAKER_JOB = 'job:futures-market-maker';

/**
 * The built-in market maker of the perpetuals (issue 18): the same platform user, quoting from its futures
 * account through the futures orders service around each perpetual's index price while this node leads
 * `job:futures-market-maker`.
 */
export class FuturesMarketMaker extends QuotingMaker {
  constructor(deps: MakerDeps & Omit<ConstructorParameters<typeof FuturesVenue>[0], 'settings'>) {
    const { ledger, markets, index, orders, futuresSettings, ...common } = deps;
    super({
      ...common,
      venue: new FuturesVenue({ ledger, markets, index, orders, futuresSettings, settings: deps.settings }),
      job: FUTURES_MARKET_MAKER_JOB,
    });
  }
}

/** The quotes of both sides in the order of acceptance: each side best first, a bid then an ask at each level. */
function bestFirst(quotes: Quote[]): Quote[] {
  const bids = quotes.filter((quote) => quote.side === 'buy');
  const asks = quotes.filter((quote) => quote.side === 'sell');
  const ordered: Quote[] = [];
  for (let level = 0; level < Math.max(bids.length, asks.length); level++) {
    const bid = bids[level];
    const ask = asks[level];
    if (bid) ordered.push(bid);
    if (ask) ordered.push(ask);
  }
  return ordered;
}

/** A grid is kept while the index stays within a quarter of the price it was drawn at. */
function sameGrid(grid: { drawnAt: string }, index: string): boolean {
  const drawnAt = fixed(grid.drawnAt);
  const moved = fixed(index) - drawnAt;
  return (moved < 0n ? -moved : moved) * 4n < drawnAt;
}

function quotesOf(ladder: Ladder): string {
  return [...ladder.bids, ...ladder.asks]
    .map((quote) => `${quote.side} ${quote.price} ${quote.size}`)
    .join(',');
}

/** Whether a resting quote is the wanted one, whatever the decimal places either is written with. */
function sameQuote(order: RestingQuote, quote: Quote): boolean {
  return (
    !order.replace &&
    order.side === quote.side &&
    fixed(order.price) === fixed(quote.price) &&
    fixed(order.remaining) === fixed(quote.size)
  );
}
