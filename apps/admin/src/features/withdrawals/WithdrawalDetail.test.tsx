import type { AdminSummary, AdminWithdrawalDetail } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../api/storage';
import { ShownNotices } from '../../app/ShownNotices';
import { i18n, initI18n } from '../../i18n/i18n';
import { ReviewDetailPage } from '../review/ReviewDetailPage';
import { ReviewTestId } from '../review/testIds';
import { WithdrawalTestId } from './testIds';
import { withdrawalReview } from './withdrawalReview';

const HASH = 'a'.repeat(64);

const pending: AdminWithdrawalDetail = {
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
  destination: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  bankName: null,
  cardholder: null,
  routingCode: null,
  payoutReference: null,
  rejectionReason: null,
  firstReviewer: null,
  reviewer: null,
  transactionId: null,
  history: [],
};

let withdrawal: AdminWithdrawalDetail;
let posts: { url: string; body: unknown }[];
/** The Idempotency-Key of each POST, in order. */
let keys: (string | null)[];

function envelope(data: unknown, status = 200, code = 0, msg = 'ok') {
  return new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function fakeServer(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://console.test').pathname;
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
  if (url === '/api/admin/me') {
    const me: AdminSummary = {
      id: 9,
      email: 'rowan.hale@kestrel.example',
      name: 'Rowan Hale',
      role: 'reviewer',
      totpEnabled: true,
      disabled: false,
      createdAt: '2026-01-05T08:00:00.000Z',
    };
    return envelope(me);
  }
  if (url === '/api/admin/withdrawals/7' && method === 'GET') return envelope(withdrawal);
  if (method === 'POST') {
    posts.push({ url, body });
    keys.push(new Headers(init?.headers).get('idempotency-key'));
  }
  if (url === '/api/admin/withdrawals/7/approve') {
    withdrawal =
      withdrawal.needsSecondApproval && withdrawal.state === 'pending'
        ? {
            ...withdrawal,
            state: 'awaiting_second',
            firstReviewer: { id: 9, email: 'rowan.hale@kestrel.example' },
          }
        : {
            ...withdrawal,
            status: 'approved',
            state: 'approved',
            payoutReference: body.payoutReference,
            reviewedAt: '2026-01-02T11:00:00.000Z',
            transactionId: '31',
          };
    return envelope(withdrawal);
  }
  return envelope(null, 404, 1004, 'Not found');
}

function renderDetail() {
  const router = createMemoryRouter(
    [
      { path: '/withdrawals', element: <p>queue</p> },
      { path: '/withdrawals/:id', element: <ReviewDetailPage kind={withdrawalReview} /> },
    ],
    { initialEntries: ['/withdrawals/7'] },
  );
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
  withdrawal = structuredClone(pending);
  posts = [];
  keys = [];
  localStorage.setItem(TOKEN_KEY, 'adm_token');
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('a withdrawal under review', () => {
  it('shows where the money goes and what to pay out', async () => {
    renderDetail();
    expect((await screen.findByTestId(WithdrawalTestId.destination)).textContent).toBe(pending.destination);
    expect(screen.getByTestId(WithdrawalTestId.amount).textContent).toBe('100 USDT');
    expect(screen.getByTestId(WithdrawalTestId.payout).textContent).toBe('99 USDT');
  });

  it('approves only with a well-formed transaction hash, which it then shows', async () => {
    const ui = renderDetail();
    await ui.click(await screen.findByTestId(ReviewTestId.approve));
    const dialog = await screen.findByTestId(ReviewTestId.approveDialog);
    await ui.type(within(dialog).getByTestId(WithdrawalTestId.referenceInput), '0x1234');
    await ui.click(within(dialog).getByTestId(ReviewTestId.confirm));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(posts).toHaveLength(0);

    await ui.clear(within(dialog).getByTestId(WithdrawalTestId.referenceInput));
    await ui.type(within(dialog).getByTestId(WithdrawalTestId.referenceInput), HASH);
    await ui.click(within(dialog).getByTestId(ReviewTestId.confirm));
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/api/admin/withdrawals/7/approve', body: { payoutReference: HASH } }]),
    );
    await waitFor(() => expect(screen.getByTestId(WithdrawalTestId.payoutReference).textContent).toBe(HASH));
    expect(screen.queryByTestId(ReviewTestId.approve)).toBeNull();
    // A payout is a money-moving POST: it carries a key, so a retry after a lost answer pays once.
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it('gives the first approval of a large withdrawal without a reference, then waits for another reviewer', async () => {
    withdrawal = { ...withdrawal, needsSecondApproval: true };
    const ui = renderDetail();
    await ui.click(await screen.findByTestId(ReviewTestId.approve));
    const dialog = await screen.findByTestId(ReviewTestId.approveDialog);
    expect(within(dialog).queryByTestId(WithdrawalTestId.referenceInput)).toBeNull();
    expect(dialog.textContent).toContain('This amount needs two reviewers');
    await ui.click(within(dialog).getByTestId(ReviewTestId.confirm));
    await waitFor(() => expect(posts).toEqual([{ url: '/api/admin/withdrawals/7/approve', body: {} }]));
    await waitFor(() =>
      expect(screen.getByTestId(WithdrawalTestId.firstReviewer).textContent).toBe(
        'rowan.hale@kestrel.example',
      ),
    );
    expect(screen.getByTestId(WithdrawalTestId.state).textContent).toBe('Awaiting second approval');
  });
});
