import type { AdminSummary } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { saveToken } from '../../api/storage';
import { ShownNotices } from '../../app/ShownNotices';
import { i18n, initI18n } from '../../i18n/i18n';
import { Admins } from './Admins';

function admin(id: number, name: string, totpEnabled: boolean): AdminSummary {
  return {
    id,
    email: `${name.toLowerCase()}@kestrel.test`,
    name,
    role: id === 1 ? 'super_admin' : 'support',
    totpEnabled,
    disabled: false,
    createdAt: '2026-11-01T00:00:00.000Z',
  };
}

const ME = admin(1, 'Root', true);
const LOST = admin(2, 'Lost', true);
const UNENROLLED = admin(3, 'Fresh', false);

function answer(data: unknown, code = 0, msg = 'ok', status = 200) {
  return new Response(JSON.stringify({ code, msg, data }), { status });
}

let fetchSpy: MockInstance<typeof window.fetch>;
/** What the reset endpoint answers; a success unless a test says otherwise. */
let resetAnswer: () => Response;

function renderAdmins() {
  saveToken('adm_test');
  fetchSpy.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/reset-totp')) return resetAnswer();
    if (url.endsWith('/api/admin/me')) return answer(ME);
    if (url.endsWith('/api/admin/admins')) return answer([ME, LOST, UNENROLLED]);
    return answer({
      requireTotp: false,
      adjustmentApprovalAbove: {},
      adjustmentProposerRole: 'support',
      withdrawalsRequireIdentity: false,
    });
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Admins />
        <ShownNotices />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

function resetCalls() {
  return fetchSpy.mock.calls
    .filter(([input]) => String(input).endsWith('/reset-totp'))
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init?.body)) }));
}

beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  fetchSpy = vi.spyOn(window, 'fetch');
  resetAnswer = () => answer({ ...LOST, totpEnabled: false }, 0, 'Authenticator reset');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('resetting a lost authenticator', () => {
  it('is offered for other admins who have one, and never for oneself', async () => {
    renderAdmins();
    expect(await screen.findByTestId('reset-totp-2')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('edit-admin-3')).toBeTruthy());
    expect(screen.queryByTestId('reset-totp-3')).toBeNull();
    expect(screen.queryByTestId('reset-totp-1')).toBeNull();
  });

  it('explains the reset, sends the reason, confirms and closes', async () => {
    const ui = renderAdmins();
    await ui.click(await screen.findByTestId('reset-totp-2'));
    const dialog = screen.getByTestId('dialog-reset-totp');
    expect(within(dialog).getByText('Reset the authenticator of Lost?')).toBeTruthy();
    expect(within(dialog).getByText(/signed out everywhere/)).toBeTruthy();

    await ui.type(within(dialog).getByTestId('reason'), 'Lost phone, confirmed by video call');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() =>
      expect(resetCalls()).toEqual([
        {
          url: '/api/admin/admins/2/reset-totp',
          body: { reason: 'Lost phone, confirmed by video call' },
        },
      ]),
    );
    expect(await screen.findByText('Authenticator reset')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('dialog-reset-totp')).toBeNull());
  });

  it('stays open with the server’s reason when the reset is refused', async () => {
    resetAnswer = () =>
      answer(null, 5201, 'You cannot reset your own authenticator. Ask another super admin.', 403);
    const ui = renderAdmins();
    await ui.click(await screen.findByTestId('reset-totp-2'));
    const dialog = screen.getByTestId('dialog-reset-totp');
    await ui.type(within(dialog).getByTestId('reason'), 'Testing');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    expect(
      await screen.findByText('You cannot reset your own authenticator. Ask another super admin.'),
    ).toBeTruthy();
    // Still open with what was typed, so the operator can correct and try again.
    expect((within(dialog).getByTestId('reason') as HTMLTextAreaElement).value).toBe('Testing');
    expect(screen.getByTestId('dialog-reset-totp')).toBe(dialog);
  });
});
