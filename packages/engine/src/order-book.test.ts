import { beforeEach, describe, expect, it } from 'vitest';
import { OrderBook } from './order-book';
import type { EngineEvent, Lots, NewOrder, Ticks } from './types';

let sut: OrderBook;
let nextId: number;

beforeEach(() => {
  sut = new OrderBook();
  nextId = 1;
});

type Draft = Omit<NewOrder, 'id' | 'price' | 'size' | 'type'> & {
  id?: number;
  price?: number;
  size: number;
  type?: NewOrder['type'];
};

/** Places an order (a limit order unless told) and answers its events. */
function place(draft: Draft): EngineEvent[] {
  const events: EngineEvent[] = [];
  const { id = nextId++, price, size, type = 'limit', ...rest } = draft;
  sut.place(
    { id, type, size: size as Lots, ...(price === undefined ? {} : { price: price as Ticks }), ...rest },
    events,
  );
  return events;
}

function cancel(id: number): EngineEvent[] {
  const events: EngineEvent[] = [];
  sut.cancel(id, events);
  return events;
}

const trades = (events: EngineEvent[]) =>
  events.flatMap((e) => (e.type === 'trade' ? [[e.makerOrderId, e.price, e.size] as const] : []));
const last = (events: EngineEvent[]) => events[events.length - 1];

describe('placing limit orders', () => {
  it('rests an order that crosses nothing, and reports it', () => {
    const events = place({ owner: 1, side: 'buy', price: 100, size: 5 });
    expect(events).toEqual([
      { type: 'accepted', orderId: 1 },
      { type: 'rested', orderId: 1, side: 'buy', price: 100, remaining: 5 },
    ]);
    expect(sut.bestBid()).toBe(100);
    expect(sut.bestAsk()).toBeUndefined();
    expect(sut.order(1)).toEqual({ id: 1, owner: 1, side: 'buy', price: 100, remaining: 5 });
  });

  it('fills at the maker price, best price first, then oldest first at one price', () => {
    place({ owner: 1, side: 'sell', price: 101, size: 2 }); // 1
    place({ owner: 2, side: 'sell', price: 100, size: 2 }); // 2
    place({ owner: 3, side: 'sell', price: 100, size: 2 }); // 3
    const events = place({ owner: 4, side: 'buy', price: 102, size: 5 });
    expect(trades(events)).toEqual([
      [2, 100, 2],
      [3, 100, 2],
      [1, 101, 1],
    ]);
    expect(last(events)).toEqual({ type: 'filled', orderId: 4 });
    expect(sut.order(1)?.remaining).toBe(1);
    expect(sut.order(2)).toBeUndefined();
  });

  it('reports remaining quantities on both sides of every trade', () => {
    place({ owner: 1, side: 'buy', price: 100, size: 10 });
    const events = place({ owner: 2, side: 'sell', price: 99, size: 4 });
    expect(events[1]).toEqual({
      type: 'trade',
      takerOrderId: 2,
      makerOrderId: 1,
      takerOwner: 2,
      makerOwner: 1,
      takerSide: 'sell',
      price: 100,
      size: 4,
      makerRemaining: 6,
      takerRemaining: 0,
    });
  });

  it('rests the remainder of a partly filled order at its own price', () => {
    place({ owner: 1, side: 'sell', price: 100, size: 3 });
    const events = place({ owner: 2, side: 'buy', price: 101, size: 5 });
    expect(last(events)).toEqual({ type: 'rested', orderId: 2, side: 'buy', price: 101, remaining: 2 });
    expect(sut.bestBid()).toBe(101);
    expect(sut.bestAsk()).toBeUndefined();
  });

  it('does not trade with orders beyond its limit price', () => {
    place({ owner: 1, side: 'sell', price: 105, size: 3 });
    const events = place({ owner: 2, side: 'buy', price: 104, size: 3 });
    expect(trades(events)).toEqual([]);
    expect(sut.depth(5)).toEqual({ bids: [[104, 3]], asks: [[105, 3]] });
  });

  it('puts a later order at the same price behind the earlier ones', () => {
    place({ owner: 1, side: 'buy', price: 100, size: 1 });
    place({ owner: 2, side: 'buy', price: 100, size: 1 });
    place({ owner: 3, side: 'buy', price: 101, size: 1 });
    expect(sut.restingOrders().map((o) => o.id)).toEqual([3, 1, 2]);
    expect(trades(place({ owner: 4, side: 'sell', price: 100, size: 2 }))).toEqual([
      [3, 101, 1],
      [1, 100, 1],
    ]);
  });
});

describe('the event array', () => {
  it('is appended to, never cleared, and answers copies that do not touch the book', () => {
    const events: EngineEvent[] = [{ type: 'filled', orderId: 99 }];
    sut.place({ id: 1, owner: 1, side: 'buy', type: 'limit', price: 100 as Ticks, size: 2 as Lots }, events);
    expect(events.map((e) => e.type)).toEqual(['filled', 'accepted', 'rested']);
    const copy = sut.order(1);
    if (copy) copy.remaining = 0;
    const listed = sut.restingOrders()[0];
    if (listed) listed.remaining = 0;
    expect(sut.order(1)?.remaining).toBe(2);
    expect(sut.depth(1).bids).toEqual([[100, 2]]);
  });
});

describe('rejections', () => {
  it.each([
    [{ size: 0 }, 'invalidSize'],
    [{ size: 1.5 }, 'invalidSize'],
    [{ size: Number.NaN }, 'invalidSize'],
    [{ size: 2 ** 53 }, 'invalidSize'],
    [{ price: 0 }, 'invalidPrice'],
    [{ price: -1 }, 'invalidPrice'],
    [{ price: 99.5 }, 'invalidPrice'],
    [{ price: undefined }, 'invalidPrice'],
  ])('rejects %j as %s and changes nothing', (change, reason) => {
    place({ owner: 1, side: 'sell', price: 100, size: 1 });
    const events = place({ owner: 2, side: 'buy', price: 100, size: 1, ...change });
    expect(events).toEqual([{ type: 'rejected', orderId: 2, reason }]);
    expect(sut.restingOrders()).toEqual([{ id: 1, owner: 1, side: 'sell', price: 100, remaining: 1 }]);
  });

  it('rejects an id that is already resting', () => {
    place({ id: 7, owner: 1, side: 'buy', price: 100, size: 1 });
    expect(place({ id: 7, owner: 2, side: 'sell', price: 100, size: 1 })).toEqual([
      { type: 'rejected', orderId: 7, reason: 'duplicateId' },
    ]);
    expect(sut.order(7)?.remaining).toBe(1);
  });

  it('rejects a market buy with a budget that is not a positive whole number', () => {
    place({ owner: 1, side: 'sell', price: 100, size: 1 });
    expect(place({ owner: 2, side: 'buy', type: 'market', size: 1, maxNotional: 0 })).toEqual([
      { type: 'rejected', orderId: 2, reason: 'invalidSize' },
    ]);
  });
});

describe('time in force', () => {
  it('IOC fills what it can and drops the rest', () => {
    place({ owner: 1, side: 'sell', price: 100, size: 2 });
    const events = place({ owner: 2, side: 'buy', price: 100, size: 5, timeInForce: 'IOC' });
    expect(trades(events)).toEqual([[1, 100, 2]]);
    expect(last(events)).toEqual({ type: 'cancelled', orderId: 2, remaining: 3, reason: 'unfilled' });
    expect(sut.restingOrders()).toEqual([]);
  });

  it('FOK that cannot fill completely is rejected without touching the book', () => {
    place({ owner: 1, side: 'sell', price: 100, size: 2 });
    place({ owner: 1, side: 'sell', price: 102, size: 5 });
    expect(place({ owner: 2, side: 'buy', price: 101, size: 3, timeInForce: 'FOK' })).toEqual([
      { type: 'rejected', orderId: 3, reason: 'fokUnfillable' },
    ]);
    expect(sut.depth(5).asks).toEqual([
      [100, 2],
      [102, 5],
    ]);
  });

  it('FOK that can fill completely fills across levels', () => {
    place({ owner: 1, side: 'sell', price: 100, size: 2 });
    place({ owner: 1, side: 'sell', price: 101, size: 2 });
    const events = place({ owner: 2, side: 'buy', price: 101, size: 3, timeInForce: 'FOK' });
    expect(trades(events)).toEqual([
      [1, 100, 2],
      [2, 101, 1],
    ]);
    expect(last(events)).toEqual({ type: 'filled', orderId: 3 });
  });

  it('FOK counts liquidity only up to its owner’s own order', () => {
    place({ owner: 1, side: 'sell', price: 100, size: 2 });
    place({ owner: 2, side: 'sell', price: 100, size: 5 });
    place({ owner: 3, side: 'sell', price: 100, size: 5 });
    expect(place({ owner: 2, side: 'buy', price: 100, size: 3, timeInForce: 'FOK' })).toEqual([
      { type: 'rejected', orderId: 4, reason: 'fokUnfillable' },
    ]);
    expect(last(place({ owner: 2, side: 'buy', price: 100, size: 2, timeInForce: 'FOK' }))).toEqual({
      type: 'filled',
      orderId: 5,
    });
  });
});

describe('post-only', () => {
  it('is rejected when it would take', () => {
    place({ owner: 1, side: 'sell', price: 100, size: 2 });
    expect(place({ owner: 2, side: 'buy', price: 100, size: 1, postOnly: true })).toEqual([
      { type: 'rejected', orderId: 2, reason: 'postOnlyWouldTake' },
    ]);
    expect(sut.order(1)?.remaining).toBe(2);
  });

  it('rests when it would not take', () => {
    place({ owner: 1, side: 'sell', price: 100, size: 2 });
    expect(last(place({ owner: 2, side: 'buy', price: 99, size: 1, postOnly: true }))).toMatchObject({
      type: 'rested',
      remaining: 1,
    });
  });
});

describe('market orders', () => {
  it('sweep the book at any price and never rest', () => {
    place({ owner: 1, side: 'buy', price: 100, size: 2 });
    place({ owner: 1, side: 'buy', price: 90, size: 2 });
    const events = place({ owner: 2, side: 'sell', type: 'market', size: 5 });
    expect(trades(events)).toEqual([
      [1, 100, 2],
      [2, 90, 2],
    ]);
    expect(last(events)).toEqual({ type: 'cancelled', orderId: 3, remaining: 1, reason: 'unfilled' });
    expect(sut.restingOrders()).toEqual([]);
  });

  it('ignores a price on a market order', () => {
    place({ owner: 1, side: 'sell', price: 100, size: 1 });
    expect(last(place({ owner: 2, side: 'buy', type: 'market', price: 1, size: 1 }))).toEqual({
      type: 'filled',
      orderId: 2,
    });
  });

  it('a buy with a budget stops before spending more than it', () => {
    place({ owner: 1, side: 'sell', price: 100, size: 2 });
    place({ owner: 1, side: 'sell', price: 150, size: 10 });
    // 2×100 = 200, then 150 a lot: 2 more lots fit in 550, a third would need 650
    const events = place({ owner: 2, side: 'buy', type: 'market', size: 10, maxNotional: 550 });
    expect(trades(events)).toEqual([
      [1, 100, 2],
      [2, 150, 2],
    ]);
    expect(last(events)).toEqual({ type: 'cancelled', orderId: 3, remaining: 6, reason: 'unfilled' });
    expect(sut.order(2)?.remaining).toBe(8);
  });

  it('a budgeted FOK buy is rejected when the budget cannot pay for the whole size', () => {
    place({ owner: 1, side: 'sell', price: 100, size: 5 });
    expect(
      place({ owner: 2, side: 'buy', type: 'market', size: 5, maxNotional: 499, timeInForce: 'FOK' }),
    ).toEqual([{ type: 'rejected', orderId: 2, reason: 'fokUnfillable' }]);
    expect(
      last(place({ owner: 2, side: 'buy', type: 'market', size: 5, maxNotional: 500, timeInForce: 'FOK' })),
    ).toEqual({ type: 'filled', orderId: 3 });
  });
});

describe('self-trade prevention', () => {
  it('cancels the taker’s remainder at its owner’s own order and leaves that order resting', () => {
    place({ owner: 1, side: 'sell', price: 100, size: 1 }); // 1, another owner, first in line
    place({ owner: 2, side: 'sell', price: 100, size: 4 }); // 2, the taker's own
    place({ owner: 3, side: 'sell', price: 100, size: 4 }); // 3, behind it
    const events = place({ owner: 2, side: 'buy', price: 100, size: 3 });
    expect(trades(events)).toEqual([[1, 100, 1]]);
    expect(last(events)).toEqual({ type: 'cancelled', orderId: 4, remaining: 2, reason: 'selfTrade' });
    expect(sut.restingOrders().map((o) => [o.id, o.remaining])).toEqual([
      [2, 4],
      [3, 4],
    ]);
  });

  it('cancels an IOC at its own order as a self-trade, not as unfilled', () => {
    place({ owner: 2, side: 'buy', price: 100, size: 1 });
    expect(last(place({ owner: 2, side: 'sell', type: 'market', size: 1 }))).toMatchObject({
      reason: 'selfTrade',
      remaining: 1,
    });
  });
});

describe('cancel', () => {
  it('removes a resting order and reports what was left', () => {
    place({ owner: 1, side: 'buy', price: 100, size: 5 });
    place({ owner: 2, side: 'sell', price: 100, size: 2 });
    expect(cancel(1)).toEqual([{ type: 'cancelled', orderId: 1, remaining: 3, reason: 'user' }]);
    expect(sut.order(1)).toBeUndefined();
    expect(sut.bestBid()).toBeUndefined();
  });

  it('rejects an unknown or already finished order', () => {
    expect(cancel(42)).toEqual([{ type: 'rejected', orderId: 42, reason: 'unknownOrder' }]);
    place({ owner: 1, side: 'buy', price: 100, size: 1 });
    cancel(1);
    expect(cancel(1)).toEqual([{ type: 'rejected', orderId: 1, reason: 'unknownOrder' }]);
  });

  it('keeps the queue order of the rest when an order in the middle goes', () => {
    for (const owner of [1, 2, 3]) place({ owner, side: 'sell', price: 100, size: 1 });
    place({ owner: 4, side: 'sell', price: 99, size: 1 });
    place({ owner: 5, side: 'sell', price: 101, size: 1 });
    cancel(2);
    cancel(4);
    expect(sut.restingOrders().map((o) => o.id)).toEqual([1, 3, 5]);
    expect(trades(place({ owner: 9, side: 'buy', price: 101, size: 3 })).map(([id]) => id)).toEqual([
      1, 3, 5,
    ]);
    expect(sut.restingOrders()).toEqual([]);
  });

  it('keeps the book right when most levels below the top are emptied and swept out', () => {
    for (let i = 1; i <= 300; i++) place({ owner: 1, side: 'sell', price: 100 + i, size: 1 });
    for (let id = 2; id <= 300; id++) if (id % 3 !== 0) cancel(id);
    // An emptied level comes back with the next order at its price.
    place({ owner: 2, side: 'sell', price: 102, size: 7 });
    expect(sut.depth(4).asks).toEqual([
      [101, 1],
      [102, 7],
      [103, 1],
      [106, 1],
    ]);
    expect(sut.restingOrders()).toHaveLength(102);
    const events = place({ owner: 3, side: 'buy', type: 'market', size: 200 });
    expect(trades(events).map(([, price]) => price)).toEqual([
      101,
      102,
      ...Array.from({ length: 100 }, (_, i) => 103 + 3 * i),
    ]);
    expect(sut.bestAsk()).toBeUndefined();
    expect(sut.depth(10)).toEqual({ bids: [], asks: [] });
  });

  it('lets an id be used again once its order is gone', () => {
    place({ id: 5, owner: 1, side: 'buy', price: 100, size: 1 });
    cancel(5);
    expect(last(place({ id: 5, owner: 1, side: 'buy', price: 100, size: 1 }))).toMatchObject({
      type: 'rested',
    });
  });
});

describe('depth', () => {
  it('aggregates levels best first and stops at the number asked for', () => {
    place({ owner: 1, side: 'buy', price: 98, size: 1 });
    place({ owner: 1, side: 'buy', price: 99, size: 2 });
    place({ owner: 2, side: 'buy', price: 99, size: 3 });
    place({ owner: 1, side: 'buy', price: 97, size: 4 });
    place({ owner: 1, side: 'sell', price: 103, size: 1 });
    place({ owner: 1, side: 'sell', price: 101, size: 6 });
    expect(sut.depth(2)).toEqual({
      bids: [
        [99, 5],
        [98, 1],
      ],
      asks: [
        [101, 6],
        [103, 1],
      ],
    });
    expect(sut.depth(0)).toEqual({ bids: [], asks: [] });
  });

  it('follows fills and cancels', () => {
    place({ owner: 1, side: 'sell', price: 100, size: 5 });
    place({ owner: 1, side: 'sell', price: 101, size: 5 });
    place({ owner: 2, side: 'buy', price: 100, size: 2 });
    expect(sut.depth(5).asks).toEqual([
      [100, 3],
      [101, 5],
    ]);
    cancel(1);
    expect(sut.depth(5).asks).toEqual([[101, 5]]);
    expect(sut.bestAsk()).toBe(101);
  });
});
