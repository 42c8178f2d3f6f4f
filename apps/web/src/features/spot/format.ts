import { dateTimeFormat, type Locale } from '@kestrel/i18n';
import { formatQuantity } from '@kestrel/money';

/** A size or amount with every significant digit, for the locale. */
export const formatSize = (size: string, locale: Locale) => formatQuantity(size, locale);

export function formatTime(iso: string, locale: Locale): string {
  return dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
}
