import type { DepthSnapshot, OrderView } from '@kestrel/contract';
import {
  type EngineEvent,
  type Lots,
  type NewOrder,
  OrderBook,
  priceOf,
  sizeOf,
  type Ticks,
} from '@kestrel/engine';
import type { Units } from '@kestrel/money';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/app-error';
import type { LedgerActor, LedgerService } from '../ledger/ledger.service';
import type { TradeEntry } from '../ledger/ledger-batch';
import type { NewOrderRow, NewTradeRow, OrderUpdate, SpotRepository } from './spot.repository';
import { RESERVATION_PURPOSE, type SpotOrderRow } from './spot.schema';
import type { MarketMath } from './spot-math';
import { viewOf } from './spot-views';

/** An order as the service hands it to its market: validated, with what to freeze. */
export type OrderRequest = {
  userId: number;
  reference: string | null;
  row: Omit<NewOrderRow, 'id' | 'reference'>;
  frozenUnits: Units;
};

/** What a batch did, for the service to publish. */
export type BatchReport = {
  symbol: string;
  orders: SpotOrderRow[];
  trades: Array<{ price: string; size: string; side: 'buy' | 'sell'; id: string; at: Date }>;
  users: Set<number>;
  depthChanged: boolean;
};

type Waiter<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };
type PlaceCommand = { kind: 'place'; request: OrderRequest } & Waiter<OrderView>;
type CancelCommand = { kind: 'cancel'; orderId: bigint } & Waiter<OrderView>;
type Command = PlaceCommand | CancelCommand;

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
};

/** One batch: its commands, its stored orders and what matching them did. */
type Step = {
  batch: Command[];
  placed: Array<{ command: PlaceCommand; id: bigint }>;
  cancels: Array<{ command: CancelCommand; id: number }>;
  fresh: SpotOrderRow[];
  settlement: Settlement;
};

/** Matched work of one batch, before it is written. */
type Settlement = {
  trades: TradeEntry[];
  tradeRows: NewTradeRow[];
  closes: string[];
  touched: Map<number, Live>;
  publicTrades: BatchReport['trades'];
  depthChanged: boolean;
};

/** Commands taken from the queue at once: one freeze commit and one settlement commit for all of them. */
const MAX_BATCH = 256;

/**
 * One market's order flow (ARCHITECTURE.md section 6). Commands queue up and are handled one batch at a time:
 * the batch's orders are stored with their funds frozen in one transaction (ids from the order sequence, so
 * the sequence is the order of acceptance), then fed to the engine in that order, and every fill, fee and
 * release of the batch is settled through the ledger in a second transaction. If settling fails, the book is
 * rebuilt from the database: resting orders as they rest, accepted but unsettled ones matched again in order.
 */
export class MarketMatcher {
  private book = new OrderBook();
  private readonly live = new Map<number, Live>();
  private readonly accounts = new Map<number, number>();
  private readonly queue: Command[] = [];
  private readonly events: EngineEvent[] = [];
  private running: Promise<void> | undefined;
  private depthVersion = 0;
  private stopped = false;

  constructor(
    public math: MarketMath,
    private readonly repository: SpotRepository,
    private readonly ledger: LedgerService,
    private readonly report: (report: BatchReport) => void,
    private readonly log?: FastifyBaseLogger,
  ) {}

  get symbol() {
    return this.math.market.symbol;
  }

  place(request: OrderRequest): Promise<OrderView> {
    return new Promise((resolve, reject) => this.enqueue({ kind: 'place', request, resolve, reject }));
  }

  cancel(orderId: bigint): Promise<OrderView> {
    return new Promise((resolve, reject) => this.enqueue({ kind: 'cancel', orderId, resolve, reject }));
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

  /** Rebuilds the book from the database: resting orders rest again, unsettled ones are matched in sequence. */
  async recover(): Promise<void> {
    this.book = new OrderBook();
    this.live.clear();
    const rows = await this.repository.liveOrders(this.symbol);
    await this.knowAccounts(rows.map((row) => row.userId));
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
    if (fresh.length > 0) {
      const settlement = this.emptySettlement();
      for (const row of fresh) this.placeOnBook(row, settlement);
      const orders = await this.persist(settlement);
      this.publish(orders, settlement);
    }
  }

  /** Lets queued commands finish and refuses new ones. */
  async stop() {
    this.stopped = true;
    await this.running;
  }

  private enqueue(command: Command) {
    if (this.stopped) {
      command.reject(new AppError('systemBusy'));
      return;
    }
    this.queue.push(command);
    if (!this.running) this.running = this.drain();
  }

  /**
   * Handles the queue batch by batch, two batches in flight: while one batch's settlement commits, the next
   * batch's orders are stored (their freezes wait on the balance rows the settlement holds), and the next batch
   * is matched only once that settlement has committed, so a failed settlement rebuilds the book before anything
   * else is matched.
   */
  private async drain() {
    let previous: Promise<Step | undefined> = Promise.resolve(undefined);
    try {
      for (;;) {
        if (this.queue.length === 0) {
          const failed = await previous;
          previous = Promise.resolve(undefined);
          if (failed) await this.recoverAfter([failed]);
          if (this.queue.length === 0) return;
          continue;
        }
        const batch = this.queue.splice(0, MAX_BATCH);
        const fresh = new Set<bigint>();
        const admitted = await this.admit(
          batch.filter((command): command is PlaceCommand => command.kind === 'place'),
          fresh,
        );
        const step = this.step(batch, admitted, fresh);
        const failed = await previous;
        if (failed) {
          // The book is ahead of the database: rebuild it, which matches this batch's stored orders too.
          previous = Promise.resolve(undefined);
          await this.recoverAfter([failed, step]);
          continue;
        }
        this.match(step);
        previous = this.settle(step);
      }
    } finally {
      this.running = undefined;
    }
  }

  /** Sorts a batch into its stored orders and its cancels; the engine sees them in `match`. */
  private step(batch: Command[], admitted: Map<PlaceCommand, SpotOrderRow>, fresh: Set<bigint>): Step {
    const step: Step = { batch, placed: [], cancels: [], fresh: [], settlement: this.emptySettlement() };
    for (const command of batch) {
      if (command.kind === 'place') {
        const row = admitted.get(command);
        if (!row) continue;
        // Only orders stored by this batch are new to the book; a replayed reference answers with its order.
        if (fresh.has(row.id)) {
          fresh.delete(row.id);
          step.fresh.push(row);
        }
        step.placed.push({ command, id: row.id });
      }
    }
    return step;
  }

  /** Feeds the batch to the engine in arrival order (orders in id order). */
  private match(step: Step) {
    const rows = new Map(step.fresh.map((row) => [row.id, row]));
    const ids = new Map(step.placed.map((entry) => [entry.command, entry.id]));
    for (const command of step.batch) {
      if (command.kind === 'place') {
        const id = ids.get(command);
        const row = id === undefined ? undefined : rows.get(id);
        if (row) {
          rows.delete(row.id);
          this.placeOnBook(row, step.settlement);
        }
        continue;
      }
      const id = Number(command.orderId);
      if (!this.live.has(id)) {
        command.reject(new AppError('orderNotCancellable'));
        continue;
      }
      this.events.length = 0;
      this.book.cancel(id, this.events);
      this.apply(this.events, step.settlement);
      step.cancels.push({ command, id });
    }
  }

  /** Commits the batch's settlement and answers its commands; answers the step itself when it failed. */
  private async settle(step: Step): Promise<Step | undefined> {
    let orders: SpotOrderRow[];
    try {
      orders = await this.persist(step.settlement);
    } catch (error) {
      this.log?.error({ err: error, symbol: this.symbol }, 'spot settlement failed; rebuilding the book');
      return step;
    }
    const byId = new Map(orders.map((row) => [row.id, row]));
    for (const { command, id } of step.placed) {
      const row = byId.get(id) ?? (await this.repository.findOrder(id));
      if (row) command.resolve(viewOf(row, this.math));
      else command.reject(new AppError('systemBusy'));
    }
    for (const { command, id } of step.cancels) {
      const row = byId.get(BigInt(id));
      if (row) command.resolve(viewOf(row, this.math));
      else command.reject(new AppError('orderNotCancellable'));
    }
    this.publish(orders, step.settlement);
    return undefined;
  }

  /** Rebuilds the book after a failed settlement and answers the steps' orders as the database now has them. */
  private async recoverAfter(steps: Step[]) {
    const cancels = steps.flatMap((step) => step.cancels);
    for (const { command } of cancels) command.reject(new AppError('systemBusy'));
    // Commands of a step not yet matched: their cancels are refused too (the book they were checked on is gone).
    for (const step of steps) {
      for (const command of step.batch) {
        if (command.kind === 'cancel' && !cancels.some((entry) => entry.command === command)) {
          command.reject(new AppError('systemBusy'));
        }
      }
    }
    await this.recoverAndAnswer(steps.flatMap((step) => step.placed));
  }

  /**
   * Stores the batch's orders with their funds frozen, in one transaction. Answers the stored row per command
   * (an existing one for a reference already used); a command refused for its balance is answered here.
   */
  private async admit(
    commands: PlaceCommand[],
    fresh: Set<bigint>,
  ): Promise<Map<PlaceCommand, SpotOrderRow>> {
    const admitted = new Map<PlaceCommand, SpotOrderRow>();
    if (commands.length === 0) return admitted;
    try {
      await this.knowAccounts(commands.map((command) => command.request.userId));
      await this.ledger.batch(async (batch) => {
        const repository = this.repository.on(batch.connection);
        const existing = await repository.findByReferences(
          commands.flatMap(({ request }) =>
            request.reference === null ? [] : [{ userId: request.userId, reference: request.reference }],
          ),
        );
        const stored = new Map(existing.map((row) => [`${row.userId}:${row.reference}`, row]));
        const unseen: PlaceCommand[] = [];
        const seen = new Map<string, PlaceCommand>();
        const duplicates: Array<[PlaceCommand, PlaceCommand]> = [];
        for (const command of commands) {
          const { userId, reference } = command.request;
          const key = reference === null ? undefined : `${userId}:${reference}`;
          const before = key === undefined ? undefined : stored.get(key);
          const first = key === undefined ? undefined : seen.get(key);
          if (before) admitted.set(command, before);
          else if (first) duplicates.push([command, first]);
          else {
            if (key !== undefined) seen.set(key, command);
            unseen.push(command);
          }
        }
        if (unseen.length === 0) return;
        const ids = await repository.takeIds(unseen.length);
        const actor = (userId: number): LedgerActor => `user:${userId}`;
        const frozen = await batch.freeze(
          RESERVATION_PURPOSE,
          unseen.map((command, index) => ({
            accountId: this.accountOf(command.request.userId),
            asset: command.request.row.frozenAsset,
            units: command.request.frozenUnits,
            reference: String(ids[index]),
            actor: actor(command.request.userId),
          })),
        );
        const rows: NewOrderRow[] = [];
        unseen.forEach((command, index) => {
          if (!frozen[index]) return;
          rows.push({
            ...command.request.row,
            id: ids[index] as bigint,
            reference: command.request.reference,
          });
        });
        const inserted = await repository.insertOrders(rows);
        const byId = new Map(inserted.map((row) => [row.id, row]));
        unseen.forEach((command, index) => {
          const row = frozen[index] ? byId.get(ids[index] as bigint) : undefined;
          if (!row) return;
          admitted.set(command, row);
          fresh.add(row.id);
        });
        for (const [command, first] of duplicates) {
          const row = admitted.get(first);
          if (row) admitted.set(command, row);
        }
      });
    } catch (error) {
      for (const command of commands) command.reject(error);
      admitted.clear();
      fresh.clear();
      return admitted;
    }
    for (const command of commands) {
      if (!admitted.has(command)) command.reject(new AppError('insufficientBalance'));
    }
    return admitted;
  }

  /** Feeds one accepted order to the engine and records what it did. */
  private placeOnBook(row: SpotOrderRow, settlement: Settlement) {
    const live = liveOf(row, this.math);
    this.live.set(live.id, live);
    settlement.touched.set(live.id, live);
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
          settlement.touched.set(live.id, live);
          settlement.depthChanged = true;
          break;
        }
        case 'filled':
          this.finish(event.orderId, 'filled', settlement);
          break;
        case 'cancelled': {
          if (event.reason === 'user') settlement.depthChanged = true;
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
    const buyerFee = this.math.fee(baseUnits, buyerRole);
    const sellerFee = this.math.fee(quoteUnits, sellerRole);
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
      transactionId: 0n,
    });
    settlement.publicTrades.push({ id: reference, price, size, side: event.takerSide, at: new Date() });
    for (const live of [taker, maker]) {
      live.filledLots += event.size;
      live.filledQuote += quoteUnits;
      settlement.touched.set(live.id, live);
    }
    taker.status = 'partially_filled';
    maker.status = 'partially_filled';
    settlement.depthChanged = true;
    if (event.makerRemaining === 0) this.finish(maker.id, 'filled', settlement);
  }

  private finish(orderId: number, status: string, settlement: Settlement) {
    const live = this.need(orderId);
    live.status = status;
    settlement.touched.set(live.id, live);
    settlement.closes.push(String(live.id));
    this.live.delete(live.id);
  }

  /** Writes the batch's trades, releases and order states in one transaction through the ledger. */
  private async persist(settlement: Settlement): Promise<SpotOrderRow[]> {
    if (settlement.touched.size === 0) return [];
    const updates: OrderUpdate[] = [...settlement.touched.values()].map((live) => ({
      id: BigInt(live.id),
      filledSize: this.math.formatBase(this.math.baseUnits(live.filledLots)),
      filledTotal: this.math.formatQuote(live.filledQuote),
      status: live.status,
    }));
    return this.ledger.batch(async (batch) => {
      const repository = this.repository.on(batch.connection);
      let orders: SpotOrderRow[] = [];
      await batch.settle(RESERVATION_PURPOSE, settlement.trades, settlement.closes, async (outcome) => {
        for (const row of settlement.tradeRows) {
          const journal = outcome.journals.get(row.tradeKey);
          if (journal === undefined) throw new Error(`trade ${row.tradeKey} has no journal transaction`);
          row.transactionId = journal;
        }
        await repository.insertTrades(settlement.tradeRows);
        orders = await repository.updateOrders(updates);
      });
      return orders;
    });
  }

  private publish(orders: SpotOrderRow[], settlement: Settlement) {
    if (settlement.depthChanged) this.depthVersion += 1;
    const users = new Set(orders.map((row) => row.userId));
    this.report({
      symbol: this.symbol,
      orders,
      trades: settlement.publicTrades,
      users,
      depthChanged: settlement.depthChanged,
    });
  }

  private async recoverAndAnswer(placed: Array<{ command: PlaceCommand; id: bigint }>) {
    try {
      await this.recover();
    } catch (error) {
      this.log?.error({ err: error, symbol: this.symbol }, 'spot book recovery failed');
      for (const { command } of placed) command.reject(new AppError('systemBusy'));
      return;
    }
    for (const { command, id } of placed) {
      const row = await this.repository.findOrder(id);
      if (row) command.resolve(viewOf(row, this.math));
      else command.reject(new AppError('systemBusy'));
    }
  }

  private emptySettlement(): Settlement {
    return {
      trades: [],
      tradeRows: [],
      closes: [],
      touched: new Map(),
      publicTrades: [],
      depthChanged: false,
    };
  }

  private async knowAccounts(userIds: number[]) {
    const unknown = new Set(userIds.filter((id) => !this.accounts.has(id)));
    if (unknown.size === 0) return;
    for (const [userId, accountId] of await this.ledger.userAccountIds(unknown, 'spot')) {
      this.accounts.set(userId, accountId);
    }
  }

  private accountOf(userId: number): number {
    const id = this.accounts.get(userId);
    if (id === undefined) throw new Error(`the spot account of user ${userId} is not known`);
    return id;
  }

  private need(orderId: number): Live {
    const live = this.live.get(orderId);
    if (!live) throw new Error(`${this.symbol}: order ${orderId} is not live`);
    return live;
  }

  private ticksOf(price: string | null): Ticks {
    const ticks = price === null ? undefined : this.math.ticks(trimZeros(price));
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

function liveOf(row: SpotOrderRow & { consumed?: string }, math: MarketMath): Live {
  return {
    id: Number(row.id),
    userId: row.userId,
    side: row.side === 'buy' ? 'buy' : 'sell',
    filledLots: math.lotsOfBase(math.parseBase(row.filledSize)),
    filledQuote: math.parseQuoteNumeric(row.filledTotal),
    status: row.status,
    byTotal: row.type === 'market' && row.side === 'buy' && row.size === null,
  };
}

/** A NUMERIC literal without the padding zeros of its scale ("1.500000" is "1.5"). */
export function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}
