import { type Locale, numberFormat } from '@kestrel/i18n';
import { formatQuantity } from '@kestrel/money';

/** A recorded price with exactly the places it was recorded with ("50,000.10"): a proof shows what was stored. */
export function formatTickPrice(price: string, locale: Locale): string {
  const places = /\.(\d+)$/.exec(price)?.[1]?.length ?? 0;
  const format = numberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places });
  // Intl reads the decimal string exactly (ES2023); its types still ask for a number.
  return format.format(price as unknown as number);
}

/** An amount of the stake asset: "100 USDT". */
export function formatStake(amount: string, asset: string, locale: Locale): string {
  return `${formatQuantity(amount, locale)} ${asset}`;
}
