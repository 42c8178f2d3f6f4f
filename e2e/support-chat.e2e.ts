import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupportDeskTestId } from '../apps/admin/src/features/support/testIds';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { ServiceTestId } from '../apps/web/src/features/service/testIds';
import {
  byId,
  cameraPhoto,
  createOperator,
  launchBrowser,
  type Operator,
  openConsole,
  openPhone,
  register,
  snapshot,
  startMailbox,
  storeArabic,
} from './harness';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;
const SOON = { timeout: 15_000 };

const agent: Operator = {
  email: `agent.${Date.now()}@kestrel.example`,
  password: 'Operator-2026-agent',
  name: 'Maya Haddad',
  role: 'agent',
};
const customer = { email: `visitor.${Date.now()}@example.com`, password: 'Customer2026' };
const QUESTION = 'Hello, my deposit has not arrived yet';
const ANSWER = 'Thanks for waiting: your deposit is credited now.';

let browser: Browser;
let sut: TestApp;
let baseUrl: string;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;

beforeAll(async () => {
  mailbox = await startMailbox();
  sut = await createTestApp({ webDist: WEB_DIST, smtpUrl: mailbox.url });
  await createOperator(sut, agent);
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sut?.close();
  await mailbox?.close();
});

/** The messages the chat shows, as text. */
const shown = (page: Page) => byId(page, ServiceTestId.messages).innerText();

describe('the customer service chat', () => {
  it('lets a visitor chat, sign up and keep the conversation; an agent answers from the back office, live', async () => {
    // A visitor on /user/online: no agent is online yet, so the chat says when to expect an answer.
    const phone = await openPhone(browser);
    await phone.goto(`${baseUrl}/user/online`);
    await expect.poll(() => byId(phone, ServiceTestId.input).count(), SOON).toBe(1);
    await expect.poll(() => byId(phone, ServiceTestId.offline).count(), SOON).toBe(1);
    await byId(phone, ServiceTestId.input).fill(QUESTION);
    await byId(phone, ServiceTestId.send).click();
    await expect
      .poll(() => phone.locator('[data-testid^="service-message-"] [data-state="sent"]').count(), SOON)
      .toBe(1);
    // A picture of the transfer: uploaded as a visitor, re-encoded by the server, then sent.
    await byId(phone, ServiceTestId.image).setInputFiles({
      name: 'transfer.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraPhoto('TX 0x9f3a', '#2f6f4f'),
    });
    await expect
      .poll(() => phone.locator('[data-testid^="service-message-"] [data-state="sent"]').count(), SOON)
      .toBe(2);
    await expect.poll(() => byId(phone, ServiceTestId.messages).locator('img').count(), SOON).toBe(1);
    expect(await phone.evaluate(() => localStorage.getItem('supportVisitor'))).toMatch(/^vis_/);
    await snapshot(phone, 'service-visitor-en-US');

    // The visitor signs up: the conversation joins the account and the visitor token is dropped.
    await register(phone, baseUrl, mailbox, customer.email, customer.password);
    await expect.poll(() => phone.evaluate(() => localStorage.getItem('supportVisitor')), SOON).toBeNull();
    await byId(phone, ServiceTestId.tab).click();
    await expect.poll(() => shown(phone), SOON).toContain(QUESTION);

    // An agent keeps a canned reply in English and Arabic, then opens the inbox, picks the conversation up and
    // answers with it: the customer writes in English, so the English text comes in.
    const desk = await openConsole(browser, baseUrl, agent, '/admin/support');
    await desk.goto(`${baseUrl}/admin/canned-replies`);
    await byId(desk, SupportDeskTestId.cannedAdd).click();
    await byId(desk, SupportDeskTestId.cannedShortcut).fill('credited');
    await byId(desk, SupportDeskTestId.cannedText('en-US')).fill(ANSWER);
    await byId(desk, SupportDeskTestId.cannedText('ar')).fill(
      'شكرًا لانتظارك: تم إيداع المبلغ في حسابك الآن.',
    );
    await byId(desk, 'dialog-submit').click();
    await expect
      .poll(() => byId(desk, SupportDeskTestId.cannedTable).innerText(), SOON)
      .toContain('/credited');
    await snapshot(desk, 'admin-canned-en-US');
    await desk.goto(`${baseUrl}/admin/support`);
    const row = desk.locator('[data-testid^="support-row-"]').first();
    await expect.poll(() => row.count(), SOON).toBe(1);
    await row.click();
    await expect.poll(() => byId(desk, SupportDeskTestId.messages).innerText(), SOON).toContain(QUESTION);
    await expect
      .poll(() => byId(desk, SupportDeskTestId.context).innerText(), SOON)
      .toContain(customer.email);
    await byId(desk, SupportDeskTestId.reply).fill('/cred');
    await byId(desk, SupportDeskTestId.cannedSuggestion('credited')).click();
    await expect.poll(() => byId(desk, SupportDeskTestId.reply).inputValue(), SOON).toBe(ANSWER);
    await byId(desk, SupportDeskTestId.send).click();
    await expect.poll(() => byId(desk, SupportDeskTestId.messages).innerText(), SOON).toContain(ANSWER);

    // The user sees the answer arrive without reloading, with the agent's name and verified badge; the agent sees
    // the customer read the question.
    await expect.poll(() => shown(phone), SOON).toContain(ANSWER);
    await expect
      .poll(() => byId(phone, ServiceTestId.agentName).first().innerText(), SOON)
      .toContain('Maya Haddad');
    await expect.poll(() => byId(phone, ServiceTestId.verified).count(), SOON).toBeGreaterThan(0);
    await expect
      .poll(() => phone.locator('[data-testid^="service-message-"] [data-state="read"]').count(), SOON)
      .toBe(2);
    await snapshot(phone, 'service-chat-en-US');
    await snapshot(desk, 'admin-support-en-US');

    // Right to left.
    await storeArabic(phone);
    await phone.reload();
    await expect.poll(() => shown(phone), SOON).toContain(ANSWER);
    await snapshot(phone, 'service-chat-ar');
    await desk.evaluate(() => localStorage.setItem('adminLang', 'ar'));
    await desk.reload();
    await expect.poll(() => byId(desk, SupportDeskTestId.messages).innerText(), SOON).toContain(ANSWER);
    await snapshot(desk, 'admin-support-ar');
    await desk.context().close();
    await phone.context().close();
  }, 120_000);
});
