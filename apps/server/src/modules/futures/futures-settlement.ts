import type { MarginMode } from '@kestrel/contract';
import type { Side } from '@kestrel/futures';
import { type Decimal, formatDecimal as exact, normalize, type Units, unitsAt } from '@kestrel/money';
import type { HoldChange, LedgerActor, MoveEntry, MovePosting } from '../ledger';
import { type FuturesOrderRow, ORDER_RESERVATION, POSITION_RESERVATION } from './futures.schema';
import type { FuturesBook } from './futures-book';

/** A figure as a row stores it, without trailing zeros. */
const formatDecimal = (value: Decimal) => exact(normalize(value));

/** A live futures order's state, kept beside the book so that fills can be written as absolute amounts. */
export type LiveOrder = {
  id: number;
  userId: number;
  /** Who placed it: the user, a trigger, or the liquidation engine (`liquidation`, `adl`), which pays no fee. */
  origin: string;
  action: string;
  side: 'buy' | 'sell';
  positionSide: Side;
  closing: boolean;
  leverage: number;
  marginMode: MarginMode;
  /** Its limit price (a market order's protection price): an opening order's cost was counted at it. */
  price: Decimal;
  /** Its size; a close is cut to what its position holds beyond the other live closes. */
  size: Decimal;
  filledSize: Decimal;
  /** The notional of its fills, exact. */
  filledTotal: Decimal;
  /** The fee of its fills before rounding; `fee` is what was charged, rounded up. */
  exactFee: Decimal;
  fee: Decimal;
  /** The initial margin its fills moved to the position (an opening order's). */
  margin: Decimal;
  /** What an opening order froze: its fills take their margin and fees from it, never more. */
  frozen: Decimal;
  realizedPnl: Decimal;
  /**
   * The fee rates it pays, fixed when it was accepted (decision 0050); undefined for an order stored before orders
   * carried them, which pays the perpetual's rates of the moment.
   */
  makerRate: Decimal | undefined;
  takerRate: Decimal | undefined;
  /** Take profit and stop loss an opening order gives its position. */
  takeProfit: string | null;
  stopLoss: string | null;
  status: string;
};

/** A user's position on one side as the book holds it: the formula package's position and its margin. */
export type PositionState = {
  side: Side;
  size: Decimal;
  entryPrice: Decimal;
  id: bigint;
  userId: number;
  margin: Decimal;
  leverage: number;
  marginMode: MarginMode;
  realizedPnl: Decimal;
  takeProfit: string | null;
  stopLoss: string | null;
};

/** What one fill did to one side of a trade. */
export type FillSide = {
  order: LiveOrder;
  position: PositionState;
  role: 'maker' | 'taker';
  fee: Decimal;
  /** Initial margin moved from the order's reservation to the position's (opening). */
  margin: Decimal;
  /** Margin the position gives back (closing). */
  released: Decimal;
  /** Realised pnl, rounded against the trader (closing). */
  pnl: Decimal;
  /** Whole units of what that rounding kept, moved from the clearing account to the rounding account. */
  rounding: Decimal;
};

export type FuturesFill = {
  reference: string;
  book: FuturesBook;
  taker: LiveOrder;
  /** Null in a demo book: the other side is the real book's depth, settled against the demo clearing account. */
  maker: LiveOrder | null;
  price: Decimal;
  size: Decimal;
  takerSide: 'buy' | 'sell';
  sides: FillSide[];
  at: Date;
};

/** The ledger accounts a settlement pays between. */
export type SettlementAccounts = {
  /** A user's futures account. */
  of: (userId: number) => number;
  fees: number;
  clearing: number;
  rounding: number;
  /** Takes the clearance fee of a liquidation and pays what a liquidation's fills lose beyond it. */
  insurance: number;
  /** The margin asset (USDT) and its places in the ledger. */
  asset: string;
  places: number;
};

/**
 * What a liquidation leaves between its user and the insurance fund once its fills are settled: the user bears
 * the loss of a takeover at the bankruptcy price; `amount` is that loss plus the fills' realised pnl, paid by the
 * user to the fund when positive (the clearance fee) and by the fund to the user when negative (its cover).
 */
export type Clearance = { userId: number; reference: string; amount: Decimal };

/** A touched order as its row stores it. */
export type FuturesOrderUpdate = {
  id: bigint;
  size: string;
  filledSize: string;
  filledTotal: string;
  fee: string;
  realizedPnl: string;
  status: string;
  epoch: bigint;
};

export type FuturesPositionUpdate = {
  id: bigint;
  size: string;
  entryPrice: string;
  margin: string;
  leverage: number;
  marginMode: MarginMode;
  realizedPnl: string;
  takeProfit: string | null;
  stopLoss: string | null;
  epoch: bigint;
};

/** What a perpetual's rounding kept after a settlement, as its row stores it. */
export type FuturesRoundingUpdate = { symbol: string; kept: string; epoch: bigint };

/**
 * What matching one batch did on the futures books, before it is written: each fill with what it did to both
 * sides, each touched order and position, the orders that ended, and the books whose depth changed. `moves`
 * turns it into the ledger's journal entries and reservation changes (docs/decisions/0046-futures.md).
 */
export class FuturesSettlement {
  readonly fills: FuturesFill[] = [];
  readonly touched = new Map<number, { live: LiveOrder; book: FuturesBook }>();
  readonly ended = new Set<LiveOrder>();
  readonly depthChanged = new Set<FuturesBook>();
  /** Orders the liquidation engine placed in this settlement, stored with it. */
  readonly inserted: Array<FuturesOrderRow & { epoch: bigint }> = [];
  /** Between a liquidated user and the insurance fund: the clearance fee (positive) or the fund's cover. */
  readonly clearances: Clearance[] = [];

  get empty(): boolean {
    return this.touched.size === 0;
  }

  touch(live: LiveOrder, book: FuturesBook) {
    this.touched.set(live.id, { live, book });
  }

  trade(
    book: FuturesBook,
    taker: LiveOrder,
    maker: LiveOrder,
    price: Decimal,
    size: Decimal,
    takerSide: 'buy' | 'sell',
  ): FuturesFill {
    const fill: FuturesFill = {
      reference: `futures:${taker.id}:${maker.id}`,
      book,
      taker,
      maker,
      price,
      size,
      takerSide,
      sides: [],
      at: new Date(),
    };
    this.fills.push(fill);
    this.touch(taker, book);
    this.touch(maker, book);
    return fill;
  }

  /**
   * A demo order's fill against the real book's depth (decision 0055): one side only, the order's, whose fee,
   * pnl and margins settle against the demo book's accounts as any fill's do. Named by the order and what it had
   * filled before, so that no two fills of it share a reference.
   */
  demoFill(book: FuturesBook, order: LiveOrder, price: Decimal, size: Decimal): FuturesFill {
    const fill: FuturesFill = {
      reference: `futures:${order.id}:demo:${formatDecimal(order.filledSize)}`,
      book,
      taker: order,
      maker: null,
      price,
      size,
      takerSide: order.side,
      sides: [],
      at: new Date(),
    };
    this.fills.push(fill);
    this.touch(order, book);
    return fill;
  }

  /** The books the batch touched. */
  get books(): Set<FuturesBook> {
    return new Set([...[...this.touched.values()].map(({ book }) => book), ...this.depthChanged]);
  }

  /** The touched orders as their rows store them. */
  orderUpdates(): FuturesOrderUpdate[] {
    return [...this.touched.values()].map(({ live, book }) => ({
      id: BigInt(live.id),
      size: formatDecimal(live.size),
      filledSize: formatDecimal(live.filledSize),
      filledTotal: formatDecimal(live.filledTotal),
      fee: formatDecimal(live.fee),
      realizedPnl: formatDecimal(live.realizedPnl),
      status: live.status,
      epoch: book.epoch,
    }));
  }

  /** The positions the batch's fills changed, as their rows store them. */
  positionUpdates(): FuturesPositionUpdate[] {
    const positions = new Map<bigint, { position: PositionState; epoch: bigint }>();
    for (const fill of this.fills) {
      for (const side of fill.sides)
        positions.set(side.position.id, { position: side.position, epoch: fill.book.epoch });
    }
    return [...positions.values()].map(({ position, epoch }) => ({
      id: position.id,
      size: formatDecimal(position.size),
      entryPrice: formatDecimal(position.entryPrice),
      margin: formatDecimal(position.margin),
      leverage: position.leverage,
      marginMode: position.marginMode,
      realizedPnl: formatDecimal(position.realizedPnl),
      takeProfit: position.takeProfit,
      stopLoss: position.stopLoss,
      epoch,
    }));
  }

  /** What rounding kept in each book where the batch closed positions, to be stored with the settlement. */
  roundingUpdates(): FuturesRoundingUpdate[] {
    const books = new Set<FuturesBook>();
    for (const fill of this.fills) {
      if (fill.sides.some((side) => side.order.closing)) books.add(fill.book);
    }
    return [...books].map((book) => ({
      symbol: book.symbol,
      kept: formatDecimal(book.roundingKept),
      epoch: book.epoch,
    }));
  }

  /**
   * The ledger's side of the batch: one journal transaction of kind 'trade' per fill (fees to `fees`, realised
   * pnl against `futures_clearing`, whole units its rounding kept from there to `rounding`), and per reservation what the fills add to and take from it: an opening
   * fill takes its margin and fee from the order's reservation and adds the margin to the position's; a closing
   * fill takes the closed part of the position's margin, which goes back to the balance. Ended orders close
   * their reservations, giving back what is left.
   */
  moves(accounts: SettlementAccounts): { entries: MoveEntry[]; holds: HoldChange[] } {
    const units = (value: Decimal) => unitsAt(value, accounts.places, 'down') as Units;
    const holds = new Map<string, HoldChange>();
    const hold = (purpose: string, reference: string, userId: number) => {
      const key = `${purpose}:${reference}`;
      let change = holds.get(key);
      if (!change) {
        change = {
          purpose,
          reference,
          accountId: accounts.of(userId),
          asset: accounts.asset,
          actor: `user:${userId}` as LedgerActor,
          add: 0n as Units,
          take: 0n as Units,
          close: false,
        };
        holds.set(key, change);
      }
      return change;
    };
    const entries: MoveEntry[] = [];
    for (const fill of this.fills) {
      const postings: MovePosting[] = [];
      const post = (accountId: number, amount: Units) => {
        if (amount !== 0n) postings.push({ accountId, asset: accounts.asset, units: amount });
      };
      for (const side of fill.sides) {
        const { order } = side;
        const account = accounts.of(order.userId);
        const fee = units(side.fee);
        const pnl = units(side.pnl);
        post(account, -fee as Units);
        post(accounts.fees, fee);
        post(account, pnl);
        post(accounts.clearing, -pnl as Units);
        const rounding = units(side.rounding);
        post(accounts.clearing, -rounding as Units);
        post(accounts.rounding, rounding);
        const position = hold(POSITION_RESERVATION, String(side.position.id), order.userId);
        if (order.closing) {
          position.take = (position.take + units(side.released)) as Units;
          continue;
        }
        const margin = units(side.margin);
        const reservation = hold(ORDER_RESERVATION, String(order.id), order.userId);
        reservation.take = (reservation.take + margin + fee) as Units;
        reservation.entry = fill.reference;
        // A negative margin: the position pays the part of the fee its order's reservation cannot.
        if (margin >= 0n) position.add = (position.add + margin) as Units;
        else position.take = (position.take - margin) as Units;
      }
      entries.push({
        kind: 'trade',
        reference: fill.reference,
        actor: `user:${fill.taker.userId}`,
        postings,
      });
    }
    for (const clearance of this.clearances) {
      const amount = units(clearance.amount);
      if (amount === 0n) continue;
      entries.push({
        kind: 'liquidation',
        reference: clearance.reference,
        actor: 'system',
        postings: [
          { accountId: accounts.of(clearance.userId), asset: accounts.asset, units: -amount as Units },
          { accountId: accounts.insurance, asset: accounts.asset, units: amount },
        ],
      });
    }
    for (const order of this.ended) {
      if (!order.closing) hold(ORDER_RESERVATION, String(order.id), order.userId).close = true;
    }
    return {
      entries,
      holds: [...holds.values()].filter((change) => change.add > 0n || change.take > 0n || change.close),
    };
  }
}
