import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, adminWithRole } from '../apps/server/src/modules/admin/test-admins';
import { callApi, registerAccount } from '../apps/server/test/api';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { OptionsTestId } from '../apps/web/src/features/options/testIds';
import { byId, launchBrowser, logIn, openPhone, snapshot, storeArabic } from './harness';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;

const customer = { email: `grace.${Date.now()}@example.com`, password: 'Customer2026' };
const SOON = { timeout: 15_000 };
/** A one-minute round bought just before its cutoff closes about 70 s later; settling takes a tick more. */
const DELIVERY = { timeout: 100_000, interval: 1_000 };

type Order = {
  id: string;
  direction: 'up' | 'down';
  status: string;
  outcome: string | null;
  openPrice: string | null;
  profit: string | null;
  payout: string | null;
};

let browser: Browser;
let sut: TestApp;
let baseUrl: string;
let token: string;

async function orders(state: 'open' | 'settled'): Promise<Order[]> {
  return (await callApi(sut, 'GET', `/api/options/orders?state=${state}`, { token })).body.data.items;
}

async function openOptions(phone: Page, tab = 'buy') {
  await phone.goto(`${baseUrl}/trade/options?symbol=BTCUSDT&period=60&tab=${tab}`);
  await expect.poll(() => byId(phone, OptionsTestId.tab(tab)).count(), SOON).toBe(1);
  if (tab === 'buy') await expect.poll(() => byId(phone, OptionsTestId.periodNumber).count(), SOON).toBe(1);
}

/** Buys through the form and waits until the server holds the order (a notice left by an earlier buy says nothing). */
async function buy(phone: Page, direction: 'up' | 'down', amount: string) {
  const before = (await orders('open')).length;
  await byId(phone, OptionsTestId.amount).fill(amount);
  await byId(phone, OptionsTestId.buy(direction)).click();
  await byId(phone, OptionsTestId.confirm).click();
  await expect.poll(() => phone.getByText('Purchase successful').count(), SOON).toBeGreaterThan(0);
  await expect.poll(async () => (await orders('open')).length, SOON).toBe(before + 1);
}

/**
 * Waits, when buying for the one-minute round on sale closes within 25 s, for the next round to go on sale, so that
 * both orders are bought for one round and stay open long enough to be seen awaiting delivery.
 */
async function awaitRoomInRound() {
  const products = (await callApi(sut, 'GET', '/api/options/products')).body.data.items as {
    symbol: string;
    periods: { seconds: number; buyCutoffTime: string }[];
  }[];
  const minute = products
    .find((product) => product.symbol === 'BTCUSDT')
    ?.periods.find((p) => p.seconds === 60);
  const left = Date.parse(minute?.buyCutoffTime ?? '') - Date.now();
  if (left < 25_000) await new Promise((resolve) => setTimeout(resolve, Math.max(0, left) + 500));
}

beforeAll(async () => {
  sut = await createTestApp({ webDist: WEB_DIST });
  const registered = await registerAccount(sut, customer.email, { password: customer.password });
  token = registered.token;
  const operator = await adminWithRole(sut, 'support');
  const funded = await adminApi(sut, 'POST', `/api/admin/users/${registered.user.id}/adjustments`, {
    token: operator.token,
    idempotencyKey: `fund-${registered.user.id}`,
    body: { direction: 'add', account: 'spot', asset: 'USDT', amount: '100', reason: 'Options trial funds' },
  });
  expect(funded.body.code).toBe(0);
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sut?.close();
});

describe('timed up/down options in the browser', () => {
  it('buys up and down on one-minute rounds, waits for delivery, and shows each outcome with its proof', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await openOptions(phone);
    await expect.poll(() => byId(phone, OptionsTestId.simulated).count(), SOON).toBeGreaterThan(0);
    await expect.poll(() => byId(phone, OptionsTestId.payoutRate).textContent(), SOON).toContain('85');

    // More than the balance: the spec's words, and nothing to confirm.
    await expect.poll(() => byId(phone, OptionsTestId.available).textContent(), SOON).toBe('100 USDT');
    await byId(phone, OptionsTestId.amount).fill('150');
    await byId(phone, OptionsTestId.buy('up')).click();
    await expect.poll(() => phone.getByText('credit is running low').count(), SOON).toBeGreaterThan(0);
    expect(await byId(phone, OptionsTestId.confirmSheet).isVisible()).toBe(false);
    expect(await orders('open')).toEqual([]);

    await awaitRoomInRound();
    await openOptions(phone);
    await buy(phone, 'up', '10');
    await snapshot(phone, 'options-buy-en-US');
    await buy(phone, 'down', '20');
    await expect
      .poll(async () => (await orders('open')).map((order) => order.direction).sort(), SOON)
      .toEqual(['down', 'up']);

    // Awaiting delivery: each order gets its open price from the first tick recorded after it was bought.
    await byId(phone, OptionsTestId.tab('awaiting')).click();
    await expect.poll(() => byId(phone, OptionsTestId.order).count(), SOON).toBe(2);
    await expect
      .poll(async () => (await orders('open')).every((order) => order.openPrice !== null), SOON)
      .toBe(true);
    await snapshot(phone, 'options-awaiting-en-US');

    // Delivery: both settle, up and down against the same two ticks, so one wins and one loses unless equal.
    await expect.poll(async () => (await orders('settled')).length, DELIVERY).toBe(2);
    const settled = await orders('settled');
    const outcomes = settled.map((order) => order.outcome).sort();
    expect([
      ['loss', 'win'],
      ['tie', 'tie'],
      ['void', 'void'],
    ]).toContainEqual(outcomes);

    await byId(phone, OptionsTestId.tab('completed')).click();
    await expect.poll(() => byId(phone, OptionsTestId.order).count(), SOON).toBe(2);
    await byId(phone, OptionsTestId.orderProof).first().click();
    await expect.poll(() => byId(phone, OptionsTestId.proofRule).count(), SOON).toBe(1);
    await expect.poll(() => byId(phone, OptionsTestId.proofTick('close')).textContent(), SOON).not.toBe('');
    await snapshot(phone, 'options-proof-en-US');

    // The proof is the server's: the same ticks for both orders, the rule the outcome names.
    const proof = (await callApi(sut, 'GET', `/api/options/orders/${settled[0]?.id}/proof`, { token })).body
      .data;
    expect(proof.openTick?.id).toBeDefined();
    expect(proof.rule).not.toBeNull();

    await phone.goto(`${baseUrl}/trade/historyRecord`);
    await expect.poll(() => byId(phone, OptionsTestId.order).count(), SOON).toBe(2);
    await snapshot(phone, 'options-history-record-en-US');

    await storeArabic(phone);
    await openOptions(phone);
    await snapshot(phone, 'options-buy-ar');
    await openOptions(phone, 'completed');
    await expect.poll(() => byId(phone, OptionsTestId.order).count(), SOON).toBe(2);
    await byId(phone, OptionsTestId.orderProof).first().click();
    await expect.poll(() => byId(phone, OptionsTestId.proofRule).count(), SOON).toBe(1);
    await snapshot(phone, 'options-proof-ar');
    await phone.context().close();
  }, 240_000);
});
