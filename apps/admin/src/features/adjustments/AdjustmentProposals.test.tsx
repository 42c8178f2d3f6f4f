import type { AdjustmentProposal } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { saveToken } from '../../api/storage';
import { ShownNotices } from '../../app/ShownNotices';
import { i18n, initI18n } from '../../i18n/i18n';
import { AdjustmentProposals, ProposalTestId } from './AdjustmentProposals';

const proposal = (id: number, proposer: { id: number; email: string }): AdjustmentProposal => ({
  id,
  userId: 7,
  userEmail: 'ana@example.com',
  userPhone: null,
  direction: 'add',
  account: 'spot',
  asset: 'USDT',
  amount: '2500.000000',
  reason: `Refund of ticket ${id}`,
  status: 'pending',
  proposer,
  reviewer: null,
  rejectionReason: null,
  transactionId: null,
  submittedAt: '2026-11-26T10:00:00.000Z',
  reviewedAt: null,
});

const ME = {
  id: 3,
  email: 'rowan@kestrel.test',
  name: 'Rowan',
  role: 'reviewer',
  totpEnabled: true,
  disabled: false,
  createdAt: '2026-11-01T00:00:00.000Z',
};

function answer(data: unknown) {
  return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
}

let fetchSpy: MockInstance<typeof window.fetch>;

function renderList() {
  saveToken('adm_test');
  fetchSpy.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/me')) return answer(ME);
    if (url.includes('/approve')) return answer({ ...proposal(11, { id: 2, email: 'sam@kestrel.test' }) });
    if (url.includes('/adjustment-proposals')) {
      return answer({
        items: [proposal(11, { id: 2, email: 'sam@kestrel.test' }), proposal(12, { id: 3, email: ME.email })],
        total: 2,
      });
    }
    return answer(null);
  });
  const router = createMemoryRouter([{ path: '/adjustment-proposals', element: <AdjustmentProposals /> }], {
    initialEntries: ['/adjustment-proposals'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
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

describe('adjustments awaiting approval', () => {
  it("lists pending proposals with their proposer, and offers decisions only on other operators' ones", async () => {
    renderList();
    expect(await screen.findByText('Refund of ticket 11')).toBeTruthy();
    expect(screen.getByText('sam@kestrel.test')).toBeTruthy();
    expect(await screen.findByTestId(ProposalTestId.approve(11))).toBeTruthy();
    expect(screen.queryByTestId(ProposalTestId.approve(12))).toBeNull();
    expect(screen.queryByTestId(ProposalTestId.reject(12))).toBeNull();
  });

  it('confirms an approval naming the proposer and sends it with an Idempotency-Key', async () => {
    const ui = renderList();
    await ui.click(await screen.findByTestId(ProposalTestId.approve(11)));
    const dialog = await screen.findByTestId('dialog-proposal-approve');
    expect(
      within(dialog).getByText(
        'System add: 2500.000000 USDT, Spot account of user 7, proposed by sam@kestrel.test.',
      ),
    ).toBeTruthy();
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    await waitFor(() =>
      expect(
        fetchSpy.mock.calls.some(([input]) => String(input).endsWith('/adjustment-proposals/11/approve')),
      ).toBe(true),
    );
    const [, init] = fetchSpy.mock.calls.find(([input]) => String(input).endsWith('/approve')) ?? [];
    expect(new Headers(init?.headers).get('idempotency-key')).toEqual(expect.any(String));
  });
});
