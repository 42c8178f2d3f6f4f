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

const ME: AdminSummary = {
  id: 1,
  email: 'root@kestrel.test',
  name: 'Root',
  role: 'super_admin',
  totpEnabled: true,
  disabled: false,
  createdAt: '2026-11-01T00:00:00.000Z',
};
const SETTINGS = {
  requireTotp: true,
  adjustmentApprovalAbove: { USDT: '1000', BTC: '0.01' },
  adjustmentProposerRole: 'support',
  withdrawalsRequireIdentity: true,
};

function answer(data: unknown) {
  return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
}

let fetchSpy: MockInstance<typeof window.fetch>;

function renderAdmins() {
  saveToken('adm_test');
  fetchSpy.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/api/admin/me')) return answer(ME);
    if (url.endsWith('/api/admin/admins')) return answer([ME]);
    if (url.endsWith('/api/admin/settings') && init?.method === 'PUT') {
      return answer({ ...SETTINGS, ...JSON.parse(String(init.body)) });
    }
    return answer(SETTINGS);
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

describe('the manual adjustment settings', () => {
  it('shows the stored amounts per coin and saves a change with a reason', async () => {
    const ui = renderAdmins();
    const thresholds = (await screen.findByTestId('adjustment-thresholds')) as HTMLTextAreaElement;
    await waitFor(() => expect(thresholds.value).toBe('USDT=1000\nBTC=0.01'));
    await ui.clear(thresholds);
    await ui.type(thresholds, 'USDT=500{enter}ETH=0.2');
    await ui.selectOptions(screen.getByTestId('adjustment-proposer-role'), 'reviewer');
    await ui.click(screen.getByTestId('adjustment-settings-save'));
    const dialog = await screen.findByRole('dialog');
    await ui.type(within(dialog).getByTestId('reason'), 'Tighter limits after the audit');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [, init] = fetchSpy.mock.calls.find(([, call]) => call?.method === 'PUT') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      adjustmentProposerRole: 'reviewer',
      adjustmentApprovalAbove: { USDT: '500', ETH: '0.2' },
      reason: 'Tighter limits after the audit',
    });
  });

  it('will not save a line that is not COIN=amount, and says how to write it', async () => {
    const ui = renderAdmins();
    const thresholds = (await screen.findByTestId('adjustment-thresholds')) as HTMLTextAreaElement;
    await waitFor(() => expect(thresholds.value).not.toBe(''));
    await ui.type(thresholds, '{enter}usdt = 10');
    expect(screen.getByText('Write each line as COIN=amount, such as USDT=1000')).toBeTruthy();
    expect((screen.getByTestId('adjustment-settings-save') as HTMLButtonElement).disabled).toBe(true);
  });
});
