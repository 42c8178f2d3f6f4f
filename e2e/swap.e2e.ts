import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, adminWithRole } from '../apps/server/src/modules/admin/test-admins';
import { ADDRESSES } from '../apps/server/src/modules/swap/test-swap';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { SwapTestId } from '../apps/web/src/features/swap/testIds';
import { byId, launchBrowser, openPhone, snapshot, storeArabic } from './harness';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;
const SOON = { timeout: 15_000 };
/** The simulated watcher deposits after 10 s, then takes a step every 3 s. */
const COMPLETION = { timeout: 60_000, interval: 1_000 };

let browser: Browser;
let sut: TestApp;
let baseUrl: string;

/** Picks a coin on one side of the swap form through its sheet. */
async function pick(phone: Page, side: 'send' | 'receive', asset: string, network: string) {
  await byId(phone, side === 'send' ? SwapTestId.sendCoin : SwapTestId.receiveCoin).click();
  await byId(phone, SwapTestId.coinOption(asset, network)).click();
}

/** Fills the swap form for USDT on TRC20 to BTC and waits for the quote. */
async function fillSwap(phone: Page) {
  await phone.goto(`${baseUrl}/current/mixCash`);
  await expect.poll(() => byId(phone, SwapTestId.simulated).count(), SOON).toBe(1);
  await pick(phone, 'send', 'USDT', 'tron');
  await pick(phone, 'receive', 'BTC', 'bitcoin');
  await byId(phone, SwapTestId.sendAmount).fill('250');
  await expect.poll(() => byId(phone, SwapTestId.receiveAmount).inputValue(), SOON).toMatch(/^0\.\d+$/);
  await byId(phone, SwapTestId.receiveAddress).fill(ADDRESSES.bitcoin);
}

beforeAll(async () => {
  sut = await createTestApp({ webDist: WEB_DIST });
  const operator = await adminWithRole(sut, 'super_admin');
  const simulated = await adminApi(sut, 'PUT', '/api/admin/swap/settings', {
    token: operator.token,
    body: {
      fixedRateSeconds: 900,
      floatingWaitSeconds: 7200,
      watcherMode: 'simulated',
      approvalThreshold: '10000',
      reason: 'A demonstration desk for the journey',
    },
  });
  expect(simulated.body.code).toBe(0);
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sut?.close();
});

describe('the swap desk, as an anonymous visitor', () => {
  it('quotes, creates an order, watches the simulated deposit complete it and finds it after a reload', async () => {
    const phone = await openPhone(browser);
    await fillSwap(phone);
    await byId(phone, SwapTestId.refundAddress).fill('not-an-address');
    await byId(phone, SwapTestId.refundAddress).blur();
    await expect.poll(() => phone.getByText('Invalid Address').count(), SOON).toBeGreaterThan(0);
    await byId(phone, SwapTestId.refundAddress).fill(ADDRESSES.tron);
    await snapshot(phone, 'swap-form-en');

    await byId(phone, SwapTestId.submit).click();
    await expect.poll(() => byId(phone, SwapTestId.orderScreen).count(), SOON).toBe(1);
    await expect.poll(() => byId(phone, SwapTestId.orderCountdown).count(), SOON).toBe(1);
    await expect.poll(() => phone.locator('img[src^="data:image/svg"]').count(), SOON).toBeGreaterThan(0);
    await snapshot(phone, 'swap-order-en');
    await expect
      .poll(() => byId(phone, SwapTestId.orderStatus).textContent(), COMPLETION)
      .toContain('Completed');
    await snapshot(phone, 'swap-order-completed-en');

    await phone.goto(`${baseUrl}/current/orderList`);
    await phone.reload();
    await expect.poll(() => byId(phone, SwapTestId.listCard).count(), SOON).toBe(1);
    await byId(phone, SwapTestId.listTab('history')).click();
    await expect.poll(() => byId(phone, SwapTestId.listCard).count(), SOON).toBe(1);
    await byId(phone, SwapTestId.listTab('cancelled')).click();
    await expect.poll(() => byId(phone, SwapTestId.listEmpty).count(), SOON).toBe(1);
    await byId(phone, SwapTestId.listTab('all')).click();
    await snapshot(phone, 'swap-list-en');
    await byId(phone, SwapTestId.listCard).click();
    await expect.poll(() => byId(phone, SwapTestId.detailsScreen).count(), SOON).toBe(1);
    await expect.poll(() => phone.getByText('Payment successful').count(), SOON).toBeGreaterThan(0);
    await snapshot(phone, 'swap-details-en');
    await phone.close();
  });

  it('reads right to left in Arabic, the order being paid and the order list included', async () => {
    const phone = await openPhone(browser);
    await phone.goto(`${baseUrl}/current/mixCash`);
    await storeArabic(phone);
    await fillSwap(phone);
    expect(await phone.locator('html').getAttribute('dir')).toBe('rtl');
    await snapshot(phone, 'swap-form-ar');
    await byId(phone, SwapTestId.submit).click();
    await expect.poll(() => byId(phone, SwapTestId.orderScreen).count(), SOON).toBe(1);
    await snapshot(phone, 'swap-order-ar');
    await phone.goto(`${baseUrl}/current/orderList`);
    await expect.poll(() => byId(phone, SwapTestId.listCard).count(), SOON).toBe(1);
    await snapshot(phone, 'swap-list-ar');
    await phone.close();
  });
});
