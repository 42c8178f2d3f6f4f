import type {
  CancelReason,
  Depth,
  EngineEvent,
  Lots,
  NewOrder,
  RejectReason,
  RestingOrder,
  Side,
  Ticks,
} from './types';

/**
 * A resting order: a node of its price level's FIFO list. Nodes are pooled and never leave the book (callers get
 * copies), so a filled or cancelled order's node is reused by a later one without allocating.
 */
class OrderNode {
  id = 0;
  owner = 0;
  side: Side = 'buy';
  price = 0;
  remaining = 0;
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
  level: PriceLevel | null = null;
}

/** The orders resting at one price, oldest first, with their total quantity. */
class PriceLevel {
  price = 0;
  /** price × the side's sign: every side sorts its levels by ascending key, so the best level is the last. */
  key = 0;
  total = 0;
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
}

/**
 * One side of the book. `levels` is sorted by key with the best level last, so taking the best level (the hot
 * path) is an array pop and a new level near the top of the book is an insert near the end.
 *
 * A level emptied by a cancel below the top stays in place (and in `byPrice`, ready for the next order at its
 * price) instead of being spliced out, which keeps cancel O(1); the empty levels are swept out together once they
 * are the majority (amortised O(1)). The top level is never empty: empties reaching the top are popped at once.
 */
class BookSide {
  readonly levels: PriceLevel[] = [];
  readonly byPrice = new Map<number, PriceLevel>();
  /** Empty levels kept below the top. */
  emptyLevels = 0;
  constructor(
    readonly side: Side,
    /** +1 for bids (higher is better), -1 for asks (lower is better). */
    readonly sign: number,
  ) {}
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** Below this many empty levels a side is never swept: a few empties cost less than the pass. */
const SWEEP_MIN = 64;

export type OrderBookOptions = {
  /** How many empty levels below the top a side may keep before they are swept out (default 64). */
  emptyLevelsBeforeSweep?: number;
};

function isPositiveSafeInteger(value: unknown): value is number {
  return typeof value === 'number' && value > 0 && value <= MAX_SAFE && Math.floor(value) === value;
}

/** How many lots at `price` a budget pays for, exactly (the division is corrected near 2^53). */
function affordable(budget: number, price: number): number {
  const lots = Math.floor(budget / price);
  return lots * price > budget ? lots - 1 : lots;
}

/**
 * A central limit order book for one market: price-time priority, limit and market orders, IOC, FOK, post-only,
 * self-trade prevention and O(1) cancel. Pure and synchronous; it reports outcomes as events and never throws for
 * a business reason. One `place` appends `accepted` (or `rejected` and nothing else), the trades in match order,
 * then exactly one of `rested`, `filled` or `cancelled` (`unfilled` or `selfTrade`).
 */
export class OrderBook {
  private readonly bids = new BookSide('buy', 1);
  private readonly asks = new BookSide('sell', -1);
  private readonly orders = new Map<number, OrderNode>();
  private readonly freeNodes: OrderNode[] = [];
  private readonly freeLevels: PriceLevel[] = [];
  private readonly sweepMin: number;

  constructor(options: OrderBookOptions = {}) {
    this.sweepMin = options.emptyLevelsBeforeSweep ?? SWEEP_MIN;
  }

  /** Appends the events of placing `order` to `events` (caller owns/clears the array: no allocation per call). */
  place(order: NewOrder, events: EngineEvent[]): void {
    const id = order.id;
    const size = order.size;
    const isMarket = order.type === 'market';
    if (this.orders.has(id)) {
      reject(events, id, 'duplicateId');
      return;
    }
    if (!isPositiveSafeInteger(size)) {
      reject(events, id, 'invalidSize');
      return;
    }
    let price = 0;
    if (!isMarket) {
      price = order.price as number;
      if (!isPositiveSafeInteger(price)) {
        reject(events, id, 'invalidPrice');
        return;
      }
    }
    const side = order.side;
    const buy = side === 'buy';
    const opposite = buy ? this.asks : this.bids;
    // A level of the opposite side crosses the order when its key reaches this threshold.
    const limitKey = isMarket ? Number.NEGATIVE_INFINITY : opposite.sign * price;
    let budget = -1;
    if (isMarket && buy && order.maxNotional !== undefined) {
      if (!isPositiveSafeInteger(order.maxNotional)) {
        reject(events, id, 'invalidSize');
        return;
      }
      budget = order.maxNotional;
    }
    const timeInForce = order.timeInForce ?? 'GTC';
    const owner = order.owner;
    if (!isMarket && order.postOnly === true) {
      const best = opposite.levels[opposite.levels.length - 1];
      if (best !== undefined && best.key >= limitKey) {
        reject(events, id, 'postOnlyWouldTake');
        return;
      }
    }
    if (timeInForce === 'FOK' && !this.fillable(opposite, limitKey, owner, size, budget)) {
      reject(events, id, 'fokUnfillable');
      return;
    }
    events.push({ type: 'accepted', orderId: id });

    let remaining: number = size;
    let selfTrade = false;
    const levels = opposite.levels;
    matching: while (remaining > 0) {
      const level = levels[levels.length - 1];
      if (level === undefined || level.key < limitKey) break;
      const levelPrice = level.price;
      let maker = level.head;
      while (maker !== null && remaining > 0) {
        if (maker.owner === owner) {
          selfTrade = true;
          break matching;
        }
        let lots = maker.remaining < remaining ? maker.remaining : remaining;
        if (budget >= 0) {
          const fits = affordable(budget, levelPrice);
          if (fits === 0) break matching;
          if (fits < lots) lots = fits;
          budget -= lots * levelPrice;
        }
        maker.remaining -= lots;
        remaining -= lots;
        level.total -= lots;
        events.push({
          type: 'trade',
          takerOrderId: id,
          makerOrderId: maker.id,
          takerOwner: owner,
          makerOwner: maker.owner,
          takerSide: side,
          price: levelPrice as Ticks,
          size: lots as Lots,
          makerRemaining: maker.remaining,
          takerRemaining: remaining,
        });
        if (maker.remaining === 0) {
          const next = maker.next;
          this.orders.delete(maker.id);
          level.head = next;
          if (next === null) level.tail = null;
          else next.prev = null;
          this.releaseNode(maker);
          maker = next;
        }
      }
      if (level.head === null) this.dropEmptyTop(opposite);
    }

    if (remaining === 0) {
      events.push({ type: 'filled', orderId: id });
    } else if (selfTrade) {
      events.push(cancelled(id, remaining, 'selfTrade'));
    } else if (isMarket || timeInForce !== 'GTC') {
      events.push(cancelled(id, remaining, 'unfilled'));
    } else {
      this.rest(buy ? this.bids : this.asks, id, owner, price, remaining);
      events.push({
        type: 'rested',
        orderId: id,
        side,
        price: price as Ticks,
        remaining: remaining as Lots,
      });
    }
  }

  /** O(1) (amortised over the occasional sweep of empty levels). Unknown id → rejected 'unknownOrder'. */
  cancel(orderId: number, events: EngineEvent[]): void {
    const node = this.orders.get(orderId);
    if (node === undefined) {
      reject(events, orderId, 'unknownOrder');
      return;
    }
    const remaining = node.remaining;
    this.orders.delete(orderId);
    const level = node.level as PriceLevel;
    const prev = node.prev;
    const next = node.next;
    if (prev === null) level.head = next;
    else prev.next = next;
    if (next === null) level.tail = prev;
    else next.prev = prev;
    level.total -= remaining;
    if (level.head === null) {
      const bookSide = node.side === 'buy' ? this.bids : this.asks;
      if (bookSide.levels[bookSide.levels.length - 1] === level) {
        this.dropEmptyTop(bookSide);
      } else {
        bookSide.emptyLevels += 1;
        if (bookSide.emptyLevels > this.sweepMin && bookSide.emptyLevels * 2 > bookSide.levels.length) {
          this.sweep(bookSide);
        }
      }
    }
    this.releaseNode(node);
    events.push(cancelled(orderId, remaining, 'user'));
  }

  /** The highest bid, if any. */
  bestBid(): Ticks | undefined {
    return this.bids.levels[this.bids.levels.length - 1]?.price as Ticks | undefined;
  }

  /** The lowest ask, if any. */
  bestAsk(): Ticks | undefined {
    return this.asks.levels[this.asks.levels.length - 1]?.price as Ticks | undefined;
  }

  /** Aggregated levels, best first. */
  depth(levels: number): Depth {
    return { bids: aggregate(this.bids, levels), asks: aggregate(this.asks, levels) };
  }

  /** A resting order, or undefined. */
  order(id: number): RestingOrder | undefined {
    const node = this.orders.get(id);
    return node === undefined ? undefined : copy(node);
  }

  /** Every resting order in priority order per side (bids, then asks), for checks and snapshots. */
  restingOrders(): RestingOrder[] {
    const out: RestingOrder[] = [];
    for (const bookSide of [this.bids, this.asks]) {
      for (let i = bookSide.levels.length - 1; i >= 0; i--) {
        for (let node = (bookSide.levels[i] as PriceLevel).head; node !== null; node = node.next) {
          out.push(copy(node));
        }
      }
    }
    return out;
  }

  /** How many orders rest in the book. */
  get size(): number {
    return this.orders.size;
  }

  /** Whether a fill-or-kill order would fill completely, walking the book as matching would (STP included). */
  private fillable(
    opposite: BookSide,
    limitKey: number,
    owner: number,
    size: number,
    budget: number,
  ): boolean {
    let needed = size;
    const levels = opposite.levels;
    for (let i = levels.length - 1; i >= 0; i--) {
      const level = levels[i] as PriceLevel;
      if (level.key < limitKey) return false;
      for (let maker = level.head; maker !== null; maker = maker.next) {
        if (maker.owner === owner) return false;
        const lots = maker.remaining < needed ? maker.remaining : needed;
        if (budget >= 0) {
          if (affordable(budget, level.price) < lots) return false;
          budget -= lots * level.price;
        }
        needed -= lots;
        if (needed === 0) return true;
      }
    }
    return false;
  }

  private rest(bookSide: BookSide, id: number, owner: number, price: number, remaining: number): void {
    let level = bookSide.byPrice.get(price);
    if (level === undefined) level = this.addLevel(bookSide, price);
    else if (level.head === null) bookSide.emptyLevels -= 1;
    const node = this.freeNodes.pop() ?? new OrderNode();
    node.id = id;
    node.owner = owner;
    node.side = bookSide.side;
    node.price = price;
    node.remaining = remaining;
    node.level = level;
    node.next = null;
    const tail = level.tail;
    node.prev = tail;
    if (tail === null) level.head = node;
    else tail.next = node;
    level.tail = node;
    level.total += remaining;
    this.orders.set(id, node);
  }

  private addLevel(bookSide: BookSide, price: number): PriceLevel {
    const level = this.freeLevels.pop() ?? new PriceLevel();
    const key = bookSide.sign * price;
    level.price = price;
    level.key = key;
    level.total = 0;
    level.head = null;
    level.tail = null;
    const levels = bookSide.levels;
    const count = levels.length;
    if (count === 0 || (levels[count - 1] as PriceLevel).key < key) {
      levels.push(level);
    } else {
      // The first level with a greater key: the new level goes just before it.
      let low = 0;
      let high = count - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((levels[middle] as PriceLevel).key > key) high = middle;
        else low = middle + 1;
      }
      levels.splice(low, 0, level);
    }
    bookSide.byPrice.set(price, level);
    return level;
  }

  /** Pops the emptied top level and any empty levels it uncovers, so the top is a live level again. */
  private dropEmptyTop(bookSide: BookSide): void {
    const levels = bookSide.levels;
    let level = levels.pop();
    while (level !== undefined) {
      bookSide.byPrice.delete(level.price);
      this.freeLevels.push(level);
      const below = levels[levels.length - 1];
      if (below === undefined || below.head !== null) return;
      bookSide.emptyLevels -= 1;
      level = levels.pop();
    }
  }

  /** Removes every empty level in one pass. */
  private sweep(bookSide: BookSide): void {
    const levels = bookSide.levels;
    let kept = 0;
    for (let i = 0; i < levels.length; i++) {
      const level = levels[i] as PriceLevel;
      if (level.head !== null) {
        levels[kept++] = level;
      } else {
        bookSide.byPrice.delete(level.price);
        this.freeLevels.push(level);
      }
    }
    levels.length = kept;
    bookSide.emptyLevels = 0;
  }

  private releaseNode(node: OrderNode): void {
    node.prev = null;
    node.next = null;
    node.level = null;
    this.freeNodes.push(node);
  }
}

function reject(events: EngineEvent[], orderId: number, reason: RejectReason): void {
  events.push({ type: 'rejected', orderId, reason });
}

function cancelled(orderId: number, remaining: number, reason: CancelReason): EngineEvent {
  return { type: 'cancelled', orderId, remaining, reason };
}

function copy(node: OrderNode): RestingOrder {
  return {
    id: node.id,
    owner: node.owner,
    side: node.side,
    price: node.price as Ticks,
    remaining: node.remaining,
  };
}

function aggregate(bookSide: BookSide, count: number): Array<[Ticks, number]> {
  const out: Array<[Ticks, number]> = [];
  const levels = bookSide.levels;
  for (let i = levels.length - 1; i >= 0 && out.length < count; i--) {
    const level = levels[i] as PriceLevel;
    if (level.head !== null) out.push([level.price as Ticks, level.total]);
  }
  return out;
}
