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

/**
 * Spot orders (ARCHITECTURE.md section 6): validates an order against its market, hands it to the spot
 * sequencer (which freezes, matches on the market's book and settles it through the ledger) and answers with
 * the order as it stands once its matching is settled. Publishes depth, trades and each user's orders and
 * balances.
 */
export class SpotOrdersService {
  /** Ready books, for the synchronous paths (snapshots, publishing). */
  private readonly books = new Map<string, MarketBook>();
  private readonly building = new Map<string, Promise<MarketBook>>();
  private readonly recent = new Map<string, PublicTrade[]>();
  private readonly sequencer: SpotSequencer;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly repository: SpotRepository,
    private readonly ledger: LedgerService,
    private readonly markets: SpotMarkets,
    private readonly publisher: RealtimePublisher,
    private readonly log?: FastifyBaseLogger,
    observe?: (batch: SettledBatch) => void,
  ) {
    this.sequencer = new SpotSequencer(repository, ledger, (report) => this.published(report), log, observe);
  }

  /** Rebuilds every market's book from the database (matching accepted but unsettled orders again). */
  async start(): Promise<void> {
    for (const market of this.markets.markets()) {
      // One market that cannot be rebuilt (a misconfigured lot size, a lost connection) does not stop the others;
      // it is tried again on its next use.
      await this.bookOf(market.symbol).catch((error: unknown) =>
        this.log?.error({ err: error, symbol: market.symbol }, 'spot book could not be rebuilt'),
      );
    }
    this.unsubscribe = this.markets.onMarketChanged?.((market) => {
      void this.marketChanged(market);
    });
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.sequencer.stop();
  }

  async place(userId: number, body: PlaceOrderBody, reference: string | null): Promise<OrderView> {
    const market = this.markets.market(body.symbol);
    if (!market) throw new AppError('unknownMarket');
    if (!market.open) throw new AppError('marketClosed');
    if (this.markets.isStale(market.symbol)) throw new AppError('priceStale');
    const book = await this.bookOf(market.symbol);
    return this.sequencer.place(book, this.requestOf(userId, body, reference, book.math));
  }

  async cancel(userId: number, orderId: string): Promise<OrderView> {
    const row = /^\d{1,18}$/.test(orderId) ? await this.repository.findOrder(BigInt(orderId)) : undefined;
    if (!row || row.userId !== userId) throw new AppError('orderNotFound');
    if (!['new', 'open', 'partially_filled'].includes(row.status)) throw new AppError('orderNotCancellable');
    return this.sequencer.cancel(await this.bookOf(row.symbol), row.id);
  }

  /** Cancels the user's live orders (of one market or all); answers how many were cancelled. */
  async cancelAll(userId: number, symbol?: string): Promise<number> {
    const orders = await this.repository.liveOrderIds(userId, symbol);
    const results = await Promise.allSettled(
      orders.map(async (order) => this.sequencer.cancel(await this.bookOf(order.symbol), order.id)),
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
    const items = await Promise.all(
      page.map(async (row) => viewOf(row, (await this.bookOf(row.symbol)).math)),
    );
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
    const items = await Promise.all(
      page.map(async (row) => userTradeOf(row, userId, (await this.bookOf(row.symbol)).math)),
    );
    const last = page.at(-1);
    return { items, next: rows.length > query.limit && last ? encodeCursor(last.id) : null };
  }

  async depth(symbol: string, levels: number): Promise<DepthSnapshot> {
    if (!this.markets.market(symbol)) throw new AppError('unknownMarket');
    return (await this.bookOf(symbol)).depth(levels);
  }

  async publicTrades(symbol: string): Promise<{ items: PublicTrade[] }> {
    if (!this.markets.market(symbol)) throw new AppError('unknownMarket');
    await this.bookOf(symbol);
    return { items: [...(this.recent.get(symbol) ?? [])] };
  }

  /** The newest public trades across every market. */
  latestTrades(limit = RECENT_TRADES): LatestTradeList {
    const all = [...this.recent].flatMap(([symbol, trades]) => trades.map((trade) => ({ ...trade, symbol })));
    all.sort((a, b) => b.time - a.time);
    return { items: all.slice(0, limit) };
  }

  /** The current value of a `depth:*` or `trades:*` channel, for a client that just subscribed. */
  snapshot(channel: string): unknown | undefined {
    const [kind, symbol = ''] = channel.split(':');
    const book = this.books.get(symbol);
    if (!book) return undefined;
    if (kind === 'depth') return book.depth(DEPTH_LEVELS);
    if (kind === 'trades') return [...(this.recent.get(symbol) ?? [])];
    return undefined;
  }

  private requestOf(
    userId: number,
    body: PlaceOrderBody,
    reference: string | null,
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

  /** The book of a market, built (and recovered) on first use; callers wait for the recovery. */
  private bookOf(symbol: string): Promise<MarketBook> {
    let building = this.building.get(symbol);
    if (!building) {
      building = this.build(symbol);
      this.building.set(symbol, building);
      // A failed build (an unknown market, a database error) is tried again by the next caller.
      building.catch(() => this.building.delete(symbol));
    }
    return building;
  }

  private async build(symbol: string): Promise<MarketBook> {
    const market = this.markets.market(symbol);
    if (!market) throw new AppError('unknownMarket');
    const book = new MarketBook(await this.mathOf(market), this.sequencer.accountOf);
    const rows = await this.repository.recentTrades(symbol, RECENT_TRADES);
    this.recent.set(
      symbol,
      rows.map((row) => publicTradeOf(row, book.math)),
    );
    this.books.set(symbol, book);
    await this.sequencer.recover([book]);
    return book;
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
    const book = this.books.get(market.symbol);
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
        const recent = [...trades.reverse(), ...(this.recent.get(symbol) ?? [])].slice(0, RECENT_TRADES);
        this.recent.set(symbol, recent);
        this.publisher.publish(channels.trades, { symbol }, trades);
        for (const fill of fills) {
          this.markets.recordTrade(symbol, { price: fill.price, size: fill.size, at: fill.at });
        }
      }
      if (depthChanged) this.publisher.publish(channels.depth, { symbol }, book.depth(DEPTH_LEVELS));
      for (const row of orders)
        this.publisher.publishToUser(row.userId, channels.orders, viewOf(row, book.math));
    }
    const followers = [...report.users].filter((userId) => this.publisher.follows(userId, channels.balances));
    if (followers.length > 0) void this.publishBalances(followers);
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
