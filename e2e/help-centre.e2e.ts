import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentTestId } from '../apps/admin/src/features/content/testIds';
import { adminApi, adminWithRole } from '../apps/server/src/modules/admin/test-admins';
import { registerAccount } from '../apps/server/test/api';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { HelpTestId } from '../apps/web/src/features/help/testIds';
import {
  byId,
  createOperator,
  launchBrowser,
  logIn,
  type Operator,
  openConsole,
  openPhone,
  snapshot,
  storeArabic,
} from './harness';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;
const SOON = { timeout: 15_000 };
const stamp = Date.now();
const customer = { email: `reader.${stamp}@example.com`, password: 'Reader2026' };
const editor: Operator = {
  email: `editor.${stamp}@kestrel.example`,
  password: 'Operator-2026-content',
  name: 'Content editor',
  role: 'content',
};
const CATEGORY = `funds-${stamp}`;
const DEPOSIT = `deposit-guide-${stamp}`;
const WITHDRAW = `withdraw-guide-${stamp}`;

let browser: Browser;
let sut: TestApp;
let baseUrl: string;
let token: string;
let withdrawId: string;

async function write(path: string, body: unknown, method: 'POST' | 'PUT' = 'POST') {
  const answer = await adminApi(sut, method, path, { token, body });
  expect(answer.body.code, answer.body.msg).toBe(0);
  return answer.body.data;
}

async function publish(id: string, locale: string, title: string, body: string) {
  await write(
    `/api/admin/content/articles/${id}/translations/${locale}`,
    { title, body, status: 'published' },
    'PUT',
  );
}

async function open(phone: Page, path: string, screen: string) {
  await phone.goto(`${baseUrl}${path}`);
  await expect.poll(() => byId(phone, screen).count(), SOON).toBe(1);
}

beforeAll(async () => {
  sut = await createTestApp({ webDist: WEB_DIST });
  token = (await adminWithRole(sut, 'content', `seeder.${stamp}@kestrel.test`)).token;
  const category = await write('/api/admin/content/categories', {
    slug: CATEGORY,
    names: { 'en-US': 'Deposits and withdrawals', ar: 'الإيداع والسحب' },
    position: 0,
  });
  const deposit = await write('/api/admin/content/articles', {
    slug: DEPOSIT,
    kind: 'help',
    categoryId: category.id,
    position: 1,
  });
  await publish(
    deposit.id,
    'en-US',
    'How to deposit',
    '## Before you start\n\nOpen **Assets**, choose *Deposit* and copy the address of the network you send from.\n\n' +
      '1. Pick the coin and the network.\n2. Copy the address.\n3. Send from your wallet.\n\n' +
      'A deposit is credited after the network confirms it. See [how to withdraw](/user/textDetail?slug=' +
      `${WITHDRAW}) or the [network status](https://status.example.com).`,
  );
  await publish(
    deposit.id,
    'ar',
    'كيفية الإيداع',
    '## قبل أن تبدأ\n\nافتح **الأصول** واختر *إيداع* وانسخ عنوان الشبكة التي ترسل منها.\n\n' +
      '1. اختر العملة والشبكة.\n2. انسخ العنوان.\n3. أرسل من محفظتك.\n\nيُضاف الإيداع بعد أن تؤكده الشبكة.',
  );
  const withdraw = await write('/api/admin/content/articles', {
    slug: WITHDRAW,
    kind: 'help',
    categoryId: category.id,
    position: 2,
  });
  withdrawId = withdraw.id;
  await publish(
    withdraw.id,
    'en-US',
    'How to withdraw',
    'Choose **Withdraw**, enter the address and the amount, and confirm with your fund password. ' +
      'Withdrawals are reviewed and usually sent within an hour.',
  );
  const news = await write('/api/admin/content/articles', {
    slug: `news-${stamp}`,
    kind: 'news',
    categoryId: null,
    position: 0,
  });
  await publish(
    news.id,
    'en-US',
    'USDT on Solana is live',
    'Deposits and withdrawals of USDT on Solana are open.',
  );
  await publish(news.id, 'ar', 'إطلاق USDT على سولانا', 'أصبح إيداع وسحب USDT على شبكة سولانا متاحًا.');

  await registerAccount(sut, customer.email, { password: customer.password });
  await createOperator(sut, editor);
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sut?.close();
});

describe('the help centre in the browser', () => {
  it('shows categories, news, an article and search in English, then in Arabic with the English fallback noted', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);

    await open(phone, '/user/helpCenter', HelpTestId.centre);
    await expect
      .poll(() => byId(phone, HelpTestId.category(CATEGORY)).textContent(), SOON)
      .toContain('Deposits and withdrawals');
    await expect
      .poll(() => byId(phone, HelpTestId.news).textContent(), SOON)
      .toContain('USDT on Solana is live');
    await snapshot(phone, 'help-centre-en-US');

    await byId(phone, HelpTestId.article(DEPOSIT)).click();
    await expect.poll(() => byId(phone, HelpTestId.articleTitle).textContent(), SOON).toBe('How to deposit');
    expect(await byId(phone, HelpTestId.fallbackNote).count()).toBe(0);
    expect(await phone.getByRole('link', { name: 'network status' }).getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    await snapshot(phone, 'help-article-en-US');

    // A link inside the article opens another screen of the app.
    await phone.getByRole('link', { name: 'how to withdraw' }).click();
    await expect.poll(() => byId(phone, HelpTestId.articleTitle).textContent(), SOON).toBe('How to withdraw');

    await open(phone, '/user/helpCenter', HelpTestId.centre);
    await byId(phone, HelpTestId.search).fill('withdrawals');
    await expect.poll(() => byId(phone, HelpTestId.result(WITHDRAW)).count(), SOON).toBe(1);
    expect(await byId(phone, HelpTestId.result(WITHDRAW)).locator('mark').first().textContent()).toMatch(
      /withdraw/i,
    );
    await snapshot(phone, 'help-search-en-US');

    await open(phone, '/user/helpCenter?view=news', HelpTestId.newsList);
    await expect
      .poll(() => byId(phone, HelpTestId.newsList).textContent(), SOON)
      .toContain('USDT on Solana is live');

    await storeArabic(phone);
    await open(phone, '/user/helpCenter', HelpTestId.centre);
    await expect
      .poll(() => byId(phone, HelpTestId.category(CATEGORY)).textContent(), SOON)
      .toContain('الإيداع والسحب');
    expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await snapshot(phone, 'help-centre-ar');

    await open(phone, `/user/textDetail?slug=${DEPOSIT}`, HelpTestId.articlePage);
    await expect.poll(() => byId(phone, HelpTestId.articleTitle).textContent(), SOON).toBe('كيفية الإيداع');
    await snapshot(phone, 'help-article-ar');

    await open(phone, `/user/textDetail?slug=${WITHDRAW}`, HelpTestId.articlePage);
    await expect.poll(() => byId(phone, HelpTestId.fallbackNote).count(), SOON).toBe(1);
    expect(await byId(phone, HelpTestId.articleTitle).textContent()).toBe('How to withdraw');
    await snapshot(phone, 'help-article-fallback-ar');

    await open(phone, '/user/helpCenter', HelpTestId.centre);
    await byId(phone, HelpTestId.search).fill('الإيداع');
    await expect.poll(() => byId(phone, HelpTestId.result(DEPOSIT)).count(), SOON).toBe(1);
    await snapshot(phone, 'help-search-ar');
    await phone.context().close();
  });

  it('publishes an Arabic translation in the back office, and the app shows it instead of the English text', async () => {
    const desk = await openConsole(browser, baseUrl, editor, '/admin/announcements');
    await desk.goto(`${baseUrl}/admin/content`);
    await expect.poll(() => byId(desk, ContentTestId.articleRow(WITHDRAW)).count(), SOON).toBe(1);
    await snapshot(desk, 'admin-content-en-US');

    await desk.goto(`${baseUrl}/admin/content/articles/${withdrawId}`);
    await byId(desk, ContentTestId.locale('ar')).click();
    await byId(desk, ContentTestId.title).fill('كيفية السحب');
    await byId(desk, ContentTestId.body).fill(
      'اختر **سحب** وأدخل العنوان والمبلغ، ثم أكّد بكلمة مرور الأموال.\n\n- تُراجع عمليات السحب\n- وتُرسل عادةً خلال ساعة',
    );
    await expect
      .poll(() => byId(desk, ContentTestId.preview).locator('strong').textContent(), SOON)
      .toBe('سحب');
    await snapshot(desk, 'admin-content-editor-ar');
    await byId(desk, ContentTestId.publish).click();
    await expect.poll(() => byId(desk, ContentTestId.status).textContent(), SOON).toBe('Published');

    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await storeArabic(phone);
    await open(phone, `/user/textDetail?slug=${WITHDRAW}`, HelpTestId.articlePage);
    await expect.poll(() => byId(phone, HelpTestId.articleTitle).textContent(), SOON).toBe('كيفية السحب');
    expect(await byId(phone, HelpTestId.fallbackNote).count()).toBe(0);
    await snapshot(phone, 'help-article-published-ar');
  });
});
