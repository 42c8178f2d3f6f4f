import type { OrderView } from '@kestrel/contract';
import type { Units } from '@kestrel/money';
import type { FastifyBaseLogger } from 'fastify';
import { refusedByFence } from '../../cluster/fence';
import { AppError } from '../../http/app-error';
import type { FreezeOptions, LedgerActor, LedgerService } from '../ledger';
import { type MarketBook, type PublicFill, Settlement } from './market-book';
import { type NewOrderRow, orderOf, type RawOrder, type SpotRepository } from './spot.repository';
import { RESERVATION_PURPOSE, type SpotOrderRow } from './spot.schema';
import { viewOf } from './spot-views';

/** An order as the service hands it to the sequencer: validated, with what to freeze. */
export type OrderRequest = {
  userId: number;
  reference: string | null;
  row: Omit<NewOrderRow, 'id' | 'reference' | 'epoch'>;
  frozenUnits: Units;
};

/** What a settled batch did, per market it touched, for the service to publish. */
export type BatchReport = {
  markets: Array<{ book: MarketBook; orders: SpotOrderRow[]; fills: PublicFill[]; depthChanged: boolean }>;
  /** Users whose balances changed. */
  users: Set<number>;
};

/** What a settled batch did and how long it took, for the node's metrics. */
export type SettledBatch = {
  /** Per market the batch touched: the orders it stored and the trades it made. */
  markets: Array<{ symbol: string; orders: number; trades: number }>;
  /** Per order placed, the milliseconds from its arrival here to its settlement's commit. */
  lagsMs: number[];
  /** The milliseconds the settlement statement took. */
  settleMs: number;
};

type Waiter<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };
type PlaceCommand = {
  kind: 'place';
  book: MarketBook;
  request: OrderRequest;
  arrivedAt: number;
} & Waiter<OrderView>;
type CancelCommand = { kind: 'cancel'; book: MarketBook; orderId: bigint } & Waiter<OrderView>;
type Command = PlaceCommand | CancelCommand;

/** One batch: its commands, its stored orders and what matching them did. */
type Step = {
  batch: Command[];
  placed: Array<{ command: PlaceCommand; id: bigint }>;
  cancels: CancelCommand[];
  fresh: SpotOrderRow[];
  settlement: Settlement;
  /** Its settlement was refused by the fence: a market it touched is led by another node now. */
  fenced?: boolean;
};

/** Commands taken from the queue at once: one freeze commit and one settlement commit for all of them. */
const MAX_BATCH = 256;

/**
 * The order flow of every spot market (ARCHITECTURE.md section 6, docs/decisions/0019 and 0027). Commands of
 * all markets queue up in one sequence and are handled one batch at a time: the batch's orders are stored with
 * their funds frozen in one transaction (ids from the order sequence, so the sequence is the order of
 * acceptance), then fed to their markets' books in that order, and every fill, fee and release of the batch is
 * settled through the ledger in one statement, its own transaction: the group commit, whichever markets the
 * orders are for. If settling fails, the books the batch touched are rebuilt from the database: resting orders as
 * they rest, accepted but unsettled ones matched again in sequence.
 *
 * Every write names the epoch of its book's leadership (decision 0044). A write the database refuses for an old
 * epoch means a market has passed to another node: the service is told (`fenced`) to retire the books no
 * longer led, whose commands are answered as the market unavailable, and only the books still led are rebuilt.
 */
export class SpotSequencer {
  private readonly queue: Command[] = [];
  private readonly accounts = new Map<number, number>();
  private readonly ids: bigint[] = [];
  /** The commands given for each book and not answered yet. */
  private readonly inflight = new Map<MarketBook, Set<Promise<OrderView>>>();
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly repository: SpotRepository,
    private readonly ledger: LedgerService,
    private readonly report: (report: BatchReport) => void,
    /** Told of books a refused write may have been made for; retires those whose market another node leads. */
    private readonly fenced: (books: ReadonlySet<MarketBook>) => Promise<void>,
    private readonly log?: FastifyBaseLogger,
    private readonly observe?: (batch: SettledBatch) => void,
  ) {}

  place(book: MarketBook, request: OrderRequest): Promise<OrderView> {
    return this.track(
      book,
      new Promise((resolve, reject) =>
        this.enqueue({ kind: 'place', book, request, arrivedAt: performance.now(), resolve, reject }),
      ),
    );
  }

  cancel(book: MarketBook, orderId: bigint): Promise<OrderView> {
    return this.track(
      book,
      new Promise((resolve, reject) => this.enqueue({ kind: 'cancel', book, orderId, resolve, reject })),
    );
  }

  /** Resolves once every command given for the book so far has been answered (done, refused or failed). */
  async settled(book: MarketBook): Promise<void> {
    const commands = this.inflight.get(book);
    if (commands) await Promise.allSettled([...commands]);
  }

  private track(book: MarketBook, answer: Promise<OrderView>): Promise<OrderView> {
    let commands = this.inflight.get(book);
    if (!commands) {
      commands = new Set();
      this.inflight.set(book, commands);
    }
    const own = commands;
    own.add(answer);
    const done = () => {
      own.delete(answer);
      if (own.size === 0 && this.inflight.get(book) === own) this.inflight.delete(book);
    };
    answer.then(done, done);
    return answer;
  }

  /** The spot ledger account of a user the sequencer has seen an order of. */
  readonly accountOf = (userId: number): number => {
    const id = this.accounts.get(userId);
    if (id === undefined) throw new Error(`the spot account of user ${userId} is not known`);
    return id;
  };

  /** Rebuilds books from the database: resting orders rest again, unsettled ones are matched in sequence. */
  async recover(books: Iterable<MarketBook>): Promise<void> {
    const fresh: Array<{ book: MarketBook; row: SpotOrderRow }> = [];
    for (const book of books) {
      // Another node leads its market now and rebuilds it there.
      if (book.retired) continue;
      const rows = await this.repository.liveOrders(book.symbol);
      await this.knowAccounts(rows.map((row) => row.userId));
      for (const row of book.rebuild(rows)) fresh.push({ book, row });
    }
    if (fresh.length === 0) return;
    fresh.sort((a, b) => (a.row.id < b.row.id ? -1 : 1));
    const settlement = new Settlement();
    for (const { book, row } of fresh) book.place(row, settlement);
    this.publish(await this.persist(settlement), settlement);
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
    if (command.book.retired) {
      command.reject(new AppError('marketUnavailable'));
      return;
    }
    this.queue.push(command);
    if (!this.running) this.running = this.drain();
  }

  /**
   * Handles the queue batch by batch, two batches in flight: while one batch's settlement commits, the next
   * batch's orders are stored (their freezes wait on the balance rows the settlement holds), and the next batch
   * is matched only once that settlement has committed, so a failed settlement rebuilds the books before
   * anything else is matched.
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
        const batch = this.queue.splice(0, MAX_BATCH).filter((command) => {
          // Queued before its market passed to another node: nothing of it was done, so it may be sent there.
          if (command.book.retired) command.reject(new AppError('marketUnavailable'));
          return !command.book.retired;
        });
        const fresh = new Set<bigint>();
        const admitted = await this.admit(
          batch.filter((command): command is PlaceCommand => command.kind === 'place'),
          fresh,
        );
        const step = this.step(batch, admitted, fresh);
        const failed = await previous;
        if (failed) {
          // The books are ahead of the database: rebuild them, which matches this batch's stored orders too.
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

  /** Sorts a batch into its stored orders and its cancels; the books see them in `match`. */
  private step(batch: Command[], admitted: Map<PlaceCommand, SpotOrderRow>, fresh: Set<bigint>): Step {
    const step: Step = { batch, placed: [], cancels: [], fresh: [], settlement: new Settlement() };
    for (const command of batch) {
      if (command.kind !== 'place') continue;
      const row = admitted.get(command);
      if (!row) continue;
      // Only orders stored by this batch are new to the book; a replayed reference answers with its order.
      if (fresh.has(row.id)) {
        fresh.delete(row.id);
        step.fresh.push(row);
      }
      step.placed.push({ command, id: row.id });
    }
    return step;
  }

  /** Feeds the batch to the books in arrival order (orders in id order). */
  private match(step: Step) {
    const rows = new Map(step.fresh.map((row) => [row.id, row]));
    const ids = new Map(step.placed.map((entry) => [entry.command, entry.id]));
    for (const command of step.batch) {
      if (command.kind === 'place') {
        const id = ids.get(command);
        const row = id === undefined ? undefined : rows.get(id);
        if (row) {
          rows.delete(row.id);
          command.book.place(row, step.settlement);
        }
        continue;
      }
      if (command.book.cancel(Number(command.orderId), step.settlement)) step.cancels.push(command);
      else command.reject(new AppError('orderNotCancellable'));
    }
  }

  /** Commits the batch's settlement and answers its commands; answers the step itself when it failed. */
  private async settle(step: Step): Promise<Step | undefined> {
    let orders: SpotOrderRow[];
    const started = performance.now();
    try {
      orders = await this.persist(step.settlement);
    } catch (error) {
      step.fenced = refusedByFence(error);
      if (step.fenced) this.log?.warn({ err: error }, 'spot settlement refused: a market has another leader');
      else this.log?.error({ err: error }, 'spot settlement failed; rebuilding the books');
      return step;
    }
    if (!step.settlement.empty) this.observe?.(settledBatchOf(step, started, performance.now()));
    const byId = new Map(orders.map((row) => [row.id, row]));
    for (const { command, id } of step.placed) {
      const row = byId.get(id) ?? (await this.repository.findOrder(id));
      if (row) command.resolve(viewOf(row, command.book.math));
      else command.reject(new AppError('systemBusy'));
    }
    for (const command of step.cancels) {
      const row = byId.get(command.orderId);
      if (row) command.resolve(viewOf(row, command.book.math));
      else command.reject(new AppError('orderNotCancellable'));
    }
    this.publish(orders, step.settlement);
    return undefined;
  }

  /** Rebuilds the books of steps whose settlement failed and answers their orders as the database has them. */
  private async recoverAfter(steps: Step[]) {
    const books = new Set(steps.flatMap((step) => step.batch.map((command) => command.book)));
    if (steps.some((step) => step.fenced)) await this.whoLeads(books);
    // Cancels of these steps are refused: the books they were checked on are gone.
    for (const step of steps) {
      for (const command of step.batch) {
        if (command.kind === 'cancel')
          command.reject(new AppError(command.book.retired ? 'marketUnavailable' : 'systemBusy'));
      }
    }
    // Orders stored for a retired book are answered as stored: the market's new leader matches them.
    const placed = steps.flatMap((step) => step.placed);
    try {
      await this.recover(books);
    } catch (error) {
      this.log?.error({ err: error }, 'spot book recovery failed');
      for (const { command } of placed) command.reject(new AppError('systemBusy'));
      return;
    }
    for (const { command, id } of placed) {
      const row = await this.repository.findOrder(id);
      if (row) command.resolve(viewOf(row, command.book.math));
      else command.reject(new AppError('systemBusy'));
    }
  }

  /**
   * Stores the batch's orders with their funds frozen. Answers the stored row per command (an existing one for a
   * reference already used); a command refused for its balance is answered here.
   */
  private async admit(
    commands: PlaceCommand[],
    fresh: Set<bigint>,
  ): Promise<Map<PlaceCommand, SpotOrderRow>> {
    const admitted = new Map<PlaceCommand, SpotOrderRow>();
    if (commands.length === 0) return admitted;
    try {
      await this.knowAccounts(commands.map((command) => command.request.userId));
      const earlier = new Map(
        (
          await this.repository.findByReferences(
            commands.flatMap(({ request }) =>
              request.reference === null ? [] : [{ userId: request.userId, reference: request.reference }],
            ),
          )
        ).map((row) => [`${row.userId}:${row.reference}`, row]),
      );
      const unseen: PlaceCommand[] = [];
      const seen = new Map<string, PlaceCommand>();
      const duplicates: Array<[PlaceCommand, PlaceCommand]> = [];
      for (const command of commands) {
        const { userId, reference } = command.request;
        const key = reference === null ? undefined : `${userId}:${reference}`;
        const before = key === undefined ? undefined : earlier.get(key);
        const first = key === undefined ? undefined : seen.get(key);
        if (before) admitted.set(command, before);
        else if (first) duplicates.push([command, first]);
        else {
          if (key !== undefined) seen.set(key, command);
          unseen.push(command);
        }
      }
      for (const [command, row] of await this.store(unseen)) {
        admitted.set(command, row);
        fresh.add(row.id);
      }
      for (const [command, first] of duplicates) {
        const row = admitted.get(first);
        if (row) admitted.set(command, row);
      }
    } catch (error) {
      // Refused by the fence, the one statement stored nothing: the commands may be sent again.
      const fenced = refusedByFence(error);
      if (fenced) await this.whoLeads(new Set(commands.map((command) => command.book)));
      for (const command of commands) command.reject(fenced ? new AppError('marketUnavailable') : error);
      admitted.clear();
      fresh.clear();
      return admitted;
    }
    for (const command of commands) {
      if (!admitted.has(command)) command.reject(new AppError('insufficientBalance'));
    }
    return admitted;
  }

  /**
   * Freezes the funds of new orders and stores the orders that fit, with ids in arrival order. Usually every order
   * fits and one statement stores them all; otherwise a batch refuses them one by one. Answers the stored rows.
   */
  private async store(commands: PlaceCommand[]): Promise<Map<PlaceCommand, SpotOrderRow>> {
    const stored = new Map<PlaceCommand, SpotOrderRow>();
    if (commands.length === 0) return stored;
    const ids = await this.takeIds(commands.length);
    const requests = commands.map((command, index) => ({
      accountId: this.accountOf(command.request.userId),
      asset: command.request.row.frozenAsset,
      units: command.request.frozenUnits,
      reference: String(ids[index]),
      actor: `user:${command.request.userId}` as LedgerActor,
    }));
    const options: FreezeOptions = {
      // Every command is answered after the batch's settlement, which commits synchronously.
      flushedByLaterCommit: true,
      // The orders whose funds were frozen are stored in the same statement.
      alongside: (frozen) =>
        this.repository.ordersInsert(
          commands.flatMap((command, index) =>
            frozen[index]
              ? [
                  {
                    ...command.request.row,
                    id: ids[index] as bigint,
                    reference: command.request.reference,
                    epoch: command.book.epoch,
                  },
                ]
              : [],
          ),
        ),
    };
    const inserted =
      (await this.ledger.freezeAll<RawOrder>(RESERVATION_PURPOSE, requests, options)) ??
      (await this.ledger.batch((batch) => batch.freeze<RawOrder>(RESERVATION_PURPOSE, requests, options)))
        .rows;
    const byId = new Map(inserted.map((raw) => [BigInt(raw.id), orderOf(raw)]));
    commands.forEach((command, index) => {
      const row = byId.get(ids[index] as bigint);
      if (row) stored.set(command, row);
    });
    return stored;
  }

  /** Writes the batch's trades, releases and order states in one statement through the ledger. */
  private async persist(settlement: Settlement): Promise<SpotOrderRow[]> {
    if (settlement.empty) return [];
    const rows = await this.ledger.settle<RawOrder>(
      RESERVATION_PURPOSE,
      settlement.trades,
      settlement.closes,
      this.repository.settlementWrites(settlement.tradeRows, settlement.updates()),
    );
    return rows.map(orderOf);
  }

  /** After a refusal by the fence: has the service retire the books whose market another node leads. */
  private async whoLeads(books: ReadonlySet<MarketBook>) {
    try {
      await this.fenced(books);
    } catch (error) {
      this.log?.error({ err: error }, 'the leaders of spot markets could not be read');
    }
  }

  private publish(orders: SpotOrderRow[], settlement: Settlement) {
    const bySymbol = new Map<string, SpotOrderRow[]>();
    for (const row of orders) {
      const rows = bySymbol.get(row.symbol);
      if (rows) rows.push(row);
      else bySymbol.set(row.symbol, [row]);
    }
    const markets: BatchReport['markets'] = [];
    for (const book of settlement.books) {
      const depthChanged = settlement.depthChanged.has(book);
      if (depthChanged) book.depthPublished();
      markets.push({
        book,
        orders: bySymbol.get(book.symbol) ?? [],
        fills: settlement.fills.get(book) ?? [],
        depthChanged,
      });
    }
    this.report({ markets, users: new Set(orders.map((row) => row.userId)) });
  }

  /**
   * Order ids in the order the sequencer accepts orders: taken from the order sequence a block ahead, so that
   * most batches need no statement for them (ids of a failed batch are skipped, as the sequence's would be).
   */
  private async takeIds(count: number): Promise<bigint[]> {
    if (this.ids.length < count) {
      this.ids.push(...(await this.repository.takeIds(Math.max(count - this.ids.length, MAX_BATCH))));
    }
    return this.ids.splice(0, count);
  }

  private async knowAccounts(userIds: number[]) {
    const unknown = new Set(userIds.filter((id) => !this.accounts.has(id)));
    if (unknown.size === 0) return;
    for (const [userId, accountId] of await this.ledger.userAccountIds(unknown, 'spot')) {
      this.accounts.set(userId, accountId);
    }
  }
}

function settledBatchOf(step: Step, started: number, committed: number): SettledBatch {
  const markets = new Map<string, { symbol: string; orders: number; trades: number }>();
  const marketOf = (symbol: string) => {
    const market = markets.get(symbol) ?? { symbol, orders: 0, trades: 0 };
    markets.set(symbol, market);
    return market;
  };
  for (const row of step.fresh) marketOf(row.symbol).orders += 1;
  for (const [book, fills] of step.settlement.fills) marketOf(book.symbol).trades += fills.length;
  return {
    markets: [...markets.values()],
    lagsMs: step.placed.map(({ command }) => committed - command.arrivedAt),
    settleMs: committed - started,
  };
}
