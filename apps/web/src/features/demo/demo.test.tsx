import type { PublicUser } from '@kestrel/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { useLogoutMutation } from '../../api/session';
import { RootLayout } from '../../app/RootLayout';
import { routeTree } from '../../app/router';
import { currentNotice } from '../../components/notice/noticeStore';
import { initI18n } from '../../i18n/i18n';
import { readSession, saveDemoTwin, saveSignIn } from '../../session/storage';
import { renderRoutes } from '../../test/render';
import { LoginScreen } from '../auth/login/LoginScreen';
import { MineDemoRows } from './MineDemoRows';
import { DemoTestId } from './testIds';

const real: PublicUser = {
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
const twin: PublicUser = { ...real, id: 10002, email: null, demo: true, inviteCode: 'DEM002' };
const anonymous: PublicUser = { ...twin, id: 10003, inviteCode: 'DEM003' };

const demoAccount = {
  startingBalance: '100000',
  asset: 'USDT',
  twin: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  resets: 0,
  lastResetAt: null,
  closesAfterIdleDays: 30,
};

type Call = { method: string; path: string; token: string | null };

/** Answers every request from `answers` by "METHOD /path" (anything else: an empty object), and records it. */
function serve(answers: Record<string, unknown>): { calls: Call[]; spy: MockInstance<typeof window.fetch> } {
  const calls: Call[] = [];
  const spy = vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ method, path, token: headers.Authorization ?? null });
    const data = answers[`${method} ${path}`] ?? {};
    return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
  });
  return { calls, spy };
}

function LogoutButton() {
  const logout = useLogoutMutation();
  return (
    <button type="button" onClick={() => logout.mutate()}>
      log out
    </button>
  );
}

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  delete document.documentElement.dataset.book;
});

describe('the demo band', () => {
  const routes = [
    { path: '/', element: <RootLayout />, children: [{ path: 'home/index', element: <p>home screen</p> }] },
  ];

  it('is not shown to a real account, whose accent stays the real one', async () => {
    saveSignIn('real-tok', real);
    renderRoutes(routes, '/home/index');
    expect(await screen.findByText('home screen')).toBeTruthy();
    expect(screen.queryByTestId(DemoTestId.band)).toBeNull();
    expect(document.documentElement.dataset.book).toBeUndefined();
  });

  it('is shown on every screen of a demo session, with the demo accent on <html>', async () => {
    saveSignIn('demo-tok', anonymous);
    renderRoutes(routes, '/home/index');
    expect(await screen.findByText('home screen')).toBeTruthy();
    expect(screen.getByTestId(DemoTestId.band).textContent).toContain('Demo mode');
    expect(document.documentElement.dataset.book).toBe('demo');
  });
});

describe('starting a demo account from the login screen', () => {
  it('stores the demo session and goes home, without an e-mail', async () => {
    const { calls } = serve({ 'POST /api/auth/demo': { token: 'demo-tok', user: anonymous } });
    const router = renderRoutes(
      [
        { path: '/user/login', element: <LoginScreen /> },
        { path: '/home/index', element: <p>home screen</p> },
      ],
      '/user/login',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try a demo account' }));

    expect(await screen.findByText('home screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home/index');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/auth/demo']);
    const session = readSession();
    expect(session.token).toBe('demo-tok');
    expect(session.userInfo?.demo).toBe(true);
    expect(session.realToken).toBe('');
    expect(currentNotice()?.message).toBe('Your demo account is ready');
  });
});

describe('switching between the real account and its demo twin', () => {
  const routes = [
    { path: '/user/index', element: <MineDemoRows /> },
    { path: '/home/index', element: <MineDemoRows /> },
  ];

  it('keeps the real token while in the twin and restores it on the way back, signing in to nothing', async () => {
    saveSignIn('real-tok', real);
    const { calls } = serve({ 'POST /api/user/demo': { token: 'twin-tok', user: twin } });
    const ui = userEvent.setup();
    renderRoutes(routes, '/user/index');

    await ui.click(screen.getByRole('button', { name: /Demo trading/ }));
    await waitFor(() => expect(readSession().token).toBe('twin-tok'));
    expect(readSession()).toMatchObject({ realToken: 'real-tok', realUserInfo: real, userInfo: twin });
    expect(calls).toEqual([{ method: 'POST', path: '/api/user/demo', token: 'real-tok' }]);

    await ui.click(await screen.findByRole('button', { name: 'Back to real account' }));
    expect(readSession()).toMatchObject({
      token: 'real-tok',
      userInfo: real,
      realToken: '',
      realUserInfo: null,
    });
    expect(calls).toHaveLength(1);
    expect(await screen.findByRole('button', { name: /Demo trading/ })).toBeTruthy();
  });

  it('ends both sessions on logout in the twin, each with its own token', async () => {
    saveSignIn('real-tok', real);
    saveDemoTwin('twin-tok', twin);
    const { calls } = serve({});
    renderRoutes([{ path: '/user/setting', element: <LogoutButton /> }], '/user/setting');

    await userEvent.setup().click(screen.getByRole('button', { name: 'log out' }));
    await waitFor(() => expect(readSession().token).toBe(''));
    expect(calls.filter((call) => call.path === '/api/auth/logout').map((call) => call.token)).toEqual([
      'twin-tok',
      'real-tok',
    ]);
    expect(readSession().realToken).toBe('');
  });
});

describe('a money-out screen in a demo session', () => {
  it('shows the demo notice with a way to the real account and asks nothing of the withdrawal endpoints', async () => {
    saveSignIn('real-tok', real);
    saveDemoTwin('twin-tok', twin);
    const { calls } = serve({});
    renderRoutes(routeTree, '/user/wallet/withdraw');

    expect(await screen.findByTestId(DemoTestId.blocked)).toBeTruthy();
    expect(screen.getByText('Not available in demo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Switch to real account' })).toBeTruthy();
    expect(calls.filter((call) => call.path.includes('withdraw'))).toEqual([]);
  });

  it('leads an anonymous demo account to registering a real one', async () => {
    saveSignIn('demo-tok', anonymous);
    serve({});
    renderRoutes(routeTree, '/user/wallet/recharge');
    expect(await screen.findByTestId(DemoTestId.blocked)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register a real account' })).toBeTruthy();
  });
});

describe('resetting the demo balance', () => {
  it('asks first, then resets and says how many orders and positions it closed', async () => {
    saveSignIn('demo-tok', anonymous);
    const { calls } = serve({
      'POST /api/user/demo/reset': { account: demoAccount, cancelledOrders: 2, closedPositions: 1 },
    });
    const ui = userEvent.setup();
    renderRoutes([{ path: '/user/index', element: <MineDemoRows /> }], '/user/index');

    await ui.click(screen.getByRole('button', { name: /Reset demo balance/ }));
    const dialog = await screen.findByTestId(DemoTestId.resetDialog);
    expect(dialog.textContent).toContain('cancelled');
    expect(calls).toEqual([]);

    await ui.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(currentNotice()?.message).toBe('Demo balance reset. Orders cancelled: 2. Positions closed: 1.'),
    );
    expect(calls).toEqual([{ method: 'POST', path: '/api/user/demo/reset', token: 'demo-tok' }]);
  });
});
