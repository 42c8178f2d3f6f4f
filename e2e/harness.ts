import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { TestId } from '../apps/web/src/testIds';

export { startSmtpServer as startMailbox } from '../apps/server/test/smtp';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;
const SCREENSHOTS = new URL('../screenshots', import.meta.url).pathname;

/** The whole server, in this process, serving the built user app on a free loopback port. */
export async function startKestrel(options: { smtpUrl?: string } = {}) {
  const sut: TestApp = await createTestApp({ smtpUrl: options.smtpUrl, webDist: WEB_DIST });
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = sut.app.server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => sut.close() };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A phone: 390x844, touch, a fresh profile every time. */
export async function openPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

/** Keeps a screenshot of what a person would see, for the closing look at each screen. */
export async function snapshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

export const byId = (page: Page, id: string) => page.getByTestId(id);

export async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

/** Logs in through the app's own form and waits for the home screen. */
export async function logIn(page: Page, baseUrl: string, account: string, password: string) {
  await page.goto(`${baseUrl}/user/login`);
  await byId(page, TestId.loginAccount).fill(account);
  await byId(page, TestId.loginPassword).fill(password);
  await byId(page, TestId.loginSubmit).click();
  await waitForPath(page, '/home/index');
}

/** Stores Arabic as the language, as the language switch does; it applies from the next page load. */
export async function storeArabic(page: Page) {
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('session') ?? '{}');
    localStorage.setItem('session', JSON.stringify({ ...session, language: 'ar' }));
    localStorage.setItem('lang', 'ar');
  });
}
