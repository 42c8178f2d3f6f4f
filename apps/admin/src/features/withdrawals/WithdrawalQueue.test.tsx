import type { AdminWithdrawalSummary } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../api/storage';
import { i18n, initI18n } from '../../i18n/i18n';
import { ReviewKindQueuePage } from '../review/ReviewQueuePage';
import { ReviewTestId } from '../review/testIds';
import { withdrawalReview } from './withdrawalReview';

const row = (overrides: Partial<AdminWithdrawalSummary>): AdminWithdrawalSummary => ({
  id: 7,
  userId: 10000042,
  userEmail: 'payee@example.com',
  userPhone: null,
  targetType: 'wallet',
  asset: 'USDT',
  chain: 'tron',
  amount: '100.000000',
  fee: '1.000000',
  received: '99.000000',
  status: 'pending',
  state: 'pending',
  needsSecondApproval: false,
  submittedAt: '2026-01-02T10:00:00.000Z',
  reviewedAt: null,
  ...overrides,
});

const withdrawals = [
  row({}),
  row({ id: 8, needsSecondApproval: true, state: 'awaiting_second' }),
  row({ id: 6, status: 'approved', state: 'approved', reviewedAt: '2026-01-02T11:00:00.000Z' }),
];

function renderQueue() {
  const router = createMemoryRouter(
    [{ path: '/withdrawals', element: <ReviewKindQueuePage kind={withdrawalReview} /> }],
    {
      initialEntries: ['/withdrawals'],
    },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'adm_token');
  vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const status = new URL(String(input), 'http://console.test').searchParams.get('status');
    const items = withdrawals.filter((each) => each.status === status);
    return new Response(JSON.stringify({ code: 0, msg: 'ok', data: { items, total: items.length } }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the withdrawal queue', () => {
  it('tells an untouched withdrawal from one awaiting its second approval, and a decided one by when', async () => {
    renderQueue();
    await screen.findByText('Awaiting second approval');
    const rows = within(screen.getByTestId(ReviewTestId.queueTable)).getAllByRole('row').slice(1);
    expect(rows.map((each) => each.textContent)).toEqual([
      expect.stringContaining('Pending'),
      expect.stringContaining('Needs two reviewers'),
    ]);
    expect(headers()).toEqual(['No.', 'User', 'Destination', 'Amount', 'Review status', 'Submitted']);

    await userEvent.click(screen.getByTestId(ReviewTestId.statusTab('approved')));
    await screen.findByText('Reviewed');
    expect(headers()).toEqual(['No.', 'User', 'Destination', 'Amount', 'Submitted', 'Reviewed']);
  });
});
