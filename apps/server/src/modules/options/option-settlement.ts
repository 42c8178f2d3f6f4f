import { LEDGER_BOOKS, type LedgerBook } from '@kestrel/contract';
import { addDecimals, type Decimal, decimalOf, formatDecimal, type Units, unitsAt } from '@kestrel/money';
import { decide, settlementOf, type Tick } from '@kestrel/options';
import type { LedgerService, MoveEntry } from '../ledger';
import type {
  DueRound,
  OptionOrdersRepository,
  OrderSettlement,
  SettlingOrder,
  TickRow,
} from './option-orders.repository';

/** Orders settled in one transaction: the ledger's statements stay well under PostgreSQL's 65,535 parameters. */
export const SETTLEMENT_CHUNK = 5000;
/** Chunks a PostgreSQL server settles at once, each its own transaction on its own connection. */
export const SETTLEMENTS_AT_ONCE = 3;

/** The product a settlement works on, as stored. */
export type SettlingProduct = { id: string; asset: string; staleSeconds: number };

/** What one settled chunk changed: the ids of its orders, with their users, for the owner to publish. */
export type SettledChunk = { productId: string; orders: Array<{ id: string; userId: number }> };

/**
 * Settles every overdue round of a product from the database alone (docs/decisions/0047-options.md): which rounds
 * are due, their orders still open and the recorded ticks. Each chunk of a round is one transaction that updates
 * its orders `where status = 'open'` with the owner's epoch and pays what they won through the ledger, only for the
 * orders that update touched, so an order settles exactly once however often a chunk is tried, and a deposed
 * owner's chunk is refused whole by the fence.
 */
export class OptionSettlement {
  constructor(
    private readonly repository: OptionOrdersRepository,
    private readonly ledger: LedgerService,
    private readonly onSettled: (chunk: SettledChunk) => void = () => {},
    private readonly chunk = SETTLEMENT_CHUNK,
    /** Chunks in flight at once, each its own transaction (on PostgreSQL; one on PGlite's single connection). */
    private readonly parallel = 1,
  ) {}

  /** Settles every round of the product that is due and ready; answers how many orders it settled. */
  async settleDue(product: SettlingProduct, epoch: bigint): Promise<number> {
    let settled = 0;
    for (const round of await this.repository.dueRounds(product.id, product.staleSeconds)) {
      if (round.ready) settled += await this.settleRound(product, round, epoch);
    }
    return settled;
  }

  async settleRound(product: SettlingProduct, round: DueRound, epoch: bigint): Promise<number> {
    const places = (await this.ledger.assets()).get(product.asset);
    if (places === undefined) throw new Error(`asset ${product.asset} is unknown to the ledger`);
    const closeTick = await this.repository.lastTickAtOrBefore(product.id, round.closeAt);
    const accounts = new Map<LedgerBook, BookAccounts>();
    for (const book of LEDGER_BOOKS) {
      accounts.set(book, {
        pool: await this.ledger.systemAccount('options_pool', book),
        rounding: await this.ledger.systemAccount('rounding', book),
      });
    }
    let settled = 0;
    let after = '0';
    let failure: unknown;
    const inFlight = new Set<Promise<void>>();
    while (failure === undefined) {
      const orders = await this.repository.openOrdersOf(
        product.id,
        round.periodSeconds,
        round.closeAt,
        after,
        this.chunk,
      );
      const last = orders.at(-1);
      if (!last) break;
      after = last.id;
      const work: Promise<void> = this.settleChunkByBook(
        product,
        round,
        epoch,
        places,
        closeTick,
        accounts,
        orders,
      )
        .then((count) => {
          settled += count;
        })
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
      if (inFlight.size >= this.parallel) await Promise.race(inFlight);
      if (orders.length < this.chunk) break;
    }
    await Promise.all(inFlight);
    if (failure !== undefined) throw failure;
    return settled;
  }

  /**
   * A chunk's orders of each book in a transaction of their own (decision 0055): a demo order is paid from the demo
   * book's options pool, a real one from the real pool, and no journal joins the two.
   */
  private async settleChunkByBook(
    product: SettlingProduct,
    round: DueRound,
    epoch: bigint,
    places: number,
    closeTick: TickRow | undefined,
    accounts: ReadonlyMap<LedgerBook, BookAccounts>,
    orders: readonly SettlingOrder[],
  ): Promise<number> {
    let settled = 0;
    for (const [book, { pool, rounding }] of accounts) {
      const ofBook = orders.filter((order) => order.book === book);
      if (ofBook.length === 0) continue;
      settled += await this.settleChunk(
        product,
        round,
        epoch,
        book,
        { places, closeTick, pool, rounding },
        ofBook,
      );
    }
    return settled;
  }

  /** One book's orders of a chunk: updated where still open and their payouts, in one transaction. */
  private async settleChunk(
    product: SettlingProduct,
    round: DueRound,
    epoch: bigint,
    book: LedgerBook,
    {
      places,
      closeTick,
      pool,
      rounding,
    }: { places: number; closeTick: TickRow | undefined; pool: number; rounding: number },
    orders: readonly SettlingOrder[],
  ): Promise<number> {
    const decided = await this.decideAll(product, round, closeTick, orders, places);
    const accounts = await this.ledger.userAccountIds(
      orders.map((order) => order.userId),
      'spot',
    );
    const written = await this.ledger.batch(async (batch) => {
      const touched = await this.repository.on(batch.connection).settle(
        decided.map((each) => each.settlement),
        closeTick?.id ?? null,
        epoch,
      );
      const byId = new Map(decided.map((each) => [each.settlement.id, each]));
      const payouts: Array<{ reference: string; accountId: number; units: Units; actor: 'system' }> = [];
      let remainder: Decimal = { units: 0n, scale: 0 };
      for (const { id } of touched) {
        const each = byId.get(id);
        if (!each) throw new Error(`order ${id} was settled without a decision`);
        remainder = addDecimals(remainder, each.rounding);
        if (each.payoutUnits === 0n) continue;
        const account = accounts.get(each.order.userId);
        if (account === undefined) throw new Error(`user ${each.order.userId} has no spot account`);
        payouts.push({
          reference: `option-payout:${id}`,
          accountId: account,
          units: each.payoutUnits,
          actor: 'system',
        });
      }
      await batch.payOut('option_payout', pool, product.asset, payouts);
      // What rounding payouts down left in the pool goes to the rounding account in whole units of the asset.
      const left = unitsAt(remainder, places, 'down') as Units;
      if (left > 0n && touched[0]) {
        const entry: MoveEntry = {
          kind: 'option_payout',
          reference: `option-rounding:${product.id}:${round.periodSeconds}:${round.closeMicros}:${touched[0].id}`,
          actor: 'system',
          postings: [
            { accountId: pool, asset: product.asset, units: -left as Units },
            { accountId: rounding, asset: product.asset, units: left },
          ],
        };
        await batch.move([entry], []);
      }
      return touched;
    }, book);
    if (written.length > 0) this.onSettled({ productId: product.id, orders: written });
    return written.length;
  }

  /** The rule applied to each order, from the ticks recorded between its acceptance and the round's close. */
  private async decideAll(
    product: SettlingProduct,
    round: DueRound,
    closeTick: TickRow | undefined,
    orders: readonly SettlingOrder[],
    places: number,
  ) {
    const earliest = orders.reduce(
      (min, order) => (order.acceptedMicros < min ? order.acceptedMicros : min),
      orders[0]?.acceptedMicros ?? 0n,
    );
    const ticks = await this.repository.ticksBetween(product.id, earliest, round.closeAt);
    const close: Tick | null = closeTick
      ? { price: decimalOf(closeTick.price), time: closeTick.recordedAt }
      : null;
    return orders.map((order) => {
      const open = firstAfter(ticks, order.acceptedMicros);
      const decision = decide(
        order.direction,
        open ? { price: decimalOf(open.price), time: open.recordedAt } : null,
        close,
        round.closeTime,
        product.staleSeconds,
      );
      const money = settlementOf(
        decimalOf(order.amount),
        decimalOf(order.payoutRate),
        decision.outcome,
        places,
      );
      const settlement: OrderSettlement = {
        id: order.id,
        outcome: decision.outcome,
        rule: decision.rule,
        openTickId: open?.id ?? null,
        payout: formatDecimal(money.payout),
        profit: formatDecimal(money.profit),
      };
      return {
        order,
        settlement,
        payoutUnits: unitsAt(money.payout, places, 'down') as Units,
        rounding: money.rounding,
      };
    });
  }
}

/** The system accounts a book's settlement pays from and rounds into. */
type BookAccounts = { pool: number; rounding: number };

/** The first tick recorded strictly after `micros` (ticks oldest first), by binary search. */
function firstAfter(ticks: readonly TickRow[], micros: bigint): TickRow | undefined {
  let low = 0;
  let high = ticks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ticks[middle] as TickRow).micros > micros) high = middle;
    else low = middle + 1;
  }
  return ticks[low];
}
