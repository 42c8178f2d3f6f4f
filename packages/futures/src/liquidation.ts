/*
 * Liquidation and bankruptcy prices in hedge mode (a long and a short per market). Binance USDⓈ-M, "How to
 * Calculate Liquidation Price of USDⓈ-M Futures Contracts" (https://www.binance.com/en/support/faq/b3c689c1f50a44cabb3a84e663b81d93),
 * hedge-mode terms of the cross formula:
 *   LP = (WB − TMM1 + UPNL1 + cumL + cumS − Position_LONG × EP_LONG + Position_SHORT × EP_SHORT)
 *        / (Position_LONG × MMR_L + Position_SHORT × MMR_S − Position_LONG + Position_SHORT)
 * WB is the futures account's wallet balance, TMM1 and UPNL1 the maintenance margin and unrealised pnl of every
 * other market's positions. In isolated mode WB is the position's isolated margin and TMM1 = UPNL1 = 0, one side.
 * MMR and cum are those of the bracket of the notional AT the liquidation price (Binance: "substitute the
 * maintenance margin rate and amount of the position level ... to recalculate"): every bracket is tried and the
 * root that lies in its own bracket is kept, compared exactly by cross-multiplication.
 * Rounding is against the trader: a price reached by a fall is rounded up to the tick, one reached by a rise down.
 */
import { compareDecimals, type Decimal } from '@kestrel/money';
import { type Bracket, maintenanceMargin } from './brackets';
import {
  isNegative,
  isPositive,
  minus,
  negate,
  plus,
  type Side,
  sumOf,
  times,
  toGrid,
  ZERO,
} from './figures';

/** A position's size (positive) and average entry price. */
export type HeldPosition = { readonly size: Decimal; readonly entryPrice: Decimal };

/** The futures account around one market, for its cross liquidation price. */
export type CrossAccount = {
  /**
   * WB: the futures account's cross wallet balance (deposits, realised pnl, funding and fees, less the margin of
   * isolated positions; no unrealised pnl).
   */
  readonly walletBalance: Decimal;
  /** TMM1: maintenance margin of the positions in every other market. */
  readonly otherMaintenanceMargin: Decimal;
  /** UPNL1: unrealised pnl of the positions in every other market. */
  readonly otherUnrealizedPnl: Decimal;
  readonly long: HeldPosition | null;
  readonly short: HeldPosition | null;
};

/** A position with margin of its own. */
export type IsolatedPosition = HeldPosition & { readonly side: Side; readonly isolatedMargin: Decimal };

/** Where a cross account is liquidated: on a fall to `whenFalling`, on a rise to `whenRising`; null when never. */
export type CrossLiquidation = { readonly whenFalling: Decimal | null; readonly whenRising: Decimal | null };

/** A root `numerator / denominator` of the liquidation equation, with the bracket each side was solved in. */
type Root = {
  readonly numerator: Decimal;
  readonly denominator: Decimal;
  readonly long: Bracket | null;
  readonly short: Bracket | null;
};

/** A liquidation price with the bracket of each side (null for a side without a position) it was solved in. */
export type LiquidationRoot = {
  readonly price: Decimal;
  readonly long: Bracket | null;
  readonly short: Bracket | null;
};

/** Where a cross account is liquidated, with the brackets behind each price; null on a side never reached. */
export type CrossLiquidationRoots = {
  readonly whenFalling: LiquidationRoot | null;
  readonly whenRising: LiquidationRoot | null;
};

/** `quantity × numerator / denominator` within [floor, cap] of `bracket` (no cap for the last one). */
function inBracket(quantity: Decimal, root: Root, bracket: Bracket, last: boolean): boolean {
  const negative = isNegative(root.denominator);
  const scaled = times(quantity, negative ? negate(root.numerator) : root.numerator);
  const magnitude = negative ? negate(root.denominator) : root.denominator;
  if (compareDecimals(scaled, times(bracket.notionalFloor, magnitude)) < 0) return false;
  return last || compareDecimals(scaled, times(bracket.notionalCap, magnitude)) <= 0;
}

/** Every price at which the account's margin balance equals its maintenance margin, bracket by bracket. */
function rootsOf(account: CrossAccount, brackets: readonly Bracket[]): Root[] {
  const base = plus(minus(account.walletBalance, account.otherMaintenanceMargin), account.otherUnrealizedPnl);
  const choices = (held: HeldPosition | null) => (held && isPositive(held.size) ? brackets : [null]);
  const roots: Root[] = [];
  choices(account.long).forEach((longBracket, longIndex) => {
    choices(account.short).forEach((shortBracket, shortIndex) => {
      const { long, short } = account;
      const numerators = [base];
      const denominators: Decimal[] = [];
      if (longBracket && long) {
        numerators.push(minus(longBracket.maintenanceAmount, times(long.size, long.entryPrice)));
        denominators.push(minus(times(long.size, longBracket.maintenanceMarginRate), long.size));
      }
      if (shortBracket && short) {
        numerators.push(plus(shortBracket.maintenanceAmount, times(short.size, short.entryPrice)));
        denominators.push(plus(times(short.size, shortBracket.maintenanceMarginRate), short.size));
      }
      const root = {
        numerator: sumOf(numerators),
        denominator: sumOf(denominators),
        long: longBracket,
        short: shortBracket,
      };
      if (root.denominator.units === 0n || root.numerator.units === 0n) return;
      if (isNegative(root.numerator) !== isNegative(root.denominator)) return;
      const last = brackets.length - 1;
      if (longBracket && long && !inBracket(long.size, root, longBracket, longIndex === last)) return;
      if (shortBracket && short && !inBracket(short.size, root, shortBracket, shortIndex === last)) return;
      roots.push(root);
    });
  });
  return roots;
}

const positiveOrNull = (price: Decimal | null): Decimal | null => (price && isPositive(price) ? price : null);
const positiveRootOrNull = (root: LiquidationRoot | null): LiquidationRoot | null =>
  root && isPositive(root.price) ? root : null;

/**
 * `crossLiquidationPrices` with the bracket each side's price was solved in, so the price can be recomputed by hand
 * from Binance's formula.
 */
export function crossLiquidationRoots(
  account: CrossAccount,
  brackets: readonly Bracket[],
  tickSize: Decimal,
): CrossLiquidationRoots {
  let whenFalling: LiquidationRoot | null = null;
  let whenRising: LiquidationRoot | null = null;
  for (const root of rootsOf(account, brackets)) {
    const { long, short } = root;
    // margin − maintenance = numerator − price × denominator: it grows with the price when the denominator is
    // negative, so that root is crossed on a fall.
    if (isNegative(root.denominator)) {
      const price = toGrid(root.numerator, root.denominator, tickSize, 'ceiling');
      if (!whenFalling || compareDecimals(price, whenFalling.price) > 0) whenFalling = { price, long, short };
    } else {
      const price = toGrid(root.numerator, root.denominator, tickSize, 'floor');
      if (!whenRising || compareDecimals(price, whenRising.price) < 0) whenRising = { price, long, short };
    }
  }
  return { whenFalling: positiveRootOrNull(whenFalling), whenRising: positiveRootOrNull(whenRising) };
}

/**
 * The prices at which a cross account is liquidated in one market, both sides counted: the margin balance
 * (WB − TMM1 + UPNL1 + this market's pnl) equals the maintenance margin. A fall-side price is rounded up to the
 * tick, a rise-side one down; null when the account survives every price on that side.
 */
export function crossLiquidationPrices(
  account: CrossAccount,
  brackets: readonly Bracket[],
  tickSize: Decimal,
): CrossLiquidation {
  const { whenFalling, whenRising } = crossLiquidationRoots(account, brackets, tickSize);
  return { whenFalling: whenFalling?.price ?? null, whenRising: whenRising?.price ?? null };
}

/**
 * The one liquidation price Binance shows for a market in cross mode (both sides share it): the fall-side price
 * when the market's net size is long, the rise-side one when it is short or flat, else the other side's.
 */
export function crossLiquidationPrice(
  account: CrossAccount,
  brackets: readonly Bracket[],
  tickSize: Decimal,
): Decimal | null {
  const { whenFalling, whenRising } = crossLiquidationPrices(account, brackets, tickSize);
  const net = minus(account.long?.size ?? ZERO, account.short?.size ?? ZERO);
  return isPositive(net) ? (whenFalling ?? whenRising) : (whenRising ?? whenFalling);
}

/** The cross account an isolated position is: WB = its isolated margin, no other market, one side. */
export function isolatedAccount(position: IsolatedPosition): CrossAccount {
  const held = { size: position.size, entryPrice: position.entryPrice };
  return {
    walletBalance: position.isolatedMargin,
    otherMaintenanceMargin: ZERO,
    otherUnrealizedPnl: ZERO,
    long: position.side === 'long' ? held : null,
    short: position.side === 'short' ? held : null,
  };
}

/**
 * Liquidation price of an isolated position: LP = (WB + cum − side × size × EP) / (size × MMR − side × size).
 * A long's is rounded up to the tick, a short's down; null when the margin covers a fall to zero.
 */
export function isolatedLiquidationPrice(
  position: IsolatedPosition,
  brackets: readonly Bracket[],
  tickSize: Decimal,
): Decimal | null {
  const { whenFalling, whenRising } = crossLiquidationPrices(isolatedAccount(position), brackets, tickSize);
  return position.side === 'long' ? whenFalling : whenRising;
}

/**
 * Bankruptcy price of an isolated position, where margin + pnl is zero: EP ∓ margin / size. A long's is rounded
 * up to the tick, a short's down; null when a long's margin covers a fall to zero.
 */
export function bankruptcyPrice(position: IsolatedPosition, tickSize: Decimal): Decimal | null {
  // Against the trader both ways: the long's price rounds up and the short's down, so the cushion rounds down.
  const cushion = toGrid(position.isolatedMargin, position.size, tickSize, 'floor');
  const price =
    position.side === 'long' ? minus(position.entryPrice, cushion) : plus(position.entryPrice, cushion);
  return positiveOrNull(price);
}

/** Margin balance minus maintenance margin of a cross account were the mark `price`, exact: below zero liquidates. */
export function marginAboveMaintenance(
  account: CrossAccount,
  brackets: readonly Bracket[],
  price: Decimal,
): Decimal {
  let margin = plus(minus(account.walletBalance, account.otherMaintenanceMargin), account.otherUnrealizedPnl);
  if (account.long) {
    margin = plus(margin, times(account.long.size, minus(price, account.long.entryPrice)));
    margin = minus(margin, maintenanceMargin(times(account.long.size, price), brackets));
  }
  if (account.short) {
    margin = plus(margin, times(account.short.size, minus(account.short.entryPrice, price)));
    margin = minus(margin, maintenanceMargin(times(account.short.size, price), brackets));
  }
  return margin;
}
