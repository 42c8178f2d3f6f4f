import type { DepthSnapshot, LedgerBook } from '@kestrel/contract';
import {
  type EngineEvent,
  type Lots,
  type NewOrder,
  OrderBook,
  priceOf,
  sizeOf,
  type Ticks,
} from '@kestrel/engine';
import { applyFill, type BookLevel, initialMargin, type Side } from '@kestrel/futures';
import {
  addDecimals,
  compareDecimals,
  type Decimal,
  decimalOf,
  divideDecimals,
  formatDecimal,
  multiplyDecimals,
  stepsIn,
  subtractDecimals,
  toScale,
} from '@kestrel/money';
import type { FuturesOrderRow, FuturesPositionRow } from './futures.schema';
import type { FuturesSettlement, LiveOrder, PositionState } from './futures-settlement';

/** What a futures book needs of its perpetual. */
export type BookMarket = {
  symbol: string;
  tickSize: Decimal;
  lotSize: Decimal;
  makerFee: Decimal;
  takerFee: Decimal;
};

/**
 * Where a perpetual's demo book finds the liquidity its orders fill against: the real book's levels, best first
 * (decision 0055). Read, never changed: a demo fill takes nothing from the real book.
 */
export type DepthSource = () => { bids: BookLevel[]; asks: BookLevel[] };

const ZERO: Decimal = { units: 0n, scale: 0 };
const isPositive = (value: Decimal) => value.units > 0n;
/** The liquidation engine's orders pay no trading fee: a liquidation pays its clearance fee instead. */
const FEE_FREE = new Set(['liquidation', 'adl']);

/** The engine's side of a futures action: open long and close short buy, open short and close long sell. */
export function bookSideOf(action: string): 'buy' | 'sell' {
  return action === 'openLong' || action === 'closeShort' ? 'buy' : 'sell';
}

/** The position an action opens or closes. */
export function positionSideOf(action: string): Side {
  return action === 'openLong' || action === 'closeLong' ? 'long' : 'short';
}

export function isClosing(action: string): boolean {
  return action === 'closeLong' || action === 'closeShort';
}

/**
 * One perpetual's order book over the spot engine (ARCHITECTURE.md section 6) with its live orders and the
 * positions of the users trading it: turns the engine's events into a batch's settlement (margins, fees,
 * realised pnl). Closing orders are reduce-only: each is cut to what the position holds beyond the other live
 * closes of it, and refused when nothing is left. It does no I/O; the futures sequencer stores and settles.
 */
export class FuturesBook {
  private book = new OrderBook();
  private readonly live = new Map<number, LiveOrder>();
  private readonly positions = new Map<string, PositionState>();
  private readonly events: EngineEvent[] = [];
  private depthVersion = 0;
  /** Set once this node no longer owns the perpetual: the book takes no more commands (decision 0044). */
  retired = false;
  /** The last trade's price, for the mark price. */
  lastPrice: Decimal | null = null;
  /**
   * What rounding realised pnl against the traders has kept and not yet moved to the rounding account: less than
   * one unit of the margin asset, which goes with the next close once it adds up to one. Each settlement that
   * closes stores it (`futures_rounding`) and a rebuild reads it back, so an owner goes on from its predecessor's.
   */
  private kept: Decimal = ZERO;

  constructor(
    readonly market: BookMarket,
    /** Places of the quote asset in the ledger (USDT's). */
    readonly quotePlaces: number,
    /** The epoch of the perpetual's leadership this book was built under; every write names it. */
    readonly epoch: bigint,
    /**
     * Given for a perpetual's demo book (decision 0055): its orders never meet one another in an engine; each fills
     * against the real book's depth as if it had been there, level by level at each level's price (a resting limit
     * order later at its own price, once the real opposite side crosses it), against the demo market.
     */
    private readonly realDepth?: DepthSource,
  ) {}

  get symbol() {
    return this.market.symbol;
  }

  /** The ledger book its fills settle in. */
  get ledgerBook(): LedgerBook {
    return this.realDepth ? 'demo' : 'real';
  }

  /** The book's best levels as the contract's depth snapshot. */
  depth(levels: number): DepthSnapshot {
    const { bids, asks } = this.book.depth(levels);
    const level = ([ticks, lots]: [Ticks, number]): [string, string] => [
      priceOf(ticks, formatDecimal(this.market.tickSize)),
      sizeOf(lots, formatDecimal(this.market.lotSize)),
    ];
    return { symbol: this.symbol, bids: bids.map(level), asks: asks.map(level), version: this.depthVersion };
  }

  /** The best levels of each side as prices and sizes, best first: the impact prices of the mark and funding. */
  levels(count: number): { bids: BookLevel[]; asks: BookLevel[] } {
    const { bids, asks } = this.book.depth(count);
    const level = ([ticks, lots]: [Ticks, number]): BookLevel => ({
      price: multiplyDecimals({ units: BigInt(ticks), scale: 0 }, this.market.tickSize),
      size: multiplyDecimals({ units: BigInt(lots), scale: 0 }, this.market.lotSize),
    });
    return { bids: bids.map(level), asks: asks.map(level) };
  }

  depthPublished() {
    this.depthVersion += 1;
  }

  /** A user's position of one side, as the book holds it (an empty one when none is known). */
  position(userId: number, side: Side): PositionState | undefined {
    return this.positions.get(positionKey(userId, side));
  }

  /** What rounding realised pnl has kept and not yet moved to the rounding account, below one unit. */
  get roundingKept(): Decimal {
    return this.kept;
  }

  /** Every position the book holds. */
  allPositions(): PositionState[] {
    return [...this.positions.values()];
  }

  /** Learns a position's stored row (on rebuild, or when an order first names it). */
  know(row: FuturesPositionRow) {
    const key = positionKey(row.userId, row.side as Side);
    if (this.positions.has(key)) return;
    this.positions.set(key, positionOf(row));
  }

  /** Sets a position's take profit and stop loss as the user changed them. */
  setTriggers(userId: number, side: Side, takeProfit: string | null, stopLoss: string | null) {
    const position = this.positions.get(positionKey(userId, side));
    if (!position) return;
    position.takeProfit = takeProfit;
    position.stopLoss = stopLoss;
  }

  /** Reads the margins of its positions again, after a write other than a fill (funding) changed them. */
  refreshMargins(rows: readonly FuturesPositionRow[]) {
    for (const row of rows) {
      const known = this.positions.get(positionKey(row.userId, row.side as Side));
      if (known) known.margin = decimalOf(row.margin);
    }
  }

  /**
   * Starts again from the perpetual's positions, live orders and what its rounding kept as last settled: resting
   * orders rest again as they were; answers the accepted but unsettled ones (status `new`), which the caller
   * matches again in sequence.
   */
  rebuild(
    positions: readonly FuturesPositionRow[],
    orders: readonly FuturesOrderRow[],
    roundingKept: Decimal = ZERO,
  ): FuturesOrderRow[] {
    this.book = new OrderBook();
    this.live.clear();
    this.positions.clear();
    this.kept = roundingKept;
    for (const row of positions) this.know(row);
    const fresh: FuturesOrderRow[] = [];
    for (const row of orders) {
      if (row.status === 'new') {
        fresh.push(row);
        continue;
      }
      const live = liveOf(row, this.market, this.quotePlaces);
      if (this.realDepth) {
        this.live.set(live.id, live);
        continue;
      }
      this.events.length = 0;
      this.book.place(
        {
          id: live.id,
          owner: live.userId,
          side: live.side,
          type: 'limit',
          price: this.ticksOf(row.price),
          size: this.lotsOf(subtractDecimals(live.size, live.filledSize)),
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

  /**
   * Feeds one accepted order to the engine and records what it did. A market order goes in as an IOC limit at
   * its stored protection price, which bounds what its frozen cost must cover.
   */
  place(row: FuturesOrderRow, settlement: FuturesSettlement): LiveOrder {
    const live = liveOf(row, this.market, this.quotePlaces);
    const side = positionSideOf(row.action);
    const position = this.positionFor(live.userId, side);
    this.live.set(live.id, live);
    settlement.touch(live, this);
    if (live.closing) {
      const room = subtractDecimals(position.size, this.closing(live.userId, side, live.id));
      if (!isPositive(room)) {
        live.status = 'rejected';
        this.finish(live, settlement);
        return live;
      }
      if (compareDecimals(live.size, room) > 0) live.size = room;
    }
    if (this.realDepth) {
      this.placeDemo(live, row, settlement);
      return live;
    }
    const order: NewOrder = {
      id: live.id,
      owner: live.userId,
      side: live.side,
      type: 'limit',
      price: this.ticksOf(row.price),
      size: this.lotsOf(live.size),
      timeInForce: row.type === 'market' ? 'IOC' : (row.timeInForce as NewOrder['timeInForce']),
      postOnly: row.postOnly,
    };
    this.events.length = 0;
    this.book.place(order, this.events);
    this.apply(settlement);
    return live;
  }

  /**
   * Auto-deleveraging (docs/decisions/0046-futures.md): closes `size` of a counterparty's position by its order
   * `row` against what is left of a liquidation order, at the bankruptcy price and outside the book (neither
   * order rests, neither pays a fee).
   */
  deleverage(
    liquidation: LiveOrder,
    row: FuturesOrderRow,
    price: Decimal,
    size: Decimal,
    settlement: FuturesSettlement,
  ) {
    const counterparty = liveOf(row, this.market, this.quotePlaces);
    const fill = settlement.trade(this, liquidation, counterparty, price, size, liquidation.side);
    for (const [live, role] of [
      [liquidation, 'taker'],
      [counterparty, 'maker'],
    ] as const) {
      fill.sides.push(this.fillOf(live, this.positionFor(live.userId, live.positionSide), price, size, role));
    }
    counterparty.status = 'filled';
    settlement.ended.add(counterparty);
    if (compareDecimals(liquidation.filledSize, liquidation.size) >= 0) liquidation.status = 'filled';
  }

  /** The ids of a user's live orders, of one side's closes only when `closingSide` is given. */
  liveOrdersOf(userId: number, closingSide?: Side): number[] {
    const ids: number[] = [];
    for (const live of this.live.values()) {
      if (live.userId !== userId) continue;
      if (closingSide && (!live.closing || live.positionSide !== closingSide)) continue;
      ids.push(live.id);
    }
    return ids;
  }

  /** Takes a live order off the book; answers false when it is no longer live. */
  cancel(orderId: number, settlement: FuturesSettlement): boolean {
    if (!this.live.has(orderId)) return false;
    if (this.realDepth) {
      this.end(orderId, 'cancelled', settlement);
      return true;
    }
    this.events.length = 0;
    this.book.cancel(orderId, this.events);
    this.apply(settlement);
    return true;
  }

  /**
   * A demo book's resting orders that the real opposite side now crosses fill at their own price, as makers, as
   * far as the real levels through their price hold: a buy once asks reach down to it, a sell once bids reach up.
   */
  sweep(settlement: FuturesSettlement) {
    if (!this.realDepth) return;
    const depth = this.realDepth();
    for (const live of [...this.live.values()]) {
      const rest = subtractDecimals(live.size, live.filledSize);
      const available = crossing(live, depth).reduce((sum, level) => addDecimals(sum, level.size), ZERO);
      if (!isPositive(rest) || !isPositive(available)) continue;
      this.fillDemo(
        live,
        live.price,
        compareDecimals(available, rest) < 0 ? available : rest,
        'maker',
        settlement,
      );
      if (compareDecimals(live.filledSize, live.size) >= 0) this.end(live.id, 'filled', settlement);
    }
  }

  /** Whether a demo book has a resting order the real opposite side crosses (what `sweep` would fill). */
  crossed(): boolean {
    if (!this.realDepth || this.live.size === 0) return false;
    const depth = this.realDepth();
    for (const live of this.live.values()) if (crossing(live, depth).length > 0) return true;
    return false;
  }

  /**
   * Closes what a demo liquidation order could not fill in the real depth at `price` (its bankruptcy price)
   * against the demo market: a demo book deleverages no one.
   */
  closeAgainstMarket(live: LiveOrder, price: Decimal, size: Decimal, settlement: FuturesSettlement) {
    if (!this.realDepth || !isPositive(size)) return;
    this.fillDemo(live, price, size, 'taker', settlement);
    if (compareDecimals(live.filledSize, live.size) >= 0) live.status = 'filled';
  }

  /**
   * A demo order: walks the real opposite side level by level at each level's price as far as its limit (a market
   * order's protection price); what is left ends with it (market, IOC) or rests (GTC). A post-only order that would
   * take and a FOK order the levels cannot fill whole are rejected, as the engine rejects them.
   */
  private placeDemo(live: LiveOrder, row: FuturesOrderRow, settlement: FuturesSettlement) {
    const levels = this.realDepth ? crossing(live, this.realDepth()) : [];
    const available = levels.reduce((sum, level) => addDecimals(sum, level.size), ZERO);
    const fok = row.timeInForce === 'FOK' && compareDecimals(available, live.size) < 0;
    if ((row.postOnly && levels.length > 0) || fok) {
      this.end(live.id, 'rejected', settlement);
      return;
    }
    for (const level of levels) {
      const rest = subtractDecimals(live.size, live.filledSize);
      if (!isPositive(rest)) break;
      this.fillDemo(
        live,
        level.price,
        compareDecimals(level.size, rest) < 0 ? level.size : rest,
        'taker',
        settlement,
      );
    }
    if (compareDecimals(live.filledSize, live.size) >= 0) this.end(live.id, 'filled', settlement);
    else if (row.type === 'market' || row.timeInForce !== 'GTC') this.end(live.id, 'cancelled', settlement);
    else {
      live.status = isPositive(live.filledSize) ? 'partially_filled' : 'open';
      settlement.touch(live, this);
    }
  }

  private fillDemo(
    live: LiveOrder,
    price: Decimal,
    size: Decimal,
    role: 'maker' | 'taker',
    settlement: FuturesSettlement,
  ) {
    const fill = settlement.demoFill(this, live, price, size);
    fill.sides.push(this.fillOf(live, this.positionFor(live.userId, live.positionSide), price, size, role));
  }

  /** The live orders of a user that close a side of theirs, other than `except`: what they may still take. */
  private closing(userId: number, side: Side, except: number): Decimal {
    let total = ZERO;
    for (const live of this.live.values()) {
      if (live.id === except || !live.closing || live.userId !== userId || live.positionSide !== side)
        continue;
      total = addDecimals(total, subtractDecimals(live.size, live.filledSize));
    }
    return total;
  }

  private apply(settlement: FuturesSettlement) {
    for (const event of this.events) {
      switch (event.type) {
        case 'accepted':
          break;
        case 'rejected':
          this.end(event.orderId, 'rejected', settlement);
          break;
        case 'trade':
          this.trade(event, settlement);
          break;
        case 'rested': {
          const live = this.need(event.orderId);
          live.status = isPositive(live.filledSize) ? 'partially_filled' : 'open';
          settlement.touch(live, this);
          settlement.depthChanged.add(this);
          break;
        }
        case 'filled':
          this.end(event.orderId, 'filled', settlement);
          break;
        case 'cancelled':
          if (event.reason === 'user') settlement.depthChanged.add(this);
          this.end(event.orderId, 'cancelled', settlement);
          break;
      }
    }
  }

  private trade(event: Extract<EngineEvent, { type: 'trade' }>, settlement: FuturesSettlement) {
    const taker = this.need(event.takerOrderId);
    const maker = this.need(event.makerOrderId);
    const price = multiplyDecimals({ units: BigInt(event.price), scale: 0 }, this.market.tickSize);
    const size = multiplyDecimals({ units: BigInt(event.size), scale: 0 }, this.market.lotSize);
    const fill = settlement.trade(this, taker, maker, price, size, event.takerSide);
    for (const [live, role] of [
      [taker, 'taker'],
      [maker, 'maker'],
    ] as const) {
      const position = this.positionFor(live.userId, live.positionSide);
      const part = this.fillOf(live, position, price, size, role);
      fill.sides.push(part);
    }
    this.lastPrice = price;
    settlement.depthChanged.add(this);
    if (event.makerRemaining === 0) this.end(maker.id, 'filled', settlement);
  }

  /**
   * What one fill does to one side: the order's figures, the position's (applyFill), and the money. An opening
   * fill moves the initial margin of the order's filled notional at its leverage from the order's reservation
   * to the position's and pays the fee from the order's reservation; a closing fill gives back the closed part of
   * the position's margin, realises its pnl (rounded against the trader) and pays the fee from the balance. Margin
   * and fee are rounded up on the order's whole filled notional, so their sum over fills never exceeds what the
   * order froze.
   */
  private fillOf(
    live: LiveOrder,
    position: PositionState,
    price: Decimal,
    size: Decimal,
    role: 'maker' | 'taker',
  ) {
    const places = this.quotePlaces;
    const notional = multiplyDecimals(price, size);
    const rate = FEE_FREE.has(live.origin)
      ? ZERO
      : role === 'maker'
        ? (live.makerRate ?? this.market.makerFee)
        : (live.takerRate ?? this.market.takerFee);
    live.filledSize = addDecimals(live.filledSize, size);
    live.filledTotal = addDecimals(live.filledTotal, notional);
    live.exactFee = addDecimals(live.exactFee, multiplyDecimals(notional, rate));
    const feeSoFar = toScale(live.exactFee, places, 'up');
    const fee = subtractDecimals(feeSoFar, live.fee);
    live.fee = feeSoFar;
    live.status = 'partially_filled';
    let margin = ZERO;
    let released = ZERO;
    let pnl = ZERO;
    let rounding = ZERO;
    const outcome = applyFill(position, { action: live.closing ? 'close' : 'open', price, size });
    if (live.closing) {
      const kept = isPositive(outcome.position.size)
        ? divideDecimals(
            multiplyDecimals(position.margin, outcome.position.size),
            position.size,
            places,
            'up',
          )
        : ZERO;
      released = subtractDecimals(position.margin, kept);
      pnl = toScale(outcome.realizedPnl, places, outcome.realizedPnl.units < 0n ? 'up' : 'down');
      // Against the trader either way, so what is kept is never below zero.
      this.kept = addDecimals(this.kept, subtractDecimals(outcome.realizedPnl, pnl));
      rounding = toScale(this.kept, places, 'down');
      this.kept = subtractDecimals(this.kept, rounding);
      live.realizedPnl = addDecimals(live.realizedPnl, pnl);
      position.margin = kept;
    } else {
      const marginSoFar = openingMargin(live, live.takerRate ?? this.market.takerFee, places);
      margin = subtractDecimals(marginSoFar, live.margin);
      live.margin = marginSoFar;
      position.margin = addDecimals(position.margin, margin);
      position.leverage = live.leverage;
      position.marginMode = live.marginMode;
      if (live.takeProfit !== null) position.takeProfit = live.takeProfit;
      if (live.stopLoss !== null) position.stopLoss = live.stopLoss;
    }
    // A closed position keeps no triggers for the next one.
    if (!isPositive(outcome.position.size)) {
      position.takeProfit = null;
      position.stopLoss = null;
    }
    position.size = outcome.position.size;
    position.entryPrice = outcome.position.entryPrice;
    position.realizedPnl = addDecimals(position.realizedPnl, pnl);
    return { order: live, position, role, fee, margin, released, pnl, rounding };
  }

  private end(orderId: number, status: string, settlement: FuturesSettlement) {
    const live = this.need(orderId);
    live.status = status;
    this.finish(live, settlement);
  }

  private finish(live: LiveOrder, settlement: FuturesSettlement) {
    settlement.touch(live, this);
    settlement.ended.add(live);
    this.live.delete(live.id);
  }

  /** The book's position of a user's side: the sequencer makes it known before any order names it. */
  private positionFor(userId: number, side: Side): PositionState {
    const known = this.positions.get(positionKey(userId, side));
    if (!known) throw new Error(`${this.symbol}: the ${side} position of user ${userId} is not known`);
    return known;
  }

  private need(orderId: number): LiveOrder {
    const live = this.live.get(orderId);
    if (!live) throw new Error(`${this.symbol}: order ${orderId} is not live`);
    return live;
  }

  private ticksOf(price: string | null): Ticks {
    const steps = price === null ? undefined : stepsIn(decimalOf(price), this.market.tickSize);
    if (steps === undefined || steps <= 0n)
      throw new Error(`${this.symbol}: price ${price} is not on the tick`);
    return Number(steps) as Ticks;
  }

  private lotsOf(size: Decimal): Lots {
    const steps = stepsIn(size, this.market.lotSize);
    if (steps === undefined || steps <= 0n) throw new Error(`${this.symbol}: size is not on the lot`);
    return Number(steps) as Lots;
  }
}

/** The real opposite levels an order's price crosses, best first. */
function crossing(live: LiveOrder, { bids, asks }: ReturnType<DepthSource>): BookLevel[] {
  const buy = live.side === 'buy';
  return (buy ? asks : bids).filter(
    (level) => compareDecimals(level.price, live.price) * (buy ? 1 : -1) <= 0,
  );
}

export function positionKey(userId: number, side: Side): string {
  return `${userId}:${side}`;
}

function positionOf(row: FuturesPositionRow): PositionState {
  return {
    side: row.side as Side,
    id: row.id,
    userId: row.userId,
    size: decimalOf(row.size),
    entryPrice: decimalOf(row.entryPrice),
    margin: decimalOf(row.margin),
    leverage: row.leverage,
    marginMode: row.marginMode as PositionState['marginMode'],
    realizedPnl: decimalOf(row.realizedPnl),
    takeProfit: row.takeProfit,
    stopLoss: row.stopLoss,
  };
}

/**
 * The initial margin an opening order's fills have moved to its position so far. It is that of their notional,
 * but never more than the order's reservation can give while still holding the fees charged so far and the cost
 * of the unfilled rest at the order's own price (its initial margin and the taker fee, as the order's cost counted
 * them). A sell that fills above its price has a larger notional than its cost counted: those fills get what the
 * reservation holds beyond that, so the rest, resting at its price, always finds its margin and fee there, even
 * after the position was closed in between. Only a fill whose fee exceeds even that (a sell through bids far
 * above its price) has a negative margin: the position pays the part of the fee the reservation cannot, out of
 * the margin this order's earlier fills gave it in the same match.
 */
function openingMargin(live: LiveOrder, takerFee: Decimal, places: number): Decimal {
  const wanted = initialMargin(live.filledTotal, live.leverage, places);
  const rest = subtractDecimals(live.size, live.filledSize);
  const fees = toScale(
    addDecimals(live.exactFee, multiplyDecimals(multiplyDecimals(live.price, rest), takerFee)),
    places,
    'up',
  );
  const restMargin = subtractDecimals(
    initialMargin(multiplyDecimals(live.price, live.size), live.leverage, places),
    initialMargin(multiplyDecimals(live.price, live.filledSize), live.leverage, places),
  );
  const room = subtractDecimals(subtractDecimals(live.frozen, fees), restMargin);
  return compareDecimals(wanted, room) <= 0 ? wanted : room;
}

function liveOf(row: FuturesOrderRow, market: BookMarket, places: number): LiveOrder {
  const filledTotal = decimalOf(row.filledTotal);
  const live: LiveOrder = {
    id: Number(row.id),
    userId: row.userId,
    origin: row.origin,
    action: row.action,
    side: bookSideOf(row.action),
    positionSide: positionSideOf(row.action),
    closing: isClosing(row.action),
    leverage: row.leverage,
    marginMode: row.marginMode as LiveOrder['marginMode'],
    price: decimalOf(row.price ?? '0'),
    size: decimalOf(row.size),
    filledSize: decimalOf(row.filledSize),
    filledTotal,
    // What was charged so far stands for the exact fee: a rebuilt order rounds up from there.
    exactFee: decimalOf(row.fee),
    fee: decimalOf(row.fee),
    margin: ZERO,
    frozen: decimalOf(row.frozenAmount),
    realizedPnl: decimalOf(row.realizedPnl),
    makerRate: row.makerFeeRate === null ? undefined : decimalOf(row.makerFeeRate),
    takerRate: row.takerFeeRate === null ? undefined : decimalOf(row.takerFeeRate),
    takeProfit: row.takeProfit,
    stopLoss: row.stopLoss,
    status: row.status,
  };
  // What a rebuilt order's fills moved to the position: the rule's margin for them, with the fee charged standing
  // for the exact one (as it does for the fills to come).
  if (!live.closing && isPositive(live.filledSize))
    live.margin = openingMargin(live, live.takerRate ?? market.takerFee, places);
  return live;
}
