import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, adminWithRole } from '../apps/server/src/modules/admin/test-admins';
import { verifyIdentity } from '../apps/server/src/modules/identity/test-identity';
import { callApi, registerAccount } from '../apps/server/test/api';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { EarnTestId } from '../apps/web/src/features/earn/testIds';
import { MembershipTestId } from '../apps/web/src/features/membership/testIds';
import { MissionsTestId } from '../apps/web/src/features/missions/testIds';
import { ShareTestId } from '../apps/web/src/features/share/testIds';
import { byId, launchBrowser, logIn, openPhone, snapshot, storeArabic } from './harness';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;
const DAY_MS = 86_400_000;

const customer = { email: `ada.${Date.now()}@example.com`, password: 'Customer2026' };
const SOON = { timeout: 15_000 };

type EarnProduct = {
  id: string;
  asset: string;
  termDays: number | null;
  earlyRedemption: { allowed: boolean };
};
type EarnOrder = { id: string; status: string; interestPaid: string; principal: string };

let browser: Browser;
let sut: TestApp;
let baseUrl: string;
let token: string;
/** Earn's clock runs this far ahead of the wall clock: a test moves it a day on to see an accrual. */
let clockAhead = 0;

async function api(method: 'GET' | 'POST', path: string) {
  return (await callApi(sut, method, path, { token })).body;
}

/** An amount as the app shows it: no trailing zeros ("0.082190" → "0.08219"). */
const shortest = (amount: string | undefined) =>
  (amount ?? '?').replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

async function earnOrders(state: 'active' | 'closed'): Promise<EarnOrder[]> {
  return (await api('GET', `/api/earn/orders?state=${state}`)).data.items;
}

async function open(phone: Page, path: string, screen: string) {
  await phone.goto(`${baseUrl}${path}`);
  await expect.poll(() => byId(phone, screen).count(), SOON).toBe(1);
}

beforeAll(async () => {
  sut = await createTestApp({ webDist: WEB_DIST, earnClock: () => new Date(Date.now() + clockAhead) });
  const registered = await registerAccount(sut, customer.email, { password: customer.password });
  token = registered.token;
  const operator = await adminWithRole(sut, 'support');
  const funded = await adminApi(sut, 'POST', `/api/admin/users/${registered.user.id}/adjustments`, {
    token: operator.token,
    idempotencyKey: `fund-${registered.user.id}`,
    body: { direction: 'add', account: 'spot', asset: 'USDT', amount: '1000', reason: 'Earn trial funds' },
  });
  expect(funded.body.code).toBe(0);
  await verifyIdentity(sut, { token, userId: registered.user.id });
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sut?.close();
});

describe('earn, the mission hall, the membership centre and the share page in the browser', () => {
  it('subscribes, sees the deduction and a day of interest, then redeems early for the payout it was shown', async () => {
    const products: EarnProduct[] = (await api('GET', '/api/earn/products')).data.items;
    const fixed = products.find(
      (product) => product.asset === 'USDT' && product.termDays !== null && product.earlyRedemption.allowed,
    );
    expect(fixed).toBeDefined();
    const productId = fixed?.id ?? '';

    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await open(phone, '/home/financial/package', EarnTestId.packageScreen);
    await byId(phone, EarnTestId.product(productId)).click();
    await expect.poll(() => byId(phone, EarnTestId.subscribeSheet).count(), SOON).toBe(1);
    await byId(phone, EarnTestId.amount).fill('500');
    // Every figure shows before the user commits.
    await expect.poll(() => byId(phone, EarnTestId.quoteTotalInterest).textContent(), SOON).toMatch(/\d/);
    await expect.poll(() => byId(phone, EarnTestId.quoteMaturity).textContent(), SOON).toMatch(/\d/);
    await snapshot(phone, 'earn-subscribe-en-US');
    await byId(phone, EarnTestId.subscribe).click();
    await expect.poll(() => phone.getByText('Purchase successful').count(), SOON).toBeGreaterThan(0);
    await expect.poll(async () => (await earnOrders('active')).length, SOON).toBe(1);

    // The account change log shows the investment deduction.
    const deductions = (await api('GET', '/api/wallet/records?type=investmentDeduction')).data.items;
    expect(deductions.map((record: { amount: string }) => record.amount)).toEqual(['-500.000000']);

    // Two days on, the job pays the first accrual day; the orders screen shows it.
    clockAhead = 2 * DAY_MS;
    await sut.app.earn.job.runNow();
    const [accrued] = await earnOrders('active');
    expect(Number(accrued?.interestPaid)).toBeGreaterThan(0);
    await open(phone, '/home/financial/order', EarnTestId.orderScreen);
    await expect
      .poll(() => byId(phone, EarnTestId.orderInterestPaid).first().textContent(), SOON)
      .toContain(shortest(accrued?.interestPaid));
    await snapshot(phone, 'earn-orders-en-US');

    // Early redemption: the sheet shows the exact payout, and that is what reaches the spot account.
    const quote = (await api('GET', `/api/earn/orders/${accrued?.id}/redemption`)).data;
    await byId(phone, EarnTestId.redeem).first().click();
    await expect
      .poll(() => byId(phone, EarnTestId.redeemPayout).textContent(), SOON)
      .toContain(shortest(quote.payout));
    await snapshot(phone, 'earn-redeem-en-US');
    await byId(phone, EarnTestId.redeemConfirm).click();
    await expect.poll(async () => (await earnOrders('closed'))[0]?.status, SOON).toBe('redeemed');
    const returns = (await api('GET', '/api/wallet/records?type=returnOnInvestment')).data.items;
    expect(returns.map((record: { amount: string }) => record.amount)).toContain(quote.payout);

    await storeArabic(phone);
    await open(phone, '/home/financial/package', EarnTestId.packageScreen);
    await snapshot(phone, 'earn-packages-ar');
    await open(phone, '/home/financial/order?tab=closed', EarnTestId.orderScreen);
    await expect.poll(() => byId(phone, EarnTestId.order).count(), SOON).toBe(1);
    await snapshot(phone, 'earn-orders-ar');
    await phone.context().close();
  }, 120_000);

  it('claims the verified-identity task once, into the spot account', async () => {
    const missions = (await api('GET', '/api/missions')).data;
    const verify = missions.items.find((mission: { event: string }) => mission.event === 'identityVerified');
    expect(verify?.status).toBe('claimable');

    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await open(phone, '/home/missions', MissionsTestId.screen);
    const task = byId(phone, MissionsTestId.mission(verify.id));
    await snapshot(phone, 'missions-en-US');
    await task.getByTestId(MissionsTestId.claim).click();
    await expect
      .poll(async () => {
        const after = (await api('GET', '/api/missions')).data.items;
        return after.find((mission: { id: string }) => mission.id === verify.id)?.status;
      }, SOON)
      .toBe('claimed');
    await expect.poll(() => task.getByTestId(MissionsTestId.claim).count(), SOON).toBe(0);
    const rewards = (await api('GET', '/api/wallet/records?type=reward')).data.items;
    expect(rewards.map((record: { amount: string }) => Number(record.amount))).toEqual([
      Number(verify.reward.amount),
    ]);

    await open(phone, '/home/membership', MembershipTestId.screen);
    await expect.poll(() => byId(phone, MembershipTestId.row(0)).count(), SOON).toBe(1);
    await snapshot(phone, 'membership-en-US');

    await storeArabic(phone);
    await open(phone, '/home/missions', MissionsTestId.screen);
    await snapshot(phone, 'missions-ar');
    await open(phone, '/home/membership', MembershipTestId.screen);
    await snapshot(phone, 'membership-ar');
    await phone.context().close();
  }, 90_000);

  it('shows the invitation code and link with its QR, and saves the poster as an image', async () => {
    const referral = (await api('GET', '/api/referral')).data;
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await open(phone, '/home/share', ShareTestId.screen);
    await expect.poll(() => byId(phone, ShareTestId.code).textContent(), SOON).toContain(referral.inviteCode);
    await expect
      .poll(() => byId(phone, ShareTestId.link).textContent(), SOON)
      .toContain(`/user/register?inviteCode=${referral.inviteCode}`);
    await snapshot(phone, 'share-en-US');
    const saved = phone.waitForEvent('download');
    await byId(phone, ShareTestId.savePoster).click();
    const download = await saved;
    expect(download.suggestedFilename()).toMatch(/\.png$/);

    await storeArabic(phone);
    await open(phone, '/home/share', ShareTestId.screen);
    await snapshot(phone, 'share-ar');
    await phone.context().close();
  }, 60_000);
});
