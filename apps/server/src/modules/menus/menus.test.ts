import { ERRORS } from '@kestrel/contract';
import { catalogues } from '@kestrel/i18n/all';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';

let sut: TestApp;
let content: string;
let support: string;
let superAdmin: string;

beforeAll(async () => {
  sut = await createTestApp();
  content = (await adminWithRole(sut, 'content')).token;
  support = (await adminWithRole(sut, 'support')).token;
  superAdmin = (await adminWithRole(sut, 'super_admin')).token;
});
afterAll(async () => {
  await sut?.close();
});

type Entry = Record<string, unknown> & { route: string; children?: Entry[] };

const entry = (route: string, fields: Partial<Entry> = {}): Entry => ({
  route,
  titles: { 'en-US': `Title of ${route}` },
  placement: 'mine',
  data: { template: 'article', slug: 'how-to-deposit' },
  visible: true,
  children: [],
  ...fields,
});

function save(entries: Entry[], token = content) {
  return adminApi(sut, 'PUT', '/api/admin/menus', { token, body: { entries } });
}

async function stored() {
  return (await adminApi(sut, 'GET', '/api/admin/menus', { token: content })).body.data;
}

async function newestAudit() {
  const answer = await adminApi(sut, 'GET', '/api/admin/audit?action=saveAdminMenu&pageSize=1', {
    token: superAdmin,
  });
  return answer.body.data.items[0] as { id: number; after: unknown } | undefined;
}

const KEPT = [
  entry('/promo/spring', {
    titles: { 'en-US': 'Spring promotion', ar: 'عرض الربيع' },
    data: { template: 'externalLink', url: 'https://example.com/spring' },
  }),
];

describe('the menu list', () => {
  beforeEach(async () => {
    expect((await save(KEPT)).status).toBe(200);
  });

  it('is saved whole and answered as stored, with the time it was saved, and the save is audited', async () => {
    const entries = [
      entry('/guides', {
        placement: 'homeShortcuts',
        data: { template: 'articleList', category: 'guides' },
        children: [
          entry('/guides/deposit', { placement: 'none' }),
          entry('/guides/markets', { data: { template: 'screen', path: '/current/index' } }),
        ],
      }),
    ];
    const answer = await save(entries);
    expect(answer.status).toBe(200);
    expect(answer.body.data.entries).toEqual(entries);
    expect(Date.parse(answer.body.data.updatedAt)).not.toBeNaN();
    expect(await stored()).toEqual(answer.body.data);
    expect((await newestAudit())?.after).toEqual({ entries });
  });

  it('is read and saved by the content role only', async () => {
    expect((await adminApi(sut, 'GET', '/api/admin/menus', { token: support })).status).toBe(403);
    expect((await save([], support)).status).toBe(403);
    expect((await stored()).entries).toEqual(KEPT);
  });

  it("serves visible entries to anyone in the reader's language, else in en-US", async () => {
    await save([
      ...KEPT,
      entry('/guides', {
        titles: { 'en-US': 'Guides', de: 'Anleitungen' },
        placement: 'homeShortcuts',
        children: [
          entry('/guides/hidden', { visible: false }),
          entry('/guides/deposit', { titles: { 'en-US': 'Deposits', ar: 'الإيداع' } }),
        ],
      }),
      entry('/secret', { visible: false }),
    ]);
    const arabic = await callApi(sut, 'GET', '/api/menus', { lang: 'ar' });
    expect(arabic.status).toBe(200);
    expect(arabic.body.data.items).toEqual([
      {
        route: '/promo/spring',
        title: 'عرض الربيع',
        placement: 'mine',
        data: { template: 'externalLink', url: 'https://example.com/spring' },
        children: [],
      },
      {
        route: '/guides',
        title: 'Guides',
        placement: 'homeShortcuts',
        data: { template: 'article', slug: 'how-to-deposit' },
        children: [
          {
            route: '/guides/deposit',
            title: 'الإيداع',
            placement: 'mine',
            data: { template: 'article', slug: 'how-to-deposit' },
            children: [],
          },
        ],
      },
    ]);
    const german = await callApi(sut, 'GET', '/api/menus', { lang: 'de' });
    expect(german.body.data.items.map((item: { title: string }) => item.title)).toEqual([
      'Spring promotion',
      'Anleitungen',
    ]);
  });
});

describe('a save that breaks a rule', () => {
  beforeEach(async () => {
    expect((await save(KEPT)).status).toBe(200);
  });

  /** Refused with the reason's code and the entry's field named, and the stored list left as it was. */
  async function expectRefused(entries: Entry[], reason: keyof typeof ERRORS, field: string, lang = 'en-US') {
    const before = await stored();
    const auditBefore = (await newestAudit())?.id;
    const answer = await adminApi(sut, 'PUT', '/api/admin/menus', {
      token: content,
      body: { entries },
      lang,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(ERRORS[reason].code);
    expect(answer.body.data).toEqual({ field });
    expect(await stored()).toEqual(before);
    expect((await newestAudit())?.id).toBe(auditBefore);
    return answer.body.msg as string;
  }

  it("refuses a route that is one of the app's fixed routes, in any case", async () => {
    const msg = await expectRefused(
      [entry('/promo/a'), entry('/user/helpcenter')],
      'menuRouteClash',
      'entries.1.route',
    );
    expect(msg).toBe(
      catalogues['en-US'].menus.errors.routeClash
        .replace('{{route}}', '/user/helpcenter')
        .replace('{{fixed}}', '/user/helpCenter'),
    );
  });

  it('refuses a route that would hold fixed routes under it, or sit under one', async () => {
    await expectRefused([entry('/user/wallet')], 'menuRouteClash', 'entries.0.route');
    await expectRefused(
      [entry('/promo', { children: [entry('/home/index/promo')] })],
      'menuRouteClash',
      'entries.0.children.0.route',
    );
  });

  it('refuses two entries with the same route, a child included', async () => {
    await expectRefused(
      [
        entry('/promo', { children: [entry('/promo/a')] }),
        entry('/other', { children: [entry('/promo/a')] }),
      ],
      'menuRouteDuplicate',
      'entries.1.children.0.route',
    );
  });

  it('refuses children below the first level', async () => {
    await expectRefused(
      [entry('/promo', { children: [entry('/promo/a', { children: [entry('/promo/a/b')] })] })],
      'menuTooDeep',
      'entries.0.children.0.children',
    );
  });

  it("refuses a screen that is not one of the fixed routes, named in the reader's language", async () => {
    await expectRefused(
      [entry('/promo', { data: { template: 'screen', path: '/nowhere' } })],
      'menuScreenUnknown',
      'entries.0.data.path',
    );
    const msg = await expectRefused(
      [entry('/promo', { data: { template: 'screen', path: '/user/nowhere' } })],
      'menuScreenUnknown',
      'entries.0.data.path',
      'ar',
    );
    expect(msg).toBe(catalogues.ar.menus.errors.screenUnknown.replace('{{path}}', '/user/nowhere'));
  });

  it('refuses a link that is not https, an unknown template and a bad route, changing nothing', async () => {
    const before = await stored();
    for (const bad of [
      entry('/promo', { data: { template: 'externalLink', url: 'http://example.com' } }),
      entry('/promo', { data: { template: 'video', url: 'https://example.com' } }),
      entry('/Promo/A'),
      entry('/promo', { titles: { ar: 'بلا إنجليزية' } }),
    ]) {
      const answer = await save([bad]);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(ERRORS.parameterError.code);
    }
    expect(await stored()).toEqual(before);
  });
});
