import type { Decimal } from '@kestrel/money';

/*
 * The one formula of earn's money (docs/decisions/0049-earn.md), used by the quote, the accrual job, redemption
 * and the tests. Amounts are integer units of the asset (its precision), rates exact decimals.
 */

const DAYS_A_YEAR = 365n;
const DAY_MS = 86_400_000;

/** The interest of the first `days` days of a principal: floor(principal × rate × days / 365), in units. */
export function cumulativeInterest(principal: bigint, annualRate: Decimal, days: number): bigint {
  if (days <= 0) return 0n;
  return (principal * annualRate.units * BigInt(days)) / (DAYS_A_YEAR * 10n ** BigInt(annualRate.scale));
}

/**
 * What day `day` (1 for the first day that accrues) pays: cumulative(day) − cumulative(day − 1). Rounding is
 * always down and never adds up: the days of a term pay exactly floor(principal × rate × term / 365) together.
 */
export function dayInterest(principal: bigint, annualRate: Decimal, day: number): bigint {
  return cumulativeInterest(principal, annualRate, day) - cumulativeInterest(principal, annualRate, day - 1);
}

/** The penalty of an early redemption: floor(principal × penaltyRate), in units. */
export function penaltyOf(principal: bigint, penaltyRate: Decimal): bigint {
  return (principal * penaltyRate.units) / 10n ** BigInt(penaltyRate.scale);
}

/**
 * An early redemption of a fixed term: the interest already paid comes back, then the penalty, and what is left
 * of the principal is paid out, never below zero (the three add up to the principal).
 */
export function earlyRedemption(principal: bigint, interestPaid: bigint, penaltyRate: Decimal) {
  const reclaimed = interestPaid < principal ? interestPaid : principal;
  const due = penaltyOf(principal, penaltyRate);
  const penalty = due < principal - reclaimed ? due : principal - reclaimed;
  return { reclaimed, penalty, payout: principal - reclaimed - penalty };
}

/** A UTC day (`YYYY-MM-DD`) of a moment. */
export function utcDayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The UTC day `days` after `day`. */
export function addDays(day: string, days: number): string {
  return utcDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Days from `from` to `to` (`to` − `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The start of a UTC day. */
export function startOf(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}
