import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EarnTestId } from '../apps/admin/src/features/earn/testIds';
import { MembershipTestId } from '../apps/admin/src/features/membership/testIds';
import { MissionsTestId } from '../apps/admin/src/features/missions/testIds';
import { ReferralTestId } from '../apps/admin/src/features/referral/testIds';
import { callApi, registerAccount } from '../apps/server/test/api';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { byId, createOperator, launchBrowser, type Operator, openConsole, snapshot } from './harness';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;
const SOON = { timeout: 15_000 };

const head: Operator = {
  email: `growth.${Date.now()}@kestrel.example`,
  password: 'Operator-2026-growth',
  name: 'Growth lead',
  role: 'super_admin',
};

let browser: Browser;
let sut: TestApp;
let baseUrl: string;

beforeAll(async () => {
  sut = await createTestApp({ webDist: WEB_DIST });
  await createOperator(sut, head);
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sut?.close();
});

describe('earn, missions, membership and referral in the back office', () => {
  it("changes a product's rate for new orders, and a user sees it; reads the tasks, levels and referral settings", async () => {
    const { token } = await registerAccount(sut, `saver.${Date.now()}@example.com`);
    const products = async () =>
      (await callApi(sut, 'GET', '/api/earn/products', { token })).body.data.items as {
        id: string;
        termDays: number | null;
        annualRate: string;
      }[];
    const monthly = (await products()).find((product) => product.termDays === 30);
    expect(monthly?.annualRate).toBe('0.06');

    const desk = await openConsole(browser, baseUrl, head, '/admin/users');
    await desk.goto(`${baseUrl}/admin/earn`);
    await expect.poll(() => byId(desk, EarnTestId.productRow(monthly?.id ?? '')).count(), SOON).toBe(1);
    await snapshot(desk, 'admin-earn-en-US');
    await byId(desk, EarnTestId.edit(monthly?.id ?? '')).click();
    await byId(desk, EarnTestId.field('annualRate')).fill('0.065');
    await byId(desk, 'reason').fill('Month-end promotion');
    await byId(desk, 'dialog-submit').click();
    await expect.poll(() => byId(desk, EarnTestId.dialog).count(), SOON).toBe(0);
    await expect
      .poll(async () => (await products()).find((product) => product.id === monthly?.id)?.annualRate, SOON)
      .toBe('0.065');

    await desk.goto(`${baseUrl}/admin/missions`);
    await expect.poll(() => byId(desk, MissionsTestId.tasks).count(), SOON).toBe(1);
    await expect.poll(() => byId(desk, MissionsTestId.row('1')).count(), SOON).toBe(1);
    await snapshot(desk, 'admin-missions-en-US');

    await desk.goto(`${baseUrl}/admin/membership`);
    await expect.poll(() => byId(desk, MembershipTestId.level(5)).count(), SOON).toBe(1);
    await snapshot(desk, 'admin-membership-en-US');

    await desk.goto(`${baseUrl}/admin/referral`);
    await expect.poll(() => byId(desk, ReferralTestId.settings).textContent(), SOON).toContain('20');
    await snapshot(desk, 'admin-referral-en-US');

    await desk.evaluate(() => localStorage.setItem('adminLang', 'ar'));
    await desk.goto(`${baseUrl}/admin/earn`);
    await expect.poll(() => byId(desk, EarnTestId.productRow(monthly?.id ?? '')).count(), SOON).toBe(1);
    await snapshot(desk, 'admin-earn-ar');
    await desk.goto(`${baseUrl}/admin/membership`);
    await expect.poll(() => byId(desk, MembershipTestId.level(5)).count(), SOON).toBe(1);
    await snapshot(desk, 'admin-membership-ar');
    await desk.context().close();
  }, 90_000);
});
