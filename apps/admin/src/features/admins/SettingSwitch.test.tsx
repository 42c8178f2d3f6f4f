import type { AdminSettings } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { saveToken } from '../../api/storage';
import { i18n, initI18n } from '../../i18n/i18n';
import { WithdrawalIdentitySetting } from './SettingSwitch';

function answer(data: unknown) {
  return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
}

let fetchSpy: MockInstance<typeof window.fetch>;
let stored: AdminSettings;

beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  stored = {
    requireTotp: true,
    adjustmentApprovalAbove: {},
    adjustmentProposerRole: 'support',
    withdrawalsRequireIdentity: true,
  };
  fetchSpy = vi.spyOn(window, 'fetch').mockImplementation(async (_input, init) => {
    if (init?.method === 'PUT') {
      const { reason: _reason, ...changes } = JSON.parse(String(init.body));
      stored = { ...stored, ...changes };
    }
    return answer(stored);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the withdrawal identity setting', () => {
  it('shows the stored rule and changes only that setting, with a reason', async () => {
    saveToken('adm_test');
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <WithdrawalIdentitySetting />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const ui = userEvent.setup();
    const toggle = (await screen.findByTestId('withdrawals-require-identity')) as HTMLInputElement;
    await waitFor(() => expect(toggle.checked).toBe(true));
    await ui.click(toggle);
    expect(screen.getByText('Let unverified users withdraw?')).toBeTruthy();
    await ui.type(screen.getByTestId('reason'), 'Launch week: verification queue is long');
    await ui.click(screen.getByTestId('dialog-submit'));
    await waitFor(() => expect(toggle.checked).toBe(false));
    const put = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      withdrawalsRequireIdentity: false,
      reason: 'Launch week: verification queue is long',
    });
    expect(stored.requireTotp).toBe(true);
  });
});
