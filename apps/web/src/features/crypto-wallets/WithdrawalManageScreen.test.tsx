import type { BankCardView, CryptoWalletView, PublicUser } from '@kestrel/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { i18n, initI18n } from '../../i18n/i18n';
import { saveSignIn } from '../../session/storage';
import { TestId } from '../../testIds';
import { WithdrawalManageScreen } from './WithdrawalManageScreen';

const user: PublicUser = {
  id: 10001,
  email: 'asha@example.com',
  phone: null,
  nickname: 'Asha',
  avatarUrl: null,
  inviteCode: 'ABC123',
  creditScore: 100,
  hasSecurityPassword: true,
  demo: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  identityStatus: 'verified',
};

const wallet = (id: number, status: CryptoWalletView['status']): CryptoWalletView => ({
  id,
  chain: 'tron',
  address: `TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6${id}`,
  walletType: 'exchange',
  screenshotUrl: '/api/uploads/00000000-0000-4000-8000-000000000001',
  status,
  rejectionReason: status === 'rejected' ? 'The screenshot shows another address' : null,
  createdAt: '2026-01-02T10:00:00.000Z',
  reviewedAt: status === 'pending' ? null : '2026-01-02T11:00:00.000Z',
});

const card = (id: number, status: BankCardView['status']): BankCardView => ({
  id,
  bankName: 'HDFC Bank',
  bankAccount: null,
  cardNumberMasked: '**** 2222',
  cardholder: 'Asha Verma',
  phone: '+919812345678',
  routingCode: null,
  status,
  rejectionReason: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  reviewedAt: null,
});

let wallets: CryptoWalletView[];
let deleted: string[];

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
}

async function fakeServer(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (url.endsWith('/api/user/info')) return envelope(user);
  if (url.endsWith('/api/wallet/bank-cards')) {
    return envelope({ items: [card(1, 'approved'), card(2, 'approved'), card(3, 'pending')], limit: 10 });
  }
  if (url.endsWith('/api/wallet/crypto-wallets')) return envelope({ items: wallets, limit: 10 });
  if (init?.method === 'DELETE') {
    deleted.push(url);
    wallets = wallets.filter((each) => !url.endsWith(`/${each.id}`));
    return envelope(null);
  }
  return new Response(JSON.stringify({ code: 1004, msg: 'Not found', data: null }), { status: 404 });
}

function renderScreen() {
  saveSignIn('tok-1', user);
  const router = createMemoryRouter(
    [
      { path: '/user/wallet/withdrawalManage', element: <WithdrawalManageScreen /> },
      { path: '/user/wallet/bindWalletList', element: <p>Binding</p> },
    ],
    { initialEntries: ['/user/wallet/withdrawalManage'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
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
  wallets = [wallet(1, 'approved'), wallet(2, 'rejected')];
  deleted = [];
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('wallet management', () => {
  it('lists the wallets with their status and summarises the bank cards', async () => {
    renderScreen();
    const items = await screen.findAllByTestId(TestId.cryptoWalletItem);
    expect(items.map((item) => item.getAttribute('data-status'))).toEqual(['approved', 'rejected']);
    expect(within(items[0] as HTMLElement).getByText('Bound')).toBeTruthy();
    expect(
      within(items[1] as HTMLElement).getByText('Reason: The screenshot shows another address'),
    ).toBeTruthy();
    const bankCards = screen.getByTestId(TestId.withdrawalManageBankCards);
    await waitFor(() => expect(within(bankCards).getByText('2 bound, 1 pending review')).toBeTruthy());
    expect(bankCards.getAttribute('href')).toBe('/user/wallet/Bank');
  });

  it('deletes a wallet after confirming, and opens the binding flow', async () => {
    const ui = renderScreen();
    const [first] = await screen.findAllByTestId(TestId.cryptoWalletDelete);
    await ui.click(first as HTMLElement);
    await ui.click(
      within(screen.getByTestId(TestId.cryptoWalletDeleteDialog)).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(deleted).toEqual(['/api/wallet/crypto-wallets/1']));
    await waitFor(() => expect(screen.getAllByTestId(TestId.cryptoWalletItem)).toHaveLength(1));

    await ui.click(screen.getByTestId(TestId.withdrawalManageBind));
    expect(await screen.findByText('Binding')).toBeTruthy();
  });
});
