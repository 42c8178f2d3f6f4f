import type { DepthSnapshot } from '@kestrel/contract';
import {
  type EngineEvent,
  type Lots,
  type NewOrder,
  OrderBook,
  priceOf,
  sizeOf,
  type Ticks,
  ticksOf,
} from '@kestrel/engine';
import { type Decimal, decimalOf, type Units } from '@kestrel/money';
import type { TradeEntry } from '../ledger';
import type { NewTradeRow, OrderUpdate } from './spot.repository';
import type { SpotOrderRow } from './spot.schema';
import type { MarketMath } from './spot-math';

/** A live order's state, kept beside the book so that fills can be written as absolute amounts. */
type Live = {
  id: number;
  userId: number;
  side: 'buy' | 'sell';
  filledLots: number;
  filledQuote: bigint;
  status: string;
  /** A market buy by total: spending its budget is filling it, whatever size that bought. */
  byTotal: boolean;
  /**
   * The fee rates the order pays, fixed when it was accepted (decision 0050); undefined for an order stored before
   * orders carried them, which pays the market's rates of the moment.
   */
  makerRate: Decimal | undefined;
  takerRate: Decimal | undefined;
};

/** A fill as the market's public trades show it. */
export type PublicFill = { id: string; price: string; size: string; side: 'buy' | 'sell'; at: Date };

/**
 * What matching one batch did, in every market it touched, before it is written: the ledger's trades and the
 * reservations to close, the trade rows, each touched order's new state, and per market its public fills and
 * whether its depth changed.
 */
export class Settlement {
  readonly trades: TradeEntry[] = [];
  readonly tradeRows: NewTradeRow[] = [];
  readonly closes: string[] = [];
  /** Each touched order, by id, with its market. */
  readonly touched = new Map<number, { live: Live; book: MarketBook }>();
  readonly fills = new Map<MarketBook, PublicFill[]>();
  readonly depthChanged = new Set<MarketBook>();

  get empty(): boolean {
    return this.touched.size === 0;
  }

  /** The touched orders' states as absolute amounts. */
  updates(): OrderUpdate[] {
    return [...this.touched.values()].map(({ live, book }) => book.updateOf(live));
  }

  /** The markets the batch touched. */
  get books(): Set<MarketBook> {
    return new Set([...[...this.touched.values()].map(({ book }) => book), ...this.depthChanged]);
  }
}

/**
 * One market's order book (ARCHITECTURE.md section 6) and the state of its live orders: turns the engine's
 * events into a batch's settlement. It does no I/O; the spot sequencer stores, freezes and settles.
 */
export class MarketBook {
  private book = new OrderBook();
  private readonly live = new Map<number, Live>();
  private readonly events: EngineEvent[] = [];
  private depthVersion = 0;
  /**
   * Set once this node no longer leads the market (decision 0044): the book takes no more commands and nothing
   * more of it is written; the market's new leader builds its own from the database.
   */
  retired = false;

  constructor(
    public math: MarketMath,
    /** The spot ledger account of a user whose orders are on the book. */
    private readonly accountOf: (userId: number) => number,
    /** The epoch of the market's leadership this book was built under; every write of the book names it. */
    readonly epoch: bigint,
  ) {}

  get symbol() {
    return this.math.market.symbol;
  }

  /** The book's best levels as the contract's depth snapshot. */
  depth(levels: number): DepthSnapshot {
    const { bids, asks } = this.book.depth(levels);
    const { tickSize, lotSize } = this.math.market;
    const level = ([ticks, lots]: [Ticks, number]): [string, string] => [
      priceOf(ticks, tickSize),
      sizeOf(lots, lotSize),
    ];
    return { symbol: this.symbol, bids: bids.map(level), asks: asks.map(level), version: this.depthVersion };
  }

  /** Counts a published depth change. */
  depthPublished() {
    this.depthVersion += 1;
  }

  /**
   * Starts again from the market's stored live orders: resting ones rest again as they were; answers the
   * accepted but unsettled ones (status `new`), which the caller matches again in sequence.
   */
  rebuild(rows: readonly SpotOrderRow[]): SpotOrderRow[] {
    this.book = new OrderBook();
    this.live.clear();
    const fresh: SpotOrderRow[] = [];
    for (const row of rows) {
      if (row.status === 'new') {
        fresh.push(row);
        continue;
      }
      const live = liveOf(row, this.math);
      const remaining = this.math.lotsOfBase(this.baseOf(row.size)) - live.filledLots;
      this.events.length = 0;
      this.book.place(
        {
          id: live.id,
          owner: row.userId,
          side: live.side,
          type: 'limit',
          price: this.ticksOf(row.price),
          size: remaining as Lots,
        },
        this.events,
      );
      if (!this.events.some((event) => event.type === 'rested')) {
        throw new Error(`${this.symbol}: order ${row.id} could not rest again; the stored book is crossed`);
      }
      this.live.set(live.id, live);
    }
    this.depthVersion += 1;
    return fresh;
  }

  /** Feeds one accepted order to the engine and records what it did. */
  place(row: SpotOrderRow, settlement: Settlement) {
    const live = liveOf(row, this.math);
    this.live.set(live.id, live);
    this.touch(live, settlement);
    const order: NewOrder = {
      id: live.id,
      owner: row.userId,
      side: live.side,
      type: row.type === 'market' ? 'market' : 'limit',
      size: 0 as Lots,
      timeInForce: row.timeInForce as NewOrder['timeInForce'],
      postOnly: row.postOnly,
    };
    if (row.type === 'limit') order.price = this.ticksOf(row.price);
    if (row.size !== null) {
      order.size = this.math.lotsOfBase(this.baseOf(row.size)) as Lots;
    } else {
      // A market buy by total: the engine stops when the budget is spent; size only has to be large enough.
      const budget = this.math.notionalBudget(this.quoteOf(row.total));
      order.maxNotional = budget;
      order.size = Math.max(budget, 1) as Lots;
    }
    this.events.length = 0;
    this.book.place(order, this.events);
    this.apply(this.events, settlement);
  }

  /** Takes a live order off the book; answers false when it is no longer live. */
  cancel(orderId: number, settlement: Settlement): boolean {
    if (!this.live.has(orderId)) return false;
    this.events.length = 0;
    this.book.cancel(orderId, this.events);
    this.apply(this.events, settlement);
    return true;
  }

  private apply(events: readonly EngineEvent[], settlement: Settlement) {
    for (const event of events) {
      switch (event.type) {
        case 'accepted':
          break;
        case 'rejected':
          this.finish(event.orderId, 'rejected', settlement);
          break;
        case 'trade':
          this.trade(event, settlement);
          break;
        case 'rested': {
          const live = this.need(event.orderId);
          live.status = live.filledLots > 0 ? 'partially_filled' : 'open';
          this.touch(live, settlement);
          settlement.depthChanged.add(this);
          break;
        }
        case 'filled':
          this.finish(event.orderId, 'filled', settlement);
          break;
        case 'cancelled': {
          if (event.reason === 'user') settlement.depthChanged.add(this);
          const live = this.need(event.orderId);
          const spent = live.byTotal && event.reason === 'unfilled' && live.filledLots > 0;
          this.finish(event.orderId, spent ? 'filled' : 'cancelled', settlement);
          break;
        }
      }
    }
  }

  private trade(event: Extract<EngineEvent, { type: 'trade' }>, settlement: Settlement) {
    const taker = this.need(event.takerOrderId);
    const maker = this.need(event.makerOrderId);
    const baseUnits = this.math.baseUnits(event.size);
    const quoteUnits = this.math.quoteUnits(event.price, event.size);
    const [buyer, seller] = event.takerSide === 'buy' ? [taker, maker] : [maker, taker];
    const buyerRole = buyer === taker ? 'taker' : 'maker';
    const sellerRole = seller === taker ? 'taker' : 'maker';
    const buyerFee = this.math.fee(baseUnits, this.rateOf(buyer, buyerRole));
    const sellerFee = this.math.fee(quoteUnits, this.rateOf(seller, sellerRole));
    const reference = `trade:${taker.id}:${maker.id}`;
    const { base, quote } = this.math.market;
    settlement.trades.push({
      reference,
      actor: `user:${taker.userId}`,
      base,
      quote,
      baseUnits,
      quoteUnits,
      buyerFee,
      sellerFee,
      buyer: { accountId: this.accountOf(buyer.userId), reservation: String(buyer.id) },
      seller: { accountId: this.accountOf(seller.userId), reservation: String(seller.id) },
    });
    const feeText = (role: 'maker' | 'taker') =>
      buyerRole === role ? this.math.formatBase(buyerFee) : this.math.formatQuote(sellerFee);
    const price = priceOf(event.price, this.math.market.tickSize);
    const size = sizeOf(event.size, this.math.market.lotSize);
    settlement.tradeRows.push({
      symbol: this.symbol,
      takerOrderId: BigInt(taker.id),
      makerOrderId: BigInt(maker.id),
      takerUserId: taker.userId,
      makerUserId: maker.userId,
      takerSide: event.takerSide,
      price,
      size,
      quoteAmount: this.math.formatQuote(quoteUnits),
      makerFee: feeText('maker'),
      takerFee: feeText('taker'),
      tradeKey: reference,
    });
    const fills = settlement.fills.get(this) ?? [];
    fills.push({ id: reference, price, size, side: event.takerSide, at: new Date() });
    settlement.fills.set(this, fills);
    for (const live of [taker, maker]) {
      live.filledLots += event.size;
      live.filledQuote += quoteUnits;
    }
    taker.status = 'partially_filled';
    maker.status = 'partially_filled';
    this.touch(taker, settlement);
    this.touch(maker, settlement);
    settlement.depthChanged.add(this);
    if (event.makerRemaining === 0) this.finish(maker.id, 'filled', settlement);
  }

  /** The rate an order pays in a role: its own, or the market's for an order stored without one. */
  private rateOf(live: Live, role: 'maker' | 'taker'): Decimal {
    return (role === 'maker' ? live.makerRate : live.takerRate) ?? this.math.marketRate(role);
  }

  private finish(orderId: number, status: string, settlement: Settlement) {
    const live = this.need(orderId);
    live.status = status;
    this.touch(live, settlement);
    settlement.closes.push(String(live.id));
    this.live.delete(live.id);
  }

  private touch(live: Live, settlement: Settlement) {
    settlement.touched.set(live.id, { live, book: this });
  }

  /** A live order's state as the row stores it. */
  updateOf(live: Live): OrderUpdate {
    return {
      id: BigInt(live.id),
      filledSize: this.math.formatBase(this.math.baseUnits(live.filledLots)),
      filledTotal: this.math.formatQuote(live.filledQuote),
      status: live.status,
      epoch: this.epoch,
    };
  }

  private need(orderId: number): Live {
    const live = this.live.get(orderId);
    if (!live) throw new Error(`${this.symbol}: order ${orderId} is not live`);
    return live;
  }

  private ticksOf(price: string | null): Ticks {
    const ticks = price === null ? undefined : ticksOf(price, this.math.market.tickSize);
    if (ticks === undefined) throw new Error(`${this.symbol}: stored price ${price} is not on the tick`);
    return ticks;
  }

  private baseOf(text: string | null): bigint {
    if (text === null) throw new Error(`${this.symbol}: an order has no size`);
    return this.math.parseBase(text);
  }

  private quoteOf(text: string | null): Units {
    if (text === null) throw new Error(`${this.symbol}: a market buy has no total`);
    return this.math.parseQuoteNumeric(text);
  }
}

function liveOf(row: SpotOrderRow, math: MarketMath): Live {
  return {
    id: Number(row.id),
    userId: row.userId,
    side: row.side === 'buy' ? 'buy' : 'sell',
    filledLots: math.lotsOfBase(math.parseBase(row.filledSize)),
    filledQuote: math.parseQuoteNumeric(row.filledTotal),
    status: row.status,
    byTotal: row.type === 'market' && row.side === 'buy' && row.size === null,
    makerRate: row.makerFeeRate === null ? undefined : decimalOf(row.makerFeeRate),
    takerRate: row.takerFeeRate === null ? undefined : decimalOf(row.takerFeeRate),
  };
}
