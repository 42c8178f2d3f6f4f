import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AdminRole } from '@kestrel/contract';
import { Secret, TOTP } from 'otpauth';
import { type Browser, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { AdminsRepository } from '../apps/server/src/modules/admin/admins.repository';
import { AdminsService } from '../apps/server/src/modules/admin/admins.service';
import { AuthRateLimits, DEFAULT_RATE_LIMITS } from '../apps/server/src/modules/auth/rate-limits';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { TestId } from '../apps/web/src/testIds';

export { startSmtpServer as startMailbox } from '../apps/server/test/smtp';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;
const SCREENSHOTS = new URL('../screenshots', import.meta.url).pathname;

/** The whole server, in this process, serving the built user app on a free loopback port. */
/**
 * The server on a free port. `earnClock` is earn's clock (AppOptions.earnClock): move it a day on and call
 * `runEarnAccrual()` to pay every day passed, as the job would.
 */
export async function startKestrel(options: { smtpUrl?: string; earnClock?: () => Date } = {}) {
  const sut: TestApp = await createTestApp({
    smtpUrl: options.smtpUrl,
    webDist: WEB_DIST,
    earnClock: options.earnClock,
  });
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = sut.app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => sut.close(),
    runEarnAccrual: () => sut.app.earn.job.runNow(),
  };
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

/**
 * Registers through the app's own form with the code the mailbox received, and waits for the home screen.
 */
export async function register(
  page: Page,
  baseUrl: string,
  mailbox: { codeFor(account: string): Promise<string> },
  account: string,
  password: string,
) {
  await page.goto(`${baseUrl}/user/register`);
  await byId(page, TestId.registerAccount).fill(account);
  await byId(page, TestId.registerSendCode).click();
  await byId(page, TestId.registerCode).fill(await mailbox.codeFor(account));
  await byId(page, TestId.registerPassword).fill(password);
  await byId(page, TestId.registerConfirmPassword).fill(password);
  await byId(page, TestId.registerTermsLink).click();
  await byId(page, TestId.registerTermsAgree).click();
  await byId(page, TestId.registerSubmit).click();
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

export type Operator = { email: string; password: string; name: string; role: AdminRole };

/** A back-office account, made the way `npm run admin -- create` makes it. */
export async function createOperator(sut: TestApp, operator: Operator) {
  await new AdminsService(
    new AdminsRepository(sut.database.db),
    new AuthRateLimits(DEFAULT_RATE_LIMITS),
  ).createOrReset(operator, { adminId: null, action: 'cliCreateAdmin', ip: null });
}

const TOTP_PERIOD_MS = 30_000;
/** The last time step whose code a test typed, per secret: the server accepts each code only once. */
const lastStepUsed = new Map<string, number>();

/**
 * A code the operator's authenticator app would show, never one already used for the same secret: the next
 * step's code while the current one is spent (the server allows one step of clock drift), or else the step
 * after waiting for the clock.
 */
export async function authenticatorCode(secret: string): Promise<string> {
  let step = Math.floor(Date.now() / TOTP_PERIOD_MS);
  const last = lastStepUsed.get(secret) ?? -1;
  if (last === step) step += 1;
  if (last > step) {
    await new Promise((resolve) => setTimeout(resolve, TOTP_PERIOD_MS - (Date.now() % TOTP_PERIOD_MS) + 100));
    step = last + 1;
  }
  lastStepUsed.set(secret, step);
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: step * TOTP_PERIOD_MS });
}

/** The authenticator secrets of the operators enrolled so far, by server and e-mail. */
const enrolled = new Map<string, string>();

/**
 * The console on a 1366x900 desktop, signed in through its own form. TOTP is required by default, so a first
 * sign-in enrols an authenticator from the secret the console shows, as the operator would with their app, and a
 * later one answers with that authenticator's code.
 */
export async function openConsole(browser: Browser, baseUrl: string, operator: Operator, landing: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin/login`);
  await byId(page, 'login-email').fill(operator.email);
  await byId(page, 'login-password').fill(operator.password);
  await byId(page, 'login-submit').click();
  const who = `${baseUrl} ${operator.email}`;
  const known = enrolled.get(who);
  if (known) {
    await byId(page, 'login-totp').fill(await authenticatorCode(known));
    await byId(page, 'login-submit').click();
  } else {
    await waitForPath(page, '/admin/enrol');
    const secret = (await byId(page, 'totp-secret').textContent())?.trim() ?? '';
    await byId(page, 'totp-code').fill(await authenticatorCode(secret));
    await byId(page, 'totp-enable').click();
    enrolled.set(who, secret);
  }
  await waitForPath(page, landing);
  return page;
}

/** The code an operator enrolled through openConsole would read from the authenticator now (for API sign-ins). */
export async function enrolledOperatorCode(baseUrl: string, operator: Operator): Promise<string> {
  const secret = enrolled.get(`${baseUrl} ${operator.email}`);
  if (!secret) throw new Error(`${operator.email} has not enrolled through openConsole`);
  return authenticatorCode(secret);
}

/** A phone camera's JPEG of a card or a screen: a coloured panel with a label on it. */
export async function cameraPhoto(label: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="760">
    <rect width="1200" height="760" fill="#d9d4c7"/>
    <rect x="80" y="80" width="1040" height="600" rx="36" fill="${colour}"/>
    <rect x="140" y="180" width="260" height="320" rx="12" fill="#ffffff" opacity="0.7"/>
    <text x="460" y="300" font-size="56" font-family="sans-serif" fill="#ffffff">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Chooses a photo in an upload tile and waits until the server has checked and stored it. */
export async function choosePhoto(page: Page, input: string, name: string, photo: Buffer) {
  await byId(page, input).setInputFiles({ name, mimeType: 'image/jpeg', buffer: photo });
  await page.waitForFunction(
    (id) =>
      document.querySelector(`[data-testid="${id}"]`)?.parentElement?.getAttribute('data-state') === 'filled',
    input,
    { timeout: 15_000 },
  );
}
