import { type Locale, numberFormat } from '@kestrel/i18n';
import { compareDecimals, type Decimal, parseTypedDecimal, placesOf } from '@kestrel/money';

/*
 * Display of market numbers. Every value arrives as a decimal string and goes to Intl unconverted (ES2023 reads
 * decimal strings exactly), so no digit is lost between the server and the screen.
 */

/** Decimal places of an increment such as "0.01" (2) or "1" (0). */
export function decimalsOf(increment: string): number {
  const value = parseTypedDecimal(increment);
  return value === undefined ? 0 : placesOf(value);
}

function asIntlInput(decimal: string): number {
  // Intl accepts decimal strings exactly; its types still ask for a number.
  return decimal as unknown as number;
}

/** A price on the market's tick: "67,012.50" for tick 0.01. */
export function formatPrice(price: string, tickSize: string, locale: Locale): string {
  const digits = decimalsOf(tickSize);
  const format = numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    roundingMode: 'halfExpand',
  } as Intl.NumberFormatOptions);
  return format.format(asIntlInput(price));
}

/** A size on the market's lot: "0.00120" for lot 0.00001. */
export function formatSize(size: string, lotSize: string, locale: Locale): string {
  const digits = decimalsOf(lotSize);
  const format = numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions);
  return format.format(asIntlInput(size));
}

/** A signed percentage from the server's two-decimal string: "+1.25%", "-0.40%". */
export function formatChange(changePercent: string, locale: Locale): string {
  const format = numberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });
  return `${format.format(asIntlInput(changePercent))}%`;
}

/** A large amount in short form: "1.23M", "456.7K" (or the locale's own words). */
export function formatCompact(amount: string, locale: Locale): string {
  const format = numberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: 2,
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions);
  return format.format(asIntlInput(amount));
}

/** The direction of a signed decimal string: 1 up, -1 down, 0 unchanged or unknown. */
export function directionOf(changePercent: string): -1 | 0 | 1 {
  if (!/[1-9]/.test(changePercent)) return 0;
  return changePercent.trim().startsWith('-') ? -1 : 1;
}

/** A signed decimal as the server writes a price or a change ("-2.40", "+1.5"), or undefined. */
function signed(text: string): Decimal | undefined {
  const trimmed = text.trim();
  const sign = trimmed[0] === '-' || trimmed[0] === '+' ? trimmed[0] : '';
  const value = parseTypedDecimal(trimmed.slice(sign.length));
  return value && sign === '-' ? { units: -value.units, scale: value.scale } : value;
}

/** Orders two decimal strings exactly (no conversion to floating point): negative, zero or positive. */
export function compareDecimal(a: string, b: string): number {
  const left = signed(a);
  const right = signed(b);
  if (!left || !right) return (left ? 1 : 0) - (right ? 1 : 0);
  return compareDecimals(left, right);
}

/** "BTC/USDT" from base and quote. */
export function pairName(base: string, quote: string): string {
  return `${base}/${quote}`;
}
