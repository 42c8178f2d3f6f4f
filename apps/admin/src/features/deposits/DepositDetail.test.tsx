import type { AdminDepositDetail, AdminSummary } from '@kestrel/contract';
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
import { depositReview } from './depositReview';
import { DepositTestId } from './testIds';

const pending: AdminDepositDetail = {
  id: 7,
  userId: 10000042,
  userEmail: 'payer@example.com',
  userPhone: null,
  method: 'crypto',
  asset: 'USDT',
  chain: 'tron',
  account: 'spot',
  amount: '100.000000',
  claimedAmount: '100.000000',
  status: 'pending',
  submittedAt: '2026-01-02T10:00:00.000Z',
  reviewedAt: null,
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  bank: null,
  reference: null,
  credentialUrl: '/api/admin/uploads/11111111-1111-4111-8111-111111111111',
  rejectionReason: null,
  reviewer: null,
  transactionId: null,
  history: [],
};

let deposit: AdminDepositDetail;
let posts: { url: string; body: unknown }[];

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
  if (url.startsWith('/api/admin/uploads/')) {
    return new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), {
      headers: { 'Content-Type': 'image/jpeg' },
    });
  }
  if (url === '/api/admin/deposits/7' && method === 'GET') return envelope(deposit);
  if (method === 'POST') posts.push({ url, body });
  if (url === '/api/admin/deposits/7/amount') {
    // The server answers at the asset's precision; this fake knows the one amount the test corrects to.
    deposit = { ...deposit, amount: body.amount === '98.5' ? '98.500000' : deposit.amount };
    return envelope(deposit);
  }
  if (url === '/api/admin/deposits/7/approve') {
    deposit = { ...deposit, status: 'approved', reviewedAt: '2026-01-02T11:00:00.000Z', transactionId: '31' };
    return envelope(deposit);
  }
  return envelope(null, 404, 1004, 'Not found');
}

function renderDetail() {
  const router = createMemoryRouter(
    [
      { path: '/deposits', element: <p>queue</p> },
      { path: '/deposits/:id', element: <ReviewDetailPage kind={depositReview} /> },
    ],
    { initialEntries: ['/deposits/7'] },
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
  deposit = structuredClone(pending);
  posts = [];
  localStorage.setItem(TOKEN_KEY, 'adm_token');
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:console/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('a deposit under review', () => {
  it('shows the declaration beside the credential', async () => {
    renderDetail();
    expect((await screen.findByTestId(DepositTestId.address)).textContent).toBe(pending.address);
    expect(screen.getByTestId(DepositTestId.network).textContent).toBe('TRC20');
    expect(screen.getByTestId(DepositTestId.amount).textContent).toBe('100 USDT');
    expect(await screen.findByTestId(ReviewTestId.image('credential'))).toBeTruthy();
  });

  it('shows a bank transfer with the account it was sent to, the reference to match and the receipt', async () => {
    deposit = {
      ...deposit,
      method: 'bank',
      chain: null,
      address: null,
      bank: {
        currency: 'USD',
        bankName: 'First Harbour Bank',
        accountName: 'Kestrel Markets Ltd',
        accountNumber: 'GB33BUKB20201555555555',
        routingCode: 'BUKBGB22',
      },
      reference: 'K1000004281',
    };
    renderDetail();
    expect((await screen.findByTestId(DepositTestId.method)).textContent).toBe('Bank transfer');
    expect(screen.getByTestId(DepositTestId.bank).textContent).toBe(
      'First Harbour Bank · Kestrel Markets LtdGB33BUKB20201555555555 · BUKBGB22 · USD',
    );
    expect(screen.getByTestId(DepositTestId.reference).textContent).toBe('K1000004281');
    expect(screen.queryByTestId(DepositTestId.address)).toBeNull();
    expect(screen.getByText('Transfer receipt')).toBeTruthy();
    expect(await screen.findByTestId(ReviewTestId.image('credential'))).toBeTruthy();
  });

  it('corrects the amount only with a reason, then approves what was corrected', async () => {
    const ui = renderDetail();
    await ui.click(await screen.findByTestId(DepositTestId.correct));
    const dialog = await screen.findByTestId(DepositTestId.correctDialog);
    const amount = within(dialog).getByTestId(DepositTestId.newAmount);
    await ui.clear(amount);
    await ui.type(amount, '98.5');
    await ui.click(within(dialog).getByTestId(ReviewTestId.confirm));
    expect(posts).toHaveLength(0);

    await ui.type(within(dialog).getByTestId(ReviewTestId.reason), 'The credential shows 98.5');
    await ui.click(within(dialog).getByTestId(ReviewTestId.confirm));
    await waitFor(() =>
      expect(posts).toEqual([
        {
          url: '/api/admin/deposits/7/amount',
          body: { amount: '98.5', reason: 'The credential shows 98.5' },
        },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId(DepositTestId.amount).textContent).toBe('98.5 USDT'));

    await ui.click(screen.getByTestId(ReviewTestId.approve));
    await ui.click(
      within(await screen.findByTestId(ReviewTestId.approveDialog)).getByTestId(ReviewTestId.confirm),
    );
    await waitFor(() => expect(screen.getByTestId(DepositTestId.transaction).textContent).toBe('31'));
    expect(screen.queryByTestId(DepositTestId.correct)).toBeNull();
  });
});
