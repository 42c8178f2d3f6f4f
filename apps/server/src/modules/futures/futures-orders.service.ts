import {
  channels,
  type DepthSnapshot,
  type Explanation,
  type FuturesOrderView,
  type FuturesPosition,
  type PlaceFuturesOrderBody,
  type PositionSide,
  type PublicTrade,
} from '@kestrel/contract';
import { lotsOf, ticksOf } from '@kestrel/engine';
import {
  explainDraftOrder,
  explainPosition,
  initialMargin,
  notionalLimitAt,
  orderCost,
} from '@kestrel/futures';
import {
  addDecimals,
  compareDecimals,
  type Decimal,
  decimalOf,
  exactUnitsAt,
  formatDecimal,
  multiplyDecimals,
  normalize,
  subtractDecimals,
  toStep,
  type Units,
  unitsAt,
} from '@kestrel/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Cluster } from '../../cluster/cluster';
import { OwnerRelay } from '../../cluster/owner-relay';
import { AppError } from '../../http/app-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { quantity } from '../../http/i18n';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { LedgerService } from '../ledger';
import type { FundingSettlement } from './funding';
import { type FuturesPositionRow, POSITION_RESERVATION } from './futures.schema';
import { FuturesBook, isClosing, positionSideOf } from './futures-book';
import { FuturesLiquidation } from './futures-liquidation';
import type { FuturesMarketConfig, FuturesMarkets } from './futures-markets';
import type { FuturesOrdersRepository } from './futures-orders.repository';
import { FuturesRisk, MARGIN_ASSET } from './futures-risk';
import type { FuturesBatchReport, FuturesOrderRequest } from './futures-sequencer';
import { FuturesSequencer } from './futures-sequencer';
import type { FuturesSettings } from './futures-settings';
import type { FuturesTickers, IndexPrices } from './futures-tickers';
import { orderViewOf, plain, positionViewOf, publicTradeOf } from './futures-views';
import { type DueFunding, MarkPriceTracker } from './mark-price';

/** What a node gives futures trading of the cluster (decision 0044). */
export type FuturesCluster = Pick<Cluster, 'nodeId' | 'bus' | 'leadership'>;

/** The spot index every node hears, and its ticks (MarketsService provides it). */
export type FuturesIndex = IndexPrices & {
  onIndexPrice(listener: (symbol: string, price: string) => void): () => void;
};

const ANSWER_MS = 8000;
const COMMANDS_TOPIC = 'futures-commands';
const DEPTH_LEVELS = 20;
/** How deep the mark tracker looks for the impact bid and ask (the impact notional is 200 USDT × max leverage). */
const IMPACT_LEVELS = 50;
const RECENT_TRADES = 50;
/** A market order fills at most this far through the mark price (Binance's price protection): 5 %. */
const PROTECTION = decimalOf('0.05');
/**
 * How often the liquidation engine files cross accounts again: what moves them besides this perpetual's fills
 * and funding (transfers, other perpetuals' marks) is caught within this.
 */
const REFILE_MS = 5000;

type MarketCommand =
  | { kind: 'place'; userId: number; body: PlaceFuturesOrderBody; reference: string | null }
  | { kind: 'cancel'; orderId: string }
  | { kind: 'depth'; levels: number }
  | {
      kind: 'triggers';
      userId: number;
      side: PositionSide;
      takeProfit: string | null;
      stopLoss: string | null;
    }
  | { kind: 'margin'; userId: number; side: PositionSide; direction: 'add' | 'remove'; amount: string };

/** A perpetual this node owns: its book once built from the database, and its mark price tracker. */
type Lead = {
  epoch: bigint;
  ready: Promise<FuturesBook>;
  book: FuturesBook | undefined;
  tracker: MarkPriceTracker;
  unserve: (() => Promise<void>) | undefined;
};

/**
 * Futures orders and positions (ARCHITECTURE.md section 6, docs/decisions/0046-futures.md): validates an order
 * against its perpetual and the user's leverage and margin mode, hands it to the futures sequencer (which freezes
 * its cost, matches it on the perpetual's book and settles margins, fees and pnl through the ledger) and answers
 * with the order as it stands once settled. Each perpetual has one owner among the nodes (`futures:<symbol>`):
 * it builds the book from the database when it gains the name, feeds the mark price tracker on every index tick
 * with the book's top and publishes the mark; other nodes relay their commands to it.
 */
export class FuturesOrdersService {
  private readonly leads = new Map<string, Lead>();
  private readonly sequencer: FuturesSequencer;
  private readonly relay: OwnerRelay<MarketCommand>;
  private readonly risk: FuturesRisk;
  private readonly liquidation: FuturesLiquidation;
  private unsubscribe: (() => void) | undefined;
  private refiling: NodeJS.Timeout | undefined;

  constructor(
    private readonly repository: FuturesOrdersRepository,
    private readonly ledger: LedgerService,
    private readonly markets: Pick<FuturesMarkets, 'market' | 'all'>,
    private readonly settings: Pick<FuturesSettings, 'of'>,
    private readonly tickers: Pick<FuturesTickers, 'latest' | 'publish'>,
    private readonly index: FuturesIndex,
    private readonly publisher: RealtimePublisher,
    private readonly cluster: FuturesCluster,
    /** Settles a funding time of a perpetual this node owns; none in tests that do not fund. */
    private readonly funding?: Pick<FundingSettlement, 'settle'>,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.sequencer = new FuturesSequencer(
      repository,
      ledger,
      MARGIN_ASSET,
      (reports) => this.published(reports),
      (books) => this.fenced(books),
      log,
    );
    this.relay = new OwnerRelay(cluster.bus, cluster.nodeId, COMMANDS_TOPIC, ANSWER_MS, log);
    this.risk = new FuturesRisk(ledger, repository, markets, (symbol) => this.markOrUndefined(symbol));
    this.liquidation = new FuturesLiquidation(
      repository,
      ledger,
      this.risk,
      markets,
      this.sequencer,
      (symbol) => this.markOrUndefined(symbol),
      log,
    );
  }

  async start(): Promise<void> {
    await this.relay.start();
    for (const market of this.markets.all()) {
      this.cluster.leadership.contend(`futures:${market.symbol}`, {
        gained: (epoch) => this.gained(market.symbol, epoch),
        lost: () => this.lost(market.symbol),
      });
    }
    this.unsubscribe = this.index.onIndexPrice((symbol) => this.indexMoved(symbol));
    this.refiling = setInterval(() => this.refileAll(), REFILE_MS);
    this.refiling.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.refiling);
    this.unsubscribe?.();
    await this.sequencer.stop();
    await this.relay.stop();
  }

  async place(
    userId: number,
    body: PlaceFuturesOrderBody,
    reference: string | null,
  ): Promise<FuturesOrderView> {
    const market = this.openMarket(body.symbol);
    const view = await this.command(market.symbol, { kind: 'place', userId, body, reference });
    return view as FuturesOrderView;
  }

  async cancel(userId: number, orderId: string): Promise<FuturesOrderView> {
    const row = /^\d{1,18}$/.test(orderId) ? await this.repository.findOrder(BigInt(orderId)) : undefined;
    if (!row || row.userId !== userId) throw new AppError('orderNotFound');
    if (!['new', 'open', 'partially_filled'].includes(row.status)) throw new AppError('orderNotCancellable');
    return (await this.command(row.symbol, { kind: 'cancel', orderId: String(row.id) })) as FuturesOrderView;
  }

  async orders(
    userId: number,
    query: { state: 'open' | 'history'; symbol?: string; cursor?: string; limit: number },
  ): Promise<{ items: FuturesOrderView[]; next: string | null }> {
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (query.cursor !== undefined && before === undefined) throw new AppError('parameterError');
    const rows = await this.repository.listOrders({ ...query, userId, before, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const places = await this.places();
    const last = page.at(-1);
    return {
      items: page.map((row) => orderViewOf(row, places)),
      next: rows.length > query.limit && last ? encodeCursor(last.id) : null,
    };
  }

  /** The user's open positions with their figures at the current mark price. */
  async positions(userId: number, symbol?: string): Promise<FuturesPosition[]> {
    const rows = await this.repository.openPositions(userId);
    const places = await this.places();
    const wallet = await this.risk.crossWallet(userId, rows);
    const items: FuturesPosition[] = [];
    for (const row of rows) {
      if (symbol !== undefined && row.symbol !== symbol) continue;
      const market = this.markets.market(row.symbol);
      const markPrice = this.markOrUndefined(row.symbol);
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
    const market = this.marketOf(body.symbol);
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
    const units = exactUnitsAt(decimalOf(body.amount), await this.places());
    if (units === undefined || units <= 0n) throw new AppError('amountInvalid');
    await this.command(body.symbol, { kind: 'margin', userId, ...body });
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
    const market = this.marketOf(query.symbol);
    const markPrice = this.mark(query.symbol);
    const places = await this.places();
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
      const setting = await this.settings.of(userId, query.symbol);
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
          takerFeeRate: market.takerFee,
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

  /** A perpetual's depth, from its owner's book. */
  async depth(symbol: string, levels: number): Promise<DepthSnapshot> {
    this.marketOf(symbol);
    return (await this.command(symbol, { kind: 'depth', levels })) as DepthSnapshot;
  }

  /** A perpetual's latest public trades, from the database (committed before they are published). */
  async publicTrades(symbol: string): Promise<{ items: PublicTrade[] }> {
    this.marketOf(symbol);
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
    const book = this.leads.get(symbol)?.book;
    return kind === 'futuresDepth' && book ? book.depth(DEPTH_LEVELS) : undefined;
  }

  /** Whether this node owns the perpetual and serves it. */
  serves(symbol: string): boolean {
    return this.leads.get(symbol)?.unserve !== undefined;
  }

  private async command(symbol: string, command: MarketCommand): Promise<unknown> {
    return this.relay.run(symbol, command, (here) => {
      const lead = this.leads.get(symbol);
      return lead && this.run(lead, here);
    });
  }

  /** Runs a command on a book this node owns. */
  private async run(lead: Lead, command: MarketCommand): Promise<unknown> {
    let book: FuturesBook;
    try {
      book = await lead.ready;
    } catch {
      throw new AppError('marketUnavailable');
    }
    if (book.retired) throw new AppError('marketUnavailable');
    const places = await this.places();
    switch (command.kind) {
      case 'place': {
        const request = await this.requestOf(command.userId, command.body, command.reference, book, places);
        return orderViewOf(await this.sequencer.place(book, request), places);
      }
      case 'cancel':
        return orderViewOf(await this.sequencer.cancel(book, BigInt(command.orderId)), places);
      case 'depth':
        return book.depth(command.levels);
      case 'margin': {
        const moved = await this.sequencer.exclusive(book, () => this.moveMargin(book, command, places));
        await this.liquidation.refile(book, [command.userId]);
        return moved;
      }
      case 'triggers':
        // Between batches, so that no settlement writes the position's old triggers back.
        return this.sequencer.exclusive(book, async () => {
          const position = book.position(command.userId, command.side);
          if (!position) throw new AppError('futuresNoPosition');
          await this.repository.setTriggers(position.id, command.takeProfit, command.stopLoss, book.epoch);
          book.setTriggers(command.userId, command.side, command.takeProfit, command.stopLoss);
          return null;
        });
    }
  }

  /**
   * An order's row and cost: the user's leverage and margin mode; a market order is a limit IOC at the mark price
   * moved 5 % against it (its protection), which bounds what its cost must cover. An opening order freezes its
   * initial margin, open loss and taker fee, and with the position it adds to stays within the bracket its
   * leverage allows; a closing order needs a position to close and freezes nothing.
   */
  private async requestOf(
    userId: number,
    body: PlaceFuturesOrderBody,
    reference: string | null,
    book: FuturesBook,
    places: number,
    origin: 'user' | 'takeProfit' | 'stopLoss' = 'user',
  ): Promise<FuturesOrderRequest> {
    const market = this.marketOf(body.symbol);
    const tick = formatDecimal(market.tickSize);
    const lot = formatDecimal(market.lotSize);
    if (lotsOf(body.size, lot) === undefined) throw new AppError('orderSizeNotOnLot', { lot: quantity(lot) });
    const size = decimalOf(body.size);
    const markPrice = this.mark(market.symbol);
    const side = positionSideOf(body.action);
    const buying = body.action === 'openLong' || body.action === 'closeShort';
    let price: Decimal;
    if (body.type === 'limit') {
      if (body.price === undefined || ticksOf(body.price, tick) === undefined)
        throw new AppError('orderPriceNotOnTick', { tick: quantity(tick) });
      price = decimalOf(body.price);
    } else {
      const shift = multiplyDecimals(markPrice, PROTECTION);
      price = buying
        ? toStep(addDecimals(markPrice, shift), market.tickSize, 'up')
        : toStep(subtractDecimals(markPrice, shift), market.tickSize, 'down');
    }
    if (
      compareDecimals(multiplyDecimals(body.type === 'limit' ? price : markPrice, size), market.minNotional) <
      0
    )
      throw new AppError('orderBelowMinNotional', {
        minimum: quantity(formatDecimal(market.minNotional), market.quote),
      });
    const setting = await this.settings.of(userId, market.symbol);
    let cost = 0n as Units;
    const position = book.position(userId, side);
    if (isClosing(body.action)) {
      if (!position || position.size.units <= 0n) throw new AppError('futuresNoPosition');
    } else {
      const held = position ? multiplyDecimals(position.size, markPrice) : decimalOf('0');
      const limit = notionalLimitAt(market.brackets, setting.leverage);
      if (compareDecimals(addDecimals(held, multiplyDecimals(price, size)), limit) > 0)
        throw new AppError('futuresAboveBracket', { leverage: setting.leverage });
      const figures = orderCost(
        { side, price, size, leverage: setting.leverage, markPrice, takerFeeRate: market.takerFee },
        places,
      );
      cost = unitsAt(figures.cost, places, 'up') as Units;
    }
    return {
      userId,
      reference,
      cost,
      row: {
        userId,
        symbol: market.symbol,
        action: body.action,
        side: buying ? 'buy' : 'sell',
        type: body.type,
        timeInForce: body.type === 'market' ? 'IOC' : (body.timeInForce ?? 'GTC'),
        postOnly: body.type === 'limit' && (body.postOnly ?? false),
        price: formatDecimal(normalize(price)),
        size: formatDecimal(normalize(size)),
        leverage: setting.leverage,
        marginMode: setting.marginMode,
        frozenAmount: formatDecimal({ units: cost, scale: places }),
        origin,
        takeProfit: body.takeProfit ?? null,
        stopLoss: body.stopLoss ?? null,
      },
    };
  }

  /**
   * Moves an isolated position's margin between the balance and the position's reservation, between the
   * sequencer's batches (the book reads the margin again after). Removing keeps the initial margin at the mark.
   */
  private async moveMargin(
    book: FuturesBook,
    command: Extract<MarketCommand, { kind: 'margin' }>,
    places: number,
  ): Promise<null> {
    const position = book.position(command.userId, command.side);
    if (!position || position.size.units <= 0n) throw new AppError('futuresNoPosition');
    if (position.marginMode !== 'isolated') throw new AppError('futuresMarginNotIsolated');
    const amount = decimalOf(command.amount);
    const units = unitsAt(amount, places, 'down') as Units;
    const adding = command.direction === 'add';
    if (adding) {
      if (compareDecimals(await this.available(command.userId), amount) < 0)
        throw new AppError('insufficientBalance');
    } else {
      const needed = initialMargin(
        multiplyDecimals(position.size, this.mark(book.symbol)),
        position.leverage,
        places,
      );
      const most = subtractDecimals(position.margin, needed);
      if (compareDecimals(amount, most) > 0)
        throw new AppError('futuresMarginTooLow', { max: plain(most.units > 0n ? most : decimalOf('0')) });
    }
    const accountId = (await this.ledger.userAccountIds([command.userId], 'futures')).get(command.userId);
    if (accountId === undefined) throw new AppError('systemBusy');
    await this.ledger.batch(async (batch) => {
      await batch.move(
        [],
        [
          {
            purpose: POSITION_RESERVATION,
            reference: String(position.id),
            accountId,
            asset: MARGIN_ASSET,
            actor: `user:${command.userId}`,
            add: adding ? units : (0n as Units),
            take: adding ? (0n as Units) : units,
            close: false,
          },
        ],
      );
      await this.repository.changeMargin(
        batch.connection,
        position.id,
        adding ? plain(amount) : `-${plain(amount)}`,
        book.epoch,
      );
    });
    return null;
  }

  /** This node owns the perpetual from now on: its book is built from the database, then others are heard. */
  private async gained(symbol: string, epoch: bigint) {
    const market = this.marketOf(symbol);
    const book = new FuturesBook(market, await this.places(), epoch);
    const lead: Lead = {
      epoch,
      book,
      tracker: new MarkPriceTracker(market),
      unserve: undefined,
      ready: this.sequencer.recover(book).then(() => book),
    };
    this.leads.set(symbol, lead);
    try {
      await lead.ready;
      await this.liquidation.watch(book);
      lead.unserve = await this.relay.serve(symbol, (command) => this.served(symbol, command));
    } catch (error) {
      this.log?.error({ err: error, symbol }, 'futures book could not be rebuilt');
      await this.retire(symbol, lead);
      throw error;
    }
  }

  private async served(symbol: string, command: MarketCommand): Promise<unknown> {
    const lead = this.leads.get(symbol);
    if (!lead) throw new AppError('marketUnavailable');
    return this.run(lead, command);
  }

  private async lost(symbol: string) {
    const lead = this.leads.get(symbol);
    if (lead) await this.retire(symbol, lead);
  }

  private async retire(symbol: string, lead: Lead) {
    if (this.leads.get(symbol) === lead) this.leads.delete(symbol);
    const { book, unserve } = lead;
    if (book) {
      book.retired = true;
      this.liquidation.forget(book);
    }
    lead.unserve = undefined;
    try {
      await unserve?.();
    } catch (error) {
      this.log?.warn({ err: error, symbol }, "a perpetual's commands could not be unsubscribed from");
    }
    await this.sequencer.settled();
  }

  /**
   * A write was refused by the fence: the books of perpetuals owned elsewhere now are retired at once. The epochs
   * are the database's: this node's leadership learns of the takeover only at its next renewal.
   */
  private async fenced(books: ReadonlySet<FuturesBook>) {
    const epochs = await this.repository.leadershipEpochs([...books].map((book) => book.symbol));
    for (const book of books) {
      const current = epochs.get(book.symbol);
      if (current === undefined || current === book.epoch) continue;
      this.log?.warn(
        { symbol: book.symbol, epoch: String(book.epoch), current: String(current) },
        'perpetual owned by another node; its book here is retired',
      );
      book.retired = true;
      const lead = this.leads.get(book.symbol);
      if (lead?.book === book) void this.retire(book.symbol, lead);
    }
  }

  /** On every index tick of a perpetual this node owns: a new mark price from the index and the book's top. */
  private indexMoved(symbol: string) {
    const lead = this.leads.get(symbol);
    const book = lead?.book;
    const index = this.index.indexPrice(symbol);
    if (!lead || !book || book.retired || index === null) return;
    const { bids, asks } = book.levels(IMPACT_LEVELS);
    const mark = lead.tracker.sample({
      indexPrice: decimalOf(index),
      bestBid: bids[0]?.price ?? null,
      bestAsk: asks[0]?.price ?? null,
      lastPrice: book.lastPrice,
      bids,
      asks,
      indexStale: this.index.isStale(symbol),
    });
    this.tickers.publish(mark);
    // A stale index halts liquidations, as it halts funding.
    if (!mark.stale) {
      this.trigger(book, mark.markPrice);
      this.liquidation.reached(book, mark.markPrice);
    }
    const due = lead.tracker.takeDue();
    // A stale index halts funding rather than paying at an old price.
    if (due && this.funding && !due.mark.stale) void this.settleFunding(book, due);
  }

  /**
   * Closes at the market every position whose take profit or stop loss the mark price has reached: a long's
   * take profit at or above it, its stop loss at or below, a short's the other way. A trigger fires once.
   */
  private trigger(book: FuturesBook, markPrice: Decimal) {
    for (const position of book.allPositions()) {
      if (position.size.units <= 0n) continue;
      const long = position.side === 'long';
      const reached = (price: string | null, above: boolean) =>
        price !== null && compareDecimals(markPrice, decimalOf(price)) * (above ? 1 : -1) >= 0;
      const origin = reached(position.takeProfit, long)
        ? 'takeProfit'
        : reached(position.stopLoss, !long)
          ? 'stopLoss'
          : undefined;
      if (!origin) continue;
      book.setTriggers(position.userId, position.side, null, null);
      void this.closeBy(book, position.userId, position.side, plain(position.size), origin);
    }
  }

  private async closeBy(
    book: FuturesBook,
    userId: number,
    side: PositionSide,
    size: string,
    origin: 'takeProfit' | 'stopLoss',
  ) {
    try {
      const body = {
        symbol: book.symbol,
        action: side === 'long' ? 'closeLong' : 'closeShort',
        type: 'market',
        size,
      } as const;
      const places = await this.places();
      await this.sequencer.place(book, await this.requestOf(userId, body, null, book, places, origin));
    } catch (error) {
      this.log?.warn(
        { err: error, symbol: book.symbol, userId, origin },
        'a futures trigger could not close',
      );
    }
  }

  /** Files again the positions of every perpetual this node owns (cross accounts move with other markets). */
  private refileAll() {
    for (const { book } of this.leads.values()) {
      if (!book || book.retired) continue;
      void this.liquidation
        .refile(book, this.liquidation.holders(book))
        .catch((error) => this.log?.warn({ err: error, symbol: book.symbol }, 'futures positions unfiled'));
    }
  }

  /** Pays a funding time between the perpetual's longs and shorts, between the sequencer's batches. */
  private async settleFunding(book: FuturesBook, due: DueFunding) {
    const funding = this.funding;
    if (!funding) return;
    try {
      const { paid } = await this.sequencer.exclusive(book, () =>
        funding.settle(book.symbol, due.fundingTime, due.mark, book.epoch),
      );
      this.log?.info({ symbol: book.symbol, fundingTime: due.fundingTime, paid }, 'futures funding settled');
      await this.liquidation.refile(book, this.liquidation.holders(book));
    } catch (error) {
      this.log?.error({ err: error, symbol: book.symbol }, 'futures funding could not be settled');
    }
  }

  private published(reports: FuturesBatchReport[]) {
    void this.places().then((places) => {
      for (const { book, orders, fills, depthChanged, positionsOf } of reports) {
        const { symbol } = book;
        void this.liquidation
          .refile(book, positionsOf)
          .catch((error) => this.log?.warn({ err: error, symbol }, 'futures positions could not be filed'));
        if (fills.length > 0) {
          this.publisher.publish(
            channels.futuresTrades,
            { symbol },
            fills.map((fill) => ({
              id: fill.reference,
              price: plain(fill.price),
              size: plain(fill.size),
              side: fill.takerSide,
              time: fill.at.getTime(),
            })),
          );
        }
        if (depthChanged) this.publisher.publish(channels.futuresDepth, { symbol }, book.depth(DEPTH_LEVELS));
        for (const row of orders)
          this.publisher.publishToUser(row.userId, channels.futuresOrders, orderViewOf(row, places));
        for (const userId of positionsOf) {
          if (!this.publisher.follows(userId, channels.positions)) continue;
          void this.positions(userId)
            .then((items) => this.publisher.publishToUser(userId, channels.positions, items))
            .catch((error) => this.log?.warn({ err: error }, 'futures positions could not be published'));
        }
      }
    });
  }

  /** The mark price: the owner's latest, or the index before the first; refused when neither is known. */
  private mark(symbol: string): Decimal {
    const mark = this.markOrUndefined(symbol);
    if (!mark) throw new AppError('futuresNoPrice');
    return mark;
  }

  private markOrUndefined(symbol: string): Decimal | undefined {
    const latest = this.tickers.latest(symbol);
    if (latest) return latest.markPrice;
    const index = this.index.indexPrice(symbol);
    return index === null ? undefined : decimalOf(index);
  }

  private marketOf(symbol: string): FuturesMarketConfig {
    const market = this.markets.market(symbol);
    if (!market) throw new AppError('unknownMarket');
    return market;
  }

  private openMarket(symbol: string): FuturesMarketConfig {
    const market = this.marketOf(symbol);
    if (!market.open) throw new AppError('marketClosed');
    if (this.index.isStale(symbol)) throw new AppError('priceStale');
    return market;
  }

  private async openPosition(
    userId: number,
    symbol: string,
    side: PositionSide,
  ): Promise<FuturesPositionRow> {
    this.marketOf(symbol);
    const position = await this.repository.findPosition(userId, symbol, side);
    if (!position || decimalOf(position.size).units <= 0n) throw new AppError('futuresNoPosition');
    return position;
  }

  private async places(): Promise<number> {
    const places = (await this.ledger.assets()).get(MARGIN_ASSET);
    if (places === undefined) throw new AppError('assetUnknown');
    return places;
  }

  /** The user's futures balance available for new orders. */
  private async available(userId: number): Promise<Decimal> {
    return (await this.risk.balance(userId)).available;
  }
}
