import type { EarnProduct } from '@kestrel/contract';
import { dateTimeFormat, type Locale, numberFormat } from '@kestrel/i18n';
import {
  compareDecimals,
  type Decimal,
  divideDecimals,
  formatDecimal,
  multiplyDecimals,
  normalize,
  parseDecimal,
  subtractDecimals,
} from '@kestrel/money';

/*
 * How the earn screens read the server's figures: rates as percentages, days and dates, an asset's amount, the
 * room a user has left in a product and the share of a quota still open. Exact on decimal strings.
 */

/** An annual rate ("0.0525") in percent as the locale writes it ("5.25%"). */
export function formatRate(rate: string, locale: Locale): string {
  // Intl reads the decimal string exactly (ES2023); its types still ask for a number.
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    rate as unknown as number,
  );
}

/** An amount of an asset with every significant digit, in the locale's marks: "1,250.5 USDT". */
export function formatAsset(amount: string, asset: string, locale: Locale): string {
  const format = numberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 18 });
  return `${format.format(amount as unknown as number)} ${asset}`;
}

/** A UTC day ("2026-11-28") as the locale writes a date. */
export function formatDay(day: string, locale: Locale): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** An instant as the locale writes a date, in the reader's time zone. */
export function formatDate(iso: string, locale: Locale): string {
  return dateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

/** A decimal without trailing zeros, as a person would type it ("10.000000" → "10"). */
function plain(value: Decimal): string {
  return formatDecimal(normalize(value));
}

const ZERO: Decimal = { units: 0n, scale: 0 };

function least(values: readonly Decimal[]): Decimal {
  return values.reduce((low, value) => (compareDecimals(value, low) < 0 ? value : low));
}

/**
 * The most one subscription may be now: the user's room in the product (its maximum less what they hold), the
 * quota left and, once known, their available balance; never below zero.
 */
export function maxSubscriptionOf(product: EarnProduct, available: string | undefined): string {
  const room = subtractDecimals(parseDecimal(product.maxPerUser) ?? ZERO, parseDecimal(product.held) ?? ZERO);
  const bounds = [room, parseDecimal(product.quotaLeft) ?? ZERO];
  const have = available === undefined ? undefined : parseDecimal(available);
  if (have) bounds.push(have);
  const max = least(bounds);
  return plain(compareDecimals(max, ZERO) < 0 ? ZERO : max);
}

/** The whole percent of a product's quota still open, 0 to 100, for its bar (rounded down: never shows room that is not there). */
export function quotaLeftPercent(product: Pick<EarnProduct, 'quota' | 'quotaLeft'>): number {
  const quota = parseDecimal(product.quota);
  const left = parseDecimal(product.quotaLeft);
  if (!quota || !left || quota.units <= 0n) return 0;
  const share = divideDecimals(multiplyDecimals(left, { units: 100n, scale: 0 }), quota, 0, 'down');
  const percent = Number(share.units);
  return Math.min(100, Math.max(0, percent));
}

/** Decimal places of an asset, read off an amount the server wrote at the asset's precision. */
export function placesOf(amount: string): number {
  return parseDecimal(amount)?.scale ?? 0;
}

/** Whether a rate is above zero ("0" is no penalty). */
export function isPositive(decimal: string): boolean {
  const value = parseDecimal(decimal);
  return value !== undefined && value.units > 0n;
}

/** A fixed term in the locale's words for days ("30 days", "30 يومًا"); the caller says "Flexible" for none. */
export function formatTermDays(days: number, locale: Locale): string {
  return numberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);
}
