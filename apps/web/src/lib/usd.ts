import type { Locale } from '@kestrel/i18n';
import { formatMoney, normalize, parseDecimal } from '@kestrel/money';

/** A $ figure the way a person says it: whole dollars without cents ("$1,000"), cents when there are some. */
export function formatUsd(decimal: string, locale: Locale): string {
  const value = parseDecimal(decimal);
  const cents = value !== undefined && normalize(value).scale > 0;
  return formatMoney(decimal, locale, cents ? 2 : 0);
}
