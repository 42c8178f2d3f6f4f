import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../apps/server/test/api';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { DemoTestId } from '../apps/web/src/features/demo/testIds';
import { FuturesTestId } from '../apps/web/src/features/futures/testIds';
import { OptionsTestId } from '../apps/web/src/features/options/testIds';
import { compareDecimals } from '../apps/web/src/features/spot/orderMath';
import { SpotTestId } from '../apps/web/src/features/spot/testIds';
import { TestId } from '../apps/web/src/testIds';
import { byId, launchBrowser, openPhone, snapshot, storeArabic, waitForPath } from './harness';

/**
 * Demo accounts (issue 23): one tap on the login screen opens an anonymous demo account with virtual USDT; the
 * band and "virtual" say so on every screen; money-out screens say they are not for demo; the balance resets.
 *
 * One phone walks the journey step by step, each step an `it` that starts where the previous one left off: a new
 * step (a market buy, a futures long, an option) goes in where it belongs, reusing `goTo` and `resetFromBand`.
 */

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;
const SOON = { timeout: 20_000 };

let browser: Browser;
let sut: TestApp;
let baseUrl: string;
let phone: Page;
/** Every API path the phone asked for, in order. */
const requested: string[] = [];

beforeAll(async () => {
  // Demo orders fill against the real books' depth: the built-in market maker quotes them, as on a fresh install.
  sut = await createTestApp({ webDist: WEB_DIST, env: { MARKET_MAKER: 'on' } });
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  phone = await openPhone(browser);
  phone.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) requested.push(`${request.method()} ${pathname}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await sut?.close();
});

/** Opens one of the app's screens by its path and waits until it is there. */
async function goTo(path: string) {
  await phone.goto(`${baseUrl}${path}`);
  await waitForPath(phone, path);
}

/** The demo session's token, as the app keeps it, for asking the server what happened. */
function demoToken() {
  return phone.evaluate(() => localStorage.getItem('token') ?? '');
}

async function demoApi(path: string) {
  const answer = await callApi(sut, 'GET', path, { token: await demoToken() });
  expect(answer.body.code, answer.body.msg).toBe(0);
  return answer.body.data;
}

/** Resets the demo balance through the band's sheet and its confirmation; returns the notice it shows. */
async function resetFromBand(shots: string) {
  await byId(phone, DemoTestId.band).click();
  await expect.poll(() => byId(phone, DemoTestId.startingBalance).textContent()).toContain('100,000');
  await snapshot(phone, `${shots}-sheet`);
  await byId(phone, DemoTestId.reset).click();
  const dialog = byId(phone, DemoTestId.resetDialog);
  await dialog.waitFor();
  await snapshot(phone, `${shots}-confirm`);
  await dialog.getByRole('button').last().click();
  const notice = phone.getByRole('status').or(phone.getByRole('alert')).filter({ hasText: /\d/ });
  await notice.first().waitFor();
  return notice.first().textContent();
}

describe('a demo account on a phone', () => {
  it('starts from the login screen with one tap, no e-mail, and shows the Demo band', async () => {
    await goTo('/user/login');
    await snapshot(phone, 'demo-login-en-US');
    await byId(phone, DemoTestId.tryDemo).click();
    await waitForPath(phone, '/home/index');
    await byId(phone, DemoTestId.band).waitFor();
    expect(await phone.evaluate(() => document.documentElement.dataset.book)).toBe('demo');
    expect(requested).toContain('POST /api/auth/demo');
    await snapshot(phone, 'demo-home-en-US');
  });

  it('shows the virtual balance on the assets overview', async () => {
    await goTo('/home/assets');
    await expect.poll(() => byId(phone, TestId.assetsTotal).textContent()).toContain('100,000');
    expect(await byId(phone, DemoTestId.virtual).first().textContent()).toBe('Virtual');
    await byId(phone, DemoTestId.band).waitFor();
    await snapshot(phone, 'demo-assets-en-US');
  });

  it("market-buys BTC with virtual USDT, filled against the real book's depth without touching it", async () => {
    const realTrades = await demoApi('/api/markets/BTCUSDT/trades');
    await phone.goto(`${baseUrl}/trade/spotTrading?symbol=BTCUSDT&side=buy`);
    await expect.poll(() => byId(phone, SpotTestId.ask).count(), SOON).toBeGreaterThan(0);
    await byId(phone, DemoTestId.virtual).first().waitFor();
    await byId(phone, SpotTestId.typeMarket).click();
    await byId(phone, SpotTestId.total).fill('2000');
    await snapshot(phone, 'demo-spot-buy-en-US');
    await byId(phone, SpotTestId.submit).click();
    await expect.poll(() => phone.getByText('Purchase successful').count(), SOON).toBe(1);
    const history = await demoApi('/api/spot/orders?state=history&symbol=BTCUSDT');
    const [order] = history.items as { status: string; filledSize: string }[];
    expect(order?.status).toBe('filled');
    expect(compareDecimals(order?.filledSize ?? '0', '0')).toBe(1);
    // The real market saw nothing: no public trade came of the demo order.
    expect(await demoApi('/api/markets/BTCUSDT/trades')).toEqual(realTrades);
  });

  it('opens a futures long with virtual margin', async () => {
    await phone.goto(`${baseUrl}/trade/futures?symbol=BTCUSDT`);
    await expect.poll(() => byId(phone, FuturesTestId.price).inputValue(), SOON).not.toBe('');
    await byId(phone, FuturesTestId.transfer).click();
    await byId(phone, TestId.transferAmount).fill('5000');
    await byId(phone, TestId.transferSubmit).click();
    await expect.poll(() => phone.getByText('Transfer successful').count(), SOON).toBe(1);
    await phone.goto(`${baseUrl}/trade/futures?symbol=BTCUSDT`);
    await expect.poll(() => byId(phone, FuturesTestId.available).textContent(), SOON).toContain('5,000');
    await byId(phone, FuturesTestId.typeMarket).click();
    await byId(phone, FuturesTestId.size).fill('0.01');
    await byId(phone, FuturesTestId.submitLong).click();
    await expect
      .poll(
        async () =>
          ((await demoApi('/api/futures/positions')).items as { side: string }[]).map((p) => p.side),
        SOON,
      )
      .toEqual(['long']);
    await expect.poll(() => byId(phone, FuturesTestId.position).count(), SOON).toBe(1);
    await snapshot(phone, 'demo-futures-long-en-US');
  });

  it('buys an up option with virtual USDT', async () => {
    await phone.goto(`${baseUrl}/trade/options?symbol=BTCUSDT&period=60&tab=buy`);
    await expect.poll(() => byId(phone, OptionsTestId.periodNumber).count(), SOON).toBe(1);
    await byId(phone, OptionsTestId.amount).fill('25');
    await byId(phone, OptionsTestId.buy('up')).click();
    await byId(phone, OptionsTestId.confirm).click();
    await expect.poll(() => phone.getByText('Purchase successful').count(), SOON).toBeGreaterThan(0);
    const open = await demoApi('/api/options/orders?state=open');
    expect((open.items as { direction: string }[]).map((order) => order.direction)).toEqual(['up']);
    await snapshot(phone, 'demo-option-en-US');
  });

  it('says deposits are not for demo, and asks nothing of the deposit endpoints', async () => {
    await goTo('/home/assets');
    await byId(phone, TestId.assetsDeposit).click();
    await byId(phone, DemoTestId.blocked).waitFor();
    await byId(phone, DemoTestId.toRegister).waitFor();
    expect(requested.filter((each) => /deposit|bank-transfer/.test(each))).toEqual([]);
    await snapshot(phone, 'demo-deposit-en-US');
  });

  it('resets the demo balance from the band, after a confirmation, and says what it did', async () => {
    await goTo('/home/assets');
    const notice = await resetFromBand('demo-reset-en-US');
    // The futures long is closed; the balance is the starting one again.
    expect(notice).toContain('Positions closed: 1');
    expect(await demoApi('/api/futures/positions')).toMatchObject({ items: [] });
    expect(requested).toContain('POST /api/user/demo/reset');
    await snapshot(phone, 'demo-reset-en-US-done');
  });

  it('reads right to left in Arabic, band and notice included', async () => {
    await storeArabic(phone);
    await goTo('/home/assets');
    await expect.poll(() => phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await byId(phone, DemoTestId.virtual).first().waitFor();
    await snapshot(phone, 'demo-assets-ar');
    await goTo('/user/wallet/recharge');
    await byId(phone, DemoTestId.blocked).waitFor();
    await snapshot(phone, 'demo-deposit-ar');
    await goTo('/user/index');
    await byId(phone, DemoTestId.mineEntry).waitFor();
    await snapshot(phone, 'demo-mine-ar');
    await byId(phone, DemoTestId.band).click();
    await byId(phone, DemoTestId.sheet).waitFor();
    await snapshot(phone, 'demo-sheet-ar');
  });
});
