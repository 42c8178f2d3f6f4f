import type { AdminCryptoWalletDetail } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../api/storage';
import { i18n, initI18n } from '../../i18n/i18n';
import { ReviewDetailPage } from '../review/ReviewDetailPage';
import { ReviewTestId } from '../review/testIds';
import { WalletTestId } from './testIds';
import { walletReview } from './walletReview';

const wallet: AdminCryptoWalletDetail = {
  id: 12,
  userId: 10000042,
  userEmail: 'asha@example.com',
  userPhone: null,
  chain: 'tron',
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  walletType: 'exchange',
  status: 'pending',
  submittedAt: '2026-01-02T10:00:00.000Z',
  reviewedAt: null,
  screenshotUrl: '/api/admin/uploads/shot-12',
  rejectionReason: null,
  reviewer: null,
  history: [],
};

let calls: { method: string; url: string; body: unknown }[];

function envelope(data: unknown, status = 200, code = 0) {
  return new Response(JSON.stringify({ code, msg: 'ok', data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function fakeServer(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://console.test');
  const method = init?.method ?? 'GET';
  calls.push({
    method,
    url: url.pathname,
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
  });
  if (url.pathname === '/api/admin/me') {
    return envelope({
      id: 9,
      email: 'rowan@kestrel.example',
      name: 'Rowan',
      role: 'reviewer',
      totpEnabled: true,
      disabled: false,
      createdAt: '2026-01-05T08:00:00.000Z',
    });
  }
  if (url.pathname.startsWith('/api/admin/uploads/')) {
    return new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), {
      headers: { 'Content-Type': 'image/jpeg' },
    });
  }
  if (url.pathname === '/api/admin/crypto-wallets/12' && method === 'GET') return envelope(wallet);
  if (url.pathname === '/api/admin/crypto-wallets/12/reject') {
    return envelope({ ...wallet, status: 'rejected', rejectionReason: 'Wrong address' });
  }
  return envelope(null, 404, 1004);
}

function renderDetail() {
  const router = createMemoryRouter(
    [
      { path: '/crypto-wallets', element: <p>queue</p> },
      { path: '/crypto-wallets/:id', element: <ReviewDetailPage kind={walletReview} /> },
    ],
    { initialEntries: ['/crypto-wallets/12'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  calls = [];
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

describe('a withdrawal wallet under review', () => {
  it('shows the chain, the whole address, the type and the screenshot', async () => {
    renderDetail();
    expect((await screen.findByTestId(WalletTestId.address)).textContent).toBe(wallet.address);
    expect(screen.getByTestId(WalletTestId.chain).textContent).toBe('TRC20');
    expect(screen.getByTestId(WalletTestId.walletType).textContent).toBe('Exchange account');
    const image = screen.getByTestId(ReviewTestId.image('screenshot'));
    await waitFor(() => expect(image.dataset.state).toBe('shown'));
    expect(calls.some((call) => call.url === '/api/admin/uploads/shot-12')).toBe(true);
  });

  it('rejects with the reviewer’s reason', async () => {
    const ui = renderDetail();
    await ui.click(await screen.findByTestId(ReviewTestId.reject));
    const dialog = await screen.findByTestId(ReviewTestId.rejectDialog);
    await ui.click(within(dialog).getByTestId(ReviewTestId.reason));
    await ui.paste('Wrong address');
    await ui.click(within(dialog).getByTestId(ReviewTestId.confirm));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toEqual({
        method: 'POST',
        url: '/api/admin/crypto-wallets/12/reject',
        body: { reason: 'Wrong address' },
      }),
    );
  });
});
