import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewTestId } from '../apps/admin/src/features/review/testIds';
import { adminApi } from '../apps/server/src/modules/admin/test-admins';
import { registerAccount } from '../apps/server/test/api';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { TestId } from '../apps/web/src/testIds';
import ar from '../packages/i18n/src/locales/ar/server';
import {
  byId,
  cameraPhoto,
  choosePhoto,
  createOperator,
  enrolledOperatorCode,
  launchBrowser,
  logIn,
  type Operator,
  openConsole,
  openPhone,
  snapshot,
  storeArabic,
} from './harness';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;

const reviewer: Operator = {
  email: 'noor.haddad@kestrel.example',
  password: 'Review2026',
  name: 'Noor Haddad',
  role: 'reviewer',
};
const customer = { email: `maya.${Date.now()}@example.com`, password: 'Customer2026' };
const arabicCustomer = { email: `layla.${Date.now()}@example.com`, password: 'Customer2026' };
const firstReason = 'The photo of the back is blurred; the ID number cannot be read.';

let browser: Browser;
let sut: TestApp;
let baseUrl: string;

beforeAll(async () => {
  sut = await createTestApp({ webDist: WEB_DIST });
  await createOperator(sut, reviewer);
  await registerAccount(sut, customer.email, { password: customer.password });
  await registerAccount(sut, arabicCustomer.email, { password: arabicCustomer.password, lang: 'ar' });
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sut?.close();
});

/** Opens the nation sheet and searches it; the first answer is the best match. */
async function searchCountry(page: Page, search: string) {
  await byId(page, TestId.identityNation).click();
  await byId(page, TestId.identityCountrySheet).waitFor();
  await byId(page, TestId.identityCountrySearch).fill(search);
  return byId(page, TestId.identityCountryOption);
}

/** Fills an ID card submission for a resident of Spain, whose nation is found by the given search. */
async function fillIdentityCard(page: Page, details: { name: string; number: string; country: string }) {
  await byId(page, TestId.identityTypeIdCard).check();
  await byId(page, TestId.identityRealName).fill(details.name);
  await byId(page, TestId.identityDocumentNumber).fill(details.number);
  await (await searchCountry(page, details.country)).and(page.locator('[data-country="ES"]')).click();
  await byId(page, TestId.identityAddress).fill('Calle de Alcalá 48, 28014 Madrid');
  await choosePhoto(
    page,
    TestId.identityFrontInput,
    'front.jpg',
    await cameraPhoto('ID CARD FRONT', '#2f6f8f'),
  );
  await choosePhoto(page, TestId.identityBackInput, 'back.jpg', await cameraPhoto('ID CARD BACK', '#5b4a8a'));
}

const statusOf = (page: Page) => byId(page, TestId.identityStatus).getAttribute('data-status');

const openReviewerConsole = () => openConsole(browser, baseUrl, reviewer, '/admin/identity');

/** Opens the pending submission of the named person from the reviewer's queue. */
async function openPending(console: Page, realName: string) {
  await byId(console, 'nav-identity').click();
  await byId(console, ReviewTestId.statusTab('pending')).click();
  const row = byId(console, ReviewTestId.queueTable).locator('tbody tr', { hasText: realName });
  await expect.poll(() => row.count()).toBe(1);
  await row.click();
  await console.waitForURL(/\/admin\/identity\/\d+$/);
  for (const side of ['front', 'back']) {
    await expect.poll(() => byId(console, ReviewTestId.image(side)).getAttribute('data-state')).toBe('shown');
  }
}

describe('identity verification in the browser', () => {
  it('is submitted with two photos, rejected with a reason, submitted again and approved', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await phone.goto(`${baseUrl}/user/identification`);
    await expect.poll(() => statusOf(phone)).toBe('uncertified');
    await fillIdentityCard(phone, { name: 'Maya Torres', number: 'x1234567z', country: 'Spain' });
    await snapshot(phone, 'identity-form-en-US');
    await byId(phone, TestId.identitySubmit).click();
    await expect.poll(() => statusOf(phone)).toBe('submitted');
    await expect.poll(() => byId(phone, TestId.identityMaskedNumber).textContent()).toBe('X1*****7Z');
    await snapshot(phone, 'identity-submitted-en-US');

    const console = await openReviewerConsole();
    await openPending(console, 'Maya Torres');
    await expect.poll(() => byId(console, 'identity-document-number').textContent()).toBe('X1234567Z');
    await snapshot(console, 'admin-identity-detail-en-US');
    await byId(console, ReviewTestId.reject).click();
    const rejectDialog = byId(console, ReviewTestId.rejectDialog);
    await rejectDialog.getByTestId(ReviewTestId.reason).fill(firstReason);
    await rejectDialog.getByTestId(ReviewTestId.confirm).click();
    await expect.poll(() => byId(console, ReviewTestId.rejectionReason).textContent()).toBe(firstReason);
    expect(await byId(console, ReviewTestId.reject).count()).toBe(0);

    // The user learns why, on the screen and in the message centre, and sends the documents again.
    await phone.reload();
    await expect.poll(() => statusOf(phone)).toBe('failed');
    await expect.poll(() => byId(phone, TestId.identityReason).textContent()).toBe(firstReason);
    await snapshot(phone, 'identity-failed-en-US');
    await phone.goto(`${baseUrl}/home/notification`);
    const rejection = byId(phone, TestId.inboxItem).filter({ hasText: 'Identity verification failed' });
    await expect.poll(() => rejection.count()).toBe(1);
    await rejection.click();
    await expect.poll(() => byId(phone, TestId.messageDetailBody).textContent()).toContain(firstReason);
    await snapshot(phone, 'identity-rejection-message-en-US');

    await phone.goto(`${baseUrl}/user/identification`);
    await expect.poll(() => statusOf(phone)).toBe('failed');
    // Name, nation and address come back from the first attempt; the number and photos are entered again.
    await expect.poll(() => byId(phone, TestId.identityRealName).inputValue()).toBe('Maya Torres');
    await byId(phone, TestId.identityDocumentNumber).fill('X1234567Z');
    await choosePhoto(
      phone,
      TestId.identityFrontInput,
      'front.jpg',
      await cameraPhoto('ID CARD FRONT', '#2f6f8f'),
    );
    await choosePhoto(
      phone,
      TestId.identityBackInput,
      'back.jpg',
      await cameraPhoto('ID CARD BACK', '#7a3b3b'),
    );
    await byId(phone, TestId.identitySubmit).click();
    await expect.poll(() => statusOf(phone)).toBe('submitted');

    await openPending(console, 'Maya Torres');
    await expect.poll(() => byId(console, ReviewTestId.history).textContent()).toContain(firstReason);
    await byId(console, ReviewTestId.approve).click();
    await byId(console, ReviewTestId.approveDialog).getByTestId(ReviewTestId.confirm).click();
    await expect.poll(() => byId(console, ReviewTestId.approve).count()).toBe(0);
    await snapshot(console, 'admin-identity-approved-en-US');
    await console.context().close();

    await phone.reload();
    await expect.poll(() => statusOf(phone)).toBe('verified');
    expect(await byId(phone, TestId.identityForm).count()).toBe(0);
    await snapshot(phone, 'identity-verified-en-US');
    await phone.goto(`${baseUrl}/user/index`);
    await expect.poll(() => byId(phone, TestId.mineIdentityStatus).textContent()).toBe('Verified');
    await snapshot(phone, 'identity-mine-en-US');

    await storeArabic(phone);
    await phone.goto(`${baseUrl}/user/identification`);
    await expect.poll(() => statusOf(phone)).toBe('verified');
    await expect.poll(() => phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await snapshot(phone, 'identity-verified-ar');
    await phone.context().close();
  });

  it('reads right to left in Arabic, from the form to the reviewer’s reason', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, arabicCustomer.email, arabicCustomer.password);
    await storeArabic(phone);
    await phone.goto(`${baseUrl}/user/identification`);
    await expect.poll(() => statusOf(phone)).toBe('uncertified');
    // Country names follow the reader's language.
    const options = await searchCountry(phone, 'إسبانيا');
    await expect.poll(() => options.first().getAttribute('data-country')).toBe('ES');
    await snapshot(phone, 'identity-country-sheet-ar');
    await options.first().click();
    await fillIdentityCard(phone, { name: 'ليلى حداد', number: 'A7654321', country: 'إسبانيا' });
    await snapshot(phone, 'identity-form-ar');
    await byId(phone, TestId.identitySubmit).click();
    await expect.poll(() => statusOf(phone)).toBe('submitted');
    await snapshot(phone, 'identity-submitted-ar');

    const console = await openReviewerConsole();
    await byId(console, 'language').selectOption('ar');
    await openPending(console, 'ليلى حداد');
    await snapshot(console, 'admin-identity-detail-ar');
    await console.context().close();

    // The reviewer's decision reaches the user in the language they use.
    const signedIn = await adminApi(sut, 'POST', '/api/admin/auth/login', {
      body: {
        email: reviewer.email,
        password: reviewer.password,
        totp: await enrolledOperatorCode(baseUrl, reviewer),
      },
    });
    const { token } = signedIn.body.data as { token: string };
    const queue = await adminApi(sut, 'GET', '/api/admin/identity?status=pending', { token });
    const pending = (queue.body.data as { items: { id: number; realName: string }[] }).items;
    const submission = pending.find((item) => item.realName === 'ليلى حداد');
    const reason = 'The address does not match the document.';
    const rejected = await adminApi(sut, 'POST', `/api/admin/identity/${submission?.id}/reject`, {
      token,
      body: { reason },
    });
    expect(rejected.status).toBe(200);

    await phone.reload();
    await expect.poll(() => statusOf(phone)).toBe('failed');
    await expect.poll(() => byId(phone, TestId.identityReason).textContent()).toBe(reason);
    await snapshot(phone, 'identity-failed-ar');
    await phone.goto(`${baseUrl}/home/notification`);
    const title = ar.inbox.events.identityRejected.title;
    await expect.poll(() => byId(phone, TestId.inboxItem).filter({ hasText: title }).count()).toBe(1);
    await snapshot(phone, 'identity-rejection-message-ar');
    await phone.context().close();
  });
});
