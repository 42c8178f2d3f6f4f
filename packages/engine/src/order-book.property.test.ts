import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReferenceMatcher } from '../test/reference-matcher';
import { OrderBook } from './order-book';
import type { EngineEvent, Lots, NewOrder, Side, Ticks, TimeInForce } from './types';

/*
 * Random command streams (limit, IOC, FOK, post-only, market and budgeted market orders, invalid ones, duplicate
 * ids, cancels of live and unknown orders; four owners so self-trades happen) through the engine and through a
 * deliberately simple reference matcher: after every command both must have emitted the same events, and the
 * books must agree; at the end of every stream each order's size must be accounted for exactly.
 */

const RUNS = Number(process.env.ENGINE_PROPERTY_RUNS ?? 150);
const COMMANDS = Number(process.env.ENGINE_PROPERTY_COMMANDS ?? 1000);
const SEED = Number(process.env.ENGINE_PROPERTY_SEED ?? Date.now() % 2 ** 31);

type Command =
  | {
      kind: 'place';
      owner: number;
      side: Side;
      type: 'limit' | 'market';
      price: number;
      size: number;
      timeInForce: TimeInForce | undefined;
      postOnly: boolean;
      maxNotional: number | undefined;
      /** Reuse the id of a resting order instead of a fresh one. */
      duplicate: boolean;
      pick: number;
    }
  | { kind: 'cancel'; pick: number; unknown: boolean };

/** Mostly valid values, one in forty not (zero, negative, fractional, unsafe). */
const mostly = (valid: fc.Arbitrary<number>) =>
  fc.oneof(
    { weight: 39, arbitrary: valid },
    { weight: 1, arbitrary: fc.constantFrom(0, -3, 2.5, Number.NaN, 2 ** 53) },
  );

/**
 * Prices on a few levels (tight: deep queues, constant crossing) or on many (wide: thin levels, many of them
 * emptied by cancels). Sells are priced `spread` above the drawn price, so a wide book keeps hundreds of levels.
 */
const placeWithin = (low: number, high: number, spread: number) =>
  fc
    .record({
      kind: fc.constant('place' as const),
      owner: fc.integer({ min: 1, max: 4 }),
      side: fc.constantFrom<Side>('buy', 'sell'),
      type: fc.oneof(
        { weight: 5, arbitrary: fc.constant('limit' as const) },
        { weight: 1, arbitrary: fc.constant('market' as const) },
      ),
      price: mostly(fc.integer({ min: low, max: high })),
      size: mostly(fc.integer({ min: 1, max: 20 })),
      timeInForce: fc.constantFrom<TimeInForce | undefined>(
        undefined,
        undefined,
        undefined,
        'GTC',
        'IOC',
        'FOK',
      ),
      postOnly: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
      maxNotional: fc
        .option(mostly(fc.integer({ min: 1, max: 2500 })), { freq: 2 })
        .map((v) => v ?? undefined),
      duplicate: fc.integer({ min: 0, max: 49 }).map((n) => n === 0),
      pick: fc.nat(),
    })
    .map((c) =>
      c.side === 'sell' && Number.isSafeInteger(c.price) && c.price > 0
        ? { ...c, price: c.price + spread }
        : c,
    );
const cancel = fc.record({
  kind: fc.constant('cancel' as const),
  pick: fc.nat(),
  unknown: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});
const commandWithin = (low: number, high: number, spread = 0): fc.Arbitrary<Command> =>
  fc.oneof({ weight: 7, arbitrary: placeWithin(low, high, spread) }, { weight: 3, arbitrary: cancel });

/** Cheap equality for the hot loop; on a difference, vitest's diff names the command and what differed. */
function same(index: number, what: string, ours: unknown, theirs: unknown): void {
  if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
    expect({ command: index, [what]: ours }).toEqual({ command: index, [what]: theirs });
  }
}

/** What one accepted order has become; `budget` is a market buy's maxNotional, `spent` what its trades cost. */
type Ledger = {
  side: Side;
  size: number;
  traded: number;
  closed: number;
  done: boolean;
  budget: number | undefined;
  spent: number;
};

/** How often each outcome occurred over all streams ("trade", "rejected:fokUnfillable", "cancelled:selfTrade"…). */
const outcomes = new Map<string, number>();

/** Runs one stream through both and answers how many orders it placed. */
function runStream(commands: Command[], sut = new OrderBook()): number {
  const reference = new ReferenceMatcher();
  const ours: EngineEvent[] = [];
  const theirs: EngineEvent[] = [];
  const orders = new Map<number, Ledger>();
  let nextId = 1;
  let placed = 0;
  let bought = 0;
  let sold = 0;

  for (const [index, c] of commands.entries()) {
    ours.length = 0;
    theirs.length = 0;
    const resting = reference.restingIds();
    if (c.kind === 'place') {
      placed += 1;
      const target = resting[c.pick % Math.max(resting.length, 1)];
      const id = c.duplicate && target !== undefined ? target : nextId++;
      const order: NewOrder = {
        id,
        owner: c.owner,
        side: c.side,
        type: c.type,
        price: c.price as Ticks,
        size: c.size as Lots,
        ...(c.timeInForce === undefined ? {} : { timeInForce: c.timeInForce }),
        ...(c.postOnly ? { postOnly: true } : {}),
        ...(c.maxNotional === undefined ? {} : { maxNotional: c.maxNotional }),
      };
      sut.place(order, ours);
      reference.place(order, theirs);
      if (ours[0]?.type === 'accepted') {
        const budget = c.type === 'market' && c.side === 'buy' ? c.maxNotional : undefined;
        orders.set(id, { side: c.side, size: c.size, traded: 0, closed: 0, done: false, budget, spent: 0 });
      }
    } else {
      const target = resting[c.pick % Math.max(resting.length, 1)];
      const id = c.unknown || target === undefined ? c.pick % (nextId + 3) : target;
      sut.cancel(id, ours);
      reference.cancel(id, theirs);
    }

    same(index, 'events', ours, theirs);
    same(index, 'best prices', [sut.bestBid(), sut.bestAsk()], [reference.bestBid(), reference.bestAsk()]);
    if (index % 100 === 99) {
      same(index, 'resting orders', sut.restingOrders(), reference.restingOrders());
      same(index, 'depth', sut.depth(5), reference.depth(5));
    }

    for (const e of ours) {
      const outcome = e.type === 'rejected' || e.type === 'cancelled' ? `${e.type}:${e.reason}` : e.type;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      if (e.type === 'trade') {
        const taker = orders.get(e.takerOrderId);
        const maker = orders.get(e.makerOrderId);
        if (taker === undefined || maker === undefined)
          throw new Error('a trade names an order never accepted');
        taker.traded += e.size;
        taker.spent += e.price * e.size;
        maker.traded += e.size;
        if (taker.size - taker.traded !== e.takerRemaining || maker.size - maker.traded < e.makerRemaining) {
          throw new Error(`command ${index}: a trade's remaining quantities do not add up`);
        }
        if (e.takerSide !== taker.side || maker.side === taker.side) {
          throw new Error(`command ${index}: a trade between orders of one side`);
        }
        if (taker.side === 'buy') bought += e.size;
        else sold += e.size;
        if (maker.side === 'buy') bought += e.size;
        else sold += e.size;
        if (e.makerRemaining === 0) maker.done = true;
      } else if (e.type === 'cancelled') {
        const order = orders.get(e.orderId) as Ledger;
        order.closed = e.remaining;
        order.done = true;
      } else if (e.type === 'filled') {
        (orders.get(e.orderId) as Ledger).done = true;
      }
    }
  }

  expect(sut.restingOrders()).toEqual(reference.restingOrders());
  expect(sut.depth(1000)).toEqual(reference.depth(1000));
  // Every lot bought was sold, and every order's size is traded, resting or cancelled, exactly.
  expect(bought).toBe(sold);
  for (const order of orders.values()) {
    if (order.budget !== undefined && order.spent > order.budget) {
      throw new Error(`a market buy spent ${order.spent} of a budget of ${order.budget}`);
    }
  }
  for (const [id, order] of orders) {
    const resting = sut.order(id)?.remaining ?? 0;
    expect(order.done).toBe(resting === 0);
    expect(order.traded + resting + order.closed).toBe(order.size);
  }
  return placed;
}

describe('the engine against a reference matcher', () => {
  it(`emits the same events, keeps the same book and conserves quantity (${RUNS}×${COMMANDS} commands)`, () => {
    process.stdout.write(
      `engine property test: ${RUNS} runs, seed ${SEED} (ENGINE_PROPERTY_SEED to replay)\n`,
    );
    let total = 0;
    fc.assert(
      fc.property(
        fc.array(commandWithin(95, 105), { minLength: COMMANDS, maxLength: COMMANDS }),
        (commands) => {
          total += runStream(commands);
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // The full run places well over 100,000 orders; fewer only when asked for a shorter one.
    if (RUNS * COMMANDS >= 150_000) expect(total).toBeGreaterThanOrEqual(100_000);
    // Every rule was exercised, not just the easy paths.
    for (const outcome of [
      'accepted',
      'trade',
      'rested',
      'filled',
      'cancelled:user',
      'cancelled:unfilled',
      'cancelled:selfTrade',
      'rejected:duplicateId',
      'rejected:invalidSize',
      'rejected:invalidPrice',
      'rejected:postOnlyWouldTake',
      'rejected:fokUnfillable',
      'rejected:unknownOrder',
    ]) {
      expect(outcomes.get(outcome) ?? 0, outcome).toBeGreaterThan(RUNS);
    }
  }, 60_000);

  it('agrees with the reference on books spread over many price levels', () => {
    fc.assert(
      fc.property(
        fc.array(commandWithin(1, 400, 300), { minLength: COMMANDS, maxLength: COMMANDS }),
        (commands) => {
          // Sweeping after two empty levels rather than 64 makes every stream sweep its sides many times.
          runStream(commands, new OrderBook({ emptyLevelsBeforeSweep: 2 }));
        },
      ),
      { numRuns: Math.ceil(RUNS / 5), seed: SEED, endOnFailure: true },
    );
  }, 60_000);
});
