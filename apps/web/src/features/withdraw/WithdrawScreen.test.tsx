import type { PublicUser, WithdrawalTarget, WithdrawalView } from '@kestrel/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { currentNotice } from '../../components/notice/noticeStore';
import { i18n, initI18n } from '../../i18n/i18n';
import { TestId } from '../../testIds';
import { maxFor, receivedFor } from './terms';
import { WithdrawScreen } from './WithdrawScreen';

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

const usdt = {
  asset: 'USDT',
  chain: 'tron' as const,
  precision: 6,
  fee: '1.000000',
  min: '10.000000',
  max: '100000.000000',
  withdrawable: '250.500000',
};

const wallet: WithdrawalTarget = {
  type: 'wallet',
  id: 4,
  chain: 'tron',
  destination: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  bankName: null,
  options: [usdt, { ...usdt, asset: 'TRX', min: '20.000000', withdrawable: '0.000000' }],
};

const failed: WithdrawalView = {
  id: 9,
  targetType: 'wallet',
  destination: wallet.destination,
  bankName: null,
  asset: 'USDT',
  chain: 'tron',
  amount: '50.000000',
  fee: '1.000000',
  received: '49.000000',
  status: 'fail',
  payoutReference: null,
  rejectionReason: 'The destination address is flagged',
  submittedAt: '2026-01-02T10:00:00.000Z',
  reviewedAt: '2026-01-02T11:00:00.000Z',
};

let targets: WithdrawalTarget[];
let identityRequired: boolean;
let hasSecurityPassword: boolean;
let submitted: { body: Record<string, unknown>; key: string | null }[];

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
}

async function fakeServer(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (url.endsWith('/api/user/info')) return envelope({ ...user, hasSecurityPassword });
  if (url.endsWith('/api/wallet/withdrawal-targets')) return envelope({ items: targets, identityRequired });
  if (url.includes('/api/wallet/withdrawals?')) return envelope({ items: [failed], total: 1 });
  if (url.endsWith('/api/wallet/withdrawals')) {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    submitted.push({ body, key: new Headers(init?.headers).get('idempotency-key') });
    return envelope({ ...failed, id: 10, status: 'processing', rejectionReason: null, reviewedAt: null });
  }
  return envelope(null);
}

function renderScreen() {
  const router = createMemoryRouter(
    [
      { path: '/user/wallet/withdraw', element: <WithdrawScreen /> },
      { path: '/user/wallet/withdrawalManage', element: <p>manage</p> },
    ],
    { initialEntries: ['/user/wallet/withdraw'] },
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
  localStorage.setItem('token', 'tok-1');
  targets = [wallet];
  identityRequired = false;
  hasSecurityPassword = true;
  submitted = [];
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the withdrawal terms', () => {
  it('computes what arrives in exact units, and nothing for an amount not above the fee', () => {
    expect(receivedFor('100.1', usdt)).toBe('99.100000');
    expect(receivedFor('0.3', { ...usdt, fee: '0.1', precision: 1 })).toBe('0.2');
    expect(receivedFor('1', usdt)).toBeNull();
    expect(receivedFor('1.1234567', usdt)).toBeNull();
    expect(receivedFor('', usdt)).toBeNull();
  });

  it('fills Max with the withdrawable funds, capped at the maximum', () => {
    expect(maxFor(usdt)).toBe('250.500000');
    expect(maxFor({ ...usdt, max: '200.000000' })).toBe('200.000000');
  });
});

describe('the withdraw screen', () => {
  it('shows the range, fee and amount received as the amount is typed, and Max fills the withdrawable', async () => {
    const ui = renderScreen();
    const amount = (await screen.findByTestId(TestId.withdrawAmount)) as HTMLInputElement;
    expect(screen.getByText('Allowed range: 10 – 100,000 USDT')).toBeTruthy();
    expect(screen.getByTestId(TestId.withdrawWithdrawable).textContent).toBe('250.5 USDT');
    expect(screen.getByTestId(TestId.withdrawFee).textContent).toBe('1 USDT');
    expect(screen.getByTestId(TestId.withdrawReceived).textContent).toBe('—');
    await ui.type(amount, '20.25');
    expect(screen.getByTestId(TestId.withdrawReceived).textContent).toBe('19.25 USDT');
    await ui.click(screen.getByTestId(TestId.withdrawMax));
    expect(amount.value).toBe('250.500000');
    expect(screen.getByTestId(TestId.withdrawReceived).textContent).toBe('249.5 USDT');
  });

  it('sends the withdrawal with the security password and an Idempotency-Key', async () => {
    const ui = renderScreen();
    await ui.type(await screen.findByTestId(TestId.withdrawAmount), '20');
    await ui.type(screen.getByTestId(TestId.withdrawPassword), '135790');
    await ui.click(screen.getByTestId(TestId.withdrawSubmit));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.body).toEqual({
      targetType: 'wallet',
      targetId: 4,
      asset: 'USDT',
      amount: '20',
      securityPassword: '135790',
    });
    expect(submitted[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(currentNotice()?.message).toBe('Submitted successfully, please be patient'));
  });

  it('checks the amount under the field as it is typed, with figures as the app shows them', async () => {
    targets = [wallet, { ...wallet, id: 5, options: [{ ...usdt, withdrawable: '500000.000000' }] }];
    const ui = renderScreen();
    const amount = (await screen.findByTestId(TestId.withdrawAmount)) as HTMLInputElement;
    const message = async (typed: string) => {
      await ui.clear(amount);
      await ui.type(amount, typed);
      return screen.queryByRole('alert')?.textContent;
    };
    expect(await message('5')).toBe('The minimum is 10 USDT');
    expect(await message('250.6')).toBe('More than you have available (250.5 USDT)');
    expect(await message('20.1234567')).toBe('Use at most 6 decimal places');
    expect(await message('20')).toBeUndefined();
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    await ui.type(screen.getByTestId(TestId.withdrawPassword), '135790');
    await message('300');
    await ui.click(screen.getByTestId(TestId.withdrawSubmit));
    expect(submitted).toEqual([]);
    await ui.selectOptions(screen.getByTestId(TestId.withdrawTarget), 'wallet:5');
    expect(await message('100001')).toBe('The maximum is 100,000 USDT');
  });

  it('leads to identity verification instead of the form while identity must be verified', async () => {
    identityRequired = true;
    renderScreen();
    const panel = await screen.findByTestId(TestId.withdrawIdentity);
    expect(panel.getAttribute('href')).toBe('/user/identification');
    expect(panel.textContent).toContain('Verify your identity to withdraw');
    expect(screen.queryByTestId(TestId.withdrawForm)).toBeNull();
  });

  it('asks for an amount before sending anything', async () => {
    const ui = renderScreen();
    await ui.type(await screen.findByTestId(TestId.withdrawPassword), '135790');
    await ui.click(screen.getByTestId(TestId.withdrawSubmit));
    expect(await screen.findByText('Withdrawal amount and withdrawal account required')).toBeTruthy();
    expect(submitted).toEqual([]);
  });

  it('sends the user to bind an account when none is approved', async () => {
    targets = [];
    renderScreen();
    const link = await screen.findByTestId(TestId.withdrawBind);
    expect(link.getAttribute('href')).toBe('/user/wallet/withdrawalManage');
  });

  it('says "Password not set" with a way to set it', async () => {
    hasSecurityPassword = false;
    renderScreen();
    const note = await screen.findByTestId(`${TestId.withdrawPassword}-not-set`);
    expect(note.textContent).toContain('Password not set');
    expect(within(note).getByRole('link').getAttribute('href')).toBe('/user/editSafePassword?tab=security');
  });

  it('lists the withdrawals with their status and the reason of a failed one', async () => {
    const ui = renderScreen();
    await ui.click(await screen.findByTestId(TestId.withdrawRecordsOpen));
    const record = await screen.findByTestId(TestId.withdrawRecord);
    expect(record.getAttribute('data-status')).toBe('fail');
    expect(within(record).getByTestId(TestId.withdrawRecordStatus).textContent).toBe('Fail');
    expect(record.textContent).toContain('Reason: The destination address is flagged');
  });
});
