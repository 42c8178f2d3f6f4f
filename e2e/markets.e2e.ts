import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../apps/server/test/api';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { TestId } from '../apps/web/src/testIds';
import { byId, launchBrowser, logIn, openPhone, snapshot, storeArabic, waitForPath } from './harness';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;

const trader = { email: `lena.${Date.now()}@example.com`, password: 'Markets2026' };

let browser: Browser;
let sut: TestApp;
let baseUrl: string;

beforeAll(async () => {
  // The market maker keeps a book on every market, so the depth and trades panels have something to show.
  sut = await createTestApp({
    webDist: WEB_DIST,
    env: { MARKET_MAKER: 'on', MARKET_HISTORY_CANDLES: '300' },
  });
  await registerAccount(sut, trader.email, { password: trader.password });
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sut?.close();
});

/** Every row's price as the server sent it (data-value), keyed by symbol. */
async function listedPrices(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    (ids) => {
      const prices: Record<string, string> = {};
      for (const row of Array.from(document.querySelectorAll(`[data-testid="${ids.row}"]`))) {
        const price = row.querySelector(`[data-testid="${ids.price}"]`);
        prices[row.getAttribute('data-symbol') ?? ''] = price?.getAttribute('data-value') ?? '';
      }
      return prices;
    },
    { row: TestId.marketsRow, price: TestId.marketsRowPrice },
  );
}

/** Waits until the chart has drawn its candles: the library's canvases exist and the first page has loaded. */
async function chartDrawn(page: Page, interval: string) {
  const chart = byId(page, TestId.marketChart);
  await expect.poll(() => chart.getAttribute('data-interval'), { timeout: 15_000 }).toBe(interval);
  await expect.poll(() => chart.getAttribute('data-loading'), { timeout: 15_000 }).toBe('false');
  await expect.poll(() => chart.locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  // Something other than the background was painted on the main canvas.
  await expect
    .poll(
      () =>
        chart.evaluate((element) => {
          const canvases = Array.from(element.querySelectorAll('canvas'));
          return canvases.some((canvas) => {
            const context = canvas.getContext('2d');
            if (!context || canvas.width === 0 || canvas.height === 0) return false;
            const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
            for (let index = 3; index < pixels.length; index += 4 * 97)
              if ((pixels[index] ?? 0) > 0) return true;
            return false;
          });
        }),
      { timeout: 15_000 },
    )
    .toBe(true);
}

describe('the markets in a browser', () => {
  it('shows the market list with live prices that move within seconds', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, trader.email, trader.password);
    await byId(phone, TestId.tabMarkets).click();
    await waitForPath(phone, '/current/index');
    await expect.poll(() => byId(phone, TestId.marketsRow).count(), { timeout: 15_000 }).toBe(8);
    await expect.poll(() => byId(phone, TestId.marketsSimulated).count()).toBe(1);
    const first = await listedPrices(phone);
    expect(Object.keys(first).sort()).toEqual(
      ['BNBUSDT', 'BTCUSDT', 'DOGEUSDT', 'ETHUSDT', 'LTCUSDT', 'SOLUSDT', 'TRXUSDT', 'XRPUSDT'].sort(),
    );
    // The simulated feed ticks every second; over the WebSocket at least one price has moved within a few.
    await expect
      .poll(
        async () => {
          const now = await listedPrices(phone);
          return Object.keys(now).some((symbol) => now[symbol] !== first[symbol]);
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);

    await byId(phone, TestId.marketsSortChange).click();
    await expect.poll(() => byId(phone, TestId.marketsSortChange).getAttribute('data-sort')).toBe('desc');
    await byId(phone, TestId.marketsSearch).fill('zzz');
    await expect.poll(() => byId(phone, TestId.marketsEmpty).textContent()).toBe('No data yet');
    await byId(phone, TestId.marketsSearch).fill('');
    await byId(phone, TestId.marketsFavourite).first().click();
    await snapshot(phone, 'markets-list-en-US');
    await phone.context().close();
  });

  it('draws the k-line chart, switches intervals and leads to spot trading', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, trader.email, trader.password);
    await byId(phone, TestId.tabMarkets).click();
    await byId(phone, TestId.marketsRow)
      .and(phone.locator('[data-symbol="ETHUSDT"]'))
      .getByRole('link')
      .click();
    await waitForPath(phone, '/trade/detail');
    expect(new URL(phone.url()).searchParams.get('symbol')).toBe('ETHUSDT');
    await expect.poll(() => byId(phone, TestId.marketDetailPrice).getAttribute('data-value')).toMatch(/^\d/);
    await chartDrawn(phone, '15m');
    await expect
      .poll(() => byId(phone, TestId.marketDepth).locator('li').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => byId(phone, TestId.marketChartLegend).getAttribute('dir')).toBe('ltr');
    await expect.poll(() => byId(phone, TestId.marketChartLegend).textContent()).toMatch(/MA7\s*\d/);
    await snapshot(phone, 'market-detail-en-US');
    await byId(phone, TestId.marketChart).screenshot({ path: 'screenshots/market-chart-legend-en-US.png' });

    const hourly = phone.waitForResponse((response) => /\/candles\?.*interval=1h/.test(response.url()));
    await byId(phone, TestId.marketInterval).and(phone.locator('[data-interval="1h"]')).click();
    expect((await hourly).status()).toBe(200);
    await chartDrawn(phone, '1h');
    expect(
      await byId(phone, TestId.marketInterval)
        .and(phone.locator('[data-interval="1h"]'))
        .getAttribute('aria-selected'),
    ).toBe('true');

    await byId(phone, TestId.marketDetailPair).click();
    await byId(phone, TestId.marketPairSheet).getByText('BTC/USDT').click();
    await expect.poll(() => new URL(phone.url()).searchParams.get('symbol')).toBe('BTCUSDT');
    await chartDrawn(phone, '1h');

    await phone.getByRole('tab', { name: 'Latest trades' }).click();
    await byId(phone, TestId.marketTrades).waitFor();
    await byId(phone, TestId.marketBuy).click();
    await waitForPath(phone, '/trade/spotTrading');
    const target = new URL(phone.url());
    expect([target.searchParams.get('symbol'), target.searchParams.get('side')]).toEqual(['BTCUSDT', 'buy']);
    await phone.context().close();
  });

  it('shows both screens right to left in Arabic', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, trader.email, trader.password);
    await storeArabic(phone);
    await phone.goto(`${baseUrl}/current/index`);
    await expect.poll(() => phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => byId(phone, TestId.marketsRow).count(), { timeout: 15_000 }).toBe(8);
    await expect.poll(() => byId(phone, TestId.marketsSimulated).textContent()).toContain('محاكاة');
    await snapshot(phone, 'markets-list-ar');
    await phone.goto(`${baseUrl}/trade/detail?symbol=BTCUSDT`);
    await chartDrawn(phone, '15m');
    await expect
      .poll(() => byId(phone, TestId.marketDepth).locator('li').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    // The moving-average legend reads from the right, label before value, with Latin digits left to right.
    const legend = byId(phone, TestId.marketChartLegend);
    await expect.poll(() => legend.getAttribute('dir')).toBe('rtl');
    await expect.poll(() => legend.locator('bdi[dir="ltr"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const [first, second] = await legend.evaluate((element) =>
      Array.from(element.children).map((item) => item.getBoundingClientRect().right),
    );
    expect(first).toBeGreaterThan(second ?? 0);
    // Within an average, its label stands right of its value.
    const [label, value] = await legend.evaluate((element) =>
      Array.from(element.children[0]?.children ?? []).map((part) => part.getBoundingClientRect().right),
    );
    expect(label).toBeGreaterThan(value ?? Number.POSITIVE_INFINITY);
    await snapshot(phone, 'market-detail-ar');
    await byId(phone, TestId.marketChart).screenshot({ path: 'screenshots/market-chart-legend-ar.png' });
    await phone.context().close();
  }, 120_000);

  it('says a market that does not exist does not exist and leads back to the market list', async () => {
    const phone = await openPhone(browser);
    await logIn(phone, baseUrl, trader.email, trader.password);
    await phone.goto(`${baseUrl}/trade/detail?symbol=NOPEUSDT`);
    const missing = byId(phone, TestId.marketMissing);
    await expect
      .poll(() => missing.textContent(), { timeout: 15_000 })
      .toContain('This market does not exist');
    expect(await phone.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await snapshot(phone, 'market-missing-en-US');
    await missing.getByRole('link', { name: 'Go to the market list' }).click();
    await waitForPath(phone, '/current/index');
    await phone.context().close();
  });
});
