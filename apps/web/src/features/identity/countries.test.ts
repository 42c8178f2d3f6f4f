import { describe, expect, it } from 'vitest';
import { countryList, searchCountries } from './countries';

const codes = (list: { code: string }[]) => list.map((country) => country.code);

describe('the country list', () => {
  it('names every country in the reader language and sorts it the way that language sorts', () => {
    const german = countryList('de');
    expect(german.find((country) => country.code === 'DE')?.name).toBe('Deutschland');
    // German collation puts Ä with A, not after Z.
    const names = german.map((country) => country.name);
    expect(names.indexOf('Ägypten')).toBeLessThan(names.indexOf('Albanien'));
    expect(names.indexOf('Ägypten')).toBeGreaterThan(names.indexOf('Afghanistan'));
  });

  it('finds a country by a part of its name, ignoring case and accents', () => {
    expect(codes(searchCountries(countryList('de'), 'ÄGYP', 'de'))).toEqual(['EG']);
    expect(codes(searchCountries(countryList('vn'), 'viet nam', 'vn'))).toEqual(['VN']);
    expect(codes(searchCountries(countryList('ar'), 'مصر', 'ar'))).toEqual(['EG']);
  });

  it('puts the country whose code was typed first, then names starting with the text', () => {
    const found = codes(searchCountries(countryList('en-US'), 'in', 'en-US'));
    expect(found[0]).toBe('IN');
    // "Indonesia" starts with "in", "Argentina" only contains it.
    expect(found.indexOf('ID')).toBeLessThan(found.indexOf('AR'));
  });

  it('gives the whole list for an empty search and nothing for a search that matches nothing', () => {
    const list = countryList('en-US');
    expect(searchCountries(list, '  ', 'en-US')).toHaveLength(list.length);
    expect(searchCountries(list, 'atlantis', 'en-US')).toEqual([]);
  });
});
