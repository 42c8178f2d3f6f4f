import { intlTag, type Locale } from '@kestrel/i18n';

/**
 * A decimal string as a person reads it in their locale, with the product's `$` symbol: "$1,234.56",
 * "1.234,56 $". The string goes to Intl unconverted, so no digit is lost on the way.
 */
export function formatMoney(decimal: string, locale: Locale, fractionDigits = 2): string {
  const format = new Intl.NumberFormat(intlTag(locale), {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions);
  // Intl accepts decimal strings exactly (ES2023); its types still ask for a number. Some locales write the
  // dollar as "US$" even in its narrow form; the product's symbol is "$" everywhere.
  return format
    .formatToParts(decimal as unknown as number)
    .map((part) => (part.type === 'currency' ? '$' : part.value))
    .join('');
}
