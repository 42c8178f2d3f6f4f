import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createQueryClient } from '../../../app/queryClient';
import { currentNotice } from '../../../components/notice/noticeStore';
import { i18n, initI18n } from '../../../i18n/i18n';
import { getToken } from '../../../session/storage';
import { LoginScreen } from './LoginScreen';

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

function renderLogin(from?: string) {
  const router = createMemoryRouter(
    [
      { path: '/user/login', element: <LoginScreen /> },
      { path: '/home/index', element: <p>home screen</p> },
      { path: '/user/setting', element: <p>settings screen</p> },
    ],
    {
      initialEntries: [
        { pathname: '/user/login', state: from ? { from: { pathname: from, search: '', hash: '' } } : null },
      ],
    },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { router, ui: userEvent.setup() };
}

let fetchSpy: MockInstance<typeof window.fetch>;

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  fetchSpy = vi.spyOn(window, 'fetch');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the login screen', () => {
  it('shows the translated message under an invalid account and does not call the server', async () => {
    const { ui } = renderLogin();
    await ui.type(screen.getByLabelText('Email or mobile number'), 'not-an-account');
    await ui.type(screen.getByLabelText('Password'), 'secret123');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Please enter a valid phone or email')).toBeTruthy();
    expect(screen.getByLabelText('Email or mobile number').getAttribute('aria-invalid')).toBe('true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks for the password when it is blank', async () => {
    const { ui } = renderLogin();
    await ui.type(screen.getByLabelText('Email or mobile number'), 'ann@example.com');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('The content can not be blank')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    const { ui } = renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await ui.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
  });

  it('logs in, stores the token, says so and returns to the guarded screen', async () => {
    fetchSpy.mockResolvedValue(
      new Response(JSON.stringify({ code: 0, msg: 'ok', data: { token: 'tok-1', user } }), { status: 200 }),
    );
    const { ui, router } = renderLogin('/user/setting');
    await ui.type(screen.getByLabelText('Email or mobile number'), 'ann@example.com');
    await ui.type(screen.getByLabelText('Password'), 'secret123');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/setting'));
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(init?.body).toBe(JSON.stringify({ account: 'ann@example.com', password: 'secret123' }));
    expect(getToken()).toBe('tok-1');
    expect(currentNotice()).toMatchObject({ tone: 'positive', message: 'Login successful' });
  });

  it('stays on the page and shows the server message when the password is wrong', async () => {
    fetchSpy.mockResolvedValue(
      new Response(JSON.stringify({ code: 2001, msg: 'The account or password is incorrect', data: null }), {
        status: 400,
      }),
    );
    const { ui, router } = renderLogin();
    await ui.type(screen.getByLabelText('Email or mobile number'), 'ann@example.com');
    await ui.type(screen.getByLabelText('Password'), 'wrong-pass1');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() =>
      expect(currentNotice()).toMatchObject({
        tone: 'negative',
        message: 'The account or password is incorrect',
      }),
    );
    expect(router.state.location.pathname).toBe('/user/login');
    expect(getToken()).toBe('');
  });
});
