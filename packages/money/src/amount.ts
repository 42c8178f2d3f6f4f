/**
 * An amount in an asset's smallest unit, as a bigint: 1.5 USDT at 6 decimals is 1_500_000n. Never a JS number,
 * so no amount ever loses precision.
 */
export type Units = bigint & { readonly __brand: 'Units' };

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Reads a decimal string such as "1234.56" into units of `decimals` places. Anything else, including more
 * decimals than the asset allows, is refused (undefined) rather than rounded.
 */
export function parseAmount(text: string, decimals: number): Units | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) return undefined;
  const units = BigInt(whole + fraction.padEnd(decimals, '0'));
  return (sign ? -units : units) as Units;
}

/** The wire form of an amount: a decimal string with exactly `decimals` places ("1234.5600"). */
export function formatAmount(units: Units, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}
