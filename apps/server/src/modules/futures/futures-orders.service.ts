import type {
  DepthSnapshot,
  Explanation,
  FuturesOrderView,
  FuturesPosition,
  PlaceFuturesOrderBody,
  PositionSide,
  PublicTrade,
} from '@kestrel/contract';
import { ticksOf } from '@kestrel/engine';
import { explainDraftOrder, explainPosition } from '@kestrel/futures';
import {
  compareDecimals,
  type Decimal,
  decimalOf,
  exactUnitsAt,
  formatDecimal,
  normalize,
} from '@kestrel/money';
import type { FastifyBaseLogger } from 'fastify';
import { OwnerRelay } from '../../cluster/owner-relay';
import { discountedRate, type FeeDiscounts, NO_DISCOUNTS } from '../../fees/fee-discounts';
import { AppError } from '../../http/app-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { quantity } from '../../http/i18n';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { LedgerService } from '../ledger';
import type { FundingSettlement } from './funding';
import type { FuturesPositionRow } from './futures.schema';
import { positionSideOf } from './futures-book';
import type { FuturesMarketConfig, FuturesMarkets } from './futures-markets';
import type { FuturesOrdersRepository } from './futures-orders.repository';
import { type FuturesCluster, type FuturesIndex, FuturesOwner, type MarketCommand } from './futures-owner';
import { FuturesPricing } from './futures-pricing';
import { FuturesRisk } from './futures-risk';
import type { FuturesSettings } from './futures-settings';
import type { FuturesTickers } from './futures-tickers';
import { orderViewOf, plain, positionViewOf, publicTradeOf } from './futures-views';

export type { FuturesCluster, FuturesIndex } from './futures-owner';

const ANSWER_MS = 8000;
const COMMANDS_TOPIC = 'futures-commands';
const RECENT_TRADES = 50;

/**
 * Futures orders and positions (ARCHITECTURE.md section 6, docs/decisions/0046-futures.md): validates an order
 * against its perpetual and the user's leverage and margin mode, hands it to the futures sequencer (which freezes
 * its cost, matches it on the perpetual's book and settles margins, fees and pnl through the ledger) and answers
 * with the order as it stands once settled. Each perpetual has one owner among the nodes (`futures:<symbol>`,
 * FuturesOwner): it builds the book from the database when it gains the name, feeds the mark price tracker on
 * every index tick with the book's top and publishes the mark; other nodes relay their commands to it.
 */
export class FuturesOrdersService {
  private readonly pricing: FuturesPricing;
  private readonly relay: OwnerRelay<MarketCommand>;
  private readonly risk: FuturesRisk;
  private readonly owner: FuturesOwner;

  constructor(
    private readonly repository: FuturesOrdersRepository,
    private readonly ledger: LedgerService,
    private readonly markets: Pick<FuturesMarkets, 'market' | 'all'>,
    private readonly settings: Pick<FuturesSettings, 'of'>,
    tickers: Pick<FuturesTickers, 'latest' | 'publish'>,
    private readonly index: FuturesIndex,
    publisher: RealtimePublisher,
    cluster: FuturesCluster,
    /** Settles a funding time of a perpetual this node owns; none in tests that do not fund. */
    funding?: Pick<FundingSettlement, 'settle'>,
    log?: FastifyBaseLogger,
    /** What each user's membership level takes off the fees of the orders they place (decision 0050). */
    private readonly discounts: FeeDiscounts = NO_DISCOUNTS,
  ) {
    this.pricing = new FuturesPricing(markets, tickers, index, ledger);
    this.relay = new OwnerRelay(cluster.bus, cluster.nodeId, COMMANDS_TOPIC, ANSWER_MS, log);
    this.risk = new FuturesRisk(ledger, repository, markets, (symbol) =>
      this.pricing.markOrUndefined(symbol),
    );
    this.owner = new FuturesOwner({
      repository,
      ledger,
      markets,
      settings,
      tickers,
      index,
      publisher,
      leadership: cluster.leadership,
      relay: this.relay,
      risk: this.risk,
      pricing: this.pricing,
      positionsOf: (userId) => this.positions(userId),
      funding,
      log,
      discounts,
    });
  }

  async start(): Promise<void> {
    await this.relay.start();
    this.owner.start();
  }

  async stop(): Promise<void> {
    await this.owner.stop();
    await this.relay.stop();
  }

  async place(
    userId: number,
    body: PlaceFuturesOrderBody,
    reference: string | null,
  ): Promise<FuturesOrderView> {
    const market = this.openMarket(body.symbol);
    const book = await this.ledger.bookOfUser(userId);
    const view = await this.command(market.symbol, { kind: 'place', userId, body, reference, book });
    return view as FuturesOrderView;
  }

  async cancel(userId: number, orderId: string): Promise<FuturesOrderView> {
    const row = /^\d{1,18}$/.test(orderId) ? await this.repository.findOrder(BigInt(orderId)) : undefined;
    if (!row || row.userId !== userId) throw new AppError('orderNotFound');
    if (!['new', 'open', 'partially_filled'].includes(row.status)) throw new AppError('orderNotCancellable');
    return (await this.command(row.symbol, {
      kind: 'cancel',
      orderId: String(row.id),
      book: row.book,
    })) as FuturesOrderView;
  }

  async orders(
    userId: number,
    query: { state: 'open' | 'history'; symbol?: string; cursor?: string; limit: number },
  ): Promise<{ items: FuturesOrderView[]; next: string | null }> {
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (query.cursor !== undefined && before === undefined) throw new AppError('parameterError');
    const rows = await this.repository.listOrders({ ...query, userId, before, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const places = await this.pricing.places();
    const last = page.at(-1);
    return {
      items: page.map((row) => orderViewOf(row, places)),
      next: rows.length > query.limit && last ? encodeCursor(last.id) : null,
    };
  }

  /** The user's open positions with their figures at the current mark price. */
  async positions(userId: number, symbol?: string): Promise<FuturesPosition[]> {
    const rows = await this.repository.openPositions(userId);
    const places = await this.pricing.places();
    const wallet = await this.risk.crossWallet(userId, rows);
    const items: FuturesPosition[] = [];
    for (const row of rows) {
      if (symbol !== undefined && row.symbol !== symbol) continue;
      const market = this.markets.market(row.symbol);
      const markPrice = this.pricing.markOrUndefined(row.symbol);
      if (!market || !markPrice) continue;
      items.push(
        positionViewOf(row, { market, markPrice, places, cross: this.risk.crossAccount(row, rows, wallet) }),
      );
    }
    return items;
  }

  /** Closes a position at the market: all of it or `size`, by a reduce-only market order. */
  async closePosition(
    userId: number,
    body: { symbol: string; side: PositionSide; size?: string },
    reference: string | null,
  ): Promise<FuturesOrderView> {
    const position = await this.openPosition(userId, body.symbol, body.side);
    return this.place(
      userId,
      {
        symbol: body.symbol,
        action: body.side === 'long' ? 'closeLong' : 'closeShort',
        type: 'market',
        size: body.size ?? plain(decimalOf(position.size)),
      },
      reference,
    );
  }

  /**
   * Sets or clears a position's take profit and stop loss: on the right side of the entry price, and a stop loss
   * never beyond the liquidation price, which would leave it to the liquidation engine.
   */
  async setTriggers(
    userId: number,
    body: { symbol: string; side: PositionSide; takeProfit: string | null; stopLoss: string | null },
  ): Promise<FuturesPosition> {
    const market = this.pricing.marketOf(body.symbol);
    const position = await this.openPosition(userId, body.symbol, body.side);
    const entry = decimalOf(position.entryPrice);
    const above = body.side === 'long' ? 1 : -1;
    const onTick = (price: string) => {
      if (ticksOf(price, formatDecimal(market.tickSize)) === undefined)
        throw new AppError('orderPriceNotOnTick', { tick: quantity(formatDecimal(market.tickSize)) });
      return decimalOf(price);
    };
    if (body.takeProfit !== null && compareDecimals(onTick(body.takeProfit), entry) !== above)
      throw new AppError('futuresTriggerWrongSide');
    if (body.stopLoss !== null) {
      const stop = onTick(body.stopLoss);
      if (compareDecimals(stop, entry) !== -above) throw new AppError('futuresTriggerWrongSide');
      const rows = await this.repository.openPositions(userId);
      const liquidation = this.risk.liquidationOf(position, rows, await this.risk.crossWallet(userId, rows));
      if (liquidation && compareDecimals(stop, liquidation) !== above)
        throw new AppError('futuresTriggerBeyondLiquidation', { price: plain(liquidation) });
    }
    await this.command(body.symbol, {
      kind: 'triggers',
      userId,
      side: body.side,
      takeProfit: body.takeProfit,
      stopLoss: body.stopLoss,
      book: position.book,
    });
    const [view] = await this.positions(userId, body.symbol).then((items) =>
      items.filter((item) => item.side === body.side),
    );
    if (!view) throw new AppError('futuresNoPosition');
    return view;
  }

  /** Adds margin to an isolated position from the balance, or gives back what its initial margin does not need. */
  async changeMargin(
    userId: number,
    body: { symbol: string; side: PositionSide; direction: 'add' | 'remove'; amount: string },
  ): Promise<FuturesPosition> {
    const position = await this.openPosition(userId, body.symbol, body.side);
    if (position.marginMode !== 'isolated') throw new AppError('futuresMarginNotIsolated');
    const units = exactUnitsAt(decimalOf(body.amount), await this.pricing.places());
    if (units === undefined || units <= 0n) throw new AppError('amountInvalid');
    await this.command(body.symbol, { kind: 'margin', userId, ...body, book: position.book });
    const [view] = (await this.positions(userId, body.symbol)).filter((item) => item.side === body.side);
    if (!view) throw new AppError('futuresNoPosition');
    return view;
  }

  /** Every figure of a position's or a draft order's margin, liquidation and cost, exact. */
  async explain(
    userId: number,
    query: {
      symbol?: string;
      side?: PositionSide;
      action?: PlaceFuturesOrderBody['action'];
      type?: 'limit' | 'market';
      price?: string;
      size?: string;
      leverage?: number;
      marginMode?: 'cross' | 'isolated';
    },
  ): Promise<Explanation> {
    if (query.symbol === undefined) throw new AppError('futuresExplainSubject');
    const market = this.pricing.marketOf(query.symbol);
    const markPrice = this.pricing.mark(query.symbol);
    const places = await this.pricing.places();
    let record: ReturnType<typeof explainPosition>;
    let subject: Explanation['subject'];
    if (query.side) {
      const position = await this.openPosition(userId, query.symbol, query.side);
      const rows = await this.repository.openPositions(userId);
      const wallet = await this.risk.crossWallet(userId, rows);
      subject = 'position';
      record = explainPosition({
        position: {
          side: query.side,
          size: normalize(decimalOf(position.size)),
          entryPrice: normalize(decimalOf(position.entryPrice)),
        },
        markPrice,
        leverage: position.leverage,
        brackets: market.brackets,
        tickSize: market.tickSize,
        places,
        margin:
          position.marginMode === 'isolated'
            ? { mode: 'isolated', isolatedMargin: normalize(decimalOf(position.margin)) }
            : { mode: 'cross', account: this.risk.crossAccount(position, rows, wallet) },
      });
    } else if (query.action && query.size) {
      const [setting, discount] = await Promise.all([
        this.settings.of(userId, query.symbol),
        this.discounts.of(userId),
      ]);
      const size = decimalOf(query.size);
      const price = query.price === undefined ? markPrice : decimalOf(query.price);
      subject = 'draftOrder';
      record = explainDraftOrder({
        draft: {
          side: positionSideOf(query.action),
          price,
          size,
          leverage: query.leverage ?? setting.leverage,
          markPrice,
          // The user's own rate, as the order would carry it (decision 0050).
          takerFeeRate: discountedRate(market.takerFee, discount.taker),
        },
        available: await this.available(userId),
        lotSize: market.lotSize,
        brackets: market.brackets,
        places,
      });
    } else {
      throw new AppError('futuresExplainSubject');
    }
    return {
      symbol: market.symbol,
      subject,
      figures: Object.entries(record).map(([name, { value, formula }]) => ({
        name,
        value: value ?? '',
        formula,
      })),
    };
  }

  /**
   * Winds a demo account's futures down (decision 0055, `DemoProduct`): on each perpetual it trades, its live
   * orders cancelled and its positions closed, through the real depth and at the mark for what that leaves.
   */
  async wind(userId: number): Promise<{ cancelledOrders: number; closedPositions: number }> {
    if ((await this.ledger.bookOfUser(userId)) !== 'demo')
      throw new Error(`user ${userId} is not a demo account`);
    const symbols = new Set([
      ...(await this.repository.liveOrdersOf(userId)).map((row) => row.symbol),
      ...(await this.repository.openPositions(userId)).map((row) => row.symbol),
    ]);
    const wound = { cancelledOrders: 0, closedPositions: 0 };
    for (const symbol of symbols) {
      const each = (await this.command(symbol, { kind: 'wind', userId, book: 'demo' })) as typeof wound;
      wound.cancelledOrders += each.cancelledOrders;
      wound.closedPositions += each.closedPositions;
    }
    return wound;
  }

  /** How many futures orders demo accounts placed since a time (the back office counts them apart). */
  demoOrdersSince(since: Date): Promise<number> {
    return this.repository.countOrders('demo', since);
  }

  /** A perpetual's depth, from its owner's book. */
  async depth(symbol: string, levels: number): Promise<DepthSnapshot> {
    this.pricing.marketOf(symbol);
    return (await this.command(symbol, { kind: 'depth', levels })) as DepthSnapshot;
  }

  /** A perpetual's latest public trades, from the database (committed before they are published). */
  async publicTrades(symbol: string): Promise<{ items: PublicTrade[] }> {
    this.pricing.marketOf(symbol);
    return { items: (await this.repository.latestTrades(symbol, RECENT_TRADES)).map(publicTradeOf) };
  }

  async fundingPayments(userId: number, query: { symbol?: string; cursor?: string; limit: number }) {
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (query.cursor !== undefined && before === undefined) throw new AppError('parameterError');
    const rows = await this.repository.fundingPayments({ ...query, userId, before, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        id: String(row.id),
        symbol: row.symbol,
        side: row.side as PositionSide,
        size: plain(decimalOf(row.size)),
        markPrice: plain(decimalOf(row.markPrice)),
        rate: plain(decimalOf(row.rate)),
        amount: plain(decimalOf(row.amount)),
        time: row.fundingTime.toISOString(),
      })),
      next: rows.length > query.limit && last ? encodeCursor(last.id) : null,
    };
  }

  /** The current value of a `futuresDepth:*` channel for a new subscriber; undefined where this node owns none. */
  snapshot(channel: string): unknown | undefined {
    const [kind, symbol = ''] = channel.split(':');
    return kind === 'futuresDepth' ? this.owner.depthSnapshot(symbol) : undefined;
  }

  /** Whether this node owns the perpetual and serves it. */
  serves(symbol: string): boolean {
    return this.owner.serves(symbol);
  }

  private async command(symbol: string, command: MarketCommand): Promise<unknown> {
    return this.relay.run(symbol, command, (here) => this.owner.runHere(symbol, here));
  }

  private openMarket(symbol: string): FuturesMarketConfig {
    const market = this.pricing.marketOf(symbol);
    if (!market.open) throw new AppError('marketClosed');
    if (this.index.isStale(symbol)) throw new AppError('priceStale');
    return market;
  }

  private async openPosition(
    userId: number,
    symbol: string,
    side: PositionSide,
  ): Promise<FuturesPositionRow> {
    this.pricing.marketOf(symbol);
    const position = await this.repository.findPosition(userId, symbol, side);
    if (!position || decimalOf(position.size).units <= 0n) throw new AppError('futuresNoPosition');
    return position;
  }

  /** The user's futures balance available for new orders. */
  private async available(userId: number): Promise<Decimal> {
    return (await this.risk.balance(userId)).available;
  }
}
