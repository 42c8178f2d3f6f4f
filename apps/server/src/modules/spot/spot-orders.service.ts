import type {
  DepthSnapshot,
  LatestTradeList,
  OrderView,
  PlaceOrderBody,
  PublicTrade,
  UserTrade,
} from '@kestrel/contract';
import { channels } from '@kestrel/contract';
import { checkOrder, type OrderRefusal } from '@kestrel/engine';
import { decimalOf, formatAmount, formatDecimal, toScale, type Units } from '@kestrel/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Cluster } from '../../cluster/cluster';
import { OwnerRelay } from '../../cluster/owner-relay';
import { type FeeDiscount, type FeeDiscounts, NO_DISCOUNTS } from '../../fees/fee-discounts';
import { AppError } from '../../http/app-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { quantity } from '../../http/i18n';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { LedgerService } from '../ledger';
import { MarketBook } from './market-book';
import type { SpotRepository } from './spot.repository';
import type { SpotTradeRow } from './spot.schema';
import { MarketMath, type SpotMarket } from './spot-math';
import { type BatchReport, type OrderRequest, type SettledBatch, SpotSequencer } from './spot-sequencer';
import { userTradeOf, viewOf } from './spot-views';

/** What spot trading needs of the markets module (MarketsService provides it). */
export interface SpotMarkets {
  markets(): SpotMarket[];
  market(symbol: string): SpotMarket | undefined;
  indexPrice(symbol: string): string | null;
  isStale(symbol: string): boolean;
  recordTrade(symbol: string, trade: { price: string; size: string; at: Date }): void;
  onMarketChanged?(listener: (market: SpotMarket) => void): () => void;
}

/**
 * A user's spot activity over part of a day: the orders placed, and the amounts bought with (exact decimals of
 * the quote asset, one entry per market).
 */
export type SpotActivity = { orderCount: number; bought: { asset: string; amount: string }[] };

/** Public trades kept in memory per market for the REST list and the WebSocket snapshot. */
const RECENT_TRADES = 50;
const DEPTH_LEVELS = 20;

/** What a node gives spot trading of the cluster (decision 0044). */
export type SpotCluster = Pick<Cluster, 'nodeId' | 'bus' | 'leadership'>;

/** How long a command heard by the market's leader waits for its answer. */
const ANSWER_MS = 8000;

/** The bus topic prefix of commands for a market's leader. */
const COMMANDS_TOPIC = 'spot-commands';

/** A command for a market's book, run by the node that leads the market. */
type MarketCommand =
  | {
      kind: 'place';
      userId: number;
      body: PlaceOrderBody;
      reference: string | null;
      /** The user's fee discount, read where the order arrived (decision 0050). */
      discount: FeeDiscount;
    }
  | { kind: 'cancel'; orderId: string }
  | { kind: 'depth'; levels: number };

/** A market this node leads: its book, once built from the database, and its latest public trades. */
type Lead = {
  epoch: bigint;
  ready: Promise<MarketBook>;
  book: MarketBook | undefined;
  recent: PublicTrade[];
  /** Stops hearing the commands other nodes send for the market. */
  unserve: (() => Promise<void>) | undefined;
};

/**
 * Spot orders (ARCHITECTURE.md section 6): validates an order against its market, hands it to the spot
 * sequencer (which freezes, matches on the market's book and settles it through the ledger) and answers with
 * the order as it stands once its matching is settled. Publishes depth, trades and each user's orders and
 * balances.
 *
 * Each market has one writer among the nodes (decision 0044): the service contends for `spot:<symbol>` and
 * builds the market's book when this node gains it, under the leadership's epoch. Orders, cancels and depth of a
 * market another node leads are sent to that node over the bus and its answer relayed; lists of orders and
 * trades are read from the database on whichever node is asked.
 */
export class SpotOrdersService {
  private readonly leads = new Map<string, Lead>();
  private readonly contended = new Set<string>();
  private readonly sequencer: SpotSequencer;
  private readonly relay: OwnerRelay<MarketCommand>;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly repository: SpotRepository,
    private readonly ledger: LedgerService,
    private readonly markets: SpotMarkets,
    private readonly publisher: RealtimePublisher,
    private readonly cluster: SpotCluster,
    private readonly log?: FastifyBaseLogger,
    observe?: (batch: SettledBatch) => void,
    /** What each user's membership level takes off the fees of the orders they place (decision 0050). */
    private readonly discounts: FeeDiscounts = NO_DISCOUNTS,
  ) {
    this.sequencer = new SpotSequencer(
      repository,
      ledger,
      (report) => this.published(report),
      (books) => this.fenced(books),
      log,
      observe,
    );
    this.relay = new OwnerRelay(cluster.bus, cluster.nodeId, COMMANDS_TOPIC, ANSWER_MS, log);
  }

  /**
   * Contends for every market's book; the books are built as leadership is gained, once the node's leadership
   * starts. Alone, the node gains every market at once.
   */
  async start(): Promise<void> {
    await this.relay.start();
    for (const market of this.markets.markets()) this.contend(market.symbol);
    this.unsubscribe = this.markets.onMarketChanged?.((market) => {
      void this.marketChanged(market);
    });
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.sequencer.stop();
    await this.relay.stop();
  }

  async place(userId: number, body: PlaceOrderBody, reference: string | null): Promise<OrderView> {
    const market = this.tradable(body.symbol);
    const discount = await this.discounts.of(userId);
    return (await this.command(market.symbol, {
      kind: 'place',
      userId,
      body,
      reference,
      discount,
    })) as OrderView;
  }

  /**
   * An order checked as `place` checks it, with the rates it pays and what it freezes, for the demo desk, which
   * fills it against the book's depth without placing it (decision 0055).
   */
  async prepare(
    userId: number,
    body: PlaceOrderBody,
    reference: string | null,
  ): Promise<{ request: OrderRequest; math: MarketMath }> {
    const market = this.tradable(body.symbol);
    const discount = await this.discounts.of(userId);
    const math = await this.mathFor(market.symbol);
    return { request: this.requestOf(userId, body, reference, discount, math), math };
  }

  /** A market's math: its book's when this node leads it, else the market's. */
  mathFor(symbol: string): Promise<MarketMath> {
    return this.maths()(symbol);
  }

  /** Publishes these users' spot balances to those who follow them (the demo desk's fills change them too). */
  balancesChanged(userIds: Iterable<number>) {
    const followers = [...userIds].filter((userId) => this.publisher.follows(userId, channels.balances));
    if (followers.length > 0) void this.publishBalances(followers);
  }

  private tradable(symbol: string): SpotMarket {
    const market = this.markets.market(symbol);
    if (!market) throw new AppError('unknownMarket');
    if (!market.open) throw new AppError('marketClosed');
    if (this.markets.isStale(market.symbol)) throw new AppError('priceStale');
    return market;
  }

  async cancel(userId: number, orderId: string): Promise<OrderView> {
    const row = /^\d{1,18}$/.test(orderId) ? await this.repository.findOrder(BigInt(orderId)) : undefined;
    if (!row || row.userId !== userId) throw new AppError('orderNotFound');
    if (!['new', 'open', 'partially_filled'].includes(row.status)) throw new AppError('orderNotCancellable');
    return (await this.command(row.symbol, { kind: 'cancel', orderId: String(row.id) })) as OrderView;
  }

  /** Cancels the user's live orders (of one market or all); answers how many were cancelled. */
  async cancelAll(userId: number, symbol?: string): Promise<number> {
    const orders = await this.repository.liveOrderIds(userId, symbol);
    const results = await Promise.allSettled(
      orders.map(
        async (order) =>
          (await this.command(order.symbol, { kind: 'cancel', orderId: String(order.id) })) as OrderView,
      ),
    );
    return results.filter((result) => result.status === 'fulfilled' && result.value.status === 'cancelled')
      .length;
  }

  async openOrders(userId: number, symbol?: string): Promise<OrderView[]> {
    return (await this.orders(userId, { state: 'open', symbol, limit: 50 })).items;
  }

  async orders(
    userId: number,
    query: { state: 'open' | 'history'; symbol?: string; cursor?: string; limit: number },
  ): Promise<{ items: OrderView[]; next: string | null }> {
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (query.cursor !== undefined && before === undefined) throw new AppError('parameterError');
    const rows = await this.repository.listOrders({
      userId,
      state: query.state,
      symbol: query.symbol,
      before,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const maths = this.maths();
    const items = await Promise.all(page.map(async (row) => viewOf(row, await maths(row.symbol))));
    const last = page.at(-1);
    return { items, next: rows.length > query.limit && last ? encodeCursor(last.id) : null };
  }

  /**
   * The user's spot activity since a moment, for today's figures on the assets screen: the orders placed and the
   * quote amount bought with, per quote asset.
   */
  async activitySince(userId: number, since: Date): Promise<SpotActivity> {
    const [orderCount, bought] = await Promise.all([
      this.repository.placedSince(userId, since),
      this.repository.boughtSince(userId, since),
    ]);
    return {
      orderCount,
      bought: bought.flatMap((row) => {
        const market = this.markets.market(row.symbol);
        return market ? [{ asset: market.quote, amount: row.quoteAmount }] : [];
      }),
    };
  }

  async trades(
    userId: number,
    query: { symbol?: string; cursor?: string; limit: number },
  ): Promise<{ items: UserTrade[]; next: string | null }> {
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (query.cursor !== undefined && before === undefined) throw new AppError('parameterError');
    const rows = await this.repository.userTrades({
      userId,
      symbol: query.symbol,
      before,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const maths = this.maths();
    const items = await Promise.all(
      page.map(async (row) => userTradeOf(row, userId, await maths(row.symbol))),
    );
    const last = page.at(-1);
    return { items, next: rows.length > query.limit && last ? encodeCursor(last.id) : null };
  }

  /** A market's depth, from its book: asked of the node that leads the market, which alone holds the book. */
  async depth(symbol: string, levels: number): Promise<DepthSnapshot> {
    if (!this.markets.market(symbol)) throw new AppError('unknownMarket');
    return (await this.command(symbol, { kind: 'depth', levels })) as DepthSnapshot;
  }

  /**
   * A market's latest public trades: the leader's own list, or the database's on another node (trades are
   * committed before they are published, so both say the same).
   */
  async publicTrades(symbol: string): Promise<{ items: PublicTrade[] }> {
    const market = this.markets.market(symbol);
    if (!market) throw new AppError('unknownMarket');
    const lead = this.leads.get(symbol);
    if (lead?.book) return { items: [...lead.recent] };
    const math = await this.mathOf(market);
    const rows = await this.repository.recentTrades(symbol, RECENT_TRADES);
    return { items: rows.map((row) => publicTradeOf(row, math)) };
  }

  /** The newest public trades across every market: from the books' lists when this node leads them all. */
  async latestTrades(limit = RECENT_TRADES): Promise<LatestTradeList> {
    const symbols = this.markets.markets().map((market) => market.symbol);
    if (symbols.every((symbol) => this.leads.get(symbol)?.book)) {
      const all = symbols.flatMap((symbol) =>
        (this.leads.get(symbol)?.recent ?? []).map((trade) => ({ ...trade, symbol })),
      );
      all.sort((a, b) => b.time - a.time);
      return { items: all.slice(0, limit) };
    }
    const rows = await this.repository.latestTrades(limit);
    const maths = this.maths();
    const items = await Promise.all(
      rows.map(async (row) => ({ ...publicTradeOf(row, await maths(row.symbol)), symbol: row.symbol })),
    );
    return { items };
  }

  /**
   * The current value of a `depth:*` or `trades:*` channel, for a client that just subscribed; undefined for a
   * market this node does not lead (the hub falls back to the frame last published by its leader).
   */
  snapshot(channel: string): unknown | undefined {
    const [kind, symbol = ''] = channel.split(':');
    const lead = this.leads.get(symbol);
    if (!lead?.book) return undefined;
    if (kind === 'depth') return lead.book.depth(DEPTH_LEVELS);
    if (kind === 'trades') return [...lead.recent];
    return undefined;
  }

  /**
   * Runs a command on the market's book: here when this node leads the market, else on its leader over the bus.
   * A command that was not done (no leader yet, a leader handing over) is tried again for a while, then answered
   * as the market unavailable.
   */
  private async command(symbol: string, command: MarketCommand): Promise<unknown> {
    return this.relay.run(symbol, command, (here) => {
      const lead = this.leads.get(symbol);
      return lead && this.run(lead, here);
    });
  }

  /** Runs a command on a book this node leads. */
  private async run(lead: Lead, command: MarketCommand): Promise<unknown> {
    let book: MarketBook;
    try {
      book = await lead.ready;
    } catch {
      // The book could not be built: leadership is handed over, and the command waits for the next leader.
      throw new AppError('marketUnavailable');
    }
    if (book.retired) throw new AppError('marketUnavailable');
    switch (command.kind) {
      case 'place':
        return this.sequencer.place(
          book,
          this.requestOf(command.userId, command.body, command.reference, command.discount, book.math),
        );
      case 'cancel':
        return this.sequencer.cancel(book, BigInt(command.orderId));
      case 'depth':
        return book.depth(command.levels);
    }
  }

  /** Whether this node leads the market and serves it: its book is built and other nodes' commands are heard. */
  serves(symbol: string): boolean {
    return this.leads.get(symbol)?.unserve !== undefined;
  }

  /** Commands sent by other nodes for a market this node leads. */
  private async served(symbol: string, command: MarketCommand): Promise<unknown> {
    const lead = this.leads.get(symbol);
    // Lost since the command was sent: the asking node sends it again to the new leader.
    if (!lead) throw new AppError('marketUnavailable');
    return this.run(lead, command);
  }

  private contend(symbol: string) {
    if (this.contended.has(symbol)) return;
    this.contended.add(symbol);
    this.cluster.leadership.contend(`spot:${symbol}`, {
      gained: (epoch) => this.gained(symbol, epoch),
      lost: () => this.lost(symbol),
    });
  }

  /**
   * This node leads the market from now on: its book is built from the database (resting orders rest again,
   * accepted but unsettled ones are matched in sequence), then commands from other nodes are heard.
   */
  private async gained(symbol: string, epoch: bigint) {
    const lead: Lead = {
      epoch,
      book: undefined,
      recent: [],
      unserve: undefined,
      ready: this.build(symbol, epoch, (book, recent) => {
        // Known before the unsettled orders are matched again, whose trades join the list.
        lead.book = book;
        lead.recent = recent;
      }),
    };
    this.leads.set(symbol, lead);
    try {
      await lead.ready;
      lead.unserve = await this.relay.serve(symbol, (command) => this.served(symbol, command));
    } catch (error) {
      this.log?.error({ err: error, symbol }, 'spot book could not be rebuilt');
      await this.retire(symbol, lead);
      throw error;
    }
  }

  /** Another node leads the market now, or soon: no more commands here; those under way finish or fail. */
  private async lost(symbol: string) {
    const lead = this.leads.get(symbol);
    if (lead) await this.retire(symbol, lead);
  }

  /** Stops serving a market: new commands go to its next leader, and those given to its book finish or fail. */
  private async retire(symbol: string, lead: Lead) {
    if (this.leads.get(symbol) === lead) this.leads.delete(symbol);
    const { book, unserve } = lead;
    if (book) book.retired = true;
    lead.unserve = undefined;
    try {
      await unserve?.();
    } catch (error) {
      // The bus drops the listener before it tells Redis: at worst this node keeps hearing a topic it ignores.
      this.log?.warn({ err: error, symbol }, "a market's commands could not be unsubscribed from");
    }
    if (book) await this.sequencer.settled(book);
  }

  /**
   * A write was refused by the fence: the books whose market now has another epoch are retired at once, before
   * this node's leadership notices on its next renewal.
   */
  private async fenced(books: ReadonlySet<MarketBook>) {
    const epochs = await this.repository.leadershipEpochs([...books].map((book) => book.symbol));
    for (const book of books) {
      const current = epochs.get(book.symbol);
      if (current === undefined || current === book.epoch) continue;
      this.log?.warn(
        { symbol: book.symbol, epoch: String(book.epoch), current: String(current) },
        'spot market led by another node; its book here is retired',
      );
      book.retired = true;
      const lead = this.leads.get(book.symbol);
      if (lead?.book === book) void this.retire(book.symbol, lead);
    }
  }

  private requestOf(
    userId: number,
    body: PlaceOrderBody,
    reference: string | null,
    discount: FeeDiscount,
    math: MarketMath,
  ): OrderRequest {
    const { market } = math;
    const base = {
      userId,
      symbol: market.symbol,
      side: body.side,
      type: body.type,
      timeInForce: body.type === 'market' ? 'IOC' : body.timeInForce,
      postOnly: body.type === 'limit' && body.postOnly,
      // The rates it pays, fixed now: a later change of the market's fees or of the user's level leaves it be.
      ...math.ratesFor(discount),
    };
    // A market sell is held to the minimum notional at the index price, when the market has one.
    const index =
      body.type === 'market' && body.side === 'sell' ? this.markets.indexPrice(market.symbol) : null;
    const check = checkOrder(math.orderRules, { ...body, referencePrice: index ?? undefined });
    if (!check.ok) throw refusalError(check.refusals[0], market);
    const { order } = check;
    if (order.type === 'limit') {
      const frozenUnits =
        order.side === 'buy' ? math.quoteUnits(order.price, order.size, 'up') : math.baseUnits(order.size);
      return this.request(base, math, {
        price: body.price ?? null,
        size: body.size ?? null,
        total: null,
        frozenAsset: order.side === 'buy' ? market.quote : market.base,
        frozenUnits,
        reference,
      });
    }
    if (order.side === 'sell') {
      return this.request(base, math, {
        price: null,
        size: body.size ?? null,
        total: null,
        frozenAsset: market.base,
        frozenUnits: math.baseUnits(order.size),
        reference,
      });
    }
    return this.request(base, math, {
      price: null,
      size: null,
      total: body.total ?? null,
      frozenAsset: market.quote,
      frozenUnits: order.total.units as Units,
      reference,
    });
  }

  private request(
    base: Omit<OrderRequest['row'], 'price' | 'size' | 'total' | 'frozenAsset' | 'frozenAmount'>,
    math: MarketMath,
    order: {
      price: string | null;
      size: string | null;
      total: string | null;
      frozenAsset: string;
      frozenUnits: Units;
      reference: string | null;
    },
  ): OrderRequest {
    const precision = order.frozenAsset === math.market.quote ? math.quotePrecision : math.basePrecision;
    return {
      userId: base.userId,
      reference: order.reference,
      frozenUnits: order.frozenUnits,
      row: {
        ...base,
        price: order.price,
        size: order.size,
        total: order.total,
        frozenAsset: order.frozenAsset,
        frozenAmount: formatAmount(order.frozenUnits, precision),
      },
    };
  }

  /** Builds a market's book from the database under a leadership epoch. */
  private async build(
    symbol: string,
    epoch: bigint,
    built: (book: MarketBook, recent: PublicTrade[]) => void,
  ): Promise<MarketBook> {
    const market = this.markets.market(symbol);
    if (!market) throw new AppError('unknownMarket');
    const book = new MarketBook(await this.mathOf(market), this.sequencer.accountOf, epoch);
    const rows = await this.repository.recentTrades(symbol, RECENT_TRADES);
    built(
      book,
      rows.map((row) => publicTradeOf(row, book.math)),
    );
    await this.sequencer.recover([book]);
    return book;
  }

  /** The math of each market asked for, once per call: the book's when this node leads it, else the market's. */
  private maths(): (symbol: string) => Promise<MarketMath> {
    const found = new Map<string, Promise<MarketMath>>();
    return (symbol) => {
      let math = found.get(symbol);
      if (!math) {
        const book = this.leads.get(symbol)?.book;
        const market = this.markets.market(symbol);
        math = book
          ? Promise.resolve(book.math)
          : market
            ? this.mathOf(market)
            : Promise.reject(new AppError('unknownMarket'));
        found.set(symbol, math);
      }
      return math;
    };
  }

  private async mathOf(market: SpotMarket): Promise<MarketMath> {
    const precisions = await this.ledger.assets();
    const base = precisions.get(market.base);
    const quote = precisions.get(market.quote);
    if (base === undefined || quote === undefined) throw new AppError('assetUnknown');
    return new MarketMath(market, base, quote);
  }

  /** Fees and opening hours change at once; tick and lot sizes only for a market without live orders. */
  private async marketChanged(market: SpotMarket) {
    this.contend(market.symbol);
    const book = this.leads.get(market.symbol)?.book;
    if (!book) return;
    const current = book.math.market;
    if (current.tickSize !== market.tickSize || current.lotSize !== market.lotSize) {
      const live = await this.repository.liveOrderCount(market.symbol);
      if (live > 0) {
        this.log?.warn(
          { symbol: market.symbol },
          'tick or lot size changed with live orders; kept until restart',
        );
        book.math = await this.mathOf({ ...market, tickSize: current.tickSize, lotSize: current.lotSize });
        return;
      }
    }
    book.math = await this.mathOf(market);
  }

  private published(report: BatchReport) {
    for (const { book, orders, fills, depthChanged } of report.markets) {
      const { symbol } = book;
      if (fills.length > 0) {
        const trades = fills.map((fill) => ({
          id: fill.id,
          price: fill.price,
          size: fill.size,
          side: fill.side,
          time: fill.at.getTime(),
        }));
        const lead = this.leads.get(symbol);
        if (lead?.book === book) lead.recent = [...trades.reverse(), ...lead.recent].slice(0, RECENT_TRADES);
        this.publisher.publish(channels.trades, { symbol }, trades);
        for (const fill of fills) {
          this.markets.recordTrade(symbol, { price: fill.price, size: fill.size, at: fill.at });
        }
      }
      if (depthChanged) this.publisher.publish(channels.depth, { symbol }, book.depth(DEPTH_LEVELS));
      for (const row of orders)
        this.publisher.publishToUser(row.userId, channels.orders, viewOf(row, book.math));
    }
    this.balancesChanged(report.users);
  }

  private async publishBalances(userIds: number[]) {
    try {
      const rows = await this.repository.spotBalances(userIds);
      const byUser = new Map<
        number,
        Array<{ account: 'spot'; asset: string; available: string; frozen: string }>
      >();
      for (const row of rows) {
        if (row.userId === null) continue;
        const list = byUser.get(row.userId) ?? [];
        list.push({
          account: 'spot',
          asset: row.asset,
          available: trimTo(row.available, row.precision),
          frozen: trimTo(row.frozen, row.precision),
        });
        byUser.set(row.userId, list);
      }
      for (const [userId, balances] of byUser)
        this.publisher.publishToUser(userId, channels.balances, balances);
    } catch (error) {
      this.log?.warn({ err: error }, 'spot balances could not be published');
    }
  }
}

function publicTradeOf(row: SpotTradeRow, math: MarketMath): PublicTrade {
  return {
    id: row.tradeKey,
    price: math.formatPrice(row.price),
    size: math.formatSize(row.size),
    side: row.takerSide === 'buy' ? 'buy' : 'sell',
    time: row.createdAt.getTime(),
  };
}

/** The order service's answer to a rule the order breaks, with the reasons and figures it has always given. */
function refusalError(refusal: OrderRefusal, market: SpotMarket): AppError {
  switch (refusal.reason) {
    case 'priceMissing':
    case 'priceInvalid':
    case 'priceOffTick':
    case 'priceOutOfRange':
      return new AppError('orderPriceNotOnTick', { tick: quantity(market.tickSize) });
    case 'sizeMissing':
    case 'sizeInvalid':
    case 'sizeOffLot':
    case 'sizeOutOfRange':
      return new AppError('orderSizeNotOnLot', { lot: quantity(market.lotSize) });
    // A market buy names the quote amount to spend; buying a size at an unknown price is not offered.
    case 'totalMissing':
      return new AppError('orderMarketBuyBySize');
    case 'totalInvalid':
    case 'totalTooPrecise':
      return new AppError('amountInvalid');
    case 'belowMinNotional':
      return new AppError('orderBelowMinNotional', { minimum: quantity(market.minNotional, market.quote) });
  }
}

/** A NUMERIC literal with the asset's decimals (the stored value never has more). */
function trimTo(text: string, precision: number): string {
  return formatDecimal(toScale(decimalOf(text), precision, 'down'));
}
