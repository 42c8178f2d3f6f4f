import { intlTag, type Locale } from '@kestrel/i18n';
import { formatQuantity } from '@kestrel/money';
import { decimalsOf } from './orderMath';

/** A price on the market's tick, grouped for the locale, keeping the tick's decimals ("64,321.50"). */
export function formatPrice(price: string, tickSize: string, locale: Locale): string {
  const decimals = decimalsOf(tickSize);
  const format = new Intl.NumberFormat(intlTag(locale), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions);
  // Intl takes decimal strings exactly (ES2023); its types still ask for a number.
  return format.format(price as unknown as number);
}

/** A size or amount with every significant digit, for the locale. */
export const formatSize = (size: string, locale: Locale) => formatQuantity(size, locale);

export function formatTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlTag(locale), { dateStyle: 'short', timeStyle: 'medium' }).format(
    new Date(iso),
  );
}
