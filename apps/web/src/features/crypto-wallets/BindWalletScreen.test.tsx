import type { PublicUser } from '@kestrel/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { currentNotice } from '../../components/notice/noticeStore';
import { i18n, initI18n } from '../../i18n/i18n';
import { saveSignIn } from '../../session/storage';
import { TestId } from '../../testIds';
import { BindWalletScreen } from './BindWalletScreen';

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

const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const SCREENSHOT_ID = '00000000-0000-4000-8000-000000000001';

let uploads: string[];
let bound: unknown[];

function envelope(data: unknown, code = 0, msg = 'ok', status = 200) {
  return new Response(JSON.stringify({ code, msg, data }), { status });
}

async function fakeServer(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url.endsWith('/api/user/info')) return envelope(user);
  if (url.endsWith('/api/uploads') && method === 'POST') {
    const form = init?.body as FormData;
    uploads.push(String(form.get('purpose')));
    return envelope({
      id: SCREENSHOT_ID,
      purpose: 'payment_proof',
      mime: 'image/jpeg',
      bytes: 3,
      width: 1,
      height: 1,
      url: `/api/uploads/${SCREENSHOT_ID}`,
      createdAt: '2026-01-02T10:00:00.000Z',
    });
  }
  if (url.includes('/api/uploads/')) return new Response(new Blob(['jpg'], { type: 'image/jpeg' }));
  if (url.endsWith('/api/wallet/crypto-wallets') && method === 'POST') {
    const body = JSON.parse(String(init?.body));
    bound.push(body);
    return envelope({
      id: 1,
      chain: body.chain,
      address: body.address,
      walletType: body.walletType,
      screenshotUrl: `/api/uploads/${SCREENSHOT_ID}`,
      status: 'pending',
      rejectionReason: null,
      createdAt: '2026-01-02T10:00:00.000Z',
      reviewedAt: null,
    });
  }
  return envelope(null, 1004, 'Not found', 404);
}

function renderScreen() {
  saveSignIn('tok-1', user);
  const router = createMemoryRouter(
    [
      { path: '/user/wallet/bindWalletList', element: <BindWalletScreen /> },
      { path: '/user/wallet/withdrawalManage', element: <p>Wallet management</p> },
    ],
    { initialEntries: ['/user/wallet/bindWalletList'] },
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
  uploads = [];
  bound = [];
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('binding a wallet', () => {
  it('says "Invalid Address" as soon as the address does not fit the chosen chain', async () => {
    const ui = renderScreen();
    const address = await screen.findByTestId(TestId.bindWalletAddress);
    await ui.click(address);
    await ui.paste(TRON_ADDRESS);
    expect(screen.queryByText('Invalid Address')).toBeNull();

    await ui.selectOptions(screen.getByTestId(TestId.bindWalletChain), 'ethereum');
    expect(await screen.findByText('Invalid Address')).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for the wallet type and the screenshot before sending', async () => {
    const ui = renderScreen();
    await ui.click(await screen.findByTestId(TestId.bindWalletSubmit));
    expect(await screen.findByText('Please choose a wallet type')).toBeTruthy();
    expect(screen.getByText('Please upload a screenshot of the wallet')).toBeTruthy();
    expect(bound).toEqual([]);
  });

  it('uploads the screenshot as a payment proof and submits the wallet for review', async () => {
    const ui = renderScreen();
    await ui.click(await screen.findByTestId(TestId.bindWalletAddress));
    await ui.paste(TRON_ADDRESS);
    await ui.click(screen.getByTestId(TestId.bindWalletTypeExchange));
    await ui.upload(
      screen.getByTestId(TestId.bindWalletScreenshot),
      new File(['jpg'], 'wallet.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(() => expect(uploads).toEqual(['payment_proof']));
    await ui.click(screen.getByTestId(TestId.bindWalletSecurityPassword));
    await ui.paste('135790');
    await ui.click(screen.getByTestId(TestId.bindWalletSubmit));

    await waitFor(() => expect(currentNotice()?.message).toBe('Submitted successfully, please be patient'));
    expect(bound).toEqual([
      {
        chain: 'tron',
        address: TRON_ADDRESS,
        walletType: 'exchange',
        screenshotUploadId: SCREENSHOT_ID,
        securityPassword: '135790',
      },
    ]);
    expect(await screen.findByText('Wallet management')).toBeTruthy();
  });
});
