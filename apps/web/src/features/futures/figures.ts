import { type Locale, numberFormat } from '@kestrel/i18n';
import {
  decimalOf,
  formatDecimal,
  multiplyDecimals,
  parseTypedDecimal as read,
  toScale,
} from '@kestrel/money';

/*
 * How the futures screen writes its figures: rates in percent, signed profit, and the time left to funding.
 */

/** A rate ("0.0001") in percent with four places and its sign ("+0.0100%"). */
export function formatRate(rate: string): string {
  const value = read(rate.replace(/^-/, ''));
  if (!value) return '--';
  const negative = rate.startsWith('-') && value.units > 0n;
  const percent = formatDecimal(toScale(multiplyDecimals(value, decimalOf('100')), 4, 'halfUp'));
  return `${negative ? '-' : '+'}${percent}%`;
}

/**
 * Profit or loss with its sign for the locale, cut toward zero: two places ("+12.34"), four below one ("-0.0038"),
 * so that a small position's moves do not all read as zero.
 */
export function formatPnl(amount: string, locale: Locale): string {
  const magnitude = amount.replace(/^-/, '');
  const negative = amount.startsWith('-') && /[1-9]/.test(magnitude);
  const places = /^0(\.|$)/.test(magnitude) ? 4 : 2;
  const format = numberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: places,
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions);
  // Intl takes the decimal string exactly (ES2023); its types still ask for a number.
  return `${negative ? '-' : '+'}${format.format(magnitude as unknown as number)}`;
}

/** -1, 0 or 1 as a signed decimal string is below, at or above zero. */
export function signOf(amount: string): -1 | 0 | 1 {
  if (!/[1-9]/.test(amount)) return 0;
  return amount.startsWith('-') ? -1 : 1;
}

/** The time left until `iso`, as hh:mm:ss (never negative). */
export function countdown(iso: string, now: number, locale: Locale): string {
  const left = Math.max(0, Math.floor((Date.parse(iso) - now) / 1000));
  const two = numberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  return [hours, minutes, left % 60].map((part) => two.format(part)).join(':');
}
