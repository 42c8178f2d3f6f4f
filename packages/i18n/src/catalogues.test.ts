import { describe, expect, it } from 'vitest';
import { catalogues } from './all';
import { LOCALES, loadCatalogue } from './index';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') entries.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) entries.set(inner, text);
  }
  return entries;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

/** Texts that are the same in every language: the brand, example values, an abbreviation. */
const SAME_EVERYWHERE = new Set([
  'app.name',
  'auth.register.emailPlaceholder',
  'auth.register.phonePlaceholder',
  'mine.uid',
  'admin.uid',
]);
/** A few words are the same as in English in some languages ("Email", "Version"); more means a copy. */
const MAX_SHARED_WORDS = 3;

const source = flatten(catalogues['en-US']);

describe.each(LOCALES.filter((locale) => locale !== 'en-US'))('the %s catalogue', (locale) => {
  const target = flatten(catalogues[locale]);

  it('has exactly the keys of en-US', () => {
    expect([...target.keys()].sort()).toEqual([...source.keys()].sort());
  });

  it('has a non-empty text for every key, with the same placeholders', () => {
    for (const [key, english] of source) {
      const text = target.get(key) ?? '';
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english));
    }
  });

  it('is translated rather than copied from English', () => {
    const copied = [...source].filter(
      ([key, english]) => !SAME_EVERYWHERE.has(key) && target.get(key) === english,
    );
    expect(copied.length, copied.map(([key]) => key).join(', ')).toBeLessThanOrEqual(MAX_SHARED_WORDS);
  });
});

describe('loadCatalogue', () => {
  it('loads each locale on demand', async () => {
    for (const locale of LOCALES) {
      expect(await loadCatalogue(locale)).toBe(catalogues[locale]);
    }
  });
});
