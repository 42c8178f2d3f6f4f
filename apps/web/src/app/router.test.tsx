import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n';
import { TestId } from '../testIds';
import { createQueryClient } from './queryClient';
import { routeTree } from './router';

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

function signIn() {
  localStorage.setItem(
    'session',
    JSON.stringify({ token: 'tok-1', language: 'en-US', userInfo: user, menuList: [], swiperInfo: [] }),
  );
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('lang', 'en-US');
}

function renderAt(path: string) {
  const router = createMemoryRouter(routeTree, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

beforeAll(async () => {
  await initI18n('en-US');
  // The request client now loads after the first paint (with the query cache's readers), not with the tab bar:
  // load it before the clock of the first screen's test starts, as the tab bar did.
  await import('../api/http');
});

beforeEach(() => {
  vi.spyOn(window, 'fetch').mockResolvedValue(
    new Response(JSON.stringify({ code: 0, msg: 'ok', data: user }), { status: 200 }),
  );
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('routing', () => {
  it('sends a guest on a private route to login, clearing local storage and remembering the route', async () => {
    localStorage.setItem('theme', 'light');
    const router = renderAt('/user/setting');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(router.state.location.state).toEqual({
      from: { pathname: '/user/setting', search: '', hash: '' },
    });
    expect(localStorage.length).toBe(0);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  });

  it('lets a guest open the public home screen, with the risk warning', async () => {
    renderAt('/home/index');
    expect(await screen.findByText('Welcome to Kestrel')).toBeTruthy();
    expect(
      screen.getByText('Investment carries risk. Only invest what you can afford to lose.'),
    ).toBeTruthy();
  });

  it('lets a guest open the forgotten-password screen', async () => {
    renderAt('/user/forgot');
    expect(await screen.findByRole('heading', { name: 'Reset password' })).toBeTruthy();
  });

  it('sends a token holder from the login page to home', async () => {
    signIn();
    const router = renderAt('/user/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
    expect(await screen.findByText('Hello, Ann')).toBeTruthy();
  });

  it('redirects / to /trade/detail, the market screen inside the tabbed shell', async () => {
    signIn();
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/trade/detail'));
    expect(screen.getByTestId(TestId.tabBar)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it('shows the tabs in order: Home, Markets, Trade, Service and Mine', async () => {
    signIn();
    renderAt('/home/index');
    const tabs = within(await screen.findByTestId(TestId.tabBar)).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Home', 'Markets', 'Trade', 'Service', 'Mine']);
  });

  it('shows the not-found page for an unknown path, with a way back home', async () => {
    const router = renderAt('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('The page you are looking for does not exist or has been moved.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
  });

  it('scrolls to the top on every navigation', async () => {
    const router = renderAt('/home/index');
    await screen.findByText('Welcome to Kestrel');
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/user/register'));
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 0));
  });
});
