import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { buildRouteTree } from '../../app/router';
import { i18n, initI18n } from '../../i18n/i18n';
import { type MenuEntry, readSession, saveLanguage } from '../../session/storage';
import { FirstPaintTestId } from '../../testIds.firstPaint';
import { HelpTestId } from '../help/testIds';
import { menuEntriesAt, menuRoutes } from './menuEntries';
import { useMenuListSync } from './menuList';
import { MenusTestId } from './testIds';

const user = {
  id: 10001,
  email: 'ann@example.com',
  phone: null,
  nickname: 'Ann',
  avatarUrl: null,
  inviteCode: 'ABC123',
  creditScore: 100,
  hasSecurityPassword: false,
  demo: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

const entry = (route: string, title: string, data: MenuEntry['data'], fields: Partial<MenuEntry> = {}) => ({
  route,
  title,
  placement: 'mine',
  data,
  children: [],
  ...fields,
});

const LINK = entry('/promo/spring', 'Spring promotion', {
  template: 'externalLink',
  url: 'https://example.com/spring',
});
const SETTINGS = entry('/quick/settings', 'Quick settings', { template: 'screen', path: '/user/setting' });
const GUIDES = entry(
  '/guides',
  'Guides',
  { template: 'articleList', category: 'guides' },
  {
    children: [
      entry('/guides/fees', 'Fee table', { template: 'externalLink', url: 'https://example.com/fees' }),
    ],
  },
);
const UNKNOWN = entry('/promo/video', 'A video', { template: 'video', url: 'https://example.com/v' });

function store(menuList: unknown[], token = 'tok-1') {
  localStorage.setItem(
    'session',
    JSON.stringify({ token, language: 'en-US', userInfo: user, menuList, swiperInfo: [] }),
  );
  if (token) localStorage.setItem('token', token);
  localStorage.setItem('lang', 'en-US');
}

function renderAt(path: string) {
  const router = createMemoryRouter(buildRouteTree(menuRoutes(readSession().menuList)), {
    initialEntries: [path],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
}

beforeAll(async () => {
  await initI18n('en-US');
  await import('../../api/http');
});

beforeEach(() => {
  vi.spyOn(window, 'fetch').mockImplementation(async (input) =>
    String(input).endsWith('/api/user/info') ? envelope(user) : envelope({ unread: 0, items: [] }),
  );
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('run-time menu routes', () => {
  it("adds an external link's route, whose page opens the address outside the app", async () => {
    store([LINK]);
    renderAt('/promo/spring');
    expect(await screen.findByRole('heading', { name: 'Spring promotion' })).toBeTruthy();
    const open = screen.getByTestId(MenusTestId.openLink);
    expect(open.getAttribute('href')).toBe('https://example.com/spring');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('example.com')).toBeTruthy();
  });

  it('renders the fixed screen a screen entry names at the entry’s own route', async () => {
    store([SETTINGS]);
    const router = renderAt('/quick/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/quick/settings');
  });

  it("renders an article entry with the help centre's article page, asking for its slug", async () => {
    store([entry('/guides/deposit', 'Deposits', { template: 'article', slug: 'how-to-deposit' })]);
    vi.mocked(window.fetch).mockImplementation(async (input) =>
      String(input).endsWith('/api/content/articles/how-to-deposit')
        ? envelope({
            slug: 'how-to-deposit',
            kind: 'help',
            category: { slug: 'funds', name: 'Funds' },
            title: 'How to deposit',
            body: 'Copy the **address**.',
            locale: 'en-US',
            fallback: false,
            publishedAt: '2026-11-20T10:00:00.000Z',
            updatedAt: '2026-11-20T10:00:00.000Z',
          })
        : envelope({ unread: 0 }),
    );
    renderAt('/guides/deposit');
    expect((await screen.findByTestId(HelpTestId.articleTitle)).textContent).toBe('How to deposit');
  });

  it("renders an article list entry with the help centre's category page", async () => {
    store([entry('/guides/funds', 'Funds', { template: 'articleList', category: 'funds' })]);
    renderAt('/guides/funds');
    expect(await screen.findByTestId(HelpTestId.categoryPage)).toBeTruthy();
    await waitFor(() =>
      expect(vi.mocked(window.fetch).mock.calls.some(([input]) => String(input).includes('/funds'))).toBe(
        true,
      ),
    );
  });

  it('sends a guest on a private screen entry through the fixed route’s guard to login', async () => {
    store([SETTINGS], '');
    const router = renderAt('/quick/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
  });

  it('shows the children of an entry that has them as a list', async () => {
    store([GUIDES]);
    renderAt('/guides');
    const list = await screen.findByTestId(MenusTestId.children);
    expect(
      within(list)
        .getByRole('link', { name: /Fee table/ })
        .getAttribute('href'),
    ).toBe('https://example.com/fees');
  });

  it('ignores an entry whose template it does not know, and shows the rest', async () => {
    store([UNKNOWN, LINK, { route: '/broken', data: 'not an object' }]);
    expect(menuRoutes(readSession().menuList).map((shown) => shown.route)).toEqual(['/promo/spring']);
    renderAt('/promo/video');
    expect(await screen.findByTestId(FirstPaintTestId.notFound)).toBeTruthy();
  });

  it('shows the Mine entries as rows, a link with its external mark, an entry with children as a group', async () => {
    store([LINK, GUIDES, UNKNOWN, { ...SETTINGS, placement: 'homeShortcuts' }]);
    renderAt('/user/index');
    const rows = await screen.findByTestId(MenusTestId.mineRows);
    const link = within(rows).getByRole('link', { name: 'Spring promotion, opens outside the app' });
    expect(link.getAttribute('href')).toBe('https://example.com/spring');
    expect(within(rows).getByRole('heading', { name: 'Guides' })).toBeTruthy();
    expect(within(rows).getByRole('link', { name: /Fee table/ })).toBeTruthy();
    expect(within(rows).queryByText('A video')).toBeNull();
    expect(within(rows).queryByText('Quick settings')).toBeNull();
  });

  it('puts home shortcuts on the home screen', async () => {
    store([LINK, { ...SETTINGS, placement: 'homeShortcuts' }]);
    renderAt('/home/index');
    const shortcut = await screen.findByTestId(MenusTestId.homeShortcut);
    expect(shortcut.textContent).toBe('Quick settings');
    expect(shortcut.getAttribute('href')).toBe('/quick/settings');
    expect(menuEntriesAt(readSession().menuList, 'homeShortcuts')).toHaveLength(1);
  });
});

describe('the menu list in the session', () => {
  it('is fetched as the app starts and again in the language the user changes to', async () => {
    store([]);
    const fetch = vi.mocked(window.fetch);
    fetch.mockImplementation(async (_input, init) => {
      const language = new Headers(init?.headers).get('think-lang');
      return envelope({ items: [{ ...LINK, title: `Spring (${language})` }] });
    });
    renderHook(() => useMenuListSync());
    await waitFor(() => expect(readSession().menuList[0]?.title).toBe('Spring (en-US)'));
    saveLanguage('ar');
    await waitFor(() => expect(readSession().menuList[0]?.title).toBe('Spring (ar)'));
    expect(String(fetch.mock.calls.at(-1)?.[0])).toMatch(/\/api\/menus$/);
  });
});
