import { dateTimeFormat, type Locale, relativeTimeFormat } from '@kestrel/i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "5 minutes ago" within a week, the date and time after that, in the reader's language and time zone. */
export function relativeTime(iso: string, locale: Locale, now = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  if (elapsed >= 7 * DAY || elapsed < 0) return fullTime(iso, locale);
  const format = relativeTimeFormat(locale, { numeric: 'auto' });
  if (elapsed < MINUTE) return format.format(0, 'second');
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  return format.format(-Math.floor(elapsed / DAY), 'day');
}

export function fullTime(iso: string, locale: Locale): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
