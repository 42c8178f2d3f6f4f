import type { BankTransferInfo, DepositView, PublicUser, WalletNetworks } from '@kestrel/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { currentNotice } from '../../components/notice/noticeStore';
import { i18n, initI18n } from '../../i18n/i18n';
import { saveSignIn } from '../../session/storage';
import { TestId } from '../../testIds';
import { BankChargeScreen } from './BankChargeScreen';
import { ChargeScreen } from './ChargeScreen';
import { RechargeScreen } from './RechargeScreen';

const user: PublicUser = {
  id: 10001,
  email: 'ann@example.com',
  phone: null,
  nickname: 'Ann',
  avatarUrl: null,
  inviteCode: 'ABC123',
  creditScore: 100,
  hasSecurityPassword: false,
  demo: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  identityStatus: 'verified',
};

const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const limits = { withdrawalFee: '1.000000', withdrawalMin: '10.000000', withdrawalMax: '100000.000000' };
const networks: WalletNetworks = {
  assets: [
    {
      asset: 'USDT',
      precision: 6,
      networks: [
        {
          chain: 'tron',
          label: 'TRC20',
          depositAddress: TRON_ADDRESS,
          minDeposit: '10.000000',
          ...limits,
          depositAvailable: true,
          withdrawalAvailable: true,
        },
        {
          chain: 'ethereum',
          label: 'ERC20',
          depositAddress: null,
          minDeposit: '10.000000',
          ...limits,
          depositAvailable: false,
          withdrawalAvailable: true,
        },
      ],
    },
    {
      asset: 'BTC',
      precision: 8,
      networks: [
        {
          chain: 'bitcoin',
          label: 'Bitcoin',
          depositAddress: null,
          minDeposit: '0.00010000',
          withdrawalFee: '0.00020000',
          withdrawalMin: '0.00100000',
          withdrawalMax: '10.00000000',
          depositAvailable: false,
          withdrawalAvailable: true,
        },
      ],
    },
  ],
};

const record = (id: number, status: DepositView['status'], rejectionReason: string | null): DepositView => ({
  id,
  method: 'crypto',
  asset: 'USDT',
  chain: 'tron',
  account: 'spot',
  amount: '25.000000',
  address: TRON_ADDRESS,
  status,
  rejectionReason,
  submittedAt: '2026-01-02T10:00:00.000Z',
  reviewedAt: null,
});

const BANK_ACCOUNT = {
  asset: 'USDT',
  precision: 6,
  currency: 'USD',
  bankName: 'First Harbour Bank',
  accountName: 'Kestrel Markets Ltd',
  accountNumber: 'GB33BUKB20201555555555',
  routingCode: 'BUKBGB22',
};

let bank: BankTransferInfo;
let posted: { url: string; body: unknown; key: string | null }[];
let uploaded: string[];

function envelope(data: unknown, code = 0, msg = 'ok', status = 200) {
  return new Response(JSON.stringify({ code, msg, data }), { status });
}

async function fakeServer(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url.endsWith('/api/user/info')) return envelope(user);
  if (url.endsWith('/api/wallet/networks')) return envelope(networks);
  if (url.endsWith('/api/wallet/deposits/bank') && method === 'GET') return envelope(bank);
  if (url.includes('/api/wallet/deposits') && method === 'GET') {
    return envelope({
      items: [record(2, 'fail', 'No such transfer'), record(1, 'completed', null)],
      total: 2,
    });
  }
  if (/\/api\/wallet\/deposits(\/bank)?$/.test(url) && method === 'POST') {
    const headers = new Headers(init?.headers);
    posted.push({
      url: new URL(url, 'http://app.test').pathname,
      body: JSON.parse(String(init?.body)),
      key: headers.get('Idempotency-Key'),
    });
    return envelope(record(3, 'processing', null), 0, 'Submitted successfully, please be patient');
  }
  if (url.endsWith('/api/uploads') && method === 'POST') {
    const id = `00000000-0000-4000-8000-00000000000${uploaded.length + 1}`;
    const form = init?.body as FormData;
    uploaded.push(String(form.get('purpose')));
    return envelope({
      id,
      purpose: 'payment_proof',
      mime: 'image/jpeg',
      bytes: 3,
      width: 1,
      height: 1,
      url: `/api/uploads/${id}`,
      createdAt: '2026-01-02T10:00:00.000Z',
    });
  }
  if (url.includes('/api/uploads/')) return new Response(new Blob(['jpg'], { type: 'image/jpeg' }));
  return envelope(null, 404, 'Not found', 404);
}

function renderAt(path: string) {
  saveSignIn('tok-1', user);
  const router = createMemoryRouter(
    [
      { path: '/user/wallet/recharge', element: <RechargeScreen /> },
      { path: '/user/wallet/charge', element: <ChargeScreen /> },
      { path: '/user/wallet/charge1', element: <ChargeScreen /> },
      { path: '/user/wallet/charge2', element: <BankChargeScreen /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ui: userEvent.setup(), router };
}

/** The upload tile of the credential, which says in `data-state` whether it holds a picture. */
function credentialTile(): HTMLElement {
  const tile = screen.getByTestId(TestId.depositCredentialInput).closest('label');
  if (!tile) throw new Error('the credential input is not inside its tile');
  return tile;
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  bank = { reference: 'K1000100153', accounts: [BANK_ACCOUNT] };
  posted = [];
  uploaded = [];
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('choosing what to deposit', () => {
  it('goes from a coin to its network, and says which networks take no deposits yet', async () => {
    const { ui, router } = renderAt('/user/wallet/recharge');
    await ui.type(await screen.findByTestId(TestId.depositCoinSearch), 'bt');
    expect(screen.getAllByTestId(TestId.depositCoinOption).map((each) => each.dataset.asset)).toEqual([
      'BTC',
    ]);
    await ui.clear(screen.getByTestId(TestId.depositCoinSearch));
    await ui.click(screen.getAllByTestId(TestId.depositCoinOption)[0] as HTMLElement);

    const sheet = await screen.findByTestId(TestId.depositNetworkSheet);
    const [tron, ethereum] = within(sheet).getAllByTestId(TestId.depositNetworkOption) as HTMLButtonElement[];
    expect(ethereum?.disabled).toBe(true);
    expect(ethereum?.textContent).toContain('Deposits on this network are not available yet');
    expect(tron?.textContent).toContain('Minimum deposit 10.000000 USDT');
    await ui.click(tron as HTMLElement);
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/user/wallet/charge1?asset=USDT&chain=tron',
    );
  });

  it('offers the bank transfer as the second recharge type, opening its own charge screen', async () => {
    const { ui, router } = renderAt('/user/wallet/recharge');
    await ui.click(await screen.findByTestId(TestId.depositType('bank')));
    expect(router.state.location.search).toBe('?type=bank');
    const option = await screen.findByTestId(TestId.depositBankOption);
    expect(option.textContent).toContain('Pay in USD, credited in USDT');
    expect(screen.queryByTestId(TestId.depositCoinSearch)).toBeNull();
    await ui.click(option);
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/user/wallet/charge2?asset=USDT',
    );
  });

  it('says bank transfers are not available yet while no bank account is set', async () => {
    bank = { ...bank, accounts: [] };
    renderAt('/user/wallet/recharge?type=bank');
    expect((await screen.findByTestId(TestId.depositBankUnavailable)).textContent).toBe(
      'Bank transfers are not available yet',
    );
    expect(screen.queryByTestId(TestId.depositBankOption)).toBeNull();
  });
});

describe('the bank transfer screen', () => {
  it('shows the platform account and the user’s reference, each ready to copy', async () => {
    const { ui } = renderAt('/user/wallet/charge2?asset=USDT');
    expect((await screen.findByTestId(TestId.depositBankField('accountNumber'))).textContent).toBe(
      'GB33BUKB20201555555555',
    );
    expect(screen.getByTestId(TestId.depositBankField('bankName')).textContent).toBe('First Harbour Bank');
    expect(screen.getByTestId(TestId.depositBankField('routingCode')).textContent).toBe('BUKBGB22');
    expect(screen.getByTestId(TestId.depositBankField('reference')).textContent).toBe('K1000100153');
    await ui.click(screen.getByTestId(TestId.depositBankCopy('reference')));
    expect(await navigator.clipboard.readText()).toBe('K1000100153');
    expect(currentNotice()?.message).toBe('Copy successful');
    expect(screen.getByText('Amount transferred (USD)')).toBeTruthy();
    expect(screen.queryByTestId(TestId.depositAddress)).toBeNull();
  });

  it('goes back to the recharge screen for an asset without a bank account', async () => {
    const { router } = renderAt('/user/wallet/charge2?asset=BTC');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/user/wallet/recharge?type=bank',
      ),
    );
  });

  it('sends the bank transfer with its receipt once, then clears the form', async () => {
    const { ui } = renderAt('/user/wallet/charge2?asset=USDT');
    await ui.click(await screen.findByTestId(TestId.depositSubmit));
    expect(await screen.findByText('Amount Error')).toBeTruthy();
    expect(screen.getByText('Please upload the transfer credential')).toBeTruthy();
    expect(posted).toHaveLength(0);

    await ui.type(screen.getByTestId(TestId.depositAmount), '500');
    await ui.upload(
      screen.getByTestId(TestId.depositCredentialInput),
      new File(['jpg'], 'receipt.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(() =>
      expect((screen.getByTestId(TestId.depositCredentialInput) as HTMLInputElement).disabled).toBe(false),
    );
    await ui.click(screen.getByTestId(TestId.depositSubmit));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      url: '/api/wallet/deposits/bank',
      body: {
        asset: 'USDT',
        account: 'spot',
        amount: '500',
        credentialUploadId: '00000000-0000-4000-8000-000000000001',
      },
      key: expect.stringMatching(/.+/),
    });
    await waitFor(() =>
      expect((screen.getByTestId(TestId.depositAmount) as HTMLInputElement).value).toBe(''),
    );
    expect(credentialTile().dataset.state).toBe('empty');
  });
});

describe('the deposit screen', () => {
  it('shows the address with its QR code and copies it', async () => {
    const { ui } = renderAt('/user/wallet/charge?asset=USDT&chain=tron');
    expect((await screen.findByTestId(TestId.depositAddress)).textContent).toBe(TRON_ADDRESS);
    await waitFor(() =>
      expect(screen.getByTestId(TestId.depositQr).getAttribute('src')).toMatch(/^data:image\/svg\+xml/),
    );
    await ui.click(screen.getByTestId(TestId.depositCopyAddress));
    // user-event puts a clipboard of its own in place of the browser's.
    expect(await navigator.clipboard.readText()).toBe(TRON_ADDRESS);
    expect(currentNotice()?.message).toBe('Copy successful');
    expect(screen.getByText(/not arrived within 1 hour/)).toBeTruthy();
  });

  it('offers no address or form on a network without one', async () => {
    renderAt('/user/wallet/charge?asset=USDT&chain=ethereum');
    expect(await screen.findByTestId(TestId.depositUnavailable)).toBeTruthy();
    expect(screen.queryByTestId(TestId.depositForm)).toBeNull();
    expect(screen.queryByTestId(TestId.depositAddress)).toBeNull();
  });

  it('asks for the amount and the credential, then sends the deposit once with an Idempotency-Key', async () => {
    const { ui } = renderAt('/user/wallet/charge?asset=USDT&chain=tron');
    await ui.click(await screen.findByTestId(TestId.depositSubmit));
    expect(await screen.findByText('Amount Error')).toBeTruthy();
    expect(screen.getByText('Please upload the transfer credential')).toBeTruthy();
    expect(posted).toHaveLength(0);

    await ui.click(screen.getByTestId(TestId.depositAmount));
    await ui.paste('25,5');
    await ui.click(screen.getByTestId(TestId.depositAccount('futures')));
    await ui.upload(
      screen.getByTestId(TestId.depositCredentialInput),
      new File(['jpg'], 'proof.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(() => expect(uploaded).toEqual(['payment_proof']));
    await waitFor(() =>
      expect((screen.getByTestId(TestId.depositCredentialInput) as HTMLInputElement).disabled).toBe(false),
    );
    await ui.click(screen.getByTestId(TestId.depositSubmit));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      url: '/api/wallet/deposits',
      body: {
        asset: 'USDT',
        chain: 'tron',
        account: 'futures',
        amount: '25.5',
        credentialUploadId: '00000000-0000-4000-8000-000000000001',
      },
      key: expect.stringMatching(/.+/),
    });
    await waitFor(() => expect(currentNotice()?.message).toBe('Submitted successfully, please be patient'));
    expect((screen.getByTestId(TestId.depositAmount) as HTMLInputElement).value).toBe('');
  });

  it('clears the credential after a successful submit, so the next deposit asks for its own', async () => {
    const { ui } = renderAt('/user/wallet/charge?asset=USDT&chain=tron');
    await ui.type(await screen.findByTestId(TestId.depositAmount), '25');
    await ui.upload(
      screen.getByTestId(TestId.depositCredentialInput),
      new File(['jpg'], 'proof.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(() => expect(credentialTile().dataset.state).toBe('filled'));
    await ui.click(screen.getByTestId(TestId.depositSubmit));
    await waitFor(() => expect(posted).toHaveLength(1));
    await waitFor(() =>
      expect((screen.getByTestId(TestId.depositAmount) as HTMLInputElement).value).toBe(''),
    );
    expect(credentialTile().dataset.state).toBe('empty');
    expect(credentialTile().querySelector('img')).toBeNull();

    await ui.type(screen.getByTestId(TestId.depositAmount), '30');
    await ui.click(screen.getByTestId(TestId.depositSubmit));
    expect(await screen.findByText('Please upload the transfer credential')).toBeTruthy();
    expect(posted).toHaveLength(1);
  });

  it('lists the deposit records with their statuses in the sheet from the header', async () => {
    const { ui } = renderAt('/user/wallet/charge?asset=USDT&chain=tron');
    await ui.click(await screen.findByTestId(TestId.depositRecordsOpen));
    const sheet = await screen.findByTestId(TestId.depositRecords);
    await waitFor(() => expect(within(sheet).getAllByTestId(TestId.depositRecord)).toHaveLength(2));
    const statuses = within(sheet)
      .getAllByTestId(TestId.depositRecordStatus)
      .map((each) => each.textContent);
    expect(statuses).toEqual(['Fail', 'Completed']);
    expect(within(sheet).getByText('Reason: No such transfer')).toBeTruthy();
  });
});
