import path from 'node:path';
import { ERRORS } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { ContentRepository } from './content.repository';
import { seedContent } from './content-seed';

let sut: TestApp;
let editor: string;
let support: string;
let superAdmin: string;
let categoryId: string;
const unique = `${process.pid}${Date.now() % 100000}`;

beforeAll(async () => {
  sut = await createTestApp();
  editor = (await adminWithRole(sut, 'content')).token;
  support = (await adminWithRole(sut, 'support')).token;
  superAdmin = (await adminWithRole(sut, 'super_admin')).token;
  const category = await adminApi(sut, 'POST', '/api/admin/content/categories', {
    token: editor,
    body: { slug: `funds-${unique}`, names: { 'en-US': 'Funds', de: 'Guthaben' }, position: 1 },
  });
  categoryId = category.body.data.id;
});
afterAll(async () => {
  await sut?.close();
});

async function article(slug: string, kind = 'help', category: string | null = categoryId) {
  const answer = await adminApi(sut, 'POST', '/api/admin/content/articles', {
    token: editor,
    body: { slug, kind, categoryId: category, position: 1 },
  });
  expect(answer.body.code).toBe(0);
  return answer.body.data.id as string;
}

function translate(id: string, locale: string, title: string, body: string, status = 'published') {
  return adminApi(sut, 'PUT', `/api/admin/content/articles/${id}/translations/${locale}`, {
    token: editor,
    body: { title, body, status },
  });
}

describe('reading articles', () => {
  it("answers in the reader's language, else in en-US marked as a fallback", async () => {
    const id = await article(`fees-${unique}`);
    await translate(id, 'en-US', 'Trading fees', 'Every **trade** pays a fee.');
    await translate(id, 'de', 'Handelsgebühren', 'Jeder Handel kostet eine Gebühr.');
    const german = await callApi(sut, 'GET', `/api/content/articles/fees-${unique}`, { lang: 'de' });
    expect(german.body.data).toMatchObject({ title: 'Handelsgebühren', locale: 'de', fallback: false });
    expect(german.body.data.category).toEqual({ slug: `funds-${unique}`, name: 'Guthaben' });
    const french = await callApi(sut, 'GET', `/api/content/articles/fees-${unique}`, { lang: 'fr' });
    expect(french.body.data).toMatchObject({ title: 'Trading fees', locale: 'en-US', fallback: true });
    expect(french.body.data.category.name).toBe('Funds');
  });

  it('never shows a draft: not the article, not in the help centre, not in search', async () => {
    const id = await article(`draft-${unique}`);
    await translate(id, 'en-US', 'Secret plans', 'Quasarfeature launches soon.', 'draft');
    const answer = await callApi(sut, 'GET', `/api/content/articles/draft-${unique}`);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(ERRORS.contentArticleUnknown.code);
    const centre = await callApi(sut, 'GET', '/api/content/help');
    const slugs = centre.body.data.categories.flatMap((c: { articles: { slug: string }[] }) =>
      c.articles.map((a) => a.slug),
    );
    expect(slugs).toContain(`fees-${unique}`);
    expect(slugs).not.toContain(`draft-${unique}`);
    const search = await callApi(sut, 'GET', '/api/content/search?q=quasarfeature');
    expect(search.body.data.total).toBe(0);
    // A German draft of a published article does not hide its English text from German readers.
    const fees = (
      await adminApi(sut, 'GET', `/api/admin/content/articles?categoryId=${categoryId}`, { token: editor })
    ).body.data.items.find((item: { slug: string }) => item.slug === `fees-${unique}`);
    await translate(fees.id, 'de', 'Entwurf', 'Noch nicht fertig.', 'draft');
    const german = await callApi(sut, 'GET', `/api/content/articles/fees-${unique}`, { lang: 'de' });
    expect(german.body.data).toMatchObject({ title: 'Trading fees', fallback: true });
    await translate(fees.id, 'de', 'Handelsgebühren', 'Jeder Handel kostet eine Gebühr.');
  });

  it('lists news newest first in the help centre', async () => {
    const older = await article(`news-old-${unique}`, 'news', null);
    await translate(older, 'en-US', 'Older news', 'Something happened.');
    const newer = await article(`news-new-${unique}`, 'news', null);
    await translate(newer, 'en-US', 'Newer news', 'Something else happened.');
    const news = await callApi(sut, 'GET', '/api/content/news?pageSize=50');
    const slugs = news.body.data.items.map((item: { slug: string }) => item.slug);
    expect(slugs.indexOf(`news-new-${unique}`)).toBeLessThan(slugs.indexOf(`news-old-${unique}`));
  });
});

describe('search', () => {
  beforeAll(async () => {
    const id = await article(`withdraw-${unique}`);
    await translate(id, 'en-US', 'Withdrawals', 'Withdrawing to a wallet takes between 2 and 20 minutes.');
    await translate(
      id,
      'de',
      'Auszahlungen',
      'Auszahlungen auf eine Wallet dauern zwischen 2 und 20 Minuten.',
    );
    await translate(id, 'zh-CN', '提现', '提现到钱包需要2到20分钟。');
    const english = await article(`kyc-${unique}`);
    await translate(english, 'en-US', 'Identity checks', 'Verifying your identity unlocks withdrawals.');
  });

  it('matches stemmed English words and marks them in a plain-text snippet', async () => {
    const answer = await callApi(sut, 'GET', '/api/content/search?q=withdrawing');
    const hit = answer.body.data.items.find((item: { slug: string }) => item.slug === `withdraw-${unique}`);
    expect(hit.fallback).toBe(false);
    expect(hit.snippet).not.toMatch(/[<>*]/);
    const marked = hit.highlights.map(([from, to]: [number, number]) =>
      hit.snippet.slice(from, to).toLowerCase(),
    );
    expect(marked).toContain('withdrawing');
  });

  it('searches German with its dictionary, and en-US for articles without a German text', async () => {
    const answer = await callApi(sut, 'GET', '/api/content/search?q=auszahlung', { lang: 'de' });
    const own = answer.body.data.items.find((item: { slug: string }) => item.slug === `withdraw-${unique}`);
    expect(own).toMatchObject({ title: 'Auszahlungen', fallback: false });
    const english = await callApi(sut, 'GET', '/api/content/search?q=identity', { lang: 'de' });
    const fallback = english.body.data.items.find((item: { slug: string }) => item.slug === `kyc-${unique}`);
    expect(fallback).toMatchObject({ title: 'Identity checks', fallback: true });
  });

  it('finds Chinese by substring', async () => {
    const answer = await callApi(sut, 'GET', `/api/content/search?q=${encodeURIComponent('钱包')}`, {
      lang: 'zh-CN',
    });
    const hit = answer.body.data.items.find((item: { slug: string }) => item.slug === `withdraw-${unique}`);
    expect(hit).toMatchObject({ title: '提现', fallback: false });
    const [[from, to]] = hit.highlights;
    expect(hit.snippet.slice(from, to)).toBe('钱包');
  });
});

describe('the back office', () => {
  it('keeps the fixed pages: no rename, no new kind, no deletion', async () => {
    const list = await adminApi(sut, 'GET', '/api/admin/content/articles?kind=page&pageSize=50', {
      token: editor,
    });
    const about = list.body.data.items.find((item: { slug: string }) => item.slug === 'about-us');
    expect(about.fixed).toBe(true);
    const rename = await adminApi(sut, 'PUT', `/api/admin/content/articles/${about.id}`, {
      token: editor,
      body: { slug: 'about', kind: 'page', categoryId: null, position: 3 },
    });
    expect(rename.body.code).toBe(ERRORS.contentArticleFixed.code);
    const removal = await adminApi(sut, 'DELETE', `/api/admin/content/articles/${about.id}`, {
      token: editor,
    });
    expect(removal.body.code).toBe(ERRORS.contentArticleFixed.code);
    const still = await adminApi(sut, 'GET', `/api/admin/content/articles/${about.id}`, { token: editor });
    expect(still.body.data.slug).toBe('about-us');
  });

  it('refuses a help article without a category and an English text removal', async () => {
    const refused = await adminApi(sut, 'POST', '/api/admin/content/articles', {
      token: editor,
      body: { slug: `loose-${unique}`, kind: 'help', categoryId: null, position: 1 },
    });
    expect(refused.body.code).toBe(ERRORS.contentCategoryMismatch.code);
    const id = await article(`english-${unique}`);
    await translate(id, 'en-US', 'Kept', 'Always here.');
    const removal = await adminApi(sut, 'DELETE', `/api/admin/content/articles/${id}/translations/en-US`, {
      token: editor,
    });
    expect(removal.body.code).toBe(ERRORS.contentEnglishKept.code);
  });

  it('lets only the content role (and super admins) write, and audits each change', async () => {
    const denied = await adminApi(sut, 'POST', '/api/admin/content/articles', {
      token: support,
      body: { slug: `denied-${unique}`, kind: 'news', categoryId: null, position: 1 },
    });
    expect(denied.status).toBe(403);
    const anonymous = await adminApi(sut, 'GET', '/api/admin/content/categories');
    expect(anonymous.status).toBe(401);
    const id = await article(`audited-${unique}`, 'news', null);
    await translate(id, 'ar', 'خبر', 'نص الخبر.');
    const audit = await adminApi(sut, 'GET', '/api/admin/audit?action=saveArticleTranslation&pageSize=1', {
      token: superAdmin,
    });
    expect(audit.body.data.items[0]).toMatchObject({ targetId: `${id}:ar` });
  });
});

describe('the seed loader', () => {
  it('seeds once, published, and never brings back what an operator deleted or changed', async () => {
    const repository = new ContentRepository(sut.database.db);
    const dir = path.join(import.meta.dirname, 'test-seed', 'first');
    const [first, second] = await Promise.all([seedContent(repository, dir), seedContent(repository, dir)]);
    expect(first.articles + second.articles).toBe(1);
    expect(first.translations + second.translations).toBe(3);
    const german = await callApi(sut, 'GET', '/api/content/articles/deposit-guide', { lang: 'de' });
    expect(german.body.data).toMatchObject({ title: 'Einzahlen', fallback: false });
    const about = await callApi(sut, 'GET', '/api/content/articles/about-us');
    expect(about.body.data.title).toBe('About us');

    const id = (
      await adminApi(sut, 'GET', '/api/admin/content/articles?kind=help&pageSize=50', { token: editor })
    ).body.data.items.find((item: { slug: string }) => item.slug === 'deposit-guide').id;
    await adminApi(sut, 'DELETE', `/api/admin/content/articles/${id}`, { token: editor });
    const aboutId = (
      await adminApi(sut, 'GET', '/api/admin/content/articles?kind=page', { token: editor })
    ).body.data.items.find((item: { slug: string }) => item.slug === 'about-us').id;
    await translate(aboutId, 'en-US', 'Who we are', 'Edited by an operator.');

    const again = await seedContent(repository, dir);
    expect(again).toEqual({ categories: 0, articles: 0, translations: 0 });
    expect((await callApi(sut, 'GET', '/api/content/articles/deposit-guide')).status).toBe(404);
    expect((await callApi(sut, 'GET', '/api/content/articles/about-us')).body.data.title).toBe('Who we are');
  });

  it('seeds nothing from a missing folder', async () => {
    const repository = new ContentRepository(sut.database.db);
    expect(await seedContent(repository, path.join(import.meta.dirname, 'test-seed', 'none'))).toEqual({
      categories: 0,
      articles: 0,
      translations: 0,
    });
  });
});
