import { COUNTRY_CODES, type CountryCode } from '@kestrel/contract';
import { intlTag, type Locale } from '@kestrel/i18n';
import { useMemo } from 'react';
import { useLanguage } from '../../i18n/useLanguage';

export type Country = {
  code: CountryCode;
  /** The name in the reader's language, from the browser's own region names. */
  name: string;
  /** The name folded for matching (see `fold`). */
  searchKey: string;
};

/** Case and accents ignored, so "turkiye" finds "Türkiye" and "viet" finds "Việt Nam". */
function fold(text: string, tag: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(tag);
}

/** Every country of the contract, named and sorted the way the reader's language names and sorts them. */
export function countryList(locale: Locale): Country[] {
  const tag = intlTag(locale);
  const names = new Intl.DisplayNames([tag], { type: 'region' });
  const collator = new Intl.Collator(tag);
  return COUNTRY_CODES.map((code) => {
    const name = names.of(code) ?? code;
    return { code, name, searchKey: fold(name, tag) };
  }).sort((a, b) => collator.compare(a.name, b.name));
}

/** One country's name in the reader's language. */
export function countryName(code: CountryCode, locale: Locale): string {
  return new Intl.DisplayNames([intlTag(locale)], { type: 'region' }).of(code) ?? code;
}

/**
 * The countries a search names: the one whose code it is first, then names that start with it, then names that
 * contain it, each group in the list's order.
 */
export function searchCountries(countries: readonly Country[], query: string, locale: Locale): Country[] {
  const trimmed = query.trim();
  if (!trimmed) return [...countries];
  const needle = fold(trimmed, intlTag(locale));
  const code = trimmed.toUpperCase();
  const rank = (country: Country) =>
    country.code === code
      ? 0
      : country.searchKey.startsWith(needle)
        ? 1
        : country.searchKey.includes(needle)
          ? 2
          : 3;
  return countries
    .map((country) => ({ country, rank: rank(country) }))
    .filter((entry) => entry.rank < 3)
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.country);
}

/** The country list in the current UI language, built once per language. */
export function useCountries(): { countries: Country[]; language: Locale } {
  const { language } = useLanguage();
  const countries = useMemo(() => countryList(language), [language]);
  return { countries, language };
}
