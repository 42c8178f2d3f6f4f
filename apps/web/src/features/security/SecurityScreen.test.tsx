import type { PublicUser } from '@kestrel/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { currentNotice } from '../../components/notice/noticeStore';
import { i18n, initI18n } from '../../i18n/i18n';
import { saveSignIn } from '../../session/storage';
import { TestId } from '../../testIds';
import { SecurityScreen } from './SecurityScreen';

const user: PublicUser = {
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

function answer(data: unknown, code = 0, msg = 'ok', status = 200) {
  return new Response(JSON.stringify({ code, msg, data }), { status });
}

let fetchSpy: MockInstance<typeof window.fetch>;

function renderSecurity(options: { hasSecurityPassword?: boolean; tab?: 'security' } = {}) {
  const signedIn = { ...user, hasSecurityPassword: options.hasSecurityPassword ?? false };
  saveSignIn('tok-1', signedIn);
  fetchSpy.mockImplementation(async (input) =>
    String(input).endsWith('/api/user/info') ? answer(signedIn) : answer(null, 0, 'Successfully modified'),
  );
  const router = createMemoryRouter([{ path: '/user/editSafePassword', element: <SecurityScreen /> }], {
    initialEntries: [`/user/editSafePassword${options.tab ? `?tab=${options.tab}` : ''}`],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

function sentTo(path: string) {
  return fetchSpy.mock.calls.filter(([input]) => String(input).endsWith(path));
}

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

describe('the login password form', () => {
  it('asks for the old password and does not call the server', async () => {
    const ui = renderSecurity();
    await ui.type(screen.getByLabelText('New password'), 'newpass123');
    await ui.type(screen.getByLabelText('Confirm password'), 'newpass123');
    await ui.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Please enter the old password')).toBeTruthy();
    expect(screen.getByLabelText('Old password').getAttribute('aria-invalid')).toBe('true');
    expect(sentTo('/api/user/password')).toHaveLength(0);
  });

  it('says when the two new passwords differ', async () => {
    const ui = renderSecurity();
    await ui.type(screen.getByLabelText('Old password'), 'secret123');
    await ui.type(screen.getByLabelText('New password'), 'newpass123');
    await ui.type(screen.getByLabelText('Confirm password'), 'newpass124');
    await ui.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(sentTo('/api/user/password')).toHaveLength(0);
  });

  it('sends a valid change and shows "Successfully modified"', async () => {
    const ui = renderSecurity();
    await ui.type(screen.getByLabelText('Old password'), 'secret123');
    await ui.type(screen.getByLabelText('New password'), 'newpass123');
    await ui.type(screen.getByLabelText('Confirm password'), 'newpass123');
    await ui.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(currentNotice()?.message).toBe('Successfully modified'));
    const [, init] = sentTo('/api/user/password')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      oldPassword: 'secret123',
      password: 'newpass123',
      confirmPassword: 'newpass123',
    });
  });

  it('shows and hides a password with its toggle', async () => {
    const ui = renderSecurity();
    const field = screen.getByLabelText('Old password');
    expect(field.getAttribute('type')).toBe('password');
    await ui.click(screen.getAllByRole('button', { name: 'Show password' })[0] as HTMLElement);
    expect(field.getAttribute('type')).toBe('text');
  });
});

describe('the security password form', () => {
  it('asks for the login password the first time', async () => {
    const ui = renderSecurity({ tab: 'security' });
    expect(await screen.findByTestId(TestId.securitySetForm)).toBeTruthy();
    await ui.type(screen.getByLabelText('Security password', { selector: 'input' }), '123456');
    await ui.type(screen.getByLabelText('Confirm password'), '123456');
    await ui.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Please enter the login password')).toBeTruthy();
    expect(sentTo('/api/user/security-password')).toHaveLength(0);
  });

  it('asks for the old security password once one is set, and wants six digits', async () => {
    const ui = renderSecurity({ tab: 'security', hasSecurityPassword: true });
    expect(await screen.findByTestId(TestId.securityChangeForm)).toBeTruthy();
    await ui.type(screen.getByLabelText('Security password', { selector: 'input' }), '12ab3');
    await ui.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Please enter the old security password')).toBeTruthy();
    expect(screen.getByText('The security password must be 6 digits')).toBeTruthy();
    // Letters never reach the field.
    expect(
      (screen.getByLabelText('Security password', { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('123');
    expect(sentTo('/api/user/security-password')).toHaveLength(0);
  });

  it('moves between the two segments', async () => {
    const ui = renderSecurity();
    expect(screen.getByTestId(TestId.securityLoginForm)).toBeTruthy();
    await ui.click(screen.getByRole('tab', { name: 'Security password' }));
    expect(await screen.findByTestId(TestId.securitySetForm)).toBeTruthy();
  });
});
