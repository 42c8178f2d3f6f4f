import type { Depth, EngineEvent, Lots, NewOrder, RestingOrder, Side, Ticks } from '../src/types';

/**
 * A deliberately simple matcher with the engine's rules and events, written to be obviously correct rather than
 * fast: one array of resting orders, a linear scan for the best maker before every fill, bigint budget math.
 * The property test runs random orders through both and requires identical events and books.
 */

type Resting = { id: number; owner: number; side: Side; price: number; remaining: number; arrival: number };

const isPositiveSafeInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Whether `a` comes before `b` in the queue a taker of `takerSide` matches against. */
function before(a: Resting, b: Resting, takerSide: Side): boolean {
  if (a.price !== b.price) return takerSide === 'buy' ? a.price < b.price : a.price > b.price;
  return a.arrival < b.arrival;
}

export class ReferenceMatcher {
  private resting: Resting[] = [];
  private arrivals = 0;

  place(order: NewOrder, events: EngineEvent[]): void {
    const reject = (
      reason: 'duplicateId' | 'invalidSize' | 'invalidPrice' | 'postOnlyWouldTake' | 'fokUnfillable',
    ) => events.push({ type: 'rejected', orderId: order.id, reason });
    const market = order.type === 'market';
    if (this.resting.some((o) => o.id === order.id)) return void reject('duplicateId');
    if (!isPositiveSafeInteger(order.size)) return void reject('invalidSize');
    if (!market && !isPositiveSafeInteger(order.price)) return void reject('invalidPrice');
    const hasBudget = market && order.side === 'buy' && order.maxNotional !== undefined;
    if (hasBudget && !isPositiveSafeInteger(order.maxNotional)) return void reject('invalidSize');

    const price = order.price ?? 0;
    const crosses = (maker: Resting) =>
      maker.side !== order.side &&
      (market || (order.side === 'buy' ? maker.price <= price : maker.price >= price));
    /** The crossing makers in the order the taker meets them. */
    const queue = () => this.resting.filter(crosses).sort((a, b) => (before(a, b, order.side) ? -1 : 1));

    if (!market && order.postOnly === true && queue().length > 0) return void reject('postOnlyWouldTake');
    const timeInForce = order.timeInForce ?? 'GTC';
    if (timeInForce === 'FOK' && !this.fillable(queue(), order, hasBudget))
      return void reject('fokUnfillable');
    events.push({ type: 'accepted', orderId: order.id });

    let remaining = order.size as number;
    let budget = hasBudget ? BigInt(order.maxNotional as number) : undefined;
    let selfTrade = false;
    while (remaining > 0) {
      const best = queue()[0];
      if (best === undefined) break;
      if (best.owner === order.owner) {
        selfTrade = true;
        break;
      }
      let lots = Math.min(remaining, best.remaining);
      if (budget !== undefined) {
        const fits = Number(budget / BigInt(best.price));
        if (fits === 0) break;
        lots = Math.min(lots, fits);
        budget -= BigInt(lots) * BigInt(best.price);
      }
      best.remaining -= lots;
      remaining -= lots;
      events.push({
        type: 'trade',
        takerOrderId: order.id,
        makerOrderId: best.id,
        takerOwner: order.owner,
        makerOwner: best.owner,
        takerSide: order.side,
        price: best.price as Ticks,
        size: lots as Lots,
        makerRemaining: best.remaining,
        takerRemaining: remaining,
      });
      if (best.remaining === 0) this.resting = this.resting.filter((o) => o !== best);
    }

    if (remaining === 0) events.push({ type: 'filled', orderId: order.id });
    else if (selfTrade) events.push({ type: 'cancelled', orderId: order.id, remaining, reason: 'selfTrade' });
    else if (market || timeInForce !== 'GTC') {
      events.push({ type: 'cancelled', orderId: order.id, remaining, reason: 'unfilled' });
    } else {
      this.resting.push({
        id: order.id,
        owner: order.owner,
        side: order.side,
        price,
        remaining,
        arrival: this.arrivals++,
      });
      events.push({
        type: 'rested',
        orderId: order.id,
        side: order.side,
        price: price as Ticks,
        remaining: remaining as Lots,
      });
    }
  }

  cancel(orderId: number, events: EngineEvent[]): void {
    const found = this.resting.find((o) => o.id === orderId);
    if (found === undefined) return void events.push({ type: 'rejected', orderId, reason: 'unknownOrder' });
    this.resting = this.resting.filter((o) => o !== found);
    events.push({ type: 'cancelled', orderId, remaining: found.remaining, reason: 'user' });
  }

  /** Walks the queue as matching would, stopping at the taker's own order, the budget or the end. */
  private fillable(queue: Resting[], order: NewOrder, hasBudget: boolean): boolean {
    let needed = order.size as number;
    let budget = hasBudget ? BigInt(order.maxNotional as number) : 0n;
    for (const maker of queue) {
      if (maker.owner === order.owner) return false;
      const lots = Math.min(needed, maker.remaining);
      if (hasBudget) {
        if (budget < BigInt(lots) * BigInt(maker.price)) return false;
        budget -= BigInt(lots) * BigInt(maker.price);
      }
      needed -= lots;
      if (needed === 0) return true;
    }
    return false;
  }

  restingOrders(): RestingOrder[] {
    const side = (s: Side) =>
      this.resting
        .filter((o) => o.side === s)
        // a sell taker meets the bids best first, a buy taker the asks
        .sort((a, b) => (before(a, b, s === 'buy' ? 'sell' : 'buy') ? -1 : 1))
        .map(({ id, owner, side, price, remaining }) => ({
          id,
          owner,
          side,
          price: price as Ticks,
          remaining,
        }));
    return [...side('buy'), ...side('sell')];
  }

  depth(levels: number): Depth {
    const aggregate = (s: Side) => {
      const out: Array<[Ticks, number]> = [];
      for (const o of this.restingOrders().filter((r) => r.side === s)) {
        const last = out[out.length - 1];
        if (last !== undefined && last[0] === o.price) last[1] += o.remaining;
        else out.push([o.price, o.remaining]);
      }
      return out.slice(0, levels);
    };
    return { bids: aggregate('buy'), asks: aggregate('sell') };
  }

  bestBid(): Ticks | undefined {
    let best: number | undefined;
    for (const o of this.resting)
      if (o.side === 'buy' && (best === undefined || o.price > best)) best = o.price;
    return best as Ticks | undefined;
  }

  bestAsk(): Ticks | undefined {
    let best: number | undefined;
    for (const o of this.resting)
      if (o.side === 'sell' && (best === undefined || o.price < best)) best = o.price;
    return best as Ticks | undefined;
  }

  /** The ids of the resting orders, oldest first. */
  restingIds(): number[] {
    return this.resting.map((o) => o.id);
  }
}
