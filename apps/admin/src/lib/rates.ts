import { formatShortest, multiplyDecimals, parseDecimal } from '@kestrel/money';

const HUNDRED = { units: 100n, scale: 0 };

/** A rate as the server keeps it, a fraction ("0.055"), in percent ("5.5 %"), exact; anything else as it is. */
export function percentOf(fraction: string): string {
  const value = /^\d+(\.\d+)?$/.test(fraction) ? parseDecimal(fraction) : undefined;
  return value ? `${formatShortest(multiplyDecimals(value, HUNDRED))} %` : fraction;
}

/** An amount as the server sends it, at the asset's places ("10.000000"), written shortest ("10"). */
export function shortAmount(amount: string): string {
  const value = parseDecimal(amount);
  return value ? formatShortest(value) : amount;
}

/** A whole number as typed, or NaN, which the contract refuses, for anything else ("", "1.5", "1e3"). */
export function wholeNumber(text: string): number {
  return /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * An instant typed in a `datetime-local` field, read as UTC ("2026-12-01T08:00" is 08:00 UTC), as the contract
 * sends it; the empty text and anything else stay as typed, which the contract refuses.
 */
export function utcInstant(typed: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(typed) ? `${typed}:00.000Z` : typed;
}

/** An instant as the server sends it, for a `datetime-local` field read as UTC. */
export function utcTyped(iso: string | null): string {
  return iso ? iso.slice(0, 16) : '';
}
