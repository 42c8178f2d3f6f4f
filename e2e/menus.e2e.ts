import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenusTestId as DeskTestId } from '../apps/admin/src/features/menus/testIds';
import { adminApi, adminWithRole } from '../apps/server/src/modules/admin/test-admins';
import { registerAccount } from '../apps/server/test/api';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { HelpTestId } from '../apps/web/src/features/help/testIds';
import { MenusTestId } from '../apps/web/src/features/menus/testIds';
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
  waitForPath,
} from './harness';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;
const SOON = { timeout: 15_000 };

const editor: Operator = {
  email: `menus.${Date.now()}@kestrel.example`,
  password: 'Operator-2026-menus',
  name: 'Content editor',
  role: 'content',
};
const customer = { email: `menu.reader.${Date.now()}@example.com`, password: 'Customer2026' };

let browser: Browser;
let sut: TestApp;
let baseUrl: string;

/** A published help article for the menu to point at, written through the back office's API. */
async function publishArticle() {
  const { token } = await adminWithRole(sut, 'content');
  const category = await adminApi(sut, 'POST', '/api/admin/content/categories', {
    token,
    body: { slug: 'menu-guides', names: { 'en-US': 'Guides', ar: 'أدلة' }, position: 1 },
  });
  const article = await adminApi(sut, 'POST', '/api/admin/content/articles', {
    token,
    body: { slug: 'spring-rules', kind: 'help', categoryId: category.body.data.id, position: 1 },
  });
  for (const [locale, title, body] of [
    ['en-US', 'Spring promotion rules', 'Trade **100 USDT** in April to join.'],
    ['ar', 'قواعد عرض الربيع', 'تداول **100 USDT** في أبريل للمشاركة.'],
  ]) {
    const saved = await adminApi(
      sut,
      'PUT',
      `/api/admin/content/articles/${article.body.data.id}/translations/${locale}`,
      { token, body: { title, body, status: 'published' } },
    );
    expect(saved.body.code).toBe(0);
  }
}

/** Adds an entry through the editor's form; the list is saved later, whole. */
async function addEntry(
  desk: Page,
  entry: { route: string; en: string; ar: string; template: string; data: string; placement: string },
) {
  await byId(desk, DeskTestId.add).click();
  await byId(desk, DeskTestId.formRoute).fill(entry.route);
  await byId(desk, DeskTestId.formTitle).fill(entry.en);
  await byId(desk, `${DeskTestId.formLocale}-ar`).click();
  await byId(desk, DeskTestId.formTitle).fill(entry.ar);
  await byId(desk, DeskTestId.formTemplate).selectOption(entry.template);
  if (entry.template === 'screen') await byId(desk, DeskTestId.formData).selectOption(entry.data);
  else await byId(desk, DeskTestId.formData).fill(entry.data);
  await byId(desk, DeskTestId.formPlacement).selectOption(entry.placement);
  if (entry.template === 'externalLink') await snapshot(desk, 'admin-menus-form-en-US');
  await byId(desk, 'dialog-submit').click();
  await expect.poll(() => byId(desk, DeskTestId.form).count(), SOON).toBe(0);
}

const deskRow = (desk: Page, route: string) =>
  desk.locator(`[data-testid="${DeskTestId.entry}"][data-route="${route}"]`);

beforeAll(async () => {
  sut = await createTestApp({ webDist: WEB_DIST });
  await createOperator(sut, editor);
  await registerAccount(sut, customer.email, { password: customer.password });
  await publishArticle();
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sut?.close();
});

describe('menus set at run time', () => {
  it('an operator adds menu entries in the back office; they appear in Mine and open, in English and Arabic', async () => {
    const desk = await openConsole(browser, baseUrl, editor, '/admin/announcements');
    await desk.goto(`${baseUrl}/admin/menus`);
    await expect.poll(() => byId(desk, DeskTestId.empty).count(), SOON).toBe(1);

    await addEntry(desk, {
      route: '/promo/rules',
      en: 'Spring promotion',
      ar: 'عرض الربيع',
      template: 'article',
      data: 'spring-rules',
      placement: 'mine',
    });
    await addEntry(desk, {
      route: '/promo/community',
      en: 'Community',
      ar: 'المجتمع',
      template: 'externalLink',
      data: 'https://example.com/community',
      placement: 'mine',
    });
    await addEntry(desk, {
      route: '/promo/markets',
      en: 'Spring markets',
      ar: 'أسواق الربيع',
      template: 'screen',
      data: '/current/index',
      placement: 'homeShortcuts',
    });
    // One that would take the help centre's route: the server refuses the save and names it.
    await addEntry(desk, {
      route: '/user/helpcenter',
      en: 'Help',
      ar: 'مساعدة',
      template: 'article',
      data: 'spring-rules',
      placement: 'mine',
    });
    await byId(desk, DeskTestId.save).click();
    await expect
      .poll(() => deskRow(desk, '/user/helpcenter').getByTestId(DeskTestId.entryError).textContent(), SOON)
      .toContain('/user/helpCenter');
    await snapshot(desk, 'admin-menus-refused-en-US');
    expect((await adminApi(sut, 'GET', '/api/menus')).body.data.items).toEqual([]);

    await deskRow(desk, '/user/helpcenter').getByRole('button', { name: 'Remove' }).click();
    await byId(desk, DeskTestId.save).click();
    await expect.poll(() => byId(desk, DeskTestId.unsaved).count(), SOON).toBe(0);
    await snapshot(desk, 'admin-menus-en-US');

    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await phone.goto(`${baseUrl}/user/index`);
    const rows = byId(phone, MenusTestId.mineRows);
    await expect.poll(() => rows.textContent(), SOON).toContain('Spring promotion');
    const community = rows.getByRole('link', { name: 'Community, opens outside the app' });
    expect(await community.getAttribute('href')).toBe('https://example.com/community');
    expect(await community.getAttribute('target')).toBe('_blank');
    await rows.scrollIntoViewIfNeeded();
    await snapshot(phone, 'menus-mine-en-US');

    await rows.getByRole('link', { name: 'Spring promotion' }).click();
    await waitForPath(phone, '/promo/rules');
    await expect
      .poll(() => byId(phone, HelpTestId.articleTitle).textContent(), SOON)
      .toBe('Spring promotion rules');
    await snapshot(phone, 'menus-article-en-US');

    await phone.goto(`${baseUrl}/promo/community`);
    await expect
      .poll(() => byId(phone, MenusTestId.openLink).getAttribute('href'), SOON)
      .toBe('https://example.com/community');
    await snapshot(phone, 'menus-link-en-US');

    await phone.goto(`${baseUrl}/home/index`);
    const shortcut = byId(phone, MenusTestId.homeShortcut);
    await expect.poll(() => shortcut.textContent(), SOON).toBe('Spring markets');
    await shortcut.scrollIntoViewIfNeeded();
    await snapshot(phone, 'menus-home-en-US');
    await shortcut.click();
    await waitForPath(phone, '/promo/markets');
    await expect.poll(() => phone.getByRole('heading', { name: 'Markets' }).count(), SOON).toBeGreaterThan(0);

    await storeArabic(phone);
    await phone.goto(`${baseUrl}/user/index`);
    await expect.poll(() => byId(phone, MenusTestId.mineRows).textContent(), SOON).toContain('عرض الربيع');
    await byId(phone, MenusTestId.mineRows).scrollIntoViewIfNeeded();
    await snapshot(phone, 'menus-mine-ar');
    await byId(phone, MenusTestId.mineRows).getByRole('link', { name: 'عرض الربيع' }).click();
    await waitForPath(phone, '/promo/rules');
    await expect
      .poll(() => byId(phone, HelpTestId.articleTitle).textContent(), SOON)
      .toBe('قواعد عرض الربيع');
    await snapshot(phone, 'menus-article-ar');
    await phone.goto(`${baseUrl}/promo/community`);
    await expect.poll(() => byId(phone, MenusTestId.openLink).count(), SOON).toBe(1);
    await snapshot(phone, 'menus-link-ar');

    await phone.goto(`${baseUrl}/home/index`);
    await expect.poll(() => byId(phone, MenusTestId.homeShortcut).textContent(), SOON).toBe('أسواق الربيع');
    await byId(phone, MenusTestId.homeShortcut).scrollIntoViewIfNeeded();
    await snapshot(phone, 'menus-home-ar');

    await desk.evaluate(() => localStorage.setItem('adminLang', 'ar'));
    await desk.goto(`${baseUrl}/admin/menus`);
    await expect.poll(() => deskRow(desk, '/promo/rules').count(), SOON).toBe(1);
    await snapshot(desk, 'admin-menus-ar');
  });
});
