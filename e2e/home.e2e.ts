import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, adminWithRole } from '../apps/server/src/modules/admin/test-admins';
import { registerAccount } from '../apps/server/test/api';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { TestId } from '../apps/web/src/testIds';
import {
  byId,
  createOperator,
  launchBrowser,
  openConsole,
  openPhone,
  snapshot,
  storeArabic,
} from './harness';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;

const editor = {
  email: 'noa.fielding@kestrel.example',
  password: 'Content2026',
  name: 'Noa Fielding',
  role: 'content' as const,
};

let browser: Browser;
let sut: TestApp;
let baseUrl: string;

beforeAll(async () => {
  // The market maker quotes every market, so hot deals and prices have something to show.
  sut = await createTestApp({ webDist: WEB_DIST, env: { MARKET_MAKER: 'on' } });
  await createOperator(sut, editor);
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sut?.close();
});

/** A campaign picture as a designer would hand it over: 1440x720, a gradient and a coin, no words on it. */
async function campaignPicture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="720">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#1b2a6b"/><stop offset="1" stop-color="#0d7c8f"/>
      </linearGradient>
      <radialGradient id="coin" cx="0.4" cy="0.35" r="0.7">
        <stop offset="0" stop-color="#ffd98a"/><stop offset="1" stop-color="#f0a020"/>
      </radialGradient>
    </defs>
    <rect width="1440" height="720" fill="url(#sky)"/>
    <circle cx="1120" cy="300" r="220" fill="url(#coin)"/>
    <circle cx="1120" cy="300" r="170" fill="none" stroke="#c77f10" stroke-width="14"/>
    <path d="M0 600 L240 520 L420 560 L640 430 L860 470 L1080 360 L1440 400 L1440 720 L0 720 Z" fill="#ffffff" opacity="0.12"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A trader buys from the market maker, so that the latest transactions have something to show. */
async function tradeAgainstTheMaker() {
  const trader = await registerAccount(sut, `ines.${Date.now()}@example.com`, { password: 'Trader2026' });
  const operator = await adminWithRole(sut, 'support');
  const funded = await adminApi(sut, 'POST', `/api/admin/users/${trader.user.id}/adjustments`, {
    token: operator.token,
    idempotencyKey: `fund-${trader.user.id}`,
    body: { direction: 'add', account: 'spot', asset: 'USDT', amount: '500', reason: 'Trading trial funds' },
  });
  expect(funded.body.code).toBe(0);
  for (const [index, symbol] of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'].entries()) {
    // The maker's quotes appear shortly after start; retry until the order fills.
    await expect
      .poll(
        async () => {
          const answer = await sut.app.inject({
            method: 'POST',
            url: '/api/spot/orders',
            headers: { authorization: trader.token, 'idempotency-key': `home-${index}-${Date.now()}` },
            payload: { symbol, side: 'buy', type: 'market', total: '50' },
          });
          return (answer.json() as { data?: { status?: string } }).data?.status;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe('filled');
  }
}

/** Waits until every image on the page has loaded, so the screenshot shows the pictures. */
async function imagesLoaded(page: Page) {
  await page.waitForFunction(
    () => Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
    undefined,
    { timeout: 15_000 },
  );
}

describe('the home screen and its banners', () => {
  it('shows a banner an operator adds in the console, in the reader’s language', async () => {
    // A guest first sees the default header card: no banner exists yet.
    const phone = await openPhone(browser);
    const problems: string[] = [];
    phone.on('pageerror', (error) => problems.push(error.message));
    phone.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await phone.goto(`${baseUrl}/home/index`);
    await byId(phone, TestId.homeBannerDefault)
      .waitFor({ timeout: 15_000 })
      .catch(async (error) => {
        await snapshot(phone, 'debug-home');
        throw new Error(`${error}\n${problems.join('\n')}\n${phone.url()}`);
      });
    await expect.poll(() => byId(phone, TestId.homeRiskWarning).isVisible()).toBe(true);

    // The content editor adds a banner with an English and an Arabic title and an in-app link.
    const consolePage = await openConsole(browser, baseUrl, editor, '/admin/announcements');
    await consolePage.getByRole('link', { name: 'Banners' }).click();
    await byId(consolePage, 'banner-add').click();
    await byId(consolePage, 'banner-image-input').setInputFiles({
      name: 'campaign.png',
      mimeType: 'image/png',
      buffer: await campaignPicture(),
    });
    await byId(consolePage, 'banner-form-preview').waitFor();
    await byId(consolePage, 'banner-title').fill('Trade Bitcoin around the clock');
    await byId(consolePage, 'banner-locale-ar').click();
    await byId(consolePage, 'banner-title').fill('تداول البيتكوين على مدار الساعة');
    await byId(consolePage, 'banner-link').fill('/trade/detail?symbol=BTCUSDT');
    await snapshot(consolePage, 'admin-banner-form');
    await byId(consolePage, 'dialog-submit').click();
    await expect
      .poll(() => byId(consolePage, 'banner-row-title').allTextContents(), { timeout: 15_000 })
      .toEqual(['Trade Bitcoin around the clock']);
    await snapshot(consolePage, 'admin-banners');

    // The home shows it, with live hot deals and the latest transactions under it.
    await tradeAgainstTheMaker();
    await phone.reload();
    const carousel = byId(phone, TestId.homeBanners);
    await carousel.getByText('Trade Bitcoin around the clock').waitFor();
    expect(await carousel.getByRole('link').first().getAttribute('href')).toBe(
      '/trade/detail?symbol=BTCUSDT',
    );
    await byId(phone, TestId.homeHotDeals).getByRole('link').first().waitFor({ timeout: 20_000 });
    expect(
      await phone.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').swiperInfo),
    ).toEqual([expect.objectContaining({ title: 'Trade Bitcoin around the clock' })]);
    await imagesLoaded(phone);
    await snapshot(phone, 'home-en-US');
    await phone.screenshot({
      path: new URL('../screenshots/home-en-US-full.png', import.meta.url).pathname,
      fullPage: true,
    });

    // In Arabic, right to left, with the Arabic title.
    await storeArabic(phone);
    await phone.reload();
    await byId(phone, TestId.homeBanners).getByText('تداول البيتكوين على مدار الساعة').waitFor();
    await expect.poll(() => phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await byId(phone, TestId.homeHotDeals).getByRole('link').first().waitFor({ timeout: 20_000 });
    await imagesLoaded(phone);
    await snapshot(phone, 'home-ar');
    await phone.screenshot({
      path: new URL('../screenshots/home-ar-full.png', import.meta.url).pathname,
      fullPage: true,
    });
  });
});
