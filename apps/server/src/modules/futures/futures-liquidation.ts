import type { PositionSide } from '@kestrel/contract';
import { crossLiquidationPrices, LiquidationIndex, unrealizedPnl } from '@kestrel/futures';
import {
  addDecimals,
  compareDecimals,
  type Decimal,
  decimalOf,
  divideDecimals,
  multiplyDecimals,
  subtractDecimals,
  toScale,
  toStep,
} from '@kestrel/money';
import type { FastifyBaseLogger } from 'fastify';
import type { LedgerService } from '../ledger';
import type { FuturesOrderRow, FuturesPositionRow } from './futures.schema';
import type { FuturesBook } from './futures-book';
import type { FuturesMarketConfig } from './futures-markets';
import type { FuturesOrdersRepository } from './futures-orders.repository';
import { type FuturesRisk, MARGIN_ASSET, type RiskAccount } from './futures-risk';
import type { FuturesSequencer } from './futures-sequencer';
import type { Clearance, FuturesSettlement, PositionState } from './futures-settlement';
import { plain } from './futures-views';

/**
 * How far through the mark a liquidation order may fill when the insurance fund could cover more: 5 %, the
 * protection of a market order.
 */
const PROTECTION = decimalOf('0.05');
const ZERO = decimalOf('0');
const RANK_PLACES = 12;
/**
 * Takeovers settled together: a settlement is one transaction whose statements stay within PostgreSQL's 65,535
 * parameters, and the orders queued behind it wait for one part, not for every position a move reached.
 */
const TAKEOVERS_PER_SETTLEMENT = 500;

/**
 * What the index files: an isolated position by its side (`<user>:long`), a cross account of the market by the
 * direction that liquidates it (`<user>:falling`, `<user>:rising`).
 */
type WatchKind = PositionSide | 'falling' | 'rising';
export type Watch = `${number}:${WatchKind}`;

const userOf = (watch: Watch) => Number(watch.slice(0, watch.indexOf(':')));

/**
 * The liquidation engine of the perpetuals this node owns (issue 18, docs/decisions/0046-futures.md). Each book's
 * positions are filed in a `LiquidationIndex` by liquidation price, again whenever a fill, funding or a margin
 * change moves it, so that a new mark price finds the positions it reaches in one search. Each one reached is
 * checked again with fresh figures and taken over between the sequencer's batches: the user's orders on the
 * market are cancelled; the user bears the loss of closing at the bankruptcy price; an IOC order closes the
 * position in the book, as far through the bankruptcy price as the insurance fund can cover; what it cannot fill
 * is closed against the most profitable opposite positions at the bankruptcy price (auto-deleveraging). What the
 * fills gain over the bankruptcy price is the clearance fee, paid to the insurance fund.
 */
export class FuturesLiquidation {
  private readonly indexes = new Map<FuturesBook, LiquidationIndex<Watch>>();

  constructor(
    private readonly repository: Pick<FuturesOrdersRepository, 'takeIds'>,
    private readonly ledger: Pick<LedgerService, 'systemBalance'>,
    private readonly risk: FuturesRisk,
    private readonly markets: { market(symbol: string): FuturesMarketConfig | undefined },
    private readonly sequencer: Pick<FuturesSequencer, 'takeOver'>,
    /** A perpetual's mark price, as the owner last published it. */
    private readonly markOf: (symbol: string) => Decimal | undefined,
    private readonly log?: FastifyBaseLogger,
    /** Takeovers settled together (TAKEOVERS_PER_SETTLEMENT unless a test asks for fewer). */
    private readonly perSettlement = TAKEOVERS_PER_SETTLEMENT,
  ) {}

  /** Files every open position of a book this node now owns. */
  async watch(book: FuturesBook): Promise<void> {
    this.indexes.set(book, new LiquidationIndex(book.market.tickSize.scale));
    await this.refile(book, this.holders(book));
  }

  forget(book: FuturesBook) {
    this.indexes.delete(book);
  }

  /** The users holding a position in the book. */
  holders(book: FuturesBook): Set<number> {
    return new Set(
      book
        .allPositions()
        .filter((position) => position.size.units > 0n)
        .map((position) => position.userId),
    );
  }

  /** Files the positions these users hold in the book again, at their liquidation prices from fresh figures. */
  async refile(book: FuturesBook, userIds: Iterable<number>): Promise<void> {
    const index = this.indexes.get(book);
    if (!index) return;
    const accounts = await this.risk.accounts(userIds);
    for (const [userId, { rows, wallet }] of accounts) {
      const here = rows.filter((row) => row.symbol === book.symbol);
      for (const side of ['long', 'short'] as const) {
        const row = here.find((item) => item.side === side && item.marginMode === 'isolated');
        index.set(`${userId}:${side}`, side, row ? this.risk.liquidationOf(row, rows, wallet) : null);
      }
      const cross = here.some((row) => row.marginMode === 'cross');
      const prices = cross
        ? crossLiquidationPrices(
            this.risk.crossAccount({ symbol: book.symbol }, rows, wallet),
            this.bracketsOf(book),
            book.market.tickSize,
          )
        : { whenFalling: null, whenRising: null };
      index.set(`${userId}:falling`, 'long', prices.whenFalling);
      index.set(`${userId}:rising`, 'short', prices.whenRising);
    }
  }

  private bracketsOf(book: FuturesBook) {
    return this.markets.market(book.symbol)?.brackets ?? [];
  }

  /** On a new mark price: every position it reaches is taken over, all of them in one settlement. */
  reached(book: FuturesBook, markPrice: Decimal) {
    const watches = this.take(book, markPrice);
    if (watches.length > 0) void this.liquidate(book, watches);
  }

  /** Takes off the book's index what `markPrice` reaches: the watches to liquidate. */
  take(book: FuturesBook, markPrice: Decimal): Watch[] {
    return this.indexes.get(book)?.takeReached(markPrice) ?? [];
  }

  /**
   * Cancels the users' orders on the market, then takes their positions over; each step between batches and in
   * one settlement for up to TAKEOVERS_PER_SETTLEMENT positions, each position when the mark still reaches its
   * liquidation price by fresh figures (so the second step sees what the first released).
   *
   * The insurance fund's balance is the sum of its postings (system accounts carry no balance row), so it is read
   * once a run, by its first takeover, and carried forward by each settled part's clearances; a part whose
   * settlement fails changes nothing of it.
   */
  async liquidate(book: FuturesBook, watches: readonly Watch[]): Promise<void> {
    const touched = new Set<number>(watches.map(userOf));
    let fund: Decimal | undefined;
    for (let start = 0; start < watches.length && !book.retired; start += this.perSettlement) {
      const part = watches.slice(start, start + this.perSettlement);
      try {
        await this.sequencer.takeOver(book, async (settlement) => {
          await this.takeOver(book, part, settlement, touched, 'cancel', fund);
        });
        let after = fund;
        await this.sequencer.takeOver(book, async (settlement) => {
          after = await this.takeOver(book, part, settlement, touched, 'close', fund);
        });
        fund = after;
      } catch (error) {
        this.log?.error({ err: error, symbol: book.symbol }, 'futures liquidations could not be settled');
      }
    }
    if (!book.retired) await this.refile(book, touched).catch(() => undefined);
  }

  /**
   * For each watch the mark still reaches by fresh figures: cancels the user's orders on the market and, at the
   * `close` step, takes the position over. A user is taken over once a settlement, and not after being
   * deleveraged in it (their figures were read before): the next mark finds them again. Adds the users it
   * touched to `touched`. At the `close` step, takes the insurance fund's balance as `known` (read from the ledger
   * when the run has not yet) and answers it as the settlement leaves it.
   */
  private async takeOver(
    book: FuturesBook,
    watches: readonly Watch[],
    settlement: FuturesSettlement,
    touched: Set<number>,
    step: 'cancel' | 'close',
    known: Decimal | undefined,
  ): Promise<Decimal | undefined> {
    const markPrice = this.markOf(book.symbol);
    if (!markPrice || book.retired) return known;
    const accounts = await this.risk.accounts(watches.map(userOf));
    let fund =
      step === 'close'
        ? (known ??
          decimalOf(await this.ledger.systemBalance('insurance_fund', MARGIN_ASSET, book.ledgerBook)))
        : ZERO;
    const moved = new Set<number>();
    const run = new TakeoverRun(this.repository, book, markPrice);
    for (const watch of watches) {
      const userId = userOf(watch);
      const account = accounts.get(userId);
      if (!account || moved.has(userId)) continue;
      const kind = watch.slice(watch.indexOf(':') + 1) as WatchKind;
      const target = this.reachedPosition(book, kind, account, markPrice);
      const position = target && book.position(userId, target.side);
      if (!target || !position || position.size.units <= 0n) continue;
      moved.add(userId);
      for (const orderId of book.liveOrdersOf(userId)) book.cancel(orderId, settlement);
      if (step === 'cancel') continue;
      const outcome = await this.close(run, position, target.row, account, fund, settlement);
      // The fund's cover of one takeover is not there for the next; its clearance fee is.
      fund = addDecimals(fund, outcome.clearance.amount);
      for (const userId of outcome.counterparties) {
        touched.add(userId);
        moved.add(userId);
      }
    }
    return step === 'close' ? fund : known;
  }

  /**
   * Takes one position over: the user bears the loss of closing at the bankruptcy price; an IOC order closes it
   * in the book through that price as far as the fund covers; the rest is deleveraged; the user and the fund
   * settle the difference (the clearance).
   */
  private async close(
    run: TakeoverRun,
    position: PositionState,
    row: FuturesPositionRow,
    account: RiskAccount,
    fund: Decimal,
    settlement: FuturesSettlement,
  ): Promise<{ clearance: Clearance; counterparties: number[] }> {
    const { book, markPrice } = run;
    const { userId } = position;
    const places = book.quotePlaces;
    const { margin, size: held } = position;
    const loss =
      position.marginMode === 'isolated'
        ? margin
        : this.crossLoss(row, account, markPrice, { margin, places });
    const bankruptcy = bankruptcyPriceOf(position, loss, book.market.tickSize);
    const limit = limitPriceOf(position, bankruptcy, fund, markPrice, book.market.tickSize);
    const order = closeOrderRow(book, position, await run.id(), 'liquidation', limit, held);
    settlement.inserted.push(order);
    const liquidation = book.place(order, settlement);

    const counterparties: number[] = [];
    let left = subtractDecimals(held, liquidation.filledSize);
    if (book.ledgerBook === 'demo') {
      // A demo book deleverages no one: what the real depth could not take closes against the demo market.
      book.closeAgainstMarket(liquidation, bankruptcy, left, settlement);
      left = ZERO;
    }
    const opposite: PositionSide = position.side === 'long' ? 'short' : 'long';
    const others = run.ranking(opposite).filter((item) => item.userId !== userId);
    // The user's own opposite position last.
    const own = book.position(userId, opposite);
    for (const counterparty of own ? [...others, own] : others) {
      if (left.units <= 0n) break;
      if (counterparty.size.units <= 0n) continue;
      const size = compareDecimals(counterparty.size, left) < 0 ? counterparty.size : left;
      for (const orderId of book.liveOrdersOf(counterparty.userId, counterparty.side))
        book.cancel(orderId, settlement);
      const adl = closeOrderRow(book, counterparty, await run.id(), 'adl', bankruptcy, size);
      settlement.inserted.push(adl);
      book.deleverage(liquidation, adl, bankruptcy, size, settlement);
      counterparties.push(counterparty.userId);
      left = subtractDecimals(left, size);
    }
    if (left.units > 0n)
      this.log?.error(
        { symbol: book.symbol, userId, left: plain(left) },
        'a liquidation found no one to close',
      );
    const clearance: Clearance = {
      userId,
      reference: `liquidation:${order.id}`,
      amount: addDecimals(toScale(loss, places, 'up'), liquidation.realizedPnl),
    };
    settlement.clearances.push(clearance);
    this.log?.warn(
      {
        symbol: book.symbol,
        userId,
        side: position.side,
        size: plain(held),
        markPrice: plain(markPrice),
        bankruptcyPrice: plain(bankruptcy),
        filled: plain(liquidation.filledSize),
      },
      'futures position liquidated',
    );
    return { clearance, counterparties };
  }

  /** The position a watch names when the mark reaches its liquidation price by fresh figures. */
  private reachedPosition(
    book: FuturesBook,
    kind: WatchKind,
    { rows, wallet }: RiskAccount,
    markPrice: Decimal,
  ): { side: PositionSide; row: FuturesPositionRow } | undefined {
    const here = rows.filter((row) => row.symbol === book.symbol);
    if (kind === 'long' || kind === 'short') {
      const row = here.find((item) => item.side === kind && item.marginMode === 'isolated');
      const price = row && this.risk.liquidationOf(row, rows, wallet);
      if (!row || !price) return undefined;
      const reached = compareDecimals(markPrice, price) * (kind === 'long' ? 1 : -1) <= 0;
      return reached ? { side: kind, row } : undefined;
    }
    const cross = here.filter((row) => row.marginMode === 'cross');
    if (cross.length === 0) return undefined;
    const prices = crossLiquidationPrices(
      this.risk.crossAccount({ symbol: book.symbol }, rows, wallet),
      this.bracketsOf(book),
      book.market.tickSize,
    );
    const falling = kind === 'falling';
    const price = falling ? prices.whenFalling : prices.whenRising;
    if (!price || compareDecimals(markPrice, price) * (falling ? 1 : -1) > 0) return undefined;
    // A fall liquidates the long, a rise the short; the other when it is the only one.
    const row =
      cross.find((item) => item.side === (falling ? 'long' : 'short')) ?? (cross[0] as FuturesPositionRow);
    return { side: row.side as PositionSide, row };
  }

  /**
   * What a cross position's takeover costs its user: the account's equity without it (the wallet and every other
   * cross position's unrealised pnl at its mark), so that the account is left at zero, never below nothing and
   * never beyond what the account can pay now (its available balance and the position's margin).
   */
  private crossLoss(
    position: FuturesPositionRow,
    { rows, wallet, available }: RiskAccount,
    markPrice: Decimal,
    { margin, places }: { margin: Decimal; places: number },
  ): Decimal {
    let equity = addDecimals(wallet, this.risk.crossAccount(position, rows, wallet).otherUnrealizedPnl);
    for (const row of rows) {
      if (row.symbol !== position.symbol || row.marginMode !== 'cross' || row.side === position.side)
        continue;
      equity = addDecimals(
        equity,
        unrealizedPnl(row.side as PositionSide, decimalOf(row.size), decimalOf(row.entryPrice), markPrice),
      );
    }
    const most = addDecimals(available, margin);
    const loss = toScale(equity, places, 'up');
    if (loss.units <= 0n) return ZERO;
    return compareDecimals(loss, most) > 0 ? most : loss;
  }
}

/** Order ids a settlement's takeovers take from the sequence at a time. */
const ID_BLOCK = 256;

/**
 * What one settlement's takeovers share: order ids from the sequence in blocks (the unused ones are gaps, as a
 * sequence has), and each side's ranking for auto-deleveraging, computed once (closing part of a position keeps
 * its pnl percent, so the order holds).
 */
class TakeoverRun {
  private ids: bigint[] = [];
  private readonly rankings = new Map<PositionSide, PositionState[]>();

  constructor(
    private readonly repository: Pick<FuturesOrdersRepository, 'takeIds'>,
    readonly book: FuturesBook,
    readonly markPrice: Decimal,
  ) {}

  async id(): Promise<bigint> {
    if (this.ids.length === 0) this.ids = await this.repository.takeIds(ID_BLOCK);
    return this.ids.shift() as bigint;
  }

  /**
   * The positions of a side auto-deleveraging closes first (Binance's ranking): the profitable ones by pnl
   * percent times leverage, highest first, then the others by pnl percent over leverage.
   */
  ranking(side: PositionSide): PositionState[] {
    let ranked = this.rankings.get(side);
    if (!ranked) {
      ranked = this.book
        .allPositions()
        .filter((item) => item.side === side && item.size.units > 0n)
        .map((item) => ({ item, score: rankOf(item, this.markPrice) }))
        .sort((a, b) => compareDecimals(b.score, a.score))
        .map(({ item }) => item);
      this.rankings.set(side, ranked);
    }
    return ranked;
  }
}

/** A position's auto-deleveraging score: pnl percent times leverage when in profit, over leverage otherwise. */
function rankOf(position: PositionState, markPrice: Decimal): Decimal {
  const pnl = unrealizedPnl(position.side, position.size, position.entryPrice, markPrice);
  const percent =
    position.margin.units > 0n ? divideDecimals(pnl, position.margin, RANK_PLACES, 'down') : pnl;
  const leverage = decimalOf(String(position.leverage));
  return percent.units > 0n
    ? multiplyDecimals(percent, leverage)
    : divideDecimals(percent, leverage, RANK_PLACES, 'down');
}

/**
 * The price at which a position's user loses `loss`: the entry price less (a long) or plus (a short) the loss
 * per unit of size, on the tick, at least one tick.
 */
export function bankruptcyPriceOf(position: PositionState, loss: Decimal, tick: Decimal): Decimal {
  const perUnit = divideDecimals(loss, position.size, tick.scale + 8, 'up');
  const price =
    position.side === 'long'
      ? toStep(subtractDecimals(position.entryPrice, perUnit), tick, 'up')
      : toStep(addDecimals(position.entryPrice, perUnit), tick, 'down');
  return price.units > 0n ? price : tick;
}

/**
 * The liquidation order's limit: through the bankruptcy price by what the insurance fund can cover per unit of
 * size, and no further through the mark than a market order's protection unless the bankruptcy price itself is
 * (a mark that gapped past it). On the tick, rounded so that the fund's cover stays within the fund.
 */
export function limitPriceOf(
  position: PositionState,
  bankruptcy: Decimal,
  fund: Decimal,
  markPrice: Decimal,
  tick: Decimal,
): Decimal {
  const cover = fund.units > 0n ? divideDecimals(fund, position.size, tick.scale + 8, 'down') : ZERO;
  const shift = multiplyDecimals(markPrice, PROTECTION);
  if (position.side === 'long') {
    const protection = subtractDecimals(markPrice, shift);
    const floor = compareDecimals(protection, bankruptcy) < 0 ? protection : bankruptcy;
    const wanted = subtractDecimals(bankruptcy, cover);
    const price = toStep(compareDecimals(wanted, floor) > 0 ? wanted : floor, tick, 'up');
    return price.units > 0n ? price : tick;
  }
  const protection = addDecimals(markPrice, shift);
  const ceiling = compareDecimals(protection, bankruptcy) > 0 ? protection : bankruptcy;
  const wanted = addDecimals(bankruptcy, cover);
  return toStep(compareDecimals(wanted, ceiling) < 0 ? wanted : ceiling, tick, 'down');
}

/**
 * A reduce-only IOC order closing `size` of a position at `price`: the liquidation engine's, or a demo account's
 * as it is wound down (origin `user`).
 */
export function closeOrderRow(
  book: FuturesBook,
  position: PositionState,
  id: bigint,
  origin: 'liquidation' | 'adl' | 'user',
  price: Decimal,
  size: Decimal,
): FuturesOrderRow & { epoch: bigint } {
  const long = position.side === 'long';
  const now = new Date();
  return {
    id,
    userId: position.userId,
    symbol: book.symbol,
    action: long ? 'closeLong' : 'closeShort',
    side: long ? 'sell' : 'buy',
    type: 'limit',
    timeInForce: 'IOC',
    postOnly: false,
    price: plain(price),
    size: plain(size),
    filledSize: '0',
    filledTotal: '0',
    leverage: position.leverage,
    marginMode: position.marginMode,
    frozenAmount: '0',
    takeProfit: null,
    stopLoss: null,
    realizedPnl: '0',
    fee: '0',
    // The liquidation engine pays no trading fee (its clearance fee instead), so it carries no rates.
    makerFeeRate: null,
    takerFeeRate: null,
    status: 'new',
    origin,
    reference: null,
    book: book.ledgerBook,
    epoch: book.epoch,
    createdAt: now,
    updatedAt: now,
  };
}
