import { parseAmount, type Units } from './amount';
import { parseTypedDecimal, unitsAt } from './decimal';

/** Why a typed amount cannot go: the first rule it breaks, with the figure the rule names. */
export type AmountProblem =
  | { kind: 'invalid' }
  | { kind: 'tooManyDecimals'; decimals: number }
  | { kind: 'belowMinimum'; limit: string }
  | { kind: 'aboveMaximum'; limit: string }
  | { kind: 'aboveAvailable'; limit: string };

/** The bounds of an amount, as decimal strings of the asset; a bound left out does not apply. */
export type AmountLimits = { precision: number; min?: string; max?: string; available?: string };

/**
 * Checks an amount as a person types it against its asset's precision and the bounds that apply, in that order:
 * nothing typed is no problem yet (a required field says so on submission). Exact: every comparison is in units.
 */
export function checkAmount(text: string, limits: AmountLimits): AmountProblem | null {
  const typed = text.trim();
  if (typed === '') return null;
  // An amount is typed from its first digit: ".5" is not one.
  const value = typed.startsWith('.') ? undefined : parseTypedDecimal(typed);
  if (value === undefined) return { kind: 'invalid' };
  if (value.scale > limits.precision) return { kind: 'tooManyDecimals', decimals: limits.precision };
  const units = unitsAt(value, limits.precision, 'down') as Units;
  const bound = (limit: string | undefined) =>
    limit === undefined ? undefined : parseAmount(limit, limits.precision);
  const min = bound(limits.min);
  const max = bound(limits.max);
  const available = bound(limits.available);
  if (min !== undefined && limits.min !== undefined && units < min) {
    return { kind: 'belowMinimum', limit: limits.min };
  }
  if (units <= 0n) return { kind: 'invalid' };
  if (max !== undefined && limits.max !== undefined && units > max) {
    return { kind: 'aboveMaximum', limit: limits.max };
  }
  if (available !== undefined && limits.available !== undefined && units > available) {
    return { kind: 'aboveAvailable', limit: limits.available };
  }
  return null;
}
