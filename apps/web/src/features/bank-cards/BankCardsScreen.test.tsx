import type { BankCardView, PublicUser } from '@kestrel/contract';
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
import { BankCardsScreen } from './BankCardsScreen';

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

const rejected: BankCardView = {
  id: 7,
  bankName: 'HDFC Bank',
  bankAccount: null,
  cardNumberMasked: '**** 2222',
  cardholder: 'Asha Verma',
  phone: '+919812345678',
  routingCode: 'HDFC0000123',
  status: 'rejected',
  rejectionReason: 'The cardholder differs from your verified name',
  createdAt: '2026-01-02T10:00:00.000Z',
  reviewedAt: '2026-01-02T11:00:00.000Z',
};

let cards: BankCardView[];
let requests: { method: string; url: string; body?: unknown }[];
let hasSecurityPassword: boolean;

function envelope(data: unknown, code = 0, msg = 'ok', status = 200) {
  return new Response(JSON.stringify({ code, msg, data }), { status });
}

async function fakeServer(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url.endsWith('/api/user/info')) return envelope({ ...user, hasSecurityPassword });
  if (url.endsWith('/api/wallet/bank-cards') && method === 'GET')
    return envelope({ items: cards, limit: 10 });
  requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  if (url.endsWith('/api/wallet/bank-cards') && method === 'POST') {
    const card: BankCardView = {
      ...rejected,
      id: 8,
      status: 'pending',
      rejectionReason: null,
      reviewedAt: null,
    };
    cards = [card, ...cards];
    return envelope(card);
  }
  if (url.includes('/api/wallet/bank-cards/') && method === 'DELETE') {
    cards = cards.filter((card) => !url.endsWith(`/${card.id}`));
    return envelope(null);
  }
  return envelope(null, 1004, 'Not found', 404);
}

function renderScreen() {
  saveSignIn('tok-1', { ...user, hasSecurityPassword });
  const router = createMemoryRouter([{ path: '/user/wallet/Bank', element: <BankCardsScreen /> }], {
    initialEntries: ['/user/wallet/Bank'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

async function enter(ui: ReturnType<typeof userEvent.setup>, testId: string, text: string) {
  await ui.click(screen.getByTestId(testId));
  await ui.paste(text);
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  cards = [rejected];
  requests = [];
  hasSecurityPassword = true;
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the bank card screen', () => {
  it('lists cards masked, with their status and the reviewer’s reason', async () => {
    renderScreen();
    const item = await screen.findByTestId(TestId.bankCardItem);
    expect(item.getAttribute('data-status')).toBe('rejected');
    expect(within(item).getByText('**** 2222')).toBeTruthy();
    expect(within(item).getByText('Rejected')).toBeTruthy();
    expect(within(item).getByText('Reason: The cardholder differs from your verified name')).toBeTruthy();
  });

  it('asks for each required field in its own words, once each, and sends nothing', async () => {
    const ui = renderScreen();
    await ui.click(await screen.findByTestId(TestId.bankCardAdd));
    await ui.click(screen.getByTestId(TestId.bankCardSubmit));
    for (const message of [
      'Please enter the bank name',
      'Please enter the card number',
      "Please enter the cardholder's name",
      'Please enter the phone number',
    ]) {
      expect(await screen.findAllByText(message), message).toHaveLength(1);
    }
    expect(requests).toEqual([]);
  });

  it('binds a card and shows it pending', async () => {
    const ui = renderScreen();
    await ui.click(await screen.findByTestId(TestId.bankCardAdd));
    await enter(ui, TestId.bankCardBankName, 'HDFC Bank');
    await enter(ui, TestId.bankCardNumber, '6521 0000 1111 2222');
    await enter(ui, TestId.bankCardCardholder, 'Asha Verma');
    await enter(ui, TestId.bankCardPhone, '+91 98123 45678');
    await enter(ui, TestId.bankCardSecurityPassword, '135790');
    await ui.click(screen.getByTestId(TestId.bankCardSubmit));

    await waitFor(() => expect(currentNotice()?.message).toBe('Submitted successfully, please be patient'));
    expect(requests[0]).toMatchObject({
      method: 'POST',
      body: { bankName: 'HDFC Bank', cardNumber: '6521 0000 1111 2222', securityPassword: '135790' },
    });
    await waitFor(() => expect(screen.getAllByTestId(TestId.bankCardItem)).toHaveLength(2));
    expect(screen.getByText('Pending review')).toBeTruthy();
    expect(screen.queryByTestId(TestId.bankCardForm)).toBeNull();
  });

  it('sends the user to set a security password when none is set', async () => {
    hasSecurityPassword = false;
    const ui = renderScreen();
    await ui.click(await screen.findByTestId(TestId.bankCardAdd));
    const note = screen.getByTestId(`${TestId.bankCardSecurityPassword}-not-set`);
    expect(within(note).getByText('Password not set')).toBeTruthy();
    expect(within(note).getByRole('link').getAttribute('href')).toBe('/user/editSafePassword?tab=security');
  });

  it('deletes a card only after confirming', async () => {
    const ui = renderScreen();
    await ui.click(await screen.findByTestId(TestId.bankCardDelete));
    const dialog = await screen.findByTestId(TestId.bankCardDeleteDialog);
    expect(requests).toEqual([]);
    await ui.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests).toEqual([{ method: 'DELETE', url: '/api/wallet/bank-cards/7' }]));
    expect(await screen.findByText('No data yet')).toBeTruthy();
  });
});
