import { randomUUID } from 'node:crypto';
import type { OrderView, PlaceOrderBody } from '@kestrel/contract';
import { formatAmount, parseAmount, type Units } from '@kestrel/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from '../../cluster/leadership';
import type { MarketMakerSettings } from '../../config';
import { AppError } from '../../http/app-error';
import type { MarketMakerRepository } from '../auth';
import type { LedgerService } from '../ledger';
import { gridTicksOf, type Ladder, type LadderInput, type Quote, quoteLadder } from './quote-ladder';

/** What the maker needs to know of a market (the markets service's `Market`). */
export type MakerMarket = {
  symbol: string;
  base: string;
  quote: string;
  tickSize: string;
  lotSize: string;
  minNotional: string;
  open: boolean;
  marketMaker: boolean;
};

/** The part of the markets service the maker reads. */
export interface MarketMakerMarkets {
  markets(): MakerMarket[];
  market(symbol: string): MakerMarket | undefined;
  indexPrice(symbol: string): string | null;
  isStale(symbol: string): boolean;
  onIndexPrice(listener: (symbol: string, price: string) => void): () => void;
  onMarketChanged(listener: (market: MakerMarket) => void): () => void;
}

/** The spot orders service: the maker trades through it like anyone. */
export interface MarketMakerOrders {
  place(userId: number, body: PlaceOrderBody, reference: string): Promise<OrderView>;
  cancel(userId: number, orderId: string): Promise<OrderView>;
  cancelAll(userId: number, symbol?: string): Promise<number>;
  openOrders(userId: number, symbol?: string): Promise<OrderView[]>;
}

export type MarketMakerLedger = Pick<LedgerService, 'execute' | 'balancesOf' | 'assets'>;

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
    funds: Pick<LadderInput, 'budget' | 'inventory'>;
    /** The quotes as last placed, one `side price size` string each. */
    quotes: string;
  };
  /** Whether the last refresh failed (its failure is logged once, not on every retry). */
  failing?: boolean;
};

const SCALE = 18;

function fixed(text: string): bigint {
  const value = parseAmount(text, SCALE);
  if (value === undefined) throw new RangeError(`${text} is not a decimal`);
  return value;
}

function decimal(value: bigint): string {
  return formatAmount((value < 0n ? 0n : value) as Units, SCALE);
}

/**
 * The built-in market maker (decision 21): a platform user funded through the ledger that quotes a ladder around
 * each market's index price through the spot orders service. Each market's refreshes run one at a time; a
 * market closed, switched off, stale or without a price has its quotes cancelled.
 */
export class MarketMaker {
  private userId: number | undefined;
  private running = false;
  /** Whether this node leads the job (always, without leadership): a start the job was lost during stops short. */
  private leading = false;
  /** The start in progress since the job was gained. */
  private starting: Promise<void> = Promise.resolve();
  private readonly lanes = new Map<string, Lane>();
  private readonly funded = new Set<string>();
  private unsubscribe: Array<() => void> = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: {
      repository: MarketMakerRepository;
      ledger: MarketMakerLedger;
      markets: MarketMakerMarkets;
      orders: MarketMakerOrders;
      settings: MarketMakerSettings;
      log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
      /** With several nodes, the maker quotes only while this node leads `job:market-maker`. */
      leadership?: Pick<Leadership, 'contend'>;
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
    leadership.contend(MARKET_MAKER_JOB, {
      // Started beside the roles gained after it, not before them: its first cancels and quotes go to markets
      // whose books may be gained after the job, and waiting for them here would hold those books back.
      gained: async () => {
        this.leading = true;
        this.starting = this.quote().catch((error: unknown) =>
          this.deps.log.error({ err: error }, 'market maker could not start'),
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
    const { settings, markets, orders, repository } = this.deps;
    if (this.running) return;
    const userId = await repository.ensureUser();
    this.userId = userId;
    // Quotes left by a previous run were made around an old index price.
    await orders.cancelAll(userId);
    for (const quote of new Set(markets.markets().map((market) => market.quote))) {
      await this.fund(quote, settings.quoteFunds);
    }
    if (!this.leading) return;
    this.running = true;
    this.unsubscribe = [
      markets.onIndexPrice((symbol, price) => this.onIndexPrice(symbol, price)),
      markets.onMarketChanged((market) => void this.refresh(market.symbol)),
    ];
    this.timer = setInterval(() => void this.refreshAll(), settings.refreshMs);
    this.timer.unref();
    void this.refreshAll();
    this.deps.log.info({ userId }, 'market maker started');
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
      await this.deps.orders.cancelAll(this.userId);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'market maker could not cancel its quotes on stop');
    }
  }

  /** Resolves when a start in progress and every refresh asked for so far have finished. */
  async idle() {
    await this.starting;
    await Promise.all([...this.lanes.values()].map((lane) => lane.tail));
  }

  /** Asks for a refresh of every market; resolves when they have run. */
  refreshAll(): Promise<void> {
    return Promise.all(this.deps.markets.markets().map((market) => this.refresh(market.symbol))).then(
      () => {},
    );
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
        if (!current.failing) this.deps.log.warn({ err: error, symbol }, 'market maker refresh failed');
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

  private ladderInput(
    market: MakerMarket,
    index: string,
    gridTicks: number,
    funds: Pick<LadderInput, 'budget' | 'inventory'>,
  ): LadderInput {
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
    const { markets, orders } = this.deps;
    const market = markets.market(symbol);
    const index = markets.indexPrice(symbol);
    if (!market?.open || !market.marketMaker || index === null || markets.isStale(symbol)) {
      if (lane.quoting) {
        lane.quoting = undefined;
        await orders.cancelAll(userId, symbol);
      }
      return;
    }
    await this.fundBase(market, index);
    const resting = await orders.openOrders(userId, symbol);
    const previous = lane.quoting;
    const grid =
      previous && previous.market.tickSize === market.tickSize && sameGrid(previous.grid, index)
        ? previous.grid
        : { ticks: gridTicksOf(index, market.tickSize, this.deps.settings.stepBps), drawnAt: index };
    const funds = await this.fundsFor(userId, market, resting);
    const ladder = quoteLadder(this.ladderInput(market, index, grid.ticks, funds));
    // Quotes already resting as wanted keep their place in the queue; the rest are replaced.
    const wanted = [...ladder.bids, ...ladder.asks];
    const stale: OrderView[] = [];
    for (const order of resting) {
      const match = wanted.findIndex((quote) => sameQuote(order, quote));
      if (match >= 0) wanted.splice(match, 1);
      else stale.push(order);
    }
    // Sent together, so the orders service can take each group in one batch; the cancels free the funds first.
    await settleAll(stale.map((order) => this.cancelQuietly(userId, order.id)));
    lane.quoting = { market, grid, funds, quotes: quotesOf(ladder) };
    await this.place(
      userId,
      symbol,
      wanted.filter((quote) => quote.side === 'buy'),
      wanted.filter((quote) => quote.side === 'sell'),
    );
  }

  /**
   * The ladder's budgets and inventory: each side may commit what is available plus what its own quotes in
   * this market hold (they are replaced); the quote asset is shared, so one market gets its share of it.
   */
  private async fundsFor(userId: number, market: MakerMarket, resting: OrderView[]) {
    const balances = (await this.deps.ledger.balancesOf(userId)).filter((row) => row.account === 'spot');
    const held = (asset: string) => {
      const row = balances.find((item) => item.asset === asset);
      return { available: fixed(row?.available ?? '0'), frozen: fixed(row?.frozen ?? '0') };
    };
    const base = held(market.base);
    const quote = held(market.quote);
    let asksHold = 0n;
    let bidsHold = 0n;
    for (const order of resting) {
      const remaining = fixed(order.size ?? '0') - fixed(order.filledSize);
      if (order.side === 'sell') asksHold += remaining;
      else if (order.price !== null) bidsHold += (remaining * fixed(order.price)) / 10n ** BigInt(SCALE);
    }
    const sharing = BigInt(
      Math.max(1, this.deps.markets.markets().filter((item) => item.marketMaker && item.open).length),
    );
    const share = (quote.available + quote.frozen) / sharing;
    const quoteBudget = quote.available + bidsHold < share ? quote.available + bidsHold : share;
    return {
      budget: { base: decimal(base.available + asksHold), quote: decimal(quoteBudget) },
      inventory: {
        baseHeld: decimal(base.available + base.frozen),
        targetValue: this.deps.settings.baseValue,
        limit: this.deps.settings.inventoryLimit,
      },
    };
  }

  /**
   * Places the missing quotes, each side best first in the order of acceptance. The ladder's budgets keep them
   * within the funds; a quote refused anyway (funds, the market closed meanwhile, a post-only quote that would
   * take) is left out until the next refresh.
   */
  private async place(userId: number, symbol: string, bids: Quote[], asks: Quote[]) {
    const quotes: Quote[] = [];
    for (let level = 0; level < Math.max(bids.length, asks.length); level++) {
      const bid = bids[level];
      const ask = asks[level];
      if (bid) quotes.push(bid);
      if (ask) quotes.push(ask);
    }
    await settleAll(
      quotes.map(async (quote) => {
        const body: PlaceOrderBody = {
          symbol,
          side: quote.side,
          type: 'limit',
          price: quote.price,
          size: quote.size,
          timeInForce: 'GTC',
          // The maker adds liquidity: a quote that would take from someone's order is refused, not matched.
          postOnly: true,
        };
        try {
          await this.deps.orders.place(userId, body, `market-maker:${randomUUID()}`);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }),
    );
  }

  private async cancelQuietly(userId: number, orderId: string) {
    try {
      await this.deps.orders.cancel(userId, orderId);
    } catch (error) {
      // Filled or cancelled meanwhile: either way it no longer rests.
      if (!(error instanceof AppError)) throw error;
    }
  }

  /** Credits the maker once per asset from the adjustments account; the ledger ignores a repeated reference. */
  private async fund(asset: string, amount: string) {
    const userId = this.userId;
    if (userId === undefined || this.funded.has(asset)) return;
    if (fixed(amount) > 0n) {
      await this.deps.ledger.execute({
        type: 'credit',
        kind: 'system_add',
        from: 'adjustments',
        userId,
        account: 'spot',
        asset,
        amount,
        reference: `market-maker:${asset}`,
        actor: 'system',
        memo: 'market maker funding',
      });
    }
    this.funded.add(asset);
  }

  /** The base asset's funding: the configured value at the index price, on the asset's precision. */
  private async fundBase(market: MakerMarket, index: string) {
    if (this.funded.has(market.base)) return;
    const precision = (await this.deps.ledger.assets()).get(market.base);
    if (precision === undefined)
      throw new Error(`asset ${market.base} of ${market.symbol} is not in the ledger`);
    const units = (fixed(this.deps.settings.baseValue) * 10n ** BigInt(precision)) / fixed(index);
    await this.fund(market.base, formatAmount(units as Units, precision));
  }
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

/** Waits for every task, then fails with the first failure, so none is left running unobserved. */
async function settleAll(tasks: Array<Promise<unknown>>) {
  const results = await Promise.allSettled(tasks);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Whether a resting order is the wanted quote, whatever the decimal places either is written with. */
function sameQuote(order: OrderView, quote: Quote): boolean {
  if (order.side !== quote.side || order.price === null || order.size === null) return false;
  const remaining = fixed(order.size) - fixed(order.filledSize);
  return fixed(order.price) === fixed(quote.price) && remaining === fixed(quote.size);
}
