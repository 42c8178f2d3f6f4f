import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestId } from '../apps/web/src/testIds';
import {
  byId,
  launchBrowser,
  logIn,
  openPhone,
  register,
  snapshot,
  startKestrel,
  startMailbox,
  storeArabic,
  waitForPath,
} from './harness';

let browser: Browser;
let kestrel: Awaited<ReturnType<typeof startKestrel>>;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;

const account = `inbox.${Date.now()}@example.com`;
const password = 'Inbox2026x';

beforeAll(async () => {
  mailbox = await startMailbox();
  kestrel = await startKestrel({ smtpUrl: mailbox.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await kestrel?.close();
  await mailbox?.close();
});

describe('messages in the browser', () => {
  it('shows a new user the welcome message; opening it clears the badges', async () => {
    const page = await openPhone(browser);
    await register(page, kestrel.baseUrl, mailbox, account, password);

    await expect.poll(() => byId(page, TestId.homeMessagesBadge).textContent()).toBe('1');
    await expect.poll(() => byId(page, TestId.tabMineBadge).textContent()).toBe('1');
    await byId(page, TestId.tabMine).click();
    await expect.poll(() => byId(page, TestId.mineMessagesBadge).textContent()).toBe('1');
    await snapshot(page, 'inbox-mine-entry-en-US');
    await byId(page, TestId.tabHome).click();

    await byId(page, TestId.homeMessages).click();
    await waitForPath(page, '/home/notification');
    const item = byId(page, TestId.inboxItem);
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain('Welcome to Kestrel');
    expect(await byId(page, TestId.inboxUnreadDot).count()).toBe(1);
    await snapshot(page, 'inbox-list-en-US');

    await item.click();
    await waitForPath(page, '/home/messageDetail');
    await expect
      .poll(() => byId(page, TestId.messageDetailBody).textContent())
      .toContain('To withdraw, complete identity verification first.');
    await snapshot(page, 'message-detail-en-US');

    await page.goto(`${kestrel.baseUrl}/home/index`);
    await byId(page, TestId.homeMessages).waitFor();
    await expect.poll(() => byId(page, TestId.homeMessagesBadge).count()).toBe(0);
    expect(await byId(page, TestId.tabMineBadge).count()).toBe(0);
    await page.close();
  });

  it('shows a login alert in Arabic, right to left, with the read welcome below it', async () => {
    const page = await openPhone(browser);
    await logIn(page, kestrel.baseUrl, account, password);
    await storeArabic(page);

    await page.goto(`${kestrel.baseUrl}/home/index`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => byId(page, TestId.homeMessagesBadge).textContent()).toBe('1');
    await snapshot(page, 'inbox-home-bell-ar');

    await page.goto(`${kestrel.baseUrl}/home/notification`);
    const items = byId(page, TestId.inboxItem);
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.first().textContent()).toContain('تسجيل دخول جديد إلى حسابك');
    expect(await byId(page, TestId.inboxUnreadDot).count()).toBe(1);
    await snapshot(page, 'inbox-list-ar');

    await items.first().click();
    await waitForPath(page, '/home/messageDetail');
    await expect.poll(() => byId(page, TestId.messageDetailBody).textContent()).toContain('عنوان IP');
    await snapshot(page, 'message-detail-ar');
    await page.close();
  });
});
