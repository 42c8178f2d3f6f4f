import { type Locale, numberFormat } from '@kestrel/i18n';

/**
 * A decimal string as a person reads it in their locale, with the product's `$` symbol: "$1,234.56",
 * "1.234,56 $". The string goes to Intl unconverted, so no digit is lost on the way.
 */
export function formatMoney(decimal: string, locale: Locale, fractionDigits = 2): string {
  const format = numberFormat(locale, {
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

/**
 * An amount of a coin as a person reads it: the locale's grouping and decimal mark, every significant digit
 * kept, trailing zeros dropped ("250.500000" → "250.5", "1.234,5" in German). The sign is kept; the string goes
 * to Intl unconverted, so no digit is lost.
 */
export function formatQuantity(decimal: string, locale: Locale): string {
  const format = numberFormat(locale, {
    minimumFractionDigits: 0,
    maximumFractionDigits: 18,
    signDisplay: 'auto',
  });
  return format.format(decimal as unknown as number);
}
