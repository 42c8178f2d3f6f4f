import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, adminWithRole } from '../apps/server/src/modules/admin/test-admins';
import { callApi, registerAccount } from '../apps/server/test/api';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import {
  add,
  amountForTotal,
  compareDecimals,
  multiply,
  onTick,
} from '../apps/web/src/features/spot/orderMath';
import { SpotTestId } from '../apps/web/src/features/spot/testIds';
import { TestId } from '../apps/web/src/testIds';
import { byId, launchBrowser, logIn, openPhone, snapshot, storeArabic } from './harness';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;

const customer = { email: `grace.${Date.now()}@example.com`, password: 'Customer2026' };
const FUNDING = '1000';
/** Pages load, locales arrive and live data flows on their own time; a check waits this long for them. */
const SOON = { timeout: 15_000 };

let browser: Browser;
let sut: TestApp;
let baseUrl: string;
let token: string;

type Market = { tickSize: string; lotSize: string; minNotional: string; stats: { last: string } };
type Balance = { account: string; asset: string; available: string; frozen: string };

async function spotBalance(asset: string): Promise<Balance> {
  const answer = await callApi(sut, 'GET', '/api/wallet/balances', { token });
  const found = (answer.body.data.balances as Balance[]).find(
    (b) => b.account === 'spot' && b.asset === asset,
  );
  if (!found) throw new Error(`no spot ${asset} balance`);
  return found;
}

beforeAll(async () => {
  // The journey trades against the built-in market maker, as a fresh installation does.
  sut = await createTestApp({ webDist: WEB_DIST, env: { MARKET_MAKER: 'on' } });
  const registered = await registerAccount(sut, customer.email, { password: customer.password });
  token = registered.token;
  const operator = await adminWithRole(sut, 'support');
  const funded = await adminApi(sut, 'POST', `/api/admin/users/${registered.user.id}/adjustments`, {
    token: operator.token,
    idempotencyKey: `fund-${registered.user.id}`,
    body: {
      direction: 'add',
      account: 'spot',
      asset: 'USDT',
      amount: FUNDING,
      reason: 'Trading trial funds',
    },
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

async function openSpot(phone: Page, options: { makerQuotes?: boolean } = {}) {
  await phone.goto(`${baseUrl}/trade/spotTrading?symbol=BTCUSDT&side=buy`);
  await expect.poll(() => byId(phone, SpotTestId.price).inputValue(), SOON).not.toBe('');
  if (options.makerQuotes) {
    // The market maker's asks are on the book before a market buy.
    await expect.poll(() => byId(phone, SpotTestId.ask).count(), SOON).toBeGreaterThan(0);
  }
}

async function orderRows(phone: Page) {
  return byId(phone, SpotTestId.order).count();
}

describe('spot trading in the browser', () => {
  it('rests a limit buy well below the market, then cancels it', async () => {
    const market = (await callApi(sut, 'GET', '/api/markets/BTCUSDT')).body.data as Market;
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await openSpot(phone);
    await expect.poll(() => byId(phone, SpotTestId.simulated).count(), SOON).toBe(1);

    const last = await byId(phone, SpotTestId.price).inputValue();
    const price = onTick(multiply(last, '0.5'), market.tickSize);
    const amount = amountForTotal('50', price, market.lotSize);
    await byId(phone, SpotTestId.price).fill(price);
    await byId(phone, SpotTestId.amount).fill(amount);
    await expect
      .poll(() => byId(phone, SpotTestId.total).inputValue(), SOON)
      .toBe(multiply(price, amount).replace(/\.?0+$/, ''));
    await byId(phone, SpotTestId.submit).click();
    await expect.poll(() => phone.getByText('Purchase successful').count(), SOON).toBe(1);

    const resting = byId(phone, SpotTestId.order).first();
    await expect.poll(() => resting.getAttribute('data-status'), SOON).toBe('open');
    expect(await orderRows(phone)).toBe(1);
    // The order's total (rounded up to USDT's precision) is frozen in the spot account.
    const whileOpen = await spotBalance('USDT');
    expect(compareDecimals(whileOpen.frozen, multiply(price, amount))).toBeGreaterThanOrEqual(0);
    expect(compareDecimals(add(whileOpen.available, whileOpen.frozen), FUNDING)).toBe(0);
    await snapshot(phone, 'spot-open-order-en-US');

    await resting.getByTestId(SpotTestId.cancel).click();
    await expect.poll(() => phone.getByText('Cancel success').count(), SOON).toBe(1);
    await expect.poll(() => byId(phone, SpotTestId.ordersEmpty).count(), SOON).toBe(1);
    expect(compareDecimals((await spotBalance('USDT')).available, FUNDING)).toBe(0);
    await byId(phone, SpotTestId.tabHistory).click();
    await expect
      .poll(() => byId(phone, SpotTestId.order).first().getAttribute('data-status'), SOON)
      .toBe('cancelled');
    await phone.context().close();
  });

  it('cancels an IOC limit the book cannot fill, and switches the market through the searchable sheet', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await openSpot(phone, { makerQuotes: true });
    const market = (await callApi(sut, 'GET', '/api/markets/BTCUSDT')).body.data as Market;
    const last = await byId(phone, SpotTestId.price).inputValue();
    const price = onTick(multiply(last, '0.5'), market.tickSize);
    await byId(phone, SpotTestId.price).fill(price);
    await byId(phone, SpotTestId.amount).fill(amountForTotal('50', price, market.lotSize));
    await byId(phone, SpotTestId.timeInForce).selectOption('IOC');
    await snapshot(phone, 'spot-ioc-en-US');
    await byId(phone, SpotTestId.submit).click();
    await expect
      .poll(
        () => phone.getByText('Nothing could be filled at once, so the order was cancelled').count(),
        SOON,
      )
      .toBe(1);
    expect(compareDecimals((await spotBalance('USDT')).frozen, '0')).toBe(0);

    await byId(phone, SpotTestId.pair).click();
    const sheet = byId(phone, SpotTestId.pairSheet);
    await sheet.getByRole('searchbox').fill('eth');
    await expect.poll(() => sheet.getByRole('button').filter({ hasText: '/USDT' }).count(), SOON).toBe(1);
    await snapshot(phone, 'spot-pair-search-en-US');
    await byId(phone, SpotTestId.pairOption('ETHUSDT')).click();
    await expect.poll(() => byId(phone, SpotTestId.screen).getAttribute('data-symbol'), SOON).toBe('ETHUSDT');

    await storeArabic(phone);
    await openSpot(phone);
    await byId(phone, SpotTestId.timeInForce).selectOption('FOK');
    await snapshot(phone, 'spot-fok-ar');
    await byId(phone, SpotTestId.pair).click();
    await byId(phone, SpotTestId.pairSheet).getByRole('searchbox').fill('sol');
    await snapshot(phone, 'spot-pair-search-ar');
    await phone.context().close();
  }, 120_000);

  it('fills a market buy against the market maker; balances, orders, trades and records agree', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, customer.email, customer.password);
    await openSpot(phone, { makerQuotes: true });
    await byId(phone, SpotTestId.typeMarket).click();
    await byId(phone, SpotTestId.total).fill('100');
    await snapshot(phone, 'spot-market-buy-en-US');
    await byId(phone, SpotTestId.submit).click();
    await expect.poll(() => phone.getByText('Purchase successful').count(), SOON).toBe(1);

    await byId(phone, SpotTestId.tabHistory).click();
    const filled = byId(phone, SpotTestId.order).first();
    await expect.poll(() => filled.getAttribute('data-status'), SOON).toBe('filled');

    // What the server says happened.
    const history = await callApi(sut, 'GET', '/api/spot/orders?state=history&symbol=BTCUSDT', { token });
    const order = history.body.data.items[0] as { id: string; filledSize: string; filledTotal: string };
    expect(compareDecimals(order.filledSize, '0')).toBe(1);
    const trades = (await callApi(sut, 'GET', '/api/spot/trades?symbol=BTCUSDT', { token })).body.data
      .items as { orderId: string; size: string; total: string; fee: string; feeAsset: string }[];
    const fills = trades.filter((trade) => trade.orderId === order.id);
    expect(fills.length).toBeGreaterThan(0);
    const usdt = await spotBalance('USDT');
    const btc = await spotBalance('BTC');
    expect(compareDecimals(usdt.frozen, '0')).toBe(0);
    // Spent exactly the fills' total (plus any fee taken in USDT); received the size less any fee in BTC.
    const sum = (values: string[]) => values.reduce((acc, value) => add(acc, value), '0');
    const feeIn = (asset: string) => sum(fills.filter((f) => f.feeAsset === asset).map((f) => f.fee));
    expect(compareDecimals(add(usdt.available, add(order.filledTotal, feeIn('USDT'))), FUNDING)).toBe(0);
    expect(compareDecimals(add(btc.available, feeIn('BTC')), order.filledSize)).toBe(0);
    expect(compareDecimals(sum(fills.map((f) => f.size)), order.filledSize)).toBe(0);

    // The screen shows the same: the sell side's available BTC, no open orders.
    await byId(phone, SpotTestId.sideSell).click();
    await expect
      .poll(() => byId(phone, SpotTestId.available).textContent(), SOON)
      .toContain(btc.available.replace(/\.?0+$/, ''));
    await byId(phone, SpotTestId.tabOpen).click();
    await expect.poll(() => byId(phone, SpotTestId.ordersEmpty).count(), SOON).toBe(1);
    await snapshot(phone, 'spot-after-fill-en-US');

    await phone.goto(`${baseUrl}/trade/allTrade`);
    await expect.poll(() => byId(phone, SpotTestId.trade).count(), SOON).toBe(trades.length);
    expect(await byId(phone, SpotTestId.trade).first().getAttribute('data-order')).toBe(order.id);
    await snapshot(phone, 'spot-all-trades-en-US');

    await phone.goto(`${baseUrl}/user/wallet/AccountRecord`);
    const tradeRecords = byId(phone, TestId.recordsItem).and(phone.locator('[data-type="trade"]'));
    await expect.poll(() => tradeRecords.count(), SOON).toBeGreaterThan(0);

    // Today's figures on the assets screen count the order placed and what it bought with.
    await phone.goto(`${baseUrl}/home/assets`);
    await expect.poll(() => byId(phone, TestId.assetsTodayOrders).textContent(), SOON).not.toBe('0');
    const invested = (await byId(phone, TestId.assetsTodayInvestment).textContent()) ?? '';
    expect(invested).toContain(order.filledTotal.split('.')[0] ?? '');
    await snapshot(phone, 'assets-today-en-US');

    await phone.goto(`${baseUrl}/trade/index`);
    await expect.poll(() => byId(phone, SpotTestId.screen).getAttribute('data-symbol'), SOON).toBe('BTCUSDT');

    await storeArabic(phone);
    await openSpot(phone);
    await expect.poll(() => phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await byId(phone, SpotTestId.tabHistory).click();
    await expect.poll(() => byId(phone, SpotTestId.order).count(), SOON).toBeGreaterThan(0);
    await snapshot(phone, 'spot-trading-ar');
    await phone.goto(`${baseUrl}/trade/allTrade`);
    await expect.poll(() => byId(phone, SpotTestId.trade).count(), SOON).toBe(trades.length);
    await snapshot(phone, 'spot-all-trades-ar');
    await phone.goto(`${baseUrl}/home/assets`);
    await expect.poll(() => byId(phone, TestId.assetsTodayOrders).textContent(), SOON).not.toBe('0');
    await snapshot(phone, 'assets-today-ar');
    await phone.context().close();
  }, 120_000);
});
