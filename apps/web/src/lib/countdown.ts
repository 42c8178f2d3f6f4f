import { type Locale, numberFormat } from '@kestrel/i18n';

/* Countdowns on the server's time (useNow): the seconds left until a moment, and how they read. */

/** Whole seconds from `now` to `until`, never negative. */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** A countdown: "04:59" under an hour, "1:04:59" beyond, in the locale's digits. */
export function formatCountdown(seconds: number, locale: Locale): string {
  const two = numberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const one = numberFormat(locale, { useGrouping: false });
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = `${two.format(minutes)}:${two.format(seconds % 60)}`;
  return hours > 0 ? `${one.format(hours)}:${rest}` : rest;
}

/**
 * Time left that may run for days: "3d 4h" (the locale's short units) from a day on, else the countdown
 * ("04:59", "1:04:59").
 */
export function formatTimeLeft(seconds: number, locale: Locale): string {
  if (seconds < 86_400) return formatCountdown(seconds, locale);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const unit = (value: number, name: 'day' | 'hour') =>
    numberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'narrow' }).format(value);
  return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
}
