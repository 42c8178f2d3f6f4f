import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestId } from '../apps/web/src/testIds';
import {
  byId,
  launchBrowser,
  logIn,
  openPhone,
  snapshot,
  startKestrel,
  startMailbox,
  waitForPath,
} from './harness';

let browser: Browser;
let kestrel: Awaited<ReturnType<typeof startKestrel>>;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;

const account = `journey.${Date.now()}@example.com`;
const password = 'Journey2026';

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

const pathOf = (page: Page) => new URL(page.url()).pathname;
const storageLength = (page: Page) => page.evaluate(() => localStorage.length);

async function registerByEmail(page: Page) {
  await page.goto(`${kestrel.baseUrl}/user/register`);
  await byId(page, TestId.registerAccount).fill(account);
  await byId(page, TestId.registerSendCode).click();
  const code = await mailbox.codeFor(account);
  await byId(page, TestId.registerCode).fill(code);
  await byId(page, TestId.registerPassword).fill(password);
  await byId(page, TestId.registerConfirmPassword).fill(password);
  await byId(page, TestId.registerTermsLink).click();
  await byId(page, TestId.registerTermsAgree).click();
  await snapshot(page, 'register-en-US');
  await byId(page, TestId.registerSubmit).click();
}

describe('accounts in the browser', () => {
  it('sends an anonymous visitor of / to the log-in page and clears local storage', async () => {
    const page = await openPhone(browser);
    await page.goto(`${kestrel.baseUrl}/home/index`);
    await page.evaluate(() => localStorage.setItem('stale', 'value'));
    await page.goto(`${kestrel.baseUrl}/`);
    await waitForPath(page, '/user/login');
    expect(await storageLength(page)).toBe(0);
    await snapshot(page, 'login-en-US');
    await page.close();
  });

  it('registers by e-mail with the mailed code, keeps the session over a reload, and logs out', async () => {
    const page = await openPhone(browser);
    await registerByEmail(page);
    await waitForPath(page, '/home/index');
    await expect.poll(() => byId(page, TestId.notice).textContent()).toContain('Registration success');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      lang: localStorage.getItem('lang'),
      session: JSON.parse(localStorage.getItem('session') ?? '{}'),
    }));
    expect(stored.token).toMatch(/^[\w-]{43}$/);
    expect(stored.lang).toBe('en-US');
    expect(stored.session.token).toBe(stored.token);

    await page.reload();
    await byId(page, TestId.homeGreeting).waitFor();
    await snapshot(page, 'home-user-en-US');

    await page.goto(`${kestrel.baseUrl}/user/index`);
    await expect.poll(() => byId(page, TestId.mineAccount).textContent()).toContain('@example.com');
    await snapshot(page, 'mine-en-US');

    await page.goto(`${kestrel.baseUrl}/user/setting`);
    await byId(page, TestId.settingsLogout).click();
    await byId(page, TestId.logoutDialog).getByRole('button', { name: 'Log out' }).click();
    await waitForPath(page, '/user/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The revoked token no longer opens anything, even if a copy of it survived somewhere.
    const refused = await page.evaluate(
      async (token) => (await fetch('/api/user/info', { headers: { Authorization: token ?? '' } })).status,
      stored.token,
    );
    expect(refused).toBe(401);
    await page.close();
  });

  it('logs in and returns to where the visitor was going; a wrong password shows the server message', async () => {
    const page = await openPhone(browser);
    await page.goto(`${kestrel.baseUrl}/user/setting`);
    await waitForPath(page, '/user/login');

    await byId(page, TestId.loginAccount).fill(account);
    await byId(page, TestId.loginPassword).fill('Wrong2026x');
    await byId(page, TestId.loginSubmit).click();
    await expect
      .poll(() => byId(page, TestId.notice).textContent())
      .toContain('The account or password is incorrect');
    expect(pathOf(page)).toBe('/user/login');

    await byId(page, TestId.loginPassword).fill(password);
    await byId(page, TestId.loginSubmit).click();
    await waitForPath(page, '/user/setting');

    // With a token, the log-in page is not shown again.
    await page.goto(`${kestrel.baseUrl}/user/login`);
    await waitForPath(page, '/home/index');
    await page.close();
  });

  it('switches to Arabic: right to left, and every request carries think-lang: ar', async () => {
    const page = await openPhone(browser);
    await logIn(page, kestrel.baseUrl, account, password);

    await page.goto(`${kestrel.baseUrl}/user/setting`);
    await expect
      .poll(() => byId(page, TestId.settingsChangePassword).getAttribute('href'))
      .toBe('/user/editSafePassword');
    expect(await byId(page, TestId.settingsUserInfo).getAttribute('href')).toBe('/user/setUserInfo');
    await snapshot(page, 'settings-en-US');
    await byId(page, TestId.settingsLanguage).click();
    await byId(page, TestId.settingsLanguageSheet).getByText('العربية').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ar');
    await page.keyboard.press('Escape');
    await snapshot(page, 'settings-ar');

    const languages: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) languages.push(request.headers()['think-lang'] ?? '');
    });
    await page.goto(`${kestrel.baseUrl}/user/index`);
    await byId(page, TestId.mineUid).waitFor();
    await expect.poll(() => languages.length).toBeGreaterThan(0);
    expect(new Set(languages)).toEqual(new Set(['ar']));
    await snapshot(page, 'mine-ar');

    await page.goto(`${kestrel.baseUrl}/home/index`);
    await byId(page, TestId.homeGreeting).waitFor();
    await snapshot(page, 'home-user-ar');
    await page.close();
  });

  it('shows the not-found page with a way home', async () => {
    const page = await openPhone(browser);
    await page.goto(`${kestrel.baseUrl}/home/index`);
    await page.goto(`${kestrel.baseUrl}/no/such/page`);
    await byId(page, TestId.notFound).waitFor();
    await snapshot(page, 'not-found-en-US');
    await byId(page, TestId.notFoundHome).click();
    await waitForPath(page, '/home/index');
    await page.close();
  });

  it('renders the guest screens in Arabic, right to left', async () => {
    const page = await openPhone(browser);
    await page.goto(`${kestrel.baseUrl}/home/index`);
    await page.evaluate(() => localStorage.setItem('lang', 'ar'));
    for (const [path, name] of [
      ['/home/index', 'home-guest-ar'],
      ['/user/login', 'login-ar'],
      ['/user/register', 'register-ar'],
      ['/user/forgot', 'forgot-ar'],
      ['/no/such/page', 'not-found-ar'],
    ] as const) {
      await page.goto(`${kestrel.baseUrl}${path}`);
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.waitForLoadState('networkidle');
      await snapshot(page, name);
    }
    await page.close();
  });
});
