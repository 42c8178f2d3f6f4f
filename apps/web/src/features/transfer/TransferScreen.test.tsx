import type { WalletBalance } from '@kestrel/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { currentNotice } from '../../components/notice/noticeStore';
import { i18n, initI18n } from '../../i18n/i18n';
import { TestId } from '../../testIds';
import { TransferScreen } from './TransferScreen';

let balances: WalletBalance[];
/** What each transfer request carried: its body and Idempotency-Key. */
let transfers: { body: Record<string, string>; key: string | null }[];
/** When set, the next transfer is lost on the way back (the request arrived, the answer did not). */
let loseNextAnswer: boolean;

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
}

function fakeServer(input: string | URL | Request, init?: RequestInit) {
  const url = String(input);
  if (url.endsWith('/api/wallet/balances')) return Promise.resolve(envelope({ balances }));
  if (url.endsWith('/api/wallet/transfer')) {
    const body = JSON.parse(String(init?.body)) as Record<string, string>;
    transfers.push({ body, key: new Headers(init?.headers).get('idempotency-key') });
    if (loseNextAnswer) {
      loseNextAnswer = false;
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    return Promise.resolve(
      envelope({ id: '7', ...body, amount: `${body.amount}.000000`, createdAt: new Date().toISOString() }),
    );
  }
  return Promise.resolve(envelope(null));
}

function renderScreen() {
  const router = createMemoryRouter([{ path: '/user/wallet/transfer', element: <TransferScreen /> }], {
    initialEntries: ['/user/wallet/transfer'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const select = (testId: string) => screen.getByTestId(testId) as HTMLSelectElement;

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  transfers = [];
  loseNextAnswer = false;
  balances = [
    { account: 'spot', asset: 'USDT', available: '120.500000', frozen: '0.000000' },
    { account: 'futures', asset: 'USDT', available: '3.000000', frozen: '0.000000' },
    { account: 'spot', asset: 'BTC', available: '0.10000000', frozen: '0.00000000' },
    { account: 'futures', asset: 'BTC', available: '0.00000000', frozen: '0.00000000' },
  ];
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the transfer screen', () => {
  it('shows the available funds of the source account and fills them in with Max', async () => {
    renderScreen();
    expect((await screen.findByTestId(TestId.transferAvailable)).textContent).toBe('Available: 120.5 USDT');
    await userEvent.click(screen.getByTestId(TestId.transferMax));
    expect((screen.getByTestId(TestId.transferAmount) as HTMLInputElement).value).toBe('120.500000');
  });

  it('swaps the accounts, and the available funds follow the new source', async () => {
    renderScreen();
    await screen.findByTestId(TestId.transferAvailable);
    await userEvent.click(screen.getByTestId(TestId.transferSwap));
    expect(select(TestId.transferFrom).value).toBe('futures');
    expect(select(TestId.transferTo).value).toBe('spot');
    expect(screen.getByTestId(TestId.transferAvailable).textContent).toBe('Available: 3 USDT');
  });

  it('never lets both sides name the same account', async () => {
    renderScreen();
    await screen.findByTestId(TestId.transferAvailable);
    await userEvent.selectOptions(select(TestId.transferTo), 'spot');
    expect(select(TestId.transferFrom).value).toBe('futures');
  });

  it('sends the transfer with an Idempotency-Key, confirms it and empties the amount', async () => {
    renderScreen();
    await screen.findByTestId(TestId.transferAvailable);
    await userEvent.type(screen.getByTestId(TestId.transferAmount), '20');
    await userEvent.click(screen.getByTestId(TestId.transferSubmit));

    await waitFor(() => expect(currentNotice()?.message).toBe('Transfer successful'));
    expect(transfers).toEqual([
      { body: { from: 'spot', to: 'futures', asset: 'USDT', amount: '20' }, key: expect.any(String) },
    ]);
    expect((screen.getByTestId(TestId.transferAmount) as HTMLInputElement).value).toBe('');
  });

  it('resends a transfer whose answer was lost with the same key, and a new transfer with a new one', async () => {
    renderScreen();
    await screen.findByTestId(TestId.transferAvailable);
    loseNextAnswer = true;
    await userEvent.type(screen.getByTestId(TestId.transferAmount), '5');
    await userEvent.click(screen.getByTestId(TestId.transferSubmit));
    await waitFor(() => expect(transfers).toHaveLength(1));
    await userEvent.click(screen.getByTestId(TestId.transferSubmit));
    await waitFor(() => expect(currentNotice()?.message).toBe('Transfer successful'));

    await userEvent.type(screen.getByTestId(TestId.transferAmount), '5');
    await userEvent.click(screen.getByTestId(TestId.transferSubmit));
    await waitFor(() => expect(transfers).toHaveLength(3));
    const [lost, resent, next] = transfers;
    expect(resent?.key).toBe(lost?.key);
    expect(next?.key).not.toBe(lost?.key);
  });

  it('checks the amount against the available funds and the coin’s decimals as it is typed', async () => {
    balances = [
      { account: 'spot', asset: 'USDT', available: '12500.500000', frozen: '0.000000' },
      ...balances.slice(1),
    ];
    renderScreen();
    await screen.findByTestId(TestId.transferAvailable);
    const amount = screen.getByTestId(TestId.transferAmount);
    await userEvent.type(amount, '12500.6');
    expect(screen.getByRole('alert').textContent).toBe('More than you have available (12,500.5 USDT)');
    await userEvent.click(screen.getByTestId(TestId.transferSubmit));
    expect(transfers).toEqual([]);
    await userEvent.clear(amount);
    await userEvent.type(amount, '1.1234567');
    expect(screen.getByRole('alert').textContent).toBe('Use at most 6 decimal places');
    await userEvent.clear(amount);
    await userEvent.type(amount, '12500.5');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an empty amount without asking the server', async () => {
    renderScreen();
    await screen.findByTestId(TestId.transferAvailable);
    await userEvent.click(screen.getByTestId(TestId.transferSubmit));
    expect(await screen.findByText('Amount Error')).toBeTruthy();
    expect(transfers).toEqual([]);
  });
});
