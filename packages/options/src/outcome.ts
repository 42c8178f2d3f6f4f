/*
 * The published rule of an up/down order, a pure function of the two recorded ticks it used:
 * - the open price is the first tick recorded strictly after the order was accepted, the close price the last tick
 *   at or before its round's close;
 * - up wins if close > open, down wins if close < open, equal prices return the stake;
 * - the round is void, every stake returned, when its close finds no tick within the staleness window, and an
 *   order is void when no tick came between its acceptance and the close.
 * A win pays stake × (1 + payout rate), rounded down to the asset's places; what rounding leaves goes to the
 * rounding account, so the pool pays exactly stake × (1 + rate).
 */
import {
  addDecimals,
  compareDecimals,
  type Decimal,
  multiplyDecimals,
  subtractDecimals,
  toScale,
} from '@kestrel/money';

export type OptionDirection = 'up' | 'down';
export type OptionOutcome = 'win' | 'loss' | 'tie' | 'void';
export type OptionRule = 'upWins' | 'downWins' | 'equalReturned' | 'voidStale' | 'voidNoOpenTick';

/** A recorded tick as the rule sees it. */
export type Tick = { readonly price: Decimal; readonly time: Date };

export type Decision = { readonly outcome: OptionOutcome; readonly rule: OptionRule };

/**
 * Decides one order. `closeTick` is the last tick at or before `closeTime` (null if none was ever recorded);
 * `openTick` the first strictly after acceptance (null if none). A close tick older than `staleSeconds` before
 * the close voids the round.
 */
export function decide(
  direction: OptionDirection,
  openTick: Tick | null,
  closeTick: Tick | null,
  closeTime: Date,
  staleSeconds: number,
): Decision {
  if (closeTick === null || closeTime.getTime() - closeTick.time.getTime() > staleSeconds * 1000) {
    return { outcome: 'void', rule: 'voidStale' };
  }
  if (openTick === null || openTick.time.getTime() > closeTime.getTime()) {
    return { outcome: 'void', rule: 'voidNoOpenTick' };
  }
  const move = compareDecimals(closeTick.price, openTick.price);
  if (move === 0) return { outcome: 'tie', rule: 'equalReturned' };
  const rule = move > 0 ? 'upWins' : 'downWins';
  const won = move > 0 === (direction === 'up');
  return { outcome: won ? 'win' : 'loss', rule };
}

export type Settlement = {
  /** Paid back to the user: stake × (1 + rate) rounded down on a win, the stake on a tie or void, 0 on a loss. */
  readonly payout: Decimal;
  /** Payout minus stake: stake × rate (rounded down) on a win, −stake on a loss, 0 otherwise. */
  readonly profit: Decimal;
  /** What rounding the payout down left, for the rounding account; 0 unless a win's payout had more places. */
  readonly rounding: Decimal;
};

/** What an order of `stake` (of at most `places` decimals) at `payoutRate` pays on `outcome`, in an asset of `places` decimals. */
export function settlementOf(
  stake: Decimal,
  payoutRate: Decimal,
  outcome: OptionOutcome,
  places: number,
): Settlement {
  const zero = toScale({ units: 0n, scale: 0 }, places, 'down');
  const staked = toScale(stake, places, 'down');
  if (outcome === 'loss') return { payout: zero, profit: subtractDecimals(zero, staked), rounding: zero };
  if (outcome === 'tie' || outcome === 'void') return { payout: staked, profit: zero, rounding: zero };
  const exact = addDecimals(staked, multiplyDecimals(staked, payoutRate));
  const payout = toScale(exact, places, 'down');
  return { payout, profit: subtractDecimals(payout, staked), rounding: subtractDecimals(exact, payout) };
}

/** The expected profit the buy screen shows: stake × rate, rounded down as a win would pay it. */
export function expectedProfit(stake: Decimal, payoutRate: Decimal, places: number): Decimal {
  return settlementOf(stake, payoutRate, 'win', places).profit;
}
