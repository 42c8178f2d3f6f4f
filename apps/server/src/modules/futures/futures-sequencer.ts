import type { LedgerBook } from '@kestrel/contract';
import { type Decimal, decimalOf, formatDecimal, normalize, type Units } from '@kestrel/money';
import type { FastifyBaseLogger } from 'fastify';
import { refusedByFence } from '../../cluster/fence';
import { AppError } from '../../http/app-error';
import type { LedgerActor, LedgerService } from '../ledger';
import { type FuturesOrderRow, ORDER_RESERVATION } from './futures.schema';
import type { FuturesBook } from './futures-book';
import type {
  FuturesOrdersRepository,
  NewFuturesOrder,
  NewFuturesTrade,
  PositionKey,
} from './futures-orders.repository';
import { type FuturesFill, FuturesSettlement, type SettlementAccounts } from './futures-settlement';

/** An order as the service hands it to the sequencer: validated, with the cost an opening order freezes. */
export type FuturesOrderRequest = {
  userId: number;
  reference: string | null;
  row: Omit<NewFuturesOrder, 'id' | 'reference' | 'epoch'>;
  /** The order's cost in the margin asset's units; zero for a close, which freezes nothing. */
  cost: Units;
};

/** What a settled batch did on one book, for the service to publish. */
export type FuturesBatchReport = {
  book: FuturesBook;
  orders: FuturesOrderRow[];
  fills: FuturesFill[];
  depthChanged: boolean;
  /** Users whose positions changed. */
  positionsOf: Set<number>;
};

type Waiter = { resolve: (row: FuturesOrderRow) => void; reject: (error: unknown) => void };
type PlaceCommand = { kind: 'place'; book: FuturesBook; request: FuturesOrderRequest } & Waiter;
type CancelCommand = { kind: 'cancel'; book: FuturesBook; orderId: bigint } & Waiter;
/** Work on a book's positions outside matching (funding), run between batches. */
type ExclusiveCommand = {
  kind: 'exclusive';
  book: FuturesBook;
  work: () => Promise<unknown>;
  /** Whether the book reads its positions' margins again after: not after a settlement the book itself made. */
  refresh: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};
type Command = PlaceCommand | CancelCommand | ExclusiveCommand;

const MAX_BATCH = 128;

/**
 * The order flow of every perpetual this node owns (docs/decisions/0046-futures.md), in the pattern of the spot
 * sequencer: commands queue up and are handled one batch at a time. A batch's orders are stored in one
 * transaction, opening ones with their cost frozen (ids from the order sequence, so the sequence is the order of
 * acceptance), with the positions they name created empty where missing; then they are fed to their books in
 * that order, and every fill of the batch is settled in one transaction: margins moved, fees and realised pnl
 * journalled, reservations of ended orders closed, order and position rows written with the book's epoch. If
 * settling fails, the books the batch touched are rebuilt from the database.
 */
export class FuturesSequencer {
  private readonly queue: Command[] = [];
  private running: Promise<void> | undefined;
  /** Each book's commands not yet answered, so that a book's owner can wait for its own and no others. */
  private readonly pending = new Map<FuturesBook, Set<Promise<void>>>();
  private stopped = false;
  private readonly accounts = new Map<number, number>();
  private system: { fees: number; clearing: number; rounding: number; insurance: number } | undefined;

  constructor(
    private readonly repository: FuturesOrdersRepository,
    private readonly ledger: LedgerService,
    /** The margin asset (the perpetuals' quote, USDT). */
    private readonly asset: string,
    private readonly report: (reports: FuturesBatchReport[]) => void,
    /** Told of the books whose write the fence refused: their perpetual has another owner now. */
    private readonly fenced: (books: ReadonlySet<FuturesBook>) => Promise<void>,
    private readonly log?: FastifyBaseLogger,
    /**
     * The ledger book its books settle in (decision 0055): a demo sequencer runs the perpetuals' demo books, whose
     * orders fill against the real books' depth; it writes no trade rows and keeps no rounding row.
     */
    readonly ledgerBook: LedgerBook = 'real',
  ) {}

  place(book: FuturesBook, request: FuturesOrderRequest): Promise<FuturesOrderRow> {
    return new Promise((resolve, reject) => this.enqueue({ kind: 'place', book, request, resolve, reject }));
  }

  cancel(book: FuturesBook, orderId: bigint): Promise<FuturesOrderRow> {
    return new Promise((resolve, reject) => this.enqueue({ kind: 'cancel', book, orderId, resolve, reject }));
  }

  /**
   * Runs `work` between batches, when no order of the queue is half settled: for writes to a book's positions
   * other than fills (funding), after which the book reads their margins again.
   */
  exclusive<T>(book: FuturesBook, work: () => Promise<T>, refresh = true): Promise<T> {
    return new Promise<unknown>((resolve, reject) =>
      this.enqueue({ kind: 'exclusive', book, work, refresh, resolve, reject }),
    ) as Promise<T>;
  }

  /**
   * Runs `match` between batches on a settlement of its own and settles it as a batch is settled: the
   * liquidation engine's takeovers. If settling fails, the book is rebuilt from the database and the error thrown.
   */
  takeOver(book: FuturesBook, match: (settlement: FuturesSettlement) => Promise<void>): Promise<void> {
    return this.exclusive(
      book,
      async () => {
        const settlement = new FuturesSettlement();
        await match(settlement);
        let orders: FuturesOrderRow[];
        try {
          orders = await this.persist(settlement);
        } catch (error) {
          if (refusedByFence(error)) await this.fenced(new Set([book]));
          await this.recover(book);
          throw error;
        }
        this.publish(orders, settlement);
      },
      false,
    );
  }

  /** Rebuilds a book from the database: positions, resting orders, and unsettled ones matched in sequence. */
  async recover(book: FuturesBook): Promise<void> {
    if (book.retired) return;
    const [positions, orders, kept] = await Promise.all([
      this.repository.positionsOf(book.symbol, this.ledgerBook),
      this.repository.liveOrders(book.symbol, this.ledgerBook),
      this.ledgerBook === 'real' ? this.repository.roundingKept(book.symbol) : '0',
    ]);
    const fresh = book.rebuild(positions, orders, decimalOf(kept));
    if (fresh.length === 0) return;
    const settlement = new FuturesSettlement();
    for (const row of fresh) book.place(row, settlement);
    this.publish(await this.persist(settlement), settlement);
  }

  /** Lets queued commands finish and refuses new ones. */
  async stop() {
    this.stopped = true;
    await this.running;
  }

  /**
   * Resolves once every command of `book` queued so far has been answered: what its owner waits for when it
   * loses the book (which then takes no more), however busy the other books keep the queue.
   */
  async settled(book: FuturesBook): Promise<void> {
    await Promise.all([...(this.pending.get(book) ?? [])]);
  }

  private enqueue(command: Command) {
    if (this.stopped) return command.reject(new AppError('systemBusy'));
    if (command.book.retired) return command.reject(new AppError('marketUnavailable'));
    this.track(command);
    this.queue.push(command);
    if (!this.running) this.running = this.drain();
  }

  /** Counts a command among its book's pending ones until it is answered either way. */
  private track(command: Command) {
    let commands = this.pending.get(command.book);
    if (!commands) {
      commands = new Set();
      this.pending.set(command.book, commands);
    }
    const book = commands;
    let answered = () => {};
    const done = new Promise<void>((resolve) => {
      answered = resolve;
    });
    book.add(done);
    const finish = () => {
      book.delete(done);
      if (book.size === 0 && this.pending.get(command.book) === book) this.pending.delete(command.book);
      answered();
    };
    const { resolve, reject } = command;
    Object.assign(command, {
      resolve: (value: never) => {
        finish();
        (resolve as (value: never) => void)(value);
      },
      reject: (error: unknown) => {
        finish();
        reject(error);
      },
    });
  }

  private async drain() {
    try {
      while (this.queue.length > 0) {
        const first = this.queue[0];
        if (first?.kind === 'exclusive') {
          this.queue.shift();
          await this.runExclusive(first);
          continue;
        }
        const end = this.queue.findIndex((command) => command.kind === 'exclusive');
        const taken = this.queue.splice(0, Math.min(end === -1 ? this.queue.length : end, MAX_BATCH));
        const batch = taken.filter((command): command is PlaceCommand | CancelCommand => {
          if (command.kind === 'exclusive') return false;
          if (command.book.retired) command.reject(new AppError('marketUnavailable'));
          return !command.book.retired;
        });
        await this.handle(batch);
      }
    } finally {
      this.running = undefined;
    }
  }

  private async runExclusive(command: ExclusiveCommand) {
    try {
      const result = await command.work();
      if (command.refresh)
        command.book.refreshMargins(await this.repository.positionsOf(command.book.symbol, this.ledgerBook));
      command.resolve(result);
    } catch (error) {
      command.reject(error);
    }
  }

  private async handle(batch: Array<PlaceCommand | CancelCommand>) {
    const places = batch.filter((command): command is PlaceCommand => command.kind === 'place');
    const admitted = await this.admit(places);
    const settlement = new FuturesSettlement();
    const answered = new Map<Command, bigint>();
    for (const command of batch) {
      if (command.kind === 'place') {
        const entry = admitted.get(command);
        if (!entry) continue;
        if (entry.fresh) command.book.place(entry.row, settlement);
        answered.set(command, entry.row.id);
      } else if (command.book.cancel(Number(command.orderId), settlement)) {
        answered.set(command, command.orderId);
      } else {
        command.reject(new AppError('orderNotCancellable'));
      }
    }
    let orders: FuturesOrderRow[];
    try {
      orders = await this.persist(settlement);
    } catch (error) {
      await this.recoverAfter(error, batch, answered);
      return;
    }
    await this.answer(answered, orders);
    this.publish(orders, settlement);
  }

  /** Answers each command with its order as the database has it. */
  private async answer(answered: Map<Command, bigint>, orders: FuturesOrderRow[]) {
    const byId = new Map(orders.map((row) => [row.id, row]));
    for (const [command, id] of answered) {
      const row = byId.get(id) ?? (await this.repository.findOrder(id));
      if (row) command.resolve(row);
      else command.reject(new AppError('systemBusy'));
    }
  }

  /** After a failed settlement: the books are rebuilt from the database, and commands answered from it. */
  private async recoverAfter(
    error: unknown,
    batch: Array<PlaceCommand | CancelCommand>,
    answered: Map<Command, bigint>,
  ) {
    const books = new Set(batch.map((command) => command.book));
    if (refusedByFence(error)) {
      this.log?.warn({ err: error }, 'futures settlement refused: a perpetual has another owner');
      await this.fenced(books).catch((failure) => this.log?.error({ err: failure }, 'futures owners unread'));
    } else {
      this.log?.error({ err: error }, 'futures settlement failed; rebuilding the books');
    }
    for (const command of batch) {
      if (command.kind === 'cancel' && answered.has(command)) {
        answered.delete(command);
        command.reject(new AppError(command.book.retired ? 'marketUnavailable' : 'systemBusy'));
      }
    }
    try {
      for (const book of books) await this.recover(book);
    } catch (failure) {
      this.log?.error({ err: failure }, 'futures book recovery failed');
      for (const command of answered.keys()) command.reject(new AppError('systemBusy'));
      return;
    }
    await this.answer(answered, []);
  }

  /**
   * Stores the batch's orders: a reference already used answers with its order; opening orders freeze their
   * cost (one refused for the balance is answered here), closing ones freeze nothing; the positions they name
   * are created empty where missing and made known to their books. One transaction for the batch.
   */
  private async admit(
    commands: PlaceCommand[],
  ): Promise<Map<PlaceCommand, { row: FuturesOrderRow; fresh: boolean }>> {
    const admitted = new Map<PlaceCommand, { row: FuturesOrderRow; fresh: boolean }>();
    if (commands.length === 0) return admitted;
    try {
      await this.knowAccounts(commands.map((command) => command.request.userId));
      const unseen: PlaceCommand[] = [];
      const first = new Map<string, PlaceCommand>();
      const duplicates: Array<[PlaceCommand, PlaceCommand]> = [];
      for (const command of commands) {
        const { userId, reference } = command.request;
        if (reference === null) {
          unseen.push(command);
          continue;
        }
        const key = `${userId}:${reference}`;
        const earlier = first.get(key);
        if (earlier) {
          duplicates.push([command, earlier]);
          continue;
        }
        first.set(key, command);
        const stored = await this.repository.findByReference(userId, reference);
        if (stored) admitted.set(command, { row: stored, fresh: false });
        else unseen.push(command);
      }
      if (unseen.length > 0) await this.store(unseen, admitted);
      for (const [command, earlier] of duplicates) {
        const entry = admitted.get(earlier);
        if (entry) admitted.set(command, { row: entry.row, fresh: false });
      }
    } catch (error) {
      const fenced = refusedByFence(error);
      if (fenced) await this.fenced(new Set(commands.map((command) => command.book)));
      for (const command of commands) command.reject(fenced ? new AppError('marketUnavailable') : error);
      admitted.clear();
      return admitted;
    }
    for (const command of commands) {
      if (!admitted.has(command)) command.reject(new AppError('insufficientBalance'));
    }
    return admitted;
  }

  private async store(
    commands: PlaceCommand[],
    admitted: Map<PlaceCommand, { row: FuturesOrderRow; fresh: boolean }>,
  ) {
    const ids = await this.repository.takeIds(commands.length);
    const idOf = new Map(commands.map((command, index) => [command, ids[index] as bigint]));
    const opening = commands.filter((command) => command.request.cost > 0n);
    const { rows, positions } = await this.ledger.batch(async (batch) => {
      const { frozen } = await batch.freeze(
        ORDER_RESERVATION,
        opening.map((command) => ({
          accountId: this.accountOf(command.request.userId),
          asset: this.asset,
          units: command.request.cost,
          reference: String(idOf.get(command)),
          actor: `user:${command.request.userId}` as LedgerActor,
        })),
      );
      const refused = new Set(opening.filter((_, index) => !frozen[index]));
      const accepted = commands.filter((command) => !refused.has(command));
      const rows = await this.repository.insertOrders(
        batch.connection,
        accepted.map((command) => ({
          ...command.request.row,
          id: idOf.get(command) as bigint,
          reference: command.request.reference,
          book: this.ledgerBook,
          epoch: command.book.epoch,
        })),
      );
      const keys = new Map<string, PositionKey>();
      for (const command of accepted) {
        const { row } = command.request;
        const side = row.action === 'openLong' || row.action === 'closeLong' ? 'long' : 'short';
        keys.set(`${row.userId}:${row.symbol}:${side}`, {
          userId: row.userId,
          symbol: row.symbol,
          side,
          leverage: row.leverage,
          marginMode: row.marginMode,
          book: this.ledgerBook,
          epoch: command.book.epoch,
        });
      }
      const positions = await this.repository.ensurePositions(batch.connection, [...keys.values()]);
      return { rows, positions };
    }, this.ledgerBook);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const command of commands) {
      const row = byId.get(idOf.get(command) as bigint);
      if (row) admitted.set(command, { row, fresh: true });
    }
    for (const position of positions) {
      for (const command of commands) {
        if (command.book.symbol === position.symbol) command.book.know(position);
      }
    }
  }

  /**
   * Settles the batch's fills, releases, order and position states and what rounding kept in the books it closed
   * positions in, in one transaction.
   */
  private async persist(settlement: FuturesSettlement): Promise<FuturesOrderRow[]> {
    if (settlement.empty) return [];
    await this.knowAccounts([...settlement.touched.values()].map(({ live }) => live.userId));
    const accounts = await this.settlementAccounts();
    const { entries, holds } = settlement.moves(accounts);
    return this.ledger.batch(async (batch) => {
      await this.repository.insertOrders(batch.connection, settlement.inserted);
      const journal = await batch.move(entries, holds);
      const real = this.ledgerBook === 'real';
      const trades = real
        ? settlement.fills.map((fill) => tradeRowOf(fill, journal.get(fill.reference)))
        : [];
      if (real) await this.repository.writeRounding(batch.connection, settlement.roundingUpdates());
      return this.repository.writeSettlement(
        batch.connection,
        settlement.orderUpdates(),
        settlement.positionUpdates(),
        trades,
      );
    }, this.ledgerBook);
  }

  private publish(orders: FuturesOrderRow[], settlement: FuturesSettlement) {
    const reports: FuturesBatchReport[] = [];
    for (const book of settlement.books) {
      const depthChanged = settlement.depthChanged.has(book);
      if (depthChanged) book.depthPublished();
      const fills = settlement.fills.filter((fill) => fill.book === book);
      reports.push({
        book,
        orders: orders.filter((row) => row.symbol === book.symbol),
        fills,
        depthChanged,
        positionsOf: new Set(fills.flatMap((fill) => fill.sides.map((side) => side.order.userId))),
      });
    }
    if (reports.length > 0) this.report(reports);
  }

  private async settlementAccounts(): Promise<SettlementAccounts> {
    if (!this.system) {
      this.system = {
        fees: await this.ledger.systemAccount('fees', this.ledgerBook),
        clearing: await this.ledger.systemAccount('futures_clearing', this.ledgerBook),
        rounding: await this.ledger.systemAccount('rounding', this.ledgerBook),
        insurance: await this.ledger.systemAccount('insurance_fund', this.ledgerBook),
      };
    }
    const places = (await this.ledger.assets()).get(this.asset);
    if (places === undefined) throw new AppError('assetUnknown');
    return { ...this.system, of: this.accountOf, asset: this.asset, places };
  }

  /** The futures ledger account of a user the sequencer has seen an order of. */
  private readonly accountOf = (userId: number): number => {
    const id = this.accounts.get(userId);
    if (id === undefined) throw new Error(`the futures account of user ${userId} is not known`);
    return id;
  };

  private async knowAccounts(userIds: number[]) {
    const unknown = new Set(userIds.filter((id) => !this.accounts.has(id)));
    if (unknown.size === 0) return;
    for (const [userId, accountId] of await this.ledger.userAccountIds(unknown, 'futures')) {
      this.accounts.set(userId, accountId);
    }
  }
}

function tradeRowOf(fill: FuturesFill, transactionId: bigint | undefined): NewFuturesTrade {
  if (transactionId === undefined) throw new Error(`trade ${fill.reference} was not journalled`);
  const [taker, maker] = fill.sides;
  if (!taker || !maker || !fill.maker) throw new Error(`trade ${fill.reference} lacks a side`);
  const text = (value: Decimal) => formatDecimal(normalize(value));
  return {
    symbol: fill.book.symbol,
    takerOrderId: BigInt(fill.taker.id),
    makerOrderId: BigInt(fill.maker.id),
    takerUserId: fill.taker.userId,
    makerUserId: fill.maker.userId,
    takerSide: fill.takerSide,
    price: text(fill.price),
    size: text(fill.size),
    takerFee: text(taker.fee),
    makerFee: text(maker.fee),
    takerRealizedPnl: text(taker.pnl),
    makerRealizedPnl: text(maker.pnl),
    tradeKey: fill.reference,
    transactionId,
  };
}
