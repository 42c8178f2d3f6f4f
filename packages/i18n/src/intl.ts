import { intlTag, type Locale } from './locales';

/*
 * Intl formatters, built once per locale and options. Building one loads and prepares locale data and costs far
 * more than formatting with it (milliseconds on a phone), so a list or a live price must not build one per
 * value.
 */

const built = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function once<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: Locale,
  options: object,
  build: (tag: string) => T,
): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let format = built.get(key) as T | undefined;
  if (!format) {
    format = build(intlTag(locale));
    built.set(key, format);
  }
  return format;
}

export function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return once('number', locale, options, (tag) => new Intl.NumberFormat(tag, options));
}

export function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return once('date', locale, options, (tag) => new Intl.DateTimeFormat(tag, options));
}

export function relativeTimeFormat(
  locale: Locale,
  options: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return once('relative', locale, options, (tag) => new Intl.RelativeTimeFormat(tag, options));
}
