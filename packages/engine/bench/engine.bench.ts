/**
 * Operations per second of the matching engine beside nodejs-order-book, on one seeded command stream in the
 * style of exchange-core's benchmark, in the same process:
 *
 *   npm run bench:engine            (BENCH_OPS commands per run, default 1,000,000; BENCH_SEED, default 42)
 *
 * The stream is generated once, ahead of time, by simulating the book so that every cancel names a live order:
 * GTC limit orders and cancels (45 % each, the split leaning towards keeping about 1,000 orders resting, which
 * comes out near 49 % and 41 %), 5 % market and IOC orders and 5 % FOK and post-only orders, prices clustered
 * around a drifting mid. Each run starts from a fresh book filled with
 * the same resting orders (untimed), then times the stream. After a warm-up of each book the runs alternate
 * (ours, peer, three times each) so a busy machine weighs on both alike; the median run of each is reported.
 * A last run of ours times every operation alone (process.hrtime.bigint around each, its own cost included)
 * for the p99. Both books must end with the same resting orders (id, price, remaining per side, in priority
 * order). The last line is JSON: {"ours_ops_per_s","peer_ops_per_s","ratio","p99_ns","same_end_state"}.
 */
import { OrderBook as PeerBook } from 'nodejs-order-book';
import { type EngineEvent, type Lots, type NewOrder, OrderBook, type Side, type Ticks } from '../src/index';

const OPS = Number(process.env.BENCH_OPS ?? 1_000_000);
const SEED = Number(process.env.BENCH_SEED ?? 42);
const TARGET_RESTING = 1_000;
const RUNS = 3;

/** A small, fast, seeded generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLACE = 0;
const CANCEL = 1;

type PeerCommand =
  | { kind: 'limit'; options: Parameters<PeerBook['limit']>[0] }
  | { kind: 'market'; options: Parameters<PeerBook['market']>[0] }
  | { kind: 'cancel'; id: string };

type Mix = { limit: number; cancel: number; market: number; ioc: number; fok: number; postOnly: number };

type Stream = {
  prefill: NewOrder[];
  kinds: Uint8Array;
  orders: Array<NewOrder | undefined>;
  cancels: Float64Array;
  peerPrefill: PeerCommand[];
  peer: PeerCommand[];
  mix: Mix;
  restingAtEnd: number;
  restingMean: number;
};

/** Every order has the same shape (all keys present) as a decoded request would. */
function newOrder(
  id: number,
  side: Side,
  type: 'limit' | 'market',
  price: number | undefined,
  size: number,
  timeInForce: 'GTC' | 'IOC' | 'FOK',
  postOnly: boolean,
): NewOrder {
  return {
    id,
    owner: id,
    side,
    type,
    price: price as Ticks,
    size: size as Lots,
    timeInForce,
    postOnly,
    maxNotional: undefined,
  };
}

function peerCommand(order: NewOrder): PeerCommand {
  if (order.type === 'market')
    return { kind: 'market', options: { side: order.side as never, size: order.size } };
  return {
    kind: 'limit',
    options: {
      id: String(order.id),
      side: order.side as never,
      size: order.size,
      price: order.price as number,
      timeInForce: order.timeInForce as never,
      postOnly: order.postOnly,
    },
  };
}

/**
 * Generates the stream by running it through a book: that tells which orders still rest, so that each cancel
 * names a live one and the share of limit orders can lean towards keeping about TARGET_RESTING of them.
 */
function generate(seed: number, count: number): Stream {
  const next = random(seed);
  const book = new OrderBook();
  const events: EngineEvent[] = [];
  const live: number[] = [];
  const slot = new Map<number, number>();
  const addLive = (id: number) => {
    slot.set(id, live.length);
    live.push(id);
  };
  const dropLive = (id: number) => {
    const index = slot.get(id);
    if (index === undefined) return;
    const last = live.pop() as number;
    if (last !== id) {
      live[index] = last;
      slot.set(last, index);
    }
    slot.delete(id);
  };
  const apply = (place: NewOrder | undefined, cancelId: number) => {
    events.length = 0;
    if (place) book.place(place, events);
    else book.cancel(cancelId, events);
    for (const e of events) {
      if (e.type === 'rested') addLive(e.orderId);
      else if (e.type === 'trade' && e.makerRemaining === 0) dropLive(e.makerOrderId);
      else if (e.type === 'cancelled' && e.reason === 'user') dropLive(e.orderId);
    }
  };

  let mid = 100_000;
  let id = 1;
  const size = () => 1 + Math.floor(next() ** 3 * 100);
  /** Takers are smaller than makers on average, as on a real book. */
  const takerSize = () => 1 + Math.floor(next() ** 2 * 20);
  /** A passive distance from the mid, mostly close, sometimes far; one order in 25 crosses a little. */
  const offset = () => (next() < 0.04 ? -Math.floor(next() * 4) : 1 + Math.floor(next() ** 2 * 60));
  const limit = (timeInForce: 'GTC' | 'IOC' | 'FOK', postOnly: boolean) => {
    const side: Side = next() < 0.5 ? 'buy' : 'sell';
    const price = side === 'buy' ? mid - offset() : mid + offset();
    return newOrder(id++, side, 'limit', price, size(), timeInForce, postOnly);
  };

  const prefill: NewOrder[] = [];
  while (book.size < TARGET_RESTING) {
    const order = limit('GTC', false);
    prefill.push(order);
    apply(order, 0);
  }

  const kinds = new Uint8Array(count);
  const orders: Array<NewOrder | undefined> = new Array(count);
  const cancels = new Float64Array(count);
  const mix: Mix = { limit: 0, cancel: 0, market: 0, ioc: 0, fok: 0, postOnly: 0 };
  let restingSum = 0;
  for (let i = 0; i < count; i++) {
    if (next() < 0.02) mid += next() < 0.5 ? -1 : 1;
    // Lean the split between new orders and cancels towards the target number of resting orders.
    const lean = Math.max(-0.1, Math.min(0.1, (TARGET_RESTING - live.length) / 2_000));
    const roll = next();
    let order: NewOrder | undefined;
    if (roll < 0.45 + lean || live.length === 0) {
      order = limit('GTC', false);
      mix.limit += 1;
    } else if (roll < 0.9) {
      kinds[i] = CANCEL;
      cancels[i] = live[Math.floor(next() * live.length)] as number;
      mix.cancel += 1;
    } else if (roll < 0.925) {
      order = newOrder(id++, next() < 0.5 ? 'buy' : 'sell', 'market', undefined, takerSize(), 'GTC', false);
      mix.market += 1;
    } else if (roll < 0.95) {
      const side: Side = next() < 0.5 ? 'buy' : 'sell';
      const reach = Math.floor(next() * 5);
      order = newOrder(
        id++,
        side,
        'limit',
        side === 'buy' ? mid + reach : mid - reach,
        takerSize(),
        'IOC',
        false,
      );
      mix.ioc += 1;
    } else if (roll < 0.975) {
      const side: Side = next() < 0.5 ? 'buy' : 'sell';
      const reach = Math.floor(next() * 5);
      order = newOrder(
        id++,
        side,
        'limit',
        side === 'buy' ? mid + reach : mid - reach,
        takerSize(),
        'FOK',
        false,
      );
      mix.fok += 1;
    } else {
      order = limit('GTC', true);
      mix.postOnly += 1;
    }
    if (order) {
      kinds[i] = PLACE;
      orders[i] = order;
    }
    apply(order, cancels[i] as number);
    restingSum += live.length;
  }

  const peer = Array.from(kinds, (kind, i) =>
    kind === CANCEL
      ? ({ kind: 'cancel', id: String(cancels[i]) } as const)
      : peerCommand(orders[i] as NewOrder),
  );
  return {
    prefill,
    kinds,
    orders,
    cancels,
    peerPrefill: prefill.map(peerCommand),
    peer,
    mix,
    restingAtEnd: book.size,
    restingMean: Math.round(restingSum / count),
  };
}

function filledOurs(stream: Stream): OrderBook {
  const book = new OrderBook();
  const events: EngineEvent[] = [];
  for (const order of stream.prefill) {
    book.place(order, events);
    events.length = 0;
  }
  return book;
}

/** Applies the stream to a fresh book and answers the book and the seconds it took. */
function runOurs(stream: Stream): { book: OrderBook; seconds: number } {
  const book = filledOurs(stream);
  const { kinds, orders, cancels } = stream;
  const events: EngineEvent[] = [];
  const started = process.hrtime.bigint();
  for (let i = 0; i < kinds.length; i++) {
    if (kinds[i] === CANCEL) book.cancel(cancels[i] as number, events);
    else book.place(orders[i] as NewOrder, events);
    events.length = 0;
  }
  return { book, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

function applyPeer(book: PeerBook, command: PeerCommand): void {
  if (command.kind === 'limit') book.limit(command.options);
  else if (command.kind === 'market') book.market(command.options);
  else book.cancel(command.id);
}

function runPeer(stream: Stream): { book: PeerBook; seconds: number } {
  const book = new PeerBook();
  for (const command of stream.peerPrefill) applyPeer(book, command);
  const commands = stream.peer;
  const started = process.hrtime.bigint();
  for (let i = 0; i < commands.length; i++) applyPeer(book, commands[i] as PeerCommand);
  return { book, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** Every operation timed alone: nanoseconds per operation, sorted. */
function latencies(stream: Stream): Float64Array {
  const book = filledOurs(stream);
  const { kinds, orders, cancels } = stream;
  const events: EngineEvent[] = [];
  const samples = new Float64Array(kinds.length);
  for (let i = 0; i < kinds.length; i++) {
    const started = process.hrtime.bigint();
    if (kinds[i] === CANCEL) book.cancel(cancels[i] as number, events);
    else book.place(orders[i] as NewOrder, events);
    samples[i] = Number(process.hrtime.bigint() - started);
    events.length = 0;
  }
  return samples.sort();
}

/** The cost of the timing itself: two clock reads around nothing. */
function clockCost(): number {
  const samples = new Float64Array(100_000);
  for (let i = 0; i < samples.length; i++) {
    const started = process.hrtime.bigint();
    samples[i] = Number(process.hrtime.bigint() - started);
  }
  return samples.sort()[samples.length >> 1] as number;
}

type Snapshot = { bids: string[]; asks: string[] };

function oursSnapshot(book: OrderBook): Snapshot {
  const line = (o: { id: number; price: number; remaining: number }) => `${o.id}@${o.price}x${o.remaining}`;
  const resting = book.restingOrders();
  return {
    bids: resting.filter((o) => o.side === 'buy').map(line),
    asks: resting.filter((o) => o.side === 'sell').map(line),
  };
}

function peerSnapshot(book: PeerBook): Snapshot {
  const { bids, asks } = book.snapshot();
  const flatten = (levels: typeof bids, bestFirst: (a: number, b: number) => number) =>
    [...levels]
      .sort((a, b) => bestFirst(a.price, b.price))
      .flatMap((level) => level.orders.map((o) => `${o.id}@${o.price}x${o.size}`));
  return { bids: flatten(bids, (a, b) => b - a), asks: flatten(asks, (a, b) => a - b) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;

function main(): void {
  const generatedAt = Date.now();
  const stream = generate(SEED, OPS);
  console.log(
    `stream: ${OPS} operations, seed ${SEED}, generated in ${Date.now() - generatedAt} ms; mix ${JSON.stringify(
      stream.mix,
    )}; ${stream.prefill.length} orders to fill the book; ${stream.restingMean} resting on average, ${stream.restingAtEnd} at the end`,
  );

  runOurs(stream);
  runPeer(stream);
  const ours: number[] = [];
  const peer: number[] = [];
  let sameEndState = true;
  for (let run = 0; run < RUNS; run++) {
    const a = runOurs(stream);
    ours.push(OPS / a.seconds);
    const b = runPeer(stream);
    peer.push(OPS / b.seconds);
    sameEndState &&= JSON.stringify(oursSnapshot(a.book)) === JSON.stringify(peerSnapshot(b.book));
    console.log(
      `run ${run + 1}: ours ${Math.round(OPS / a.seconds)} ops/s, peer ${Math.round(OPS / b.seconds)} ops/s`,
    );
  }

  const sorted = latencies(stream);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  console.log(
    `latency ns (clock reads included, ~${clockCost()} ns): p50 ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)}, p99.9 ${at(0.999)}, max ${sorted[sorted.length - 1]}`,
  );

  const oursOps = Math.round(median(ours));
  const peerOps = Math.round(median(peer));
  console.log(
    JSON.stringify({
      ours_ops_per_s: oursOps,
      peer_ops_per_s: peerOps,
      ratio: Math.round((oursOps / peerOps) * 100) / 100,
      p99_ns: at(0.99),
      same_end_state: sameEndState,
    }),
  );
}

main();
