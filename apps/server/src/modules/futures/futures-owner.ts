import {
  channels,
  type DepthSnapshot,
  type FuturesPosition,
  type LedgerBook,
  type PlaceFuturesOrderBody,
  type PositionSide,
} from '@kestrel/contract';
import { compareDecimals, type Decimal, decimalOf, subtractDecimals } from '@kestrel/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Cluster } from '../../cluster/cluster';
import type { OwnerRelay } from '../../cluster/owner-relay';
import type { FeeDiscounts } from '../../fees/fee-discounts';
import { AppError } from '../../http/app-error';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { LedgerService } from '../ledger';
import type { FundingSettlement } from './funding';
import { FuturesBook } from './futures-book';
import { type MarginCommand, moveIsolatedMargin } from './futures-isolated-margin';
import { closeOrderRow, FuturesLiquidation } from './futures-liquidation';
import type { FuturesMarkets } from './futures-markets';
import { FuturesOrderRequests } from './futures-order-request';
import type { FuturesOrdersRepository } from './futures-orders.repository';
import type { FuturesPricing } from './futures-pricing';
import { type FuturesRisk, MARGIN_ASSET } from './futures-risk';
import { type FuturesBatchReport, FuturesSequencer } from './futures-sequencer';
import type { FuturesSettings } from './futures-settings';
import type { FuturesTickers, IndexPrices } from './futures-tickers';
import { orderViewOf, plain } from './futures-views';
import { type DueFunding, MarkPriceTracker } from './mark-price';

/** What a node gives futures trading of the cluster (decision 0044). */
export type FuturesCluster = Pick<Cluster, 'nodeId' | 'bus' | 'leadership'>;

/** The spot index every node hears, and its ticks (MarketsService provides it). */
export type FuturesIndex = IndexPrices & {
  onIndexPrice(listener: (symbol: string, price: string) => void): () => void;
};

/** A command for a perpetual's book, run by its owner wherever it was asked. */
export type MarketCommand =
  | {
      kind: 'place';
      userId: number;
      body: PlaceFuturesOrderBody;
      reference: string | null;
      book?: LedgerBook;
    }
  | { kind: 'cancel'; orderId: string; book?: LedgerBook }
  | { kind: 'depth'; levels: number }
  /** A demo account wound down on this perpetual (decision 0055). */
  | { kind: 'wind'; userId: number; book: 'demo' }
  | {
      kind: 'triggers';
      userId: number;
      side: PositionSide;
      takeProfit: string | null;
      stopLoss: string | null;
      book?: LedgerBook;
    }
  | MarginCommand;

/** What the owner of perpetuals works with. */
export type FuturesOwnerParts = {
  repository: FuturesOrdersRepository;
  ledger: LedgerService;
  markets: Pick<FuturesMarkets, 'market' | 'all'>;
  settings: Pick<FuturesSettings, 'of'>;
  tickers: Pick<FuturesTickers, 'publish'>;
  index: FuturesIndex;
  publisher: RealtimePublisher;
  leadership: FuturesCluster['leadership'];
  /** The relay the owner serves its perpetuals' commands on (the orders API sends them through it). */
  relay: OwnerRelay<MarketCommand>;
  risk: FuturesRisk;
  pricing: FuturesPricing;
  /** A user's open positions as the user is shown them, published after each batch that moved them. */
  positionsOf: (userId: number) => Promise<FuturesPosition[]>;
  /** Settles a funding time of a perpetual this node owns; none in tests that do not fund. */
  funding?: Pick<FundingSettlement, 'settle'>;
  log?: FastifyBaseLogger;
  /** What each user's membership level takes off their fees (decision 0050); none when not given. */
  discounts?: FeeDiscounts;
};

/** How soon a take profit or stop loss the book could not fill is tried again. */
const TRIGGER_RETRY_MS = 1000;
/** The depth published to the `futuresDepth:*` channels. */
const DEPTH_LEVELS = 20;
/** How deep the mark tracker looks for the impact bid and ask (the impact notional is 200 USDT × max leverage). */
const IMPACT_LEVELS = 50;
/**
 * How often the liquidation engine files cross accounts again: what moves them besides this perpetual's fills
 * and funding (transfers, other perpetuals' marks) is caught within this.
 */
const REFILE_MS = 5000;

/** How deep a demo order may walk the real book (decision 0055). */
const DEMO_DEPTH_LEVELS = 1000;

/** A perpetual's books on its owner: the real one, and the demo one whose orders fill against the real one. */
type Books = { real: FuturesBook; demo: FuturesBook };

/**
 * What runs one ledger book's trading on this node: the real sequencer and liquidation engine, or the demo ones
 * (decision 0055), which settle in the demo book and never write to the real one.
 */
type Desk = { sequencer: FuturesSequencer; liquidation: FuturesLiquidation };

/** A perpetual this node owns: its books once built from the database, and its mark price tracker. */
type Lead = {
  epoch: bigint;
  ready: Promise<Books>;
  book: FuturesBook | undefined;
  demo: FuturesBook | undefined;
  tracker: MarkPriceTracker;
  unserve: (() => Promise<void>) | undefined;
};

/**
 * The owner of the perpetuals this node leads (`futures:<symbol>`, docs/decisions/0046-futures.md): it builds a
 * perpetual's book from the database when it gains the name and serves its commands, feeds the mark price tracker
 * on every index tick with the book's top and publishes the mark, closes positions at their take profit or stop
 * loss, hands positions beyond their liquidation price to the liquidation engine, pays funding when due and
 * publishes what each of the sequencer's batches changed.
 */
export class FuturesOwner {
  private readonly leads = new Map<string, Lead>();
  /** Positions whose take profit or stop loss the book could not fill, by `<symbol>:<user>:<side>`: not before. */
  private readonly triggerRetries = new Map<string, number>();
  private readonly sequencer: FuturesSequencer;
  private readonly requests: FuturesOrderRequests;
  private readonly liquidation: FuturesLiquidation;
  /** Demo trading of the same perpetuals (decision 0055). */
  private readonly demoDesk: Desk;
  private unsubscribe: (() => void) | undefined;
  private refiling: NodeJS.Timeout | undefined;

  constructor(private readonly parts: FuturesOwnerParts) {
    const { repository, ledger, markets, settings, risk, pricing, log } = parts;
    this.sequencer = new FuturesSequencer(
      repository,
      ledger,
      MARGIN_ASSET,
      (reports) => this.published(reports),
      (books) => this.fenced(books),
      log,
    );
    this.requests = new FuturesOrderRequests(pricing, settings, parts.discounts);
    this.liquidation = new FuturesLiquidation(
      repository,
      ledger,
      risk,
      markets,
      this.sequencer,
      (symbol) => pricing.markOrUndefined(symbol),
      log,
    );
    const demoSequencer = new FuturesSequencer(
      repository,
      ledger,
      MARGIN_ASSET,
      (reports) => this.published(reports),
      (books) => this.fenced(books),
      log,
      'demo',
    );
    this.demoDesk = {
      sequencer: demoSequencer,
      liquidation: new FuturesLiquidation(
        repository,
        ledger,
        risk,
        markets,
        demoSequencer,
        (symbol) => pricing.markOrUndefined(symbol),
        log,
      ),
    };
  }

  /** The sequencer and liquidation engine of a book. */
  private deskOf(book: FuturesBook): Desk {
    return book.ledgerBook === 'demo'
      ? this.demoDesk
      : { sequencer: this.sequencer, liquidation: this.liquidation };
  }

  /** Contends for every perpetual and listens to the index. */
  start(): void {
    for (const market of this.parts.markets.all()) {
      this.parts.leadership.contend(`futures:${market.symbol}`, {
        gained: (epoch) => this.gained(market.symbol, epoch),
        lost: () => this.lost(market.symbol),
      });
    }
    this.unsubscribe = this.parts.index.onIndexPrice((symbol) => this.indexMoved(symbol));
    this.refiling = setInterval(() => this.refileAll(), REFILE_MS);
    this.refiling.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.refiling);
    this.unsubscribe?.();
    await this.sequencer.stop();
    await this.demoDesk.sequencer.stop();
  }

  /** Runs a command here when this node owns the perpetual; undefined when it does not. */
  runHere(symbol: string, command: MarketCommand): Promise<unknown> | undefined {
    const lead = this.leads.get(symbol);
    return lead && this.run(lead, command);
  }

  /** The depth of a perpetual's book this node owns; undefined where it owns none. */
  depthSnapshot(symbol: string): DepthSnapshot | undefined {
    return this.leads.get(symbol)?.book?.depth(DEPTH_LEVELS);
  }

  /** Whether this node owns the perpetual and serves it. */
  serves(symbol: string): boolean {
    return this.leads.get(symbol)?.unserve !== undefined;
  }

  /** Runs a command on a book this node owns. */
  private async run(lead: Lead, command: MarketCommand): Promise<unknown> {
    let books: Books;
    try {
      books = await lead.ready;
    } catch {
      throw new AppError('marketUnavailable');
    }
    // A demo user's command goes to the demo book, never to the real one (decision 0055).
    const book = 'book' in command && command.book === 'demo' ? books.demo : books.real;
    if (book.retired) throw new AppError('marketUnavailable');
    const { sequencer, liquidation } = this.deskOf(book);
    const places = await this.parts.pricing.places();
    switch (command.kind) {
      case 'place': {
        const request = await this.requests.requestOf(
          command.userId,
          command.body,
          command.reference,
          book,
          places,
        );
        return orderViewOf(await sequencer.place(book, request), places);
      }
      case 'cancel':
        return orderViewOf(await sequencer.cancel(book, BigInt(command.orderId)), places);
      case 'depth':
        return book.depth(command.levels);
      case 'wind':
        return this.wind(book, command.userId);
      case 'margin': {
        const moved = await sequencer.exclusive(book, () =>
          moveIsolatedMargin(this.parts, book, command, places),
        );
        await liquidation.refile(book, [command.userId]);
        return moved;
      }
      case 'triggers':
        // Between batches, so that no settlement writes the position's old triggers back.
        return sequencer.exclusive(book, async () => {
          const position = book.position(command.userId, command.side);
          if (!position) throw new AppError('futuresNoPosition');
          await this.parts.repository.setTriggers(
            position.id,
            command.takeProfit,
            command.stopLoss,
            book.epoch,
          );
          book.setTriggers(command.userId, command.side, command.takeProfit, command.stopLoss);
          return null;
        });
    }
  }

  /**
   * Winds a demo account down on a perpetual, in one settlement between the demo book's batches: its live orders
   * cancelled, then each position closed through the real depth down (or up) to the mark price, and what that
   * leaves at the mark against the demo market, so that nothing stays open.
   */
  private async wind(book: FuturesBook, userId: number) {
    if (book.ledgerBook !== 'demo') throw new Error('only a demo book winds an account down');
    const markPrice = this.parts.pricing.mark(book.symbol);
    const ids = await this.parts.repository.takeIds(2);
    const wound = { cancelledOrders: 0, closedPositions: 0 };
    await this.demoDesk.sequencer.takeOver(book, async (settlement) => {
      for (const orderId of book.liveOrdersOf(userId))
        if (book.cancel(orderId, settlement)) wound.cancelledOrders += 1;
      for (const side of ['long', 'short'] as const) {
        const position = book.position(userId, side);
        const id = ids.shift();
        if (!position || position.size.units <= 0n || id === undefined) continue;
        const row = closeOrderRow(book, position, id, 'user', markPrice, position.size);
        settlement.inserted.push(row);
        const order = book.place(row, settlement);
        book.closeAgainstMarket(order, markPrice, subtractDecimals(order.size, order.filledSize), settlement);
        wound.closedPositions += 1;
      }
    });
    return wound;
  }

  /** This node owns the perpetual from now on: its book is built from the database, then others are heard. */
  private async gained(symbol: string, epoch: bigint) {
    const market = this.parts.pricing.marketOf(symbol);
    const places = await this.parts.pricing.places();
    const book = new FuturesBook(market, places, epoch);
    const demo = new FuturesBook(market, places, epoch, () => book.levels(DEMO_DEPTH_LEVELS));
    const lead: Lead = {
      epoch,
      book,
      demo,
      tracker: new MarkPriceTracker(market),
      unserve: undefined,
      ready: this.sequencer
        .recover(book)
        .then(() => this.demoDesk.sequencer.recover(demo))
        .then(() => ({ real: book, demo })),
    };
    this.leads.set(symbol, lead);
    try {
      await lead.ready;
      await this.liquidation.watch(book);
      await this.demoDesk.liquidation.watch(demo);
      lead.unserve = await this.parts.relay.serve(symbol, (command) => this.served(symbol, command));
    } catch (error) {
      this.parts.log?.error({ err: error, symbol }, 'futures book could not be rebuilt');
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
    const { book, demo, unserve } = lead;
    for (const each of [book, demo]) {
      if (!each) continue;
      each.retired = true;
      this.deskOf(each).liquidation.forget(each);
    }
    lead.unserve = undefined;
    try {
      await unserve?.();
    } catch (error) {
      this.parts.log?.warn({ err: error, symbol }, "a perpetual's commands could not be unsubscribed from");
    }
    if (book) await this.sequencer.settled(book);
    if (demo) await this.demoDesk.sequencer.settled(demo);
  }

  /**
   * A write was refused by the fence: the books of perpetuals owned elsewhere now are retired at once. The epochs
   * are the database's: this node's leadership learns of the takeover only at its next renewal.
   */
  private async fenced(books: ReadonlySet<FuturesBook>) {
    const epochs = await this.parts.repository.leadershipEpochs([...books].map((book) => book.symbol));
    for (const book of books) {
      const current = epochs.get(book.symbol);
      if (current === undefined || current === book.epoch) continue;
      this.parts.log?.warn(
        { symbol: book.symbol, epoch: String(book.epoch), current: String(current) },
        'perpetual owned by another node; its book here is retired',
      );
      book.retired = true;
      const lead = this.leads.get(book.symbol);
      if (lead && (lead.book === book || lead.demo === book)) void this.retire(book.symbol, lead);
    }
  }

  /** On every index tick of a perpetual this node owns: a new mark price from the index and the book's top. */
  private indexMoved(symbol: string) {
    const lead = this.leads.get(symbol);
    const book = lead?.book;
    const index = this.parts.index.indexPrice(symbol);
    if (!lead || !book || book.retired || index === null) return;
    const { bids, asks } = book.levels(IMPACT_LEVELS);
    const mark = lead.tracker.sample({
      indexPrice: decimalOf(index),
      bestBid: bids[0]?.price ?? null,
      bestAsk: asks[0]?.price ?? null,
      lastPrice: book.lastPrice,
      bids,
      asks,
      indexStale: this.parts.index.isStale(symbol),
    });
    this.parts.tickers.publish(mark);
    // A stale index halts liquidations, as it halts funding.
    if (!mark.stale) {
      this.trigger(book, mark.markPrice);
      this.liquidation.reached(book, mark.markPrice);
      if (lead.demo && !lead.demo.retired) {
        this.trigger(lead.demo, mark.markPrice);
        this.demoDesk.liquidation.reached(lead.demo, mark.markPrice);
      }
    }
    this.sweep(lead.demo);
    const due = lead.tracker.takeDue();
    // A stale index halts funding rather than paying at an old price.
    if (due && this.parts.funding && !due.mark.stale) void this.settleFunding(book, due);
  }

  /**
   * Closes at the market every position whose take profit or stop loss the mark price has reached: a long's
   * take profit at or above it, its stop loss at or below, a short's the other way. A trigger fires once, unless
   * the book cannot fill its close (see closeBy).
   */
  private trigger(book: FuturesBook, markPrice: Decimal) {
    const now = Date.now();
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
      const key = `${book.symbol}:${book.ledgerBook}:${position.userId}:${position.side}`;
      if (!origin || (this.triggerRetries.get(key) ?? 0) > now) continue;
      this.triggerRetries.delete(key);
      const armed = { takeProfit: position.takeProfit, stopLoss: position.stopLoss };
      book.setTriggers(position.userId, position.side, null, null);
      void this.closeBy(book, position.userId, position.side, plain(position.size), origin, armed);
    }
  }

  /**
   * Closes a position at the market for its take profit or stop loss. When the book cannot fill all of it (no
   * bids or asks within the market order's protection), the triggers are armed again on what is left and tried
   * no sooner than TRIGGER_RETRY_MS later, unless the user has set others meanwhile.
   */
  private async closeBy(
    book: FuturesBook,
    userId: number,
    side: PositionSide,
    size: string,
    origin: 'takeProfit' | 'stopLoss',
    armed: { takeProfit: string | null; stopLoss: string | null },
  ) {
    try {
      const body = {
        symbol: book.symbol,
        action: side === 'long' ? 'closeLong' : 'closeShort',
        type: 'market',
        size,
      } as const;
      const places = await this.parts.pricing.places();
      const { sequencer } = this.deskOf(book);
      const order = await sequencer.place(
        book,
        await this.requests.requestOf(userId, body, null, book, places, origin),
      );
      if (order.status === 'filled') return;
      this.triggerRetries.set(
        `${book.symbol}:${book.ledgerBook}:${userId}:${side}`,
        Date.now() + TRIGGER_RETRY_MS,
      );
      await sequencer.exclusive(book, async () => {
        const position = book.position(userId, side);
        if (!position || position.size.units <= 0n) return;
        if (position.takeProfit !== null || position.stopLoss !== null) return;
        await this.parts.repository.setTriggers(position.id, armed.takeProfit, armed.stopLoss, book.epoch);
        book.setTriggers(userId, side, armed.takeProfit, armed.stopLoss);
      });
    } catch (error) {
      this.parts.log?.warn(
        { err: error, symbol: book.symbol, userId, origin },
        'a futures trigger could not close',
      );
    }
  }

  /** Files again the positions of every perpetual this node owns (cross accounts move with other markets). */
  private refileAll() {
    for (const book of [...this.leads.values()].flatMap((lead) => [lead.book, lead.demo])) {
      if (!book || book.retired) continue;
      const { liquidation } = this.deskOf(book);
      void liquidation
        .refile(book, liquidation.holders(book))
        .catch((error) =>
          this.parts.log?.warn({ err: error, symbol: book.symbol }, 'futures positions unfiled'),
        );
    }
  }

  /** Pays a funding time between the perpetual's longs and shorts, between the sequencer's batches. */
  private async settleFunding(book: FuturesBook, due: DueFunding) {
    const funding = this.parts.funding;
    if (!funding) return;
    const demo = this.leads.get(book.symbol)?.demo;
    try {
      // Between the batches of both books: funding writes the margins of real and demo positions alike.
      const settle = () => funding.settle(book.symbol, due.fundingTime, due.mark, book.epoch);
      const { paid } = await this.sequencer.exclusive(book, () =>
        demo && !demo.retired ? this.demoDesk.sequencer.exclusive(demo, settle) : settle(),
      );
      this.parts.log?.info(
        { symbol: book.symbol, fundingTime: due.fundingTime, paid },
        'futures funding settled',
      );
      await this.liquidation.refile(book, this.liquidation.holders(book));
      if (demo) await this.demoDesk.liquidation.refile(demo, this.demoDesk.liquidation.holders(demo));
    } catch (error) {
      this.parts.log?.error({ err: error, symbol: book.symbol }, 'futures funding could not be settled');
    }
  }

  /**
   * Fills the demo book's resting orders that the real book now crosses, between the demo sequencer's batches;
   * nothing is queued while none is crossed.
   */
  private sweep(demo: FuturesBook | undefined) {
    if (!demo || demo.retired || !demo.crossed()) return;
    void this.demoDesk.sequencer
      .takeOver(demo, async (settlement) => demo.sweep(settlement))
      .catch((error) =>
        this.parts.log?.warn({ err: error, symbol: demo.symbol }, 'resting demo orders could not fill'),
      );
  }

  private published(reports: FuturesBatchReport[]) {
    void this.parts.pricing.places().then((places) => {
      for (const { book, orders, fills, depthChanged, positionsOf } of reports) {
        const { symbol } = book;
        void this.deskOf(book)
          .liquidation.refile(book, positionsOf)
          .catch((error) =>
            this.parts.log?.warn({ err: error, symbol }, 'futures positions could not be filed'),
          );
        const demo = book.ledgerBook === 'demo';
        // The real depth moved: demo orders resting at prices it now crosses fill.
        if (!demo && depthChanged) this.sweep(this.leads.get(symbol)?.demo);
        // Demo fills are nobody's public trades, and the demo book publishes no depth.
        if (fills.length > 0 && !demo) {
          this.parts.publisher.publish(
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
        if (depthChanged && !demo)
          this.parts.publisher.publish(channels.futuresDepth, { symbol }, book.depth(DEPTH_LEVELS));
        for (const row of orders)
          this.parts.publisher.publishToUser(row.userId, channels.futuresOrders, orderViewOf(row, places));
        for (const userId of positionsOf) {
          if (!this.parts.publisher.follows(userId, channels.positions)) continue;
          void this.parts
            .positionsOf(userId)
            .then((items) => this.parts.publisher.publishToUser(userId, channels.positions, items))
            .catch((error) =>
              this.parts.log?.warn({ err: error }, 'futures positions could not be published'),
            );
        }
      }
    });
  }
}
