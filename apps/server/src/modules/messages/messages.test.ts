import type { Locale } from '@kestrel/i18n';
import { catalogues } from '@kestrel/i18n/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { quantity } from '../../http/i18n';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { MessagesRepository } from './messages.repository';
import { describeDevice, MessagesService } from './messages.service';

let sut: TestApp;
let messages: MessagesService;
let accounts = 0;
let contentToken: string;
let superToken: string;

beforeAll(async () => {
  sut = await createTestApp();
  messages = new MessagesService(new MessagesRepository(sut.database.db));
  contentToken = (await adminWithRole(sut, 'content')).token;
  superToken = (await adminWithRole(sut, 'super_admin')).token;
});
afterAll(async () => {
  await sut?.close();
});

/** A fresh account, each from its own address so that the code-sending limits never interfere. */
async function newUser() {
  accounts += 1;
  const account = `inbox${accounts}.${Date.now()}@example.com`;
  const { token, user } = await registerAccount(sut, account, { ip: `10.8.${accounts}.1` });
  return { account, token, id: user.id };
}

async function inbox(token: string, query = '', lang?: string) {
  return callApi(sut, 'GET', `/api/messages${query}`, { token, lang });
}

async function unread(token: string): Promise<number> {
  return (await callApi(sut, 'GET', '/api/messages/unread-count', { token })).body.data.unread;
}

/** The welcome as the catalogue words it, with what it says about withdrawals. */
function welcomeBody(locale: Locale, withdrawals: 'withdrawalsNeedIdentity' | 'withdrawalsOpen') {
  const { inbox } = catalogues[locale];
  return inbox.events.welcome.body.replace('{{withdrawals}}', inbox[withdrawals]);
}

type Texts = Record<string, { title: string; body: string }>;

function postAnnouncement(texts: Texts, options: { userId?: number; token?: string; lang?: string } = {}) {
  const audience = options.userId === undefined ? { to: 'everyone' } : { to: 'user', userId: options.userId };
  return adminApi(sut, 'POST', '/api/admin/announcements', {
    token: options.token ?? contentToken,
    lang: options.lang,
    body: { audience, texts },
  });
}

/** An announcement sent by a content operator through the back office; fails the test if refused. */
async function announcement(texts: Texts, userId?: number): Promise<{ id: number }> {
  const answer = await postAnnouncement(texts, { userId });
  if (answer.body.code !== 0) throw new Error(`the announcement was refused: ${answer.body.msg}`);
  return answer.body.data;
}

describe('events', () => {
  it('welcomes a user after registration, unread', async () => {
    const user = await newUser();
    const answer = await inbox(user.token);
    expect(answer.status).toBe(200);
    const welcome = answer.body.data.items.find(
      (item: { title: string }) => item.title === catalogues['en-US'].inbox.events.welcome.title,
    );
    expect(welcome).toMatchObject({ kind: 'event', read: false });
    expect(welcome.body).toBe(welcomeBody('en-US', 'withdrawalsNeedIdentity'));
  });

  it('tells a new user withdrawals are open while the back office does not ask for verification', async () => {
    const setting = (withdrawalsRequireIdentity: boolean) =>
      adminApi(sut, 'PUT', '/api/admin/settings', {
        token: superToken,
        body: { withdrawalsRequireIdentity, reason: 'Withdrawal policy for this test' },
      });
    await setting(false);
    try {
      const user = await newUser();
      const [welcome] = (await inbox(user.token, '', 'es')).body.data.items;
      expect(welcome.body).toBe(welcomeBody('es', 'withdrawalsOpen'));
    } finally {
      await setting(true);
    }
  });

  it('shows amounts as the screens do, in the reader’s number format, stored marked or bare', async () => {
    const user = await newUser();
    await messages.notify(user.id, 'systemAdd', { amount: quantity('10000.000000'), asset: 'USDT' });
    // A message stored before amounts were marked holds the bare decimal string.
    await new MessagesRepository(sut.database.db).insert({
      userId: user.id,
      kind: 'event',
      event: 'withdrawalCompleted',
      params: { amount: '2500.500000', asset: 'USDT' },
    });
    const [bare, marked] = (await inbox(user.token)).body.data.items;
    expect(marked.body).toBe('10,000 USDT was added to your account by the platform.');
    expect(bare.body).toContain('2,500.5 USDT is on its way');
    const [, inGerman] = (await inbox(user.token, '', 'de')).body.data.items;
    expect(inGerman.body).toContain('10.000 USDT');
    expect(inGerman.body).not.toContain('10000.000000');
  });

  it('renders a message in the language of the reader at read time', async () => {
    const user = await newUser();
    const inGerman = await inbox(user.token, '', 'de');
    const inArabic = await inbox(user.token, '', 'ar');
    expect(inGerman.body.data.items.at(-1)).toMatchObject({
      title: catalogues.de.inbox.events.welcome.title,
      body: welcomeBody('de', 'withdrawalsNeedIdentity'),
    });
    expect(inArabic.body.data.items.at(-1)).toMatchObject({
      title: catalogues.ar.inbox.events.welcome.title,
      body: welcomeBody('ar', 'withdrawalsNeedIdentity'),
    });
  });

  it('alerts a user to each login with the time, address and device, as text', async () => {
    const user = await newUser();
    const login = await sut.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.7',
      headers: {
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      },
      payload: { account: user.account, password: 'secret123' },
    });
    expect(login.statusCode).toBe(200);

    const [alert] = (await inbox(user.token, '', 'de')).body.data.items;
    expect(alert.title).toBe(catalogues.de.inbox.events.newLogin.title);
    expect(alert.body).toContain('203.0.113.7');
    expect(alert.body).toContain('Chrome (Android)');
    expect(alert.body).toContain(String(new Date().getUTCFullYear()));
    expect(alert.body).toContain('UTC');
  });

  it('names an unknown device in the reader’s words', async () => {
    expect(describeDevice(undefined)).toEqual({ key: 'inbox.unknownDevice' });
    expect(describeDevice('curl/8.5.0')).toBe('curl/8.5.0');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1',
      ),
    ).toBe('Safari (iOS)');

    const user = await newUser();
    await messages.notify(user.id, 'newLogin', {
      time: new Date(),
      ip: '10.0.0.9',
      device: describeDevice(undefined),
    });
    const [alert] = (await inbox(user.token, '', 'fr')).body.data.items;
    expect(alert.body).toContain(catalogues.fr.inbox.unknownDevice);
  });
});

describe('reading messages', () => {
  it('pages newest first and counts the total and unread', async () => {
    const user = await newUser();
    for (let i = 0; i < 4; i += 1) {
      await messages.notify(user.id, 'newLogin', { time: new Date(), ip: `10.0.0.${i}`, device: 'Firefox' });
    }
    const first = await inbox(user.token, '?page=1&pageSize=2');
    const second = await inbox(user.token, '?page=2&pageSize=2');
    const third = await inbox(user.token, '?page=3&pageSize=2');
    expect(first.body.data).toMatchObject({ total: 5, unread: 5 });
    expect(first.body.data.items.map((item: { body: string }) => item.body.includes('10.0.0.3'))).toEqual([
      true,
      false,
    ]);
    expect(second.body.data.items).toHaveLength(2);
    expect(third.body.data.items).toHaveLength(1);
    expect(third.body.data.items[0].title).toBe(catalogues['en-US'].inbox.events.welcome.title);
    const ids = [first, second, third].flatMap((page) =>
      page.body.data.items.map((item: { id: number }) => item.id),
    );
    expect(new Set(ids).size).toBe(5);
  });

  it('refuses a page size beyond the limit with a translated message', async () => {
    const user = await newUser();
    const answer = await inbox(user.token, '?pageSize=500', 'de');
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(1000);
  });

  it('marks one message read only when asked, and all at once', async () => {
    const user = await newUser();
    await messages.notify(user.id, 'newLogin', { time: new Date(), ip: '10.0.0.1', device: 'Edge' });
    expect(await unread(user.token)).toBe(2);
    const [latest] = (await inbox(user.token)).body.data.items;

    const opened = await callApi(sut, 'GET', `/api/messages/${latest.id}`, { token: user.token });
    expect(opened.body.data).toMatchObject({ id: latest.id, read: false });
    expect(await unread(user.token)).toBe(2);

    expect(
      (await callApi(sut, 'POST', `/api/messages/${latest.id}/read`, { token: user.token })).body.code,
    ).toBe(0);
    expect(
      (await callApi(sut, 'POST', `/api/messages/${latest.id}/read`, { token: user.token })).body.code,
    ).toBe(0);
    expect(await unread(user.token)).toBe(1);
    expect(
      (await callApi(sut, 'GET', `/api/messages/${latest.id}`, { token: user.token })).body.data.read,
    ).toBe(true);

    const all = await callApi(sut, 'POST', '/api/messages/read-all', { token: user.token });
    expect(all.body).toMatchObject({ code: 0, msg: catalogues['en-US'].inbox.allMarkedRead });
    expect(await unread(user.token)).toBe(0);
    expect((await inbox(user.token)).body.data.items.every((item: { read: boolean }) => item.read)).toBe(
      true,
    );
  });

  it("answers 404 for another user's message, on reading and on marking it read", async () => {
    const owner = await newUser();
    const other = await newUser();
    const [message] = (await inbox(owner.token)).body.data.items;

    const read = await callApi(sut, 'GET', `/api/messages/${message.id}`, { token: other.token, lang: 'de' });
    expect(read.status).toBe(404);
    expect(read.body).toMatchObject({ code: 4001, msg: catalogues.de.inbox.errors.messageNotFound });
    const mark = await callApi(sut, 'POST', `/api/messages/${message.id}/read`, { token: other.token });
    expect(mark.status).toBe(404);
    expect(await unread(owner.token)).toBe(1);
  });

  it('refuses every message route without a session', async () => {
    expect((await callApi(sut, 'GET', '/api/messages')).status).toBe(401);
    expect((await callApi(sut, 'GET', '/api/messages/unread-count')).status).toBe(401);
    expect((await callApi(sut, 'POST', '/api/messages/read-all')).status).toBe(401);
  });
});

describe('announcements', () => {
  it('shows one announcement to everyone, existing and new users alike, with a read state of each', async () => {
    const existing = await newUser();
    const { id } = await announcement({ 'en-US': { title: 'Maintenance', body: 'Sunday 02:00 UTC' } });
    const newcomer = await newUser();

    for (const user of [existing, newcomer]) {
      const items = (await inbox(user.token)).body.data.items.filter(
        (item: { id: number }) => item.id === id,
      );
      expect(items).toEqual([
        expect.objectContaining({ kind: 'announcement', title: 'Maintenance', read: false }),
      ]);
    }
    await callApi(sut, 'POST', `/api/messages/${id}/read`, { token: existing.token });
    expect((await callApi(sut, 'GET', `/api/messages/${id}`, { token: existing.token })).body.data.read).toBe(
      true,
    );
    expect((await callApi(sut, 'GET', `/api/messages/${id}`, { token: newcomer.token })).body.data.read).toBe(
      false,
    );
  });

  it('shows an announcement to one user to that user only', async () => {
    const target = await newUser();
    const bystander = await newUser();
    const { id } = await announcement({ 'en-US': { title: 'Your account', body: 'Hello' } }, target.id);
    expect((await callApi(sut, 'GET', `/api/messages/${id}`, { token: target.token })).status).toBe(200);
    expect((await callApi(sut, 'GET', `/api/messages/${id}`, { token: bystander.token })).status).toBe(404);
  });

  it('shows the text in the reader’s language, falling back to en-US', async () => {
    const user = await newUser();
    const { id } = await announcement(
      {
        'en-US': { title: 'New listing', body: 'KST is listed' },
        de: { title: 'Neues Listing', body: 'KST ist gelistet' },
      },
      user.id,
    );
    const read = (lang: string) => callApi(sut, 'GET', `/api/messages/${id}`, { token: user.token, lang });
    expect((await read('de')).body.data).toMatchObject({ title: 'Neues Listing', body: 'KST ist gelistet' });
    expect((await read('ar')).body.data).toMatchObject({ title: 'New listing', body: 'KST is listed' });
  });

  it('returns HTML in a message as the text it is', async () => {
    const user = await newUser();
    const html = '<img src=x onerror="alert(1)">\n  <b>bold</b> &amp;';
    const { id } = await announcement(
      { 'en-US': { title: '<script>alert(1)</script>', body: html } },
      user.id,
    );
    const answer = await callApi(sut, 'GET', `/api/messages/${id}`, { token: user.token });
    expect(answer.body.data).toMatchObject({ title: '<script>alert(1)</script>', body: html });
  });

  it('refuses an announcement to an unknown user', async () => {
    const answer = await postAnnouncement({ 'en-US': { title: 'x', body: 'y' } }, { userId: 99_999_999 });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(2003);
  });

  it('requires an en-US text and refuses an overlong title, in the operator’s language', async () => {
    const withoutEnglish = await postAnnouncement(
      { de: { title: 'Wartung', body: 'Sonntag' } },
      { lang: 'de' },
    );
    expect(withoutEnglish.status).toBe(400);
    expect(withoutEnglish.body.msg).toBe(catalogues.de.inbox.validation.englishRequired);
    const overlong = await postAnnouncement({ 'en-US': { title: 'x'.repeat(121), body: 'y' } });
    expect(overlong.body.msg).toBe(catalogues['en-US'].inbox.validation.titleTooLong);
  });

  it('lets content operators and super admins announce, and no one else', async () => {
    const texts = { 'en-US': { title: 'Roles', body: 'Who may announce' } };
    const support = await adminWithRole(sut, 'support');
    const user = await newUser();
    expect((await postAnnouncement(texts, { token: superToken })).body.code).toBe(0);
    expect((await postAnnouncement(texts, { token: support.token })).status).toBe(403);
    expect((await postAnnouncement(texts, { token: user.token })).status).toBe(401);
  });

  it('writes an audit entry naming the announcement', async () => {
    const { id } = await announcement({ 'en-US': { title: 'Audited', body: 'Listed in the log' } });
    const log = await adminApi(sut, 'GET', '/api/admin/audit?action=createAnnouncement&pageSize=1', {
      token: superToken,
    });
    expect(log.body.data.items[0]).toMatchObject({ targetType: 'announcement', targetId: String(id) });
  });
});
