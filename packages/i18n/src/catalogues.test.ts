import { describe, expect, it } from 'vitest';
import { loadCatalogue as loadAdminCatalogue } from './admin';
import { catalogues } from './all';
import { LOCALES, type Locale } from './index';
import { NAMESPACES, type Namespace } from './texts';
import { loadCatalogue as loadWebCatalogue } from './web';

type Tree = { [key: string]: string | Tree };

function flatten(tree: object, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Tree)) {
    if (typeof value === 'string') entries.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) entries.set(inner, text);
  }
  return entries;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

/** One namespace of one locale, as its module exports it. */
async function texts(locale: Locale, namespace: Namespace): Promise<Map<string, string>> {
  const module = (await import(`./locales/${locale}/${namespace}.ts`)) as { default: object };
  return flatten(module.default);
}

/** Texts that are the same in every language: the brand, example values, an abbreviation. */
const SAME_EVERYWHERE = new Set([
  'app.name',
  'auth.register.emailPlaceholder',
  'auth.register.phonePlaceholder',
  'mine.uid',
  // The name of a membership level, an abbreviation the exchanges keep in every language.
  'membership.vip',
  'admin.uid',
]);
/** A few words are the same as in English in some languages ("Email", "Version"); more means a copy. */
const MAX_SHARED_WORDS = 3;

const source = flatten(catalogues['en-US']);

describe.each(NAMESPACES)('the %s namespace', (namespace) => {
  it.each(LOCALES.filter((locale) => locale !== 'en-US'))(
    'has exactly the keys of en-US in %s',
    async (locale) => {
      const english = await texts('en-US', namespace);
      expect([...(await texts(locale, namespace)).keys()].sort()).toEqual([...english.keys()].sort());
    },
  );
});

describe('the namespaces', () => {
  it('never hold the same key twice, so joining them loses no text', async () => {
    const sizes = await Promise.all(
      NAMESPACES.map(async (namespace) => (await texts('en-US', namespace)).size),
    );
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(source.size);
  });
});

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
  it("loads each locale on demand with the user app's texts and the shared ones, and nothing else", async () => {
    for (const locale of LOCALES) {
      const [shared, web] = await Promise.all([texts(locale, 'shared'), texts(locale, 'web')]);
      expect(flatten(await loadWebCatalogue(locale))).toEqual(new Map([...shared, ...web]));
    }
  });

  it("loads each locale on demand with the back office's texts and the shared ones, and nothing else", async () => {
    for (const locale of LOCALES) {
      const [shared, admin] = await Promise.all([texts(locale, 'shared'), texts(locale, 'admin')]);
      expect(flatten(await loadAdminCatalogue(locale))).toEqual(new Map([...shared, ...admin]));
    }
  });
});
