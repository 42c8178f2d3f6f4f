import { parseAmount } from '@kestrel/money';

export type Slice = { key: string; value: string };

/**
 * Shares of a whole in basis points (0-10000), computed on exact decimal strings: the chart needs only a
 * proportion, and bigint keeps a large balance from losing digits on the way.
 */
export function sharesOf(slices: readonly Slice[], decimals: number): { key: string; basisPoints: number }[] {
  const units: bigint[] = slices.map((slice) => parseAmount(slice.value, decimals) ?? 0n);
  const total = units.reduce((sum, value) => sum + value, 0n);
  return slices.map((slice, index) => ({
    key: slice.key,
    basisPoints: total === 0n ? 0 : Number(((units[index] ?? 0n) * 10_000n) / total),
  }));
}

/** Whether a $ value is below one dollar: a "small balance" the list may hide. */
export function isBelowOneDollar(usdValue: string): boolean {
  return /^0+(\.\d*)?$/.test(usdValue);
}

/** Whether a decimal string is zero ("0.000000"). */
export function isZero(amount: string): boolean {
  return /^0+(\.0+)?$/.test(amount);
}
