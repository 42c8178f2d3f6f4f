import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ARTICLE_KINDS, FIXED_ARTICLE_SLUGS } from '@kestrel/contract';
import { LOCALES } from '@kestrel/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { CONTENT_SEED_DIR, parseSeedArticle } from './content-seed';

/* The help centre's shipped starting set (decision 0053): every article in every language, and it loads. */
type SeedArticle = { slug: string; kind: string; category: string | null; position: number };
type SeedCategory = { slug: string; names: Record<string, string> };

const articles = JSON.parse(
  readFileSync(path.join(CONTENT_SEED_DIR, 'articles.json'), 'utf8'),
) as SeedArticle[];
const categories = JSON.parse(
  readFileSync(path.join(CONTENT_SEED_DIR, 'categories.json'), 'utf8'),
) as SeedCategory[];

describe('the shipped help-centre seed', () => {
  it('names every category in the 15 languages', () => {
    for (const category of categories)
      expect(Object.keys(category.names).sort()).toEqual([...LOCALES].sort());
  });

  it('has each article in the 15 languages, titled, with help articles in a known category', () => {
    const slugs = new Set(categories.map((category) => category.slug));
    expect(articles.map((article) => article.slug)).toEqual(
      expect.arrayContaining(Object.values(FIXED_ARTICLE_SLUGS)),
    );
    for (const article of articles) {
      expect(ARTICLE_KINDS).toContain(article.kind);
      if (article.kind === 'help') expect(slugs.has(article.category ?? '')).toBe(true);
      else expect(article.category).toBeNull();
      const files = readdirSync(path.join(CONTENT_SEED_DIR, article.slug)).sort();
      expect(files).toEqual(LOCALES.map((locale) => `${locale}.md`).sort());
      for (const file of files) {
        const text = readFileSync(path.join(CONTENT_SEED_DIR, article.slug, file), 'utf8');
        expect(parseSeedArticle(text), `${article.slug}/${file}`).toBeDefined();
        expect(text, `${article.slug}/${file} has no HTML`).not.toMatch(/<[a-z!/]/i);
      }
    }
  });

  describe('seeded into a server', () => {
    let sut: TestApp;
    beforeAll(async () => {
      sut = await createTestApp({ contentSeedDir: CONTENT_SEED_DIR });
    });
    afterAll(async () => {
      await sut.close();
    });

    it('serves the help centre, the introduction and the swap FAQ in Arabic', async () => {
      const help = await callApi(sut, 'GET', '/api/content/help', { lang: 'ar' });
      expect(help.body.data.categories.map((category: { slug: string }) => category.slug)).toEqual(
        categories.map((category) => category.slug),
      );
      const introduction = await callApi(sut, 'GET', '/api/content/articles/introduction', { lang: 'ar' });
      expect(introduction.body.data).toMatchObject({ locale: 'ar', fallback: false });
      const faq = await callApi(sut, 'GET', '/api/content/articles/swap-faq', { lang: 'ar' });
      expect(faq.body.data.body).toMatch(/20/);
    });
  });
});
