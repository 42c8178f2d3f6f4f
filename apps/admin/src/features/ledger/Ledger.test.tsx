import type { LedgerCheckReport } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../api/storage';
import { i18n, initI18n } from '../../i18n/i18n';
import { Ledger } from './Ledger';

const healthy: LedgerCheckReport = {
  ok: true,
  checkedAt: '2026-11-22T01:00:00.000Z',
  counts: { transactions: 3, postings: 6, balances: 2, openReservations: 0 },
  problems: [],
  systemPositions: [{ account: 'deposits_clearing', asset: 'USDT', amount: '-150.000000000000000000' }],
};
const broken: LedgerCheckReport = {
  ...healthy,
  ok: false,
  problems: [
    { rule: 'balanceNotPostings', detail: 'user 4 spot (account 9) holds 5 USDT but its postings sum to 4' },
  ],
};

function renderLedger(reports: LedgerCheckReport[]) {
  saveToken('adm_test');
  const spy = vi.spyOn(window, 'fetch').mockImplementation(async () => {
    const report = reports.length > 1 ? reports.shift() : reports[0];
    return new Response(JSON.stringify({ code: 0, msg: 'ok', data: report }), { status: 200 });
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Ledger />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return spy;
}

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the ledger check page', () => {
  it('shows a healthy report with its counts and the system positions', async () => {
    renderLedger([healthy]);
    expect(await screen.findByText('Every rule holds: the ledger balances.')).toBeTruthy();
    expect(screen.getByText('deposits_clearing')).toBeTruthy();
    expect(screen.queryByTestId('ledger-problems')).toBeNull();
  });

  it('runs the check again on request and names each broken rule', async () => {
    const spy = renderLedger([healthy, broken]);
    await screen.findByText('Every rule holds: the ledger balances.');
    await userEvent.click(screen.getByTestId('ledger-run'));

    expect(await screen.findByText('Problems found')).toBeTruthy();
    expect(screen.getByText('A balance differs from its postings')).toBeTruthy();
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(2));
    expect(String(spy.mock.calls[1]?.[0])).toBe('/api/admin/ledger/check');
  });
});
