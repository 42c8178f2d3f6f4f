import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SwapTestId } from '../apps/admin/src/features/swap/testIds';
import { adminApi, adminWithRole } from '../apps/server/src/modules/admin/test-admins';
import { ADDRESSES, readyCoins, swapCall } from '../apps/server/src/modules/swap/test-swap';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { byId, createOperator, launchBrowser, type Operator, openConsole, snapshot } from './harness';

const SOON = { timeout: 15_000 };
const deskHand: Operator = {
  email: 'desk.hand@kestrel.test',
  password: 'DeskHand2026!',
  name: 'Desk hand',
  role: 'reviewer',
};

let browser: Browser;
let sut: TestApp;
let baseUrl: string;

/** A visitor's floating order of 250 USDT on TRC20 for BTC, waiting for its deposit. */
async function placeOrder(): Promise<{ id: string; secret: string; sendAmount: string }> {
  const quote = await swapCall(sut, 'POST', '/api/swap/quotes', {
    body: {
      fromAsset: 'USDT',
      fromNetwork: 'tron',
      toAsset: 'BTC',
      toNetwork: 'bitcoin',
      amount: '250',
      amountSide: 'send',
      rateType: 'floating',
    },
  });
  const order = await swapCall(sut, 'POST', '/api/swap/orders', {
    body: { quoteId: quote.body.data.quoteId, receiveAddress: ADDRESSES.bitcoin },
  });
  expect(order.body.data.status).toBe('waiting');
  return order.body.data;
}

/** Takes the step the order waits on through its dialog, with the fields given. */
async function act(desk: Page, step: string, fields: Record<string, string>) {
  await byId(desk, SwapTestId.action(step)).click();
  const dialog = byId(desk, SwapTestId.actionDialog);
  for (const [name, value] of Object.entries(fields))
    await dialog.getByTestId(SwapTestId.field(name)).fill(value);
  await dialog.getByTestId('reason').fill(`The ${step} on the chain's explorer`);
  await dialog.getByTestId('dialog-submit').click();
  await expect.poll(() => dialog.count(), SOON).toBe(0);
}

beforeAll(async () => {
  sut = await createTestApp({ webDist: new URL('../apps/web/dist', import.meta.url).pathname });
  const owner = await adminWithRole(sut, 'super_admin');
  const manual = await adminApi(sut, 'PUT', '/api/admin/swap/settings', {
    token: owner.token,
    body: {
      fixedRateSeconds: 900,
      floatingWaitSeconds: 7200,
      watcherMode: 'manual',
      approvalThreshold: '10000',
      reason: 'Operators confirm every deposit',
    },
  });
  expect(manual.body.code).toBe(0);
  await readyCoins(sut);
  await createOperator(sut, deskHand);
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sut?.close();
});

describe('the swap desk in the back office', () => {
  it('confirms a deposit and records the payout, and the visitor sees the order completed', async () => {
    const order = await placeOrder();
    const desk = await openConsole(browser, baseUrl, deskHand, '/admin/identity');
    await desk.goto(`${baseUrl}/admin/swap`);
    await byId(desk, SwapTestId.orderRow(order.id)).click();
    await expect.poll(() => byId(desk, SwapTestId.detail).count(), SOON).toBe(1);

    await act(desk, 'deposit', { amount: order.sendAmount, txHash: 'a'.repeat(64) });
    await expect
      .poll(() => byId(desk, SwapTestId.orderStatus(order.id)).textContent(), SOON)
      .toContain('Sending');
    await snapshot(desk, 'swap-desk-sending-en');
    await act(desk, 'payout', { txHash: 'b'.repeat(64) });
    await expect
      .poll(() => byId(desk, SwapTestId.orderStatus(order.id)).textContent(), SOON)
      .toContain('Completed');
    await snapshot(desk, 'swap-desk-completed-en');

    const seen = await swapCall(sut, 'GET', `/api/swap/orders/${order.id}`, { secret: order.secret });
    expect(seen.body.data).toMatchObject({
      status: 'completed',
      payStatus: 'paymentSuccessful',
      depositTxHash: 'a'.repeat(64),
      payoutTxHash: 'b'.repeat(64),
    });
    expect(seen.body.data.events.map((event: { status: string }) => event.status)).toEqual([
      'waiting',
      'confirming',
      'exchanging',
      'sending',
      'completed',
    ]);

    await desk.evaluate(() => localStorage.setItem('adminLang', 'ar'));
    await desk.reload();
    await byId(desk, SwapTestId.orderRow(order.id)).click();
    await expect.poll(() => desk.locator('html').getAttribute('dir'), SOON).toBe('rtl');
    await snapshot(desk, 'swap-desk-ar');
    await desk.close();
  });
});
