import type { AddressInfo } from 'node:net';
import type { AdminRole } from '@kestrel/contract';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sectionsFor } from '../apps/admin/src/app/sections';
import { AdminsRepository } from '../apps/server/src/modules/admin/admins.repository';
import { AdminsService } from '../apps/server/src/modules/admin/admins.service';
import { AuthRateLimits, DEFAULT_RATE_LIMITS } from '../apps/server/src/modules/auth/rate-limits';
import { registerAccount } from '../apps/server/test/api';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { authenticatorCode, byId, launchBrowser, snapshot, waitForPath } from './harness';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;

const operator = { email: 'avery.stone@kestrel.example', password: 'Console2026', name: 'Avery Stone' };
const customer = `customer.${Date.now()}@example.com`;
const reviewer = { email: 'rowan.hale@kestrel.example', password: 'Review2026', name: 'Rowan Hale' };

let browser: Browser;
let sut: TestApp;
let baseUrl: string;

beforeAll(async () => {
  // The server serves the back office built beside the user app (see e2e/global-setup.ts).
  sut = await createTestApp({ webDist: WEB_DIST });
  // The first super admin, as ADMIN_EMAIL/ADMIN_PASSWORD or `npm run admin -- create` make it.
  await new AdminsService(
    new AdminsRepository(sut.database.db),
    new AuthRateLimits(DEFAULT_RATE_LIMITS),
  ).createOrReset(
    { ...operator, role: 'super_admin' },
    { adminId: null, action: 'bootstrapSuperAdmin', ip: null },
  );
  await registerAccount(sut, customer, { password: 'Customer2026' });
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sut?.close();
});

/** The back office is a desktop tool: 1366x900, a fresh profile. */
async function openDesktop(storageState?: StorageState): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, storageState });
  return context.newPage();
}

/** The sidebar's entries, as the test ids the shell gives them. */
async function sidebar(page: Page) {
  return page.locator('nav a').evaluateAll((links) => links.map((link) => link.getAttribute('data-testid')));
}

const sidebarOf = (role: AdminRole) => sectionsFor(role).map((section) => `nav-${section.id}`);

async function signIn(page: Page, totpSecret?: string) {
  await byId(page, 'login-email').fill(operator.email);
  await byId(page, 'login-password').fill(operator.password);
  await byId(page, 'login-submit').click();
  if (totpSecret) {
    await byId(page, 'login-totp').fill(await authenticatorCode(totpSecret));
    await byId(page, 'login-submit').click();
  }
}

async function chooseLanguage(page: Page, locale: string) {
  await byId(page, 'language').selectOption(locale);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
}

describe('the back office in the browser', () => {
  /**
   * The super admin's signed-in console, kept after the first test: an authenticator code is good once, so
   * signing in again with TOTP in every test would wait for the clock each time.
   */
  let signedIn: StorageState | undefined;
  let totpSecret = '';

  it('signs a super admin in at /admin, where the first sign-in enrols an authenticator from the shown secret', async () => {
    const page = await openDesktop();
    await page.goto(`${baseUrl}/admin`);
    await waitForPath(page, '/admin/login');
    await snapshot(page, 'admin-login-en-US');

    // TOTP is required by default: the password alone opens only the enrolment step.
    await signIn(page);
    await waitForPath(page, '/admin/enrol');
    await byId(page, 'totp-qr').waitFor();
    expect(await byId(page, 'totp-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await snapshot(page, 'admin-first-sign-in-enrol-en-US');
    totpSecret = (await byId(page, 'totp-secret').textContent())?.trim() ?? '';
    expect(totpSecret).toMatch(/^[A-Z2-7]+$/);
    await byId(page, 'totp-code').fill(await authenticatorCode(totpSecret));
    await byId(page, 'totp-enable').click();
    await waitForPath(page, '/admin/users');
    expect(await byId(page, 'me-name').textContent()).toBe(operator.name);
    await expect.poll(() => sidebar(page)).toEqual(sidebarOf('super_admin'));
    expect(await byId(page, 'nav-users').textContent()).toBe('Users');
    const stored = await page.evaluate(() => ({
      admin: localStorage.getItem('adminToken'),
      user: localStorage.getItem('token'),
    }));
    expect(stored.admin).toMatch(/^adm_/);
    expect(stored.user).toBeNull();

    await byId(page, 'nav-security').click();
    await byId(page, 'totp-enabled').waitFor();
    await snapshot(page, 'admin-security-en-US');

    // From now on the password alone is not enough.
    await byId(page, 'logout').click();
    await waitForPath(page, '/admin/login');
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    await signIn(page, totpSecret);
    await waitForPath(page, '/admin/users');
    signedIn = await page.context().storageState();
    await page.context().close();
  });

  it('finds a user who registered in the app, freezes the account with a reason and sees it audited', async () => {
    const page = await openDesktop(signedIn);
    await page.goto(`${baseUrl}/admin`);
    await waitForPath(page, '/admin/users');

    await byId(page, 'search').fill(customer);
    await byId(page, 'search-submit').click();
    await page.waitForURL((url) => url.searchParams.get('q') === customer);
    const rows = byId(page, 'users-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain(customer);
    expect(await rows.first().textContent()).toContain('Active');
    await snapshot(page, 'admin-users-en-US');

    await rows.first().click();
    await page.waitForURL(/\/admin\/users\/\d+$/);
    await expect.poll(() => byId(page, 'user-status').textContent()).toBe('Active');
    await snapshot(page, 'admin-user-detail-en-US');

    await byId(page, 'action-freeze').click();
    const dialog = byId(page, 'dialog-freeze');
    await dialog.waitFor();
    // The reason is required: an empty one is not sent.
    await dialog.getByTestId('dialog-submit').click();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByTestId('reason').fill('Chargeback fraud reported by the card issuer');
    await dialog.getByTestId('dialog-submit').click();
    await expect.poll(() => byId(page, 'user-status').textContent()).toBe('Frozen');
    await expect.poll(() => byId(page, 'notice').first().textContent()).toContain('Account frozen');
    expect(await byId(page, 'action-unfreeze').isVisible()).toBe(true);

    await byId(page, 'nav-outbox').click();
    await waitForPath(page, '/admin/outbox');
    await byId(page, 'search').fill(customer);
    await byId(page, 'search-submit').click();
    const messages = byId(page, 'outbox-table').locator('tbody tr');
    await expect.poll(() => messages.first().textContent()).toContain(customer);
    await messages.first().click();
    // The operator sees that a code went out, never the code itself.
    await expect.poll(() => byId(page, 'outbox-body').textContent()).toContain('••••••');
    expect(await byId(page, 'outbox-body').textContent()).not.toMatch(/\d{6}/);
    await snapshot(page, 'admin-outbox-en-US');
    await page.keyboard.press('Escape');

    await byId(page, 'nav-audit').click();
    await waitForPath(page, '/admin/audit');
    await byId(page, 'audit-action').fill('freezeUser');
    await page.getByRole('search').getByRole('button').click();
    const entries = byId(page, 'audit-table').locator('tbody tr');
    await expect.poll(() => entries.count()).toBe(1);
    const entry = (await entries.first().textContent()) ?? '';
    expect(entry).toContain(operator.email);
    expect(entry).toContain('Chargeback fraud reported by the card issuer');
    expect(entry).toContain('"frozenAt": null');
    await byId(page, 'audit-action').fill('');
    await page.getByRole('search').getByRole('button').click();
    await expect.poll(() => entries.count()).toBeGreaterThan(1);
    await snapshot(page, 'admin-audit-en-US');
    await page.context().close();
  });

  it('lists a large adjustment proposed by support for a second operator, in English and Arabic, and posts it on approval', async () => {
    const proposerEmail = 'sam.ortiz@kestrel.example';
    await new AdminsService(
      new AdminsRepository(sut.database.db),
      new AuthRateLimits(DEFAULT_RATE_LIMITS),
    ).createOrReset(
      { email: proposerEmail, password: 'Support2026', name: 'Sam Ortiz', role: 'support' },
      { adminId: null, action: 'cliCreateAdmin', ip: null },
    );
    const call = async (url: string, token: string | undefined, payload: object, key?: string) =>
      (
        await sut.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { ...(token ? { authorization: token } : {}), ...(key ? { 'idempotency-key': key } : {}) },
        })
      ).json();
    const { token } = (
      await call('/api/admin/auth/login', undefined, { email: proposerEmail, password: 'Support2026' })
    ).data;
    const { secret } = (await call('/api/admin/totp/setup', token, {})).data;
    await call('/api/admin/totp/enable', token, {
      code: new TOTP({
        algorithm: 'SHA1',
        digits: 6,
        period: 30,
        secret: Secret.fromBase32(secret),
      }).generate(),
    });
    const userId = (await registerAccount(sut, `proposal.${Date.now()}@example.com`)).user.id;
    const proposed = await call(
      `/api/admin/users/${userId}/adjustments`,
      token,
      { direction: 'add', account: 'spot', asset: 'USDT', amount: '2500', reason: 'Refund of ticket 8812' },
      'e2e-proposal',
    );
    expect(proposed.data).toMatchObject({ state: 'proposed' });

    const page = await openDesktop(signedIn);
    await page.goto(`${baseUrl}/admin/adjustment-proposals`);
    const rows = byId(page, 'review-queue').locator('tbody tr');
    await expect.poll(() => rows.first().textContent()).toContain('Refund of ticket 8812');
    expect(await rows.first().textContent()).toContain(proposerEmail);
    await snapshot(page, 'admin-adjustment-proposals-en-US');
    await chooseLanguage(page, 'ar');
    await expect.poll(() => byId(page, 'nav-adjustmentProposals').textContent()).toBe('الموافقات');
    await snapshot(page, 'admin-adjustment-proposals-ar');
    await chooseLanguage(page, 'en-US');

    await byId(page, `proposal-approve-${proposed.data.proposalId}`).click();
    await snapshot(page, 'admin-adjustment-approve-en-US');
    await byId(page, 'dialog-submit').click();
    await expect.poll(() => rows.first().textContent()).not.toContain('Refund of ticket 8812');
    await byId(page, 'review-tab-approved').click();
    await expect.poll(() => rows.first().textContent()).toContain(operator.email);
    await page.context().close();
  });

  it('shows the console right to left in Arabic', async () => {
    const signIn = await openDesktop();
    await signIn.goto(`${baseUrl}/admin/login`);
    await chooseLanguage(signIn, 'ar');
    expect(await signIn.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await signIn.evaluate(() => localStorage.getItem('adminLang'))).toBe('ar');
    await snapshot(signIn, 'admin-login-ar');
    await signIn.context().close();

    const page = await openDesktop(signedIn);
    await page.goto(`${baseUrl}/admin`);
    await waitForPath(page, '/admin/users');
    await chooseLanguage(page, 'ar');
    const rows = byId(page, 'users-table').locator('tbody tr');
    await expect.poll(() => rows.first().textContent()).toContain('@');
    expect(await page.locator('nav a').first().textContent()).toBe('المستخدمون');
    await snapshot(page, 'admin-users-ar');

    await byId(page, 'search').fill(customer);
    await byId(page, 'search-submit').click();
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().click();
    await expect.poll(() => byId(page, 'user-status').textContent()).toBe('مجمّد');
    await snapshot(page, 'admin-user-detail-ar');

    await byId(page, 'nav-audit').click();
    await expect.poll(() => byId(page, 'audit-table').locator('tbody tr').count()).toBeGreaterThan(1);
    await snapshot(page, 'admin-audit-ar');
    await page.context().close();
  });

  it('creates a reviewer who, once TOTP is required for all, enrols and then sees only their own work', async () => {
    const page = await openDesktop(signedIn);
    await page.goto(`${baseUrl}/admin`);
    await waitForPath(page, '/admin/users');
    await byId(page, 'nav-admins').click();
    await byId(page, 'create-admin').click();
    const dialog = byId(page, 'dialog-create-admin');
    await dialog.getByLabel('E-mail').fill(reviewer.email);
    await dialog.getByLabel('Name').fill(reviewer.name);
    await dialog.getByLabel('Role').selectOption('reviewer');
    await dialog.getByLabel('Initial password').fill(reviewer.password);
    await dialog.getByTestId('dialog-submit').click();
    const admins = byId(page, 'admins-table').locator('tbody tr');
    // The super admin, the support operator of the adjustment journey, and the new reviewer.
    // Creating an account hashes its password, which can take a few seconds on a busy machine.
    await expect.poll(() => admins.count(), { timeout: 15_000 }).toBe(3);
    expect(await admins.nth(2).textContent()).toContain('Reviewer');

    // Required of every operator by default; only a super admin could relax it.
    await expect.poll(() => byId(page, 'require-totp').isChecked()).toBe(true);
    await snapshot(page, 'admin-admins-en-US');
    await byId(page, 'logout').click();

    // The new reviewer has no authenticator yet, so the console makes them enrol before anything else.
    await waitForPath(page, '/admin/login');
    await byId(page, 'login-email').fill(reviewer.email);
    await byId(page, 'login-password').fill(reviewer.password);
    await byId(page, 'login-submit').click();
    await waitForPath(page, '/admin/enrol');
    await byId(page, 'totp-qr').waitFor();
    await snapshot(page, 'admin-enrol-en-US');
    const secret = (await byId(page, 'totp-secret').textContent())?.trim() ?? '';
    await byId(page, 'totp-code').fill(await authenticatorCode(secret));
    await byId(page, 'totp-enable').click();
    await waitForPath(page, '/admin/identity');
    await expect.poll(() => sidebar(page)).toEqual(sidebarOf('reviewer'));
    await byId(page, 'review-queue').waitFor();
    // The address of a page of another role leads back to the reviewer's own.
    await page.goto(`${baseUrl}/admin/users`);
    await waitForPath(page, '/admin/identity');
    await page.context().close();
  });
});
