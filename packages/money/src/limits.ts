import { parseAmount, type Units } from './amount';

/** Why a typed amount cannot go: the first rule it breaks, with the figure the rule names. */
export type AmountProblem =
  | { kind: 'invalid' }
  | { kind: 'tooManyDecimals'; decimals: number }
  | { kind: 'belowMinimum'; limit: string }
  | { kind: 'aboveMaximum'; limit: string }
  | { kind: 'aboveAvailable'; limit: string };

/** The bounds of an amount, as decimal strings of the asset; a bound left out does not apply. */
export type AmountLimits = { precision: number; min?: string; max?: string; available?: string };

const TYPED = /^\d+(\.\d*)?$/;

/**
 * Checks an amount as a person types it against its asset's precision and the bounds that apply, in that order:
 * nothing typed is no problem yet (a required field says so on submission). Exact: every comparison is in units.
 */
export function checkAmount(text: string, limits: AmountLimits): AmountProblem | null {
  const typed = text.trim();
  if (typed === '') return null;
  if (!TYPED.test(typed)) return { kind: 'invalid' };
  const fraction = typed.split('.')[1] ?? '';
  if (fraction.length > limits.precision) return { kind: 'tooManyDecimals', decimals: limits.precision };
  const units = parseAmount(typed.replace(/\.$/, ''), limits.precision) as Units;
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
