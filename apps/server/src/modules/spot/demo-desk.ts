import type { DepthSnapshot, OrderView, PlaceOrderBody, UserTrade } from '@kestrel/contract';
import { channels } from '@kestrel/contract';
import {
  type Decimal,
  decimalOf,
  divideDecimals,
  multiplyDecimals,
  type Units,
  unitsAt,
  unitsFromNumeric,
} from '@kestrel/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from '../../cluster/leadership';
import { LedRounds } from '../../cluster/led-rounds';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/app-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { LedgerBatch, LedgerService, MoveEntry, MovePosting } from '../ledger';
import type { DemoDeskRepository } from './demo-desk.repository';
import { DEMO_RESERVATION_PURPOSE, type SpotDemoFillRow, type SpotDemoOrderRow } from './spot.schema';
import type { MarketMath } from './spot-math';
import type { SpotOrdersService } from './spot-orders.service';
import { viewOf } from './spot-views';

/** The job's name in `leadership` (decision 0044): one node at a time fills resting demo orders. */
export const DEMO_FILLS_JOB = 'job:spot-demo-fills';
/** How deep into the real book a demo order looks: a large order slips as far as a real one would. */
const DEPTH_LEVELS = 500;
/** The pause between two looks at the books for resting demo orders. */
const CROSSING_PAUSE_MS = 500;
/** Prices compared at the ledger's finest scale, whatever a market's tick. */
const PRICE_SCALE = 18;
const LIVE = new Set(['open', 'partially_filled']);

/** One level of a real book's side, best first. */
type Level = { price: string; key: bigint; base: Units };

/** One demo fill: base and quote units, the fee in what the order receives. */
type Fill = { price: string; base: Units; quote: Units; fee: Units; role: 'maker' | 'taker' };

type Side = 'buy' | 'sell';

/** A user's spot account and the demo book's accounts its fills post to. */
type Accounts = { accountId: number; market: number; fees: number };

/** What the spot desk needs of the spot order service: the same checks, depth, math and balance updates. */
export type DemoDeskSpot = Pick<SpotOrdersService, 'prepare' | 'depth' | 'mathFor' | 'balancesChanged'>;

/**
 * Demo spot trading (decision 0055, "Demo spot trading"): a demo account's orders are checked as real ones are,
 * then filled against the real book's current depth without touching it, level by level at each level's price as
 * a real taker would be, and settled in the ledger's demo book against its `demo_market` account. What does not
 * fill of a limit order rests here, never in the real book; it fills later at its own price, as a maker, only
 * when the real book's other side crosses it, and only by quantity it has not taken before.
 */
export class DemoDesk {
  private rounds: LedRounds | undefined;

  constructor(
    private readonly repository: DemoDeskRepository,
    private readonly ledger: Pick<LedgerService, 'batch' | 'systemAccount' | 'userAccountIds'>,
    private readonly spot: DemoDeskSpot,
    private readonly publisher: RealtimePublisher,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Fills resting demo orders as the real books cross them, on the node that leads the job. */
  start(leadership: Pick<Leadership, 'contend'>, pauseMs = CROSSING_PAUSE_MS): void {
    this.rounds = new LedRounds({
      leadership,
      name: DEMO_FILLS_JOB,
      round: () => this.crossAll(),
      pauseMs: () => pauseMs,
      first: 'atOnce',
      log: this.log,
    });
    this.rounds.start();
  }

  async stop(): Promise<void> {
    await this.rounds?.stop();
  }

  async place(userId: number, body: PlaceOrderBody, reference: string | null): Promise<OrderView> {
    const { request, math } = await this.spot.prepare(userId, body, reference);
    if (reference !== null) {
      const earlier = await this.repository.findByReference(userId, reference);
      if (earlier) return viewOf(earlier, math);
    }
    const { row } = request;
    const side: Side = row.side === 'buy' ? 'buy' : 'sell';
    const depth = await this.spot.depth(row.symbol, DEPTH_LEVELS);
    const levels = levelsOf(side === 'buy' ? depth.asks : depth.bids, math);
    const limit = row.type === 'limit' && row.price !== null ? priceKey(row.price) : null;
    const wanted = row.size === null ? null : math.parseBase(row.size);
    const budget = row.total === null ? null : math.parseQuoteNumeric(row.total);
    const taken = new Map<string, Units>();
    const best = levels[0];
    let fills: Fill[] = [];
    let status: string;
    if (row.postOnly && limit !== null && best && crosses(side, best.key, limit)) {
      status = 'rejected';
    } else {
      fills = takerFills(
        levels,
        { side, limit, wanted, budget, rate: decimalOf(row.takerFeeRate ?? '0') },
        math,
        taken,
      );
      const filled = sum(fills.map((fill) => fill.base));
      if (row.timeInForce === 'FOK' && wanted !== null && filled < wanted) {
        fills = [];
        status = 'cancelled';
      } else if (wanted !== null ? filled === wanted : filled > 0n) {
        status = 'filled';
      } else if (row.type === 'limit' && row.timeInForce === 'GTC') {
        status = filled > 0n ? 'partially_filled' : 'open';
      } else {
        status = 'cancelled';
      }
    }
    const accounts = await this.accountsOf(userId);
    let stored: SpotDemoOrderRow;
    try {
      stored = await this.ledger.batch(async (batch) => {
        const repository = this.repository.on(batch.connection);
        const order = await repository.insert({
          userId,
          symbol: row.symbol,
          side,
          type: row.type,
          timeInForce: row.timeInForce,
          postOnly: row.postOnly ?? false,
          price: row.price,
          size: row.size,
          total: row.total,
          filledSize: math.formatBase(sum(fills.map((fill) => fill.base))),
          filledTotal: math.formatQuote(sum(fills.map((fill) => fill.quote))),
          status,
          frozenAsset: row.frozenAsset,
          frozenAmount: row.frozenAmount,
          makerFeeRate: row.makerFeeRate ?? '0',
          takerFeeRate: row.takerFeeRate ?? '0',
          reference,
          taken: LIVE.has(status) ? textOf(taken) : {},
        });
        const { frozen } = await batch.freeze(DEMO_RESERVATION_PURPOSE, [
          {
            accountId: accounts.accountId,
            asset: row.frozenAsset,
            units: request.frozenUnits,
            reference: String(order.id),
            actor: `user:${userId}`,
          },
        ]);
        if (!frozen[0]) throw new AppError('insufficientBalance');
        await this.settle(batch, order, fills, math, accounts, 0n as Units, !LIVE.has(status));
        return order;
      }, 'demo');
    } catch (error) {
      // The same reference twice at once: the first stored the order, the second answers with it.
      if (reference === null || !isUniqueViolation(error)) throw error;
      const earlier = await this.repository.findByReference(userId, reference);
      if (!earlier) throw error;
      return viewOf(earlier, math);
    }
    return this.published(stored, math);
  }

  async cancel(userId: number, orderId: string): Promise<OrderView> {
    const id = /^\d{1,18}$/.test(orderId) ? BigInt(orderId) : undefined;
    const found = id === undefined ? undefined : await this.repository.findOrder(id);
    if (!found || found.userId !== userId) throw new AppError('orderNotFound');
    const math = await this.spot.mathFor(found.symbol);
    const accounts = await this.accountsOf(userId);
    const cancelled = await this.ledger.batch(async (batch) => {
      const repository = this.repository.on(batch.connection);
      const row = await repository.lock(found.id);
      if (!row || !LIVE.has(row.status)) throw new AppError('orderNotCancellable');
      await this.settle(batch, row, [], math, accounts, math.parseBase(row.filledSize), true);
      return repository.update(row.id, {
        filledSize: row.filledSize,
        filledTotal: row.filledTotal,
        status: 'cancelled',
        taken: {},
      });
    }, 'demo');
    return this.published(cancelled, math);
  }

  /** Cancels the user's resting demo orders (of one market or all); answers how many were cancelled. */
  async cancelAll(userId: number, symbol?: string): Promise<number> {
    let cancelled = 0;
    for (const id of await this.repository.liveOrderIds(userId, symbol)) {
      try {
        await this.cancel(userId, String(id));
        cancelled += 1;
      } catch (error) {
        // Filled or cancelled since it was listed.
        if (!(error instanceof AppError && error.reason === 'orderNotCancellable')) throw error;
      }
    }
    return cancelled;
  }

  /** A demo account wound down (its reset or closing): its resting orders cancelled, their funds given back. */
  async wind(userId: number): Promise<{ cancelledOrders: number; closedPositions: number }> {
    return { cancelledOrders: await this.cancelAll(userId), closedPositions: 0 };
  }

  /** How many demo spot orders were placed since a moment (the back office counts them apart). */
  placedSince(since: Date): Promise<number> {
    return this.repository.placedSince(since);
  }

  async orders(
    userId: number,
    query: { state: 'open' | 'history'; symbol?: string; cursor?: string; limit: number },
  ): Promise<{ items: OrderView[]; next: string | null }> {
    const before = cursorOf(query.cursor);
    const rows = await this.repository.listOrders({
      userId,
      state: query.state,
      symbol: query.symbol,
      before,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const items = await Promise.all(
      page.map(async (row) => viewOf(row, await this.spot.mathFor(row.symbol))),
    );
    const last = page.at(-1);
    return { items, next: rows.length > query.limit && last ? encodeCursor(last.id) : null };
  }

  async trades(
    userId: number,
    query: { symbol?: string; cursor?: string; limit: number },
  ): Promise<{ items: UserTrade[]; next: string | null }> {
    const before = cursorOf(query.cursor);
    const rows = await this.repository.userFills({
      userId,
      symbol: query.symbol,
      before,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const items = await Promise.all(
      page.map(async (row) => tradeOf(row, await this.spot.mathFor(row.symbol))),
    );
    const last = page.at(-1);
    return { items, next: rows.length > query.limit && last ? encodeCursor(last.id) : null };
  }

  /** One look at every market with resting demo orders. */
  async crossAll(): Promise<void> {
    for (const symbol of await this.repository.liveSymbols()) {
      try {
        await this.cross(symbol);
      } catch (error) {
        this.log?.warn({ err: error, symbol }, 'resting demo orders could not be filled');
      }
    }
  }

  /**
   * Fills a market's resting demo orders that the real book's other side crosses now, at their own prices, by
   * at most the crossing quantity each has not taken before. A user's orders share what is visible, best price
   * first: two orders of one account never take the same quantity in one look.
   */
  async cross(symbol: string): Promise<void> {
    const resting = await this.repository.liveOrders(symbol);
    if (resting.length === 0) return;
    const math = await this.spot.mathFor(symbol);
    const depth = await this.spot.depth(symbol, DEPTH_LEVELS);
    const books: Record<Side, { levels: Level[]; complete: boolean }> = {
      buy: { levels: levelsOf(depth.asks, math), complete: depth.asks.length < DEPTH_LEVELS },
      sell: { levels: levelsOf(depth.bids, math), complete: depth.bids.length < DEPTH_LEVELS },
    };
    const ordered = [...resting].sort((a, b) => {
      if (a.side !== b.side || a.price === null || b.price === null) return a.id < b.id ? -1 : 1;
      const [x, y] = [priceKey(a.price), priceKey(b.price)];
      if (x !== y) return (a.side === 'buy' ? y > x : x > y) ? 1 : -1;
      return a.id < b.id ? -1 : 1;
    });
    const used = new Map<string, Map<string, Units>>();
    for (const order of ordered) {
      const side: Side = order.side === 'buy' ? 'buy' : 'sell';
      const key = `${order.userId}:${side}`;
      const mine = used.get(key) ?? new Map<string, Units>();
      used.set(key, mine);
      await this.crossOne(order.id, books[side], mine, math);
    }
  }

  private async crossOne(
    id: bigint,
    book: { levels: Level[]; complete: boolean },
    used: Map<string, Units>,
    math: MarketMath,
  ) {
    let filledRow: SpotDemoOrderRow | undefined;
    const before = await this.repository.findOrder(id);
    if (!before) return;
    const accounts = await this.accountsOf(before.userId);
    await this.ledger.batch(async (batch) => {
      const repository = this.repository.on(batch.connection);
      const row = await repository.lock(id);
      if (!row || !LIVE.has(row.status) || row.price === null || row.size === null) return;
      const side: Side = row.side === 'buy' ? 'buy' : 'sell';
      const limit = priceKey(row.price);
      const remaining = (math.parseBase(row.size) - math.parseBase(row.filledSize)) as Units;
      const taken = shrunk(row.taken, book);
      let base = 0n;
      for (const level of book.levels) {
        if (!crosses(side, level.key, limit) || base >= remaining) break;
        const visible = level.base - (used.get(level.price) ?? 0n);
        if (visible <= 0n) continue;
        const already = min(taken.get(level.price) ?? 0n, visible);
        const take = min(visible - already, remaining - base);
        if (take <= 0n) continue;
        taken.set(level.price, ((taken.get(level.price) ?? 0n) + take) as Units);
        used.set(level.price, ((used.get(level.price) ?? 0n) + take) as Units);
        base += take;
      }
      if (base === 0n) {
        const remembered = textOf(taken);
        if (!sameTaken(remembered, row.taken)) await repository.remember(row.id, remembered);
        return;
      }
      const price = math.formatPrice(row.price);
      const quote = quoteOf(price, base as Units, math);
      const rate = decimalOf(row.makerFeeRate);
      const fee = side === 'buy' ? math.fee(base as Units, rate) : math.fee(quote, rate);
      const fill: Fill = { price, base: base as Units, quote, fee, role: 'maker' };
      const done = base === remaining;
      const filledBefore = math.parseBase(row.filledSize);
      await this.settle(batch, row, [fill], math, accounts, filledBefore, done);
      filledRow = await repository.update(row.id, {
        filledSize: math.formatBase(filledBefore + base),
        filledTotal: math.formatQuote(math.parseQuoteNumeric(row.filledTotal) + quote),
        status: done ? 'filled' : 'partially_filled',
        taken: done ? {} : textOf(taken),
      });
    }, 'demo');
    if (filledRow) this.published(filledRow, math);
  }

  /**
   * Settles fills of an order in the demo book, one journal of kind 'trade' each, between the user's spot account
   * and `demo_market`, the fee to the demo book's fees account; what is paid comes out of the order's reservation,
   * which `close` ends, giving back what it still holds.
   */
  private async settle(
    batch: LedgerBatch,
    order: SpotDemoOrderRow,
    fills: readonly Fill[],
    math: MarketMath,
    accounts: Accounts,
    filledBefore: Units,
    close: boolean,
  ) {
    const { accountId } = accounts;
    if (fills.length === 0 && !close) return;
    const { market, fees } = accounts;
    const { base, quote } = math.market;
    const buy = order.side === 'buy';
    let filled = filledBefore;
    let paid = 0n;
    const entries: MoveEntry[] = [];
    const rows = [];
    for (const fill of fills) {
      filled = (filled + fill.base) as Units;
      const reference = `spot-demo:${order.id}:${math.formatBase(filled)}`;
      const [gives, givesAsset, gets, getsAsset] = buy
        ? [fill.quote, quote, fill.base, base]
        : [fill.base, base, fill.quote, quote];
      paid += gives;
      const postings: MovePosting[] = [
        { accountId, asset: givesAsset, units: -gives as Units },
        { accountId: market, asset: givesAsset, units: gives },
        { accountId: market, asset: getsAsset, units: -gets as Units },
        { accountId, asset: getsAsset, units: (gets - fill.fee) as Units },
        { accountId: fees, asset: getsAsset, units: fill.fee },
      ];
      entries.push({
        kind: 'trade',
        reference,
        actor: `user:${order.userId}`,
        postings: postings.filter((posting) => posting.units !== 0n),
      });
      rows.push({
        orderId: order.id,
        userId: order.userId,
        symbol: order.symbol,
        side: order.side,
        role: fill.role,
        price: fill.price,
        size: math.formatBase(fill.base),
        quoteAmount: math.formatQuote(fill.quote),
        fee: buy ? math.formatBase(fill.fee) : math.formatQuote(fill.fee),
        reference,
      });
    }
    const journal = await batch.move(entries, [
      {
        purpose: DEMO_RESERVATION_PURPOSE,
        reference: String(order.id),
        accountId,
        asset: order.frozenAsset,
        actor: `user:${order.userId}`,
        add: 0n as Units,
        take: paid as Units,
        close,
        entry: entries.at(-1)?.reference,
      },
    ]);
    await this.repository.on(batch.connection).insertFills(
      rows.map((row) => {
        const transactionId = journal.get(row.reference);
        if (transactionId === undefined) throw new Error(`demo fill ${row.reference} was not journalled`);
        return { ...row, transactionId };
      }),
    );
  }

  /** Tells the user's app of the order and of their balances, on their private channels. */
  private published(row: SpotDemoOrderRow, math: MarketMath): OrderView {
    const view = viewOf(row, math);
    this.publisher.publishToUser(row.userId, channels.orders, view);
    this.spot.balancesChanged([row.userId]);
    return view;
  }

  /**
   * The user's spot account and the demo book's market and fees accounts, named before a batch opens its
   * transaction (the embedded database has one connection, which the transaction holds).
   */
  private async accountsOf(userId: number): Promise<Accounts> {
    const [ids, market, fees] = await Promise.all([
      this.ledger.userAccountIds([userId], 'spot'),
      this.ledger.systemAccount('demo_market', 'demo'),
      this.ledger.systemAccount('fees', 'demo'),
    ]);
    const accountId = ids.get(userId);
    if (accountId === undefined) throw new Error(`the spot account of user ${userId} is not known`);
    return { accountId, market, fees };
  }
}

/**
 * A taker's fills, walking the real book's levels best first at each level's price: until the size is met, the
 * quote budget is spent (a market buy by amount), the levels stop crossing the limit price, or the depth runs out.
 * What it takes of each level is added to `taken`.
 */
function takerFills(
  levels: readonly Level[],
  order: { side: Side; limit: bigint | null; wanted: Units | null; budget: Units | null; rate: Decimal },
  math: MarketMath,
  taken: Map<string, Units>,
): Fill[] {
  const fills: Fill[] = [];
  let base = 0n;
  let spent = 0n;
  for (const level of levels) {
    if (order.limit !== null && !crosses(order.side, level.key, order.limit)) break;
    let take: bigint = level.base;
    if (order.wanted !== null) take = min(take, order.wanted - base);
    if (order.budget !== null) {
      const affordable = unitsAt(
        divideDecimals(
          { units: order.budget - spent, scale: math.quotePrecision },
          decimalOf(level.price),
          math.basePrecision,
          'down',
        ),
        math.basePrecision,
        'down',
      );
      take = min(take, math.baseUnits(math.lotsOfBase(affordable)));
    }
    if (take <= 0n) break;
    const quote = quoteOf(level.price, take as Units, math);
    const fee = order.side === 'buy' ? math.fee(take as Units, order.rate) : math.fee(quote, order.rate);
    fills.push({ price: level.price, base: take as Units, quote, fee, role: 'taker' });
    taken.set(level.price, take as Units);
    base += take;
    spent += quote;
  }
  return fills;
}

/** A side of the real book's depth as levels in units, best first. */
function levelsOf(side: DepthSnapshot['asks'], math: MarketMath): Level[] {
  return side.map(([price, size]) => ({ price, key: priceKey(price), base: math.parseBase(size) }));
}

/** Whether a level at `level` crosses an order of `side` limited to `limit`. */
function crosses(side: Side, level: bigint, limit: bigint): boolean {
  return side === 'buy' ? level <= limit : level >= limit;
}

/**
 * What an order has taken of each level, no more than the level now holds: a level that shrank (real trades or
 * cancels took from it) or left the book shrinks the memory with it, so quantity that comes after is new to the
 * order. A level beyond the depth looked at is kept as it was.
 */
function shrunk(
  taken: Record<string, string>,
  book: { levels: Level[]; complete: boolean },
): Map<string, Units> {
  const byPrice = new Map(book.levels.map((level) => [level.price, level.base]));
  const last = book.levels.at(-1);
  const result = new Map<string, Units>();
  for (const [price, text] of Object.entries(taken)) {
    const had = BigInt(text) as Units;
    const level = byPrice.get(price);
    const seen =
      book.complete || (last !== undefined && inside(priceKey(price), book.levels[0]?.key, last.key));
    const now = level !== undefined ? min(had, level) : seen ? 0n : had;
    if (now > 0n) result.set(price, now as Units);
  }
  return result;
}

/** Whether a price lies between the best and the last level looked at (either way round). */
function inside(price: bigint, first: bigint | undefined, last: bigint): boolean {
  if (first === undefined) return false;
  return first <= last ? price >= first && price <= last : price <= first && price >= last;
}

function quoteOf(price: string, base: Units, math: MarketMath): Units {
  return unitsAt(
    multiplyDecimals(decimalOf(price), { units: base, scale: math.basePrecision }),
    math.quotePrecision,
    'down',
  ) as Units;
}

function priceKey(price: string): bigint {
  return unitsFromNumeric(price, PRICE_SCALE);
}

function textOf(taken: ReadonlyMap<string, Units>): Record<string, string> {
  return Object.fromEntries(
    [...taken].filter(([, units]) => units > 0n).map(([price, units]) => [price, String(units)]),
  );
}

function sameTaken(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function sum(values: readonly bigint[]): Units {
  return values.reduce((total, value) => total + value, 0n) as Units;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function cursorOf(cursor: string | undefined): bigint | undefined {
  if (cursor === undefined) return undefined;
  const before = decodeCursor(cursor);
  if (before === undefined) throw new AppError('parameterError');
  return before;
}

/** A demo fill as the user's trade list shows it. */
function tradeOf(row: SpotDemoFillRow, math: MarketMath): UserTrade {
  const side = row.side === 'buy' ? 'buy' : 'sell';
  return {
    id: String(row.id),
    orderId: String(row.orderId),
    symbol: row.symbol,
    side,
    role: row.role === 'maker' ? 'maker' : 'taker',
    price: math.formatPrice(row.price),
    size: math.formatSize(row.size),
    total: math.formatQuote(math.parseQuoteNumeric(row.quoteAmount)),
    fee:
      side === 'buy'
        ? math.formatBase(math.parseBase(row.fee))
        : math.formatQuote(math.parseQuoteNumeric(row.fee)),
    feeAsset: side === 'buy' ? math.market.base : math.market.quote,
    createdAt: row.createdAt.toISOString(),
  };
}
