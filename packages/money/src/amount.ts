import { exactUnitsAt, formatDecimal, parseDecimal, unitsAt } from './decimal';

/**
 * An amount in an asset's smallest unit, as a bigint: 1.5 USDT at 6 decimals is 1_500_000n. Never a JS number,
 * so no amount ever loses precision.
 */
export type Units = bigint & { readonly __brand: 'Units' };

/**
 * Reads a decimal string such as "1234.56" into units of `decimals` places. Anything else, including more
 * decimals than the asset allows, is refused (undefined) rather than rounded.
 */
export function parseAmount(text: string, decimals: number): Units | undefined {
  const value = parseDecimal(text.trim());
  if (value === undefined || value.scale > decimals) return undefined;
  return unitsAt(value, decimals, 'down') as Units;
}

/** The wire form of an amount: a decimal string with exactly `decimals` places ("1234.5600"). */
export function formatAmount(units: Units, decimals: number): string {
  return formatDecimal({ units, scale: decimals });
}

/** Decimal places and whole digits of the ledger's NUMERIC(36,18) columns. */
export const LEDGER_SCALE = 18;
export const LEDGER_WHOLE_DIGITS = 18;

/** Whether an amount fits the ledger's NUMERIC(36,18): fewer than 18 digits before the point. */
export function fitsLedger(units: Units, decimals: number): boolean {
  const limit = 10n ** BigInt(LEDGER_WHOLE_DIGITS + decimals);
  return units < limit && units > -limit;
}

/**
 * Reads a NUMERIC value as the database returns it ("1.500000000000000000") into units of `decimals` places.
 * Trailing zeros beyond the asset's precision are only padding; any other digit there means the stored amount
 * is finer than its asset allows, which is a corrupt ledger, so it throws instead of rounding.
 */
export function unitsFromNumeric(text: string, decimals: number): Units {
  const value = parseDecimal(text.trim());
  const units = value === undefined ? undefined : exactUnitsAt(value, decimals);
  if (units === undefined) throw new Error(`${text} is not an amount of ${decimals} decimals`);
  return units as Units;
}
