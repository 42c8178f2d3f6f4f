import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, adminWithRole } from '../apps/server/src/modules/admin/test-admins';
import { callApi, registerAccount } from '../apps/server/test/api';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { FuturesTestId } from '../apps/web/src/features/futures/testIds';
import { compareDecimals, multiply, onTick } from '../apps/web/src/features/spot/orderMath';
import { TestId } from '../apps/web/src/testIds';
import { byId, launchBrowser, logIn, openPhone, snapshot, storeArabic } from './harness';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;

const customer = { email: `ada.${Date.now()}@example.com`, password: 'Customer2026' };
/** The other side of every trade: a second account resting orders through the API. */
const counterparty = { email: `lin.${Date.now()}@example.com`, password: 'Customer2026' };
const SIZE = '0.002';
const HALF = '0.001';
const SOON = { timeout: 15_000 };

let browser: Browser;
let sut: TestApp;
let baseUrl: string;
let customerToken: string;
let counterpartyToken: string;

type Market = { tickSize: string; markPrice: string | null; indexPrice: string | null };
type Position = {
  side: string;
  size: string;
  marginMode: string;
  takeProfit: string | null;
  stopLoss: string | null;
  leverage: number;
};

async function fund(userId: number, token: string, toFutures: boolean) {
  const operator = await adminWithRole(sut, 'support');
  const funded = await adminApi(sut, 'POST', `/api/admin/users/${userId}/adjustments`, {
    token: operator.token,
    idempotencyKey: `fund-${userId}`,
    body: { direction: 'add', account: 'spot', asset: 'USDT', amount: '1000', reason: 'Futures trial funds' },
  });
  expect(funded.body.code).toBe(0);
  if (toFutures) {
    const moved = await callApi(sut, 'POST', '/api/wallet/transfer', {
      token,
      body: { from: 'spot', to: 'futures', asset: 'USDT', amount: '1000' },
    });
    expect(moved.body.code).toBe(0);
  }
}

/** The counterparty rests a limit order at `price`; the customer's order then trades with it. */
async function rest(action: 'openShort' | 'openLong', price: string, size: string) {
  const placed = await callApi(sut, 'POST', '/api/futures/orders', {
    token: counterpartyToken,
    body: { symbol: 'BTCUSDT', action, type: 'limit', price, size },
  });
  expect(placed.body.code, placed.body.msg).toBe(0);
}

async function positions(): Promise<Position[]> {
  return (await callApi(sut, 'GET', '/api/futures/positions', { token: customerToken })).body.data.items;
}

async function openFutures(phone: Page) {
  await phone.goto(`${baseUrl}/trade/futures?symbol=BTCUSDT`);
  await expect.poll(() => byId(phone, FuturesTestId.price).inputValue(), SOON).not.toBe('');
}

beforeAll(async () => {
  sut = await createTestApp({ webDist: WEB_DIST });
  const registered = await registerAccount(sut, customer.email, { password: customer.password });
  customerToken = registered.token;
  await fund(registered.user.id, customerToken, false);
  const other = await registerAccount(sut, counterparty.email, { password: counterparty.password });
  counterpartyToken = other.token;
  await fund(other.user.id, counterpartyToken, true);
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sut?.close();
});

describe('futures trading in the browser', () => {
  it('transfers to futures, opens a 10x long with TP/SL, closes half, then the rest', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await openFutures(phone);
    await expect.poll(() => byId(phone, FuturesTestId.available).textContent(), SOON).toBe('0 USDT');

    // The transfer shortcut opens the transfer screen on spot → futures.
    await byId(phone, FuturesTestId.transfer).click();
    await byId(phone, TestId.transferAmount).fill('500');
    await byId(phone, TestId.transferSubmit).click();
    await expect.poll(() => phone.getByText('Transfer successful').count(), SOON).toBe(1);
    await openFutures(phone);
    await expect.poll(() => byId(phone, FuturesTestId.available).textContent(), SOON).toBe('500 USDT');

    // 10x, chosen in the leverage sheet (no confirmation at or below 20x).
    await byId(phone, FuturesTestId.leverage).click();
    await byId(phone, FuturesTestId.leverageSheet).getByRole('button', { name: '10x', exact: true }).click();
    await byId(phone, FuturesTestId.leverageSave).click();
    await expect.poll(() => byId(phone, FuturesTestId.leverage).textContent(), SOON).toBe('10x');

    const market = (await callApi(sut, 'GET', '/api/futures/markets/BTCUSDT')).body.data as Market;
    const mark = market.markPrice ?? market.indexPrice ?? '0';
    const price = onTick(mark, market.tickSize);
    await rest('openShort', price, SIZE);
    await byId(phone, FuturesTestId.price).fill(price);
    await byId(phone, FuturesTestId.size).fill(SIZE);
    await expect.poll(() => byId(phone, FuturesTestId.costLong).textContent(), SOON).toContain('USDT');
    await byId(phone, FuturesTestId.triggers).click();
    const takeProfit = onTick(multiply(price, '1.1'), market.tickSize);
    const stopLoss = onTick(multiply(price, '0.95'), market.tickSize);
    await byId(phone, FuturesTestId.takeProfit).fill(takeProfit);
    await byId(phone, FuturesTestId.stopLoss).fill(stopLoss);
    await snapshot(phone, 'futures-open-long-en-US');
    await byId(phone, FuturesTestId.submitLong).click();

    await expect
      .poll(async () => (await positions()).map((p) => [p.side, p.size]), SOON)
      .toEqual([['long', SIZE]]);
    const [opened] = await positions();
    expect(opened?.leverage).toBe(10);
    // The opening order carries the take profit and stop loss typed in the form.
    const history = await callApi(sut, 'GET', '/api/futures/orders?state=history&symbol=BTCUSDT', {
      token: customerToken,
    });
    const [filled] = history.body.data.items as { takeProfit: string | null; stopLoss: string | null }[];
    expect(compareDecimals(filled?.takeProfit ?? '0', takeProfit)).toBe(0);
    expect(compareDecimals(filled?.stopLoss ?? '0', stopLoss)).toBe(0);
    // ... and so does the position it opened.
    expect(compareDecimals(opened?.takeProfit ?? '0', takeProfit)).toBe(0);
    expect(compareDecimals(opened?.stopLoss ?? '0', stopLoss)).toBe(0);
    await expect.poll(() => byId(phone, FuturesTestId.position).count(), SOON).toBe(1);

    // The position's TP/SL, changed in its sheet.
    const newStop = onTick(multiply(price, '0.96'), market.tickSize);
    await byId(phone, FuturesTestId.editTriggers).click();
    // The sheet shows the take profit as stored, whatever trailing zeros the price was typed with.
    await expect
      .poll(
        async () =>
          compareDecimals(
            (await byId(phone, FuturesTestId.triggersTakeProfit).inputValue()) || '0',
            takeProfit,
          ),
        SOON,
      )
      .toBe(0);
    await byId(phone, FuturesTestId.triggersStopLoss).fill(newStop);
    await byId(phone, FuturesTestId.triggersSave).click();
    await expect
      .poll(async () => (await positions()).map((p) => compareDecimals(p.stopLoss ?? '0', newStop)), SOON)
      .toEqual([0]);
    await byId(phone, FuturesTestId.position).scrollIntoViewIfNeeded();
    await snapshot(phone, 'futures-position-en-US');

    // How its figures are calculated: the server's exact values, each computed one with its formula.
    await byId(phone, FuturesTestId.explainPosition).click();
    const margin = byId(phone, FuturesTestId.explainFigure).filter({ hasText: 'initialMargin' });
    await expect
      .poll(() => margin.getByTestId(FuturesTestId.explainFormula).textContent(), SOON)
      .toContain('leverage');
    await snapshot(phone, 'futures-explain-en-US');
    await byId(phone, FuturesTestId.explainSheet).getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => byId(phone, FuturesTestId.explainSheet).count(), SOON).toBe(0);

    // Half at the market, against the counterparty's bid.
    await rest('openLong', price, HALF);
    await byId(phone, FuturesTestId.closePosition).click();
    await byId(phone, FuturesTestId.closeShare(50)).click();
    await expect
      .poll(async () => compareDecimals(await byId(phone, FuturesTestId.closeSize).inputValue(), HALF), SOON)
      .toBe(0);
    await byId(phone, FuturesTestId.closeSubmit).click();
    await expect.poll(async () => (await positions()).map((p) => p.size), SOON).toEqual([HALF]);

    // The rest.
    await rest('openLong', price, HALF);
    await byId(phone, FuturesTestId.closePosition).click();
    await byId(phone, FuturesTestId.closeShare(100)).click();
    await byId(phone, FuturesTestId.closeSubmit).click();
    await expect.poll(async () => (await positions()).length, SOON).toBe(0);
    await expect.poll(() => byId(phone, FuturesTestId.positionsEmpty).count(), SOON).toBe(1);

    await byId(phone, FuturesTestId.tab('history')).click();
    await expect.poll(() => byId(phone, FuturesTestId.order).count(), SOON).toBeGreaterThanOrEqual(3);
    await snapshot(phone, 'futures-history-en-US');

    // A short in isolated margin: the mode changes now that nothing is open in the market.
    await byId(phone, FuturesTestId.marginMode).click();
    await byId(phone, FuturesTestId.marginOption('isolated')).click();
    await expect.poll(() => byId(phone, FuturesTestId.marginMode).textContent(), SOON).toBe('Isolated');
    await rest('openLong', price, SIZE);
    await byId(phone, FuturesTestId.tabOpen).click();
    await byId(phone, FuturesTestId.price).fill(price);
    await byId(phone, FuturesTestId.size).fill(SIZE);
    await byId(phone, FuturesTestId.submitShort).click();
    await expect
      .poll(async () => (await positions()).map((p) => [p.side, p.marginMode, p.leverage]), SOON)
      .toEqual([['short', 'isolated', 10]]);
    await byId(phone, FuturesTestId.tab('positions')).click();
    await expect
      .poll(() => byId(phone, FuturesTestId.position).getAttribute('data-side'), SOON)
      .toBe('short');
    await byId(phone, FuturesTestId.position).scrollIntoViewIfNeeded();
    await snapshot(phone, 'futures-isolated-short-en-US');

    await storeArabic(phone);
    await openFutures(phone);
    await snapshot(phone, 'futures-ar');
    await byId(phone, FuturesTestId.leverage).click();
    await byId(phone, FuturesTestId.leverageSheet).getByRole('button', { name: '50x', exact: true }).click();
    await expect.poll(() => byId(phone, FuturesTestId.leverageConfirm).count(), SOON).toBe(1);
    await snapshot(phone, 'futures-leverage-ar');
    await phone.context().close();
  }, 180_000);
});
