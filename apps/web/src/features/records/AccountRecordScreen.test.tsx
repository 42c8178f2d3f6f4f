import type { AccountRecord } from '@kestrel/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { i18n, initI18n } from '../../i18n/i18n';
import { TestId } from '../../testIds';
import { AccountRecordScreen } from './AccountRecordScreen';

let log: AccountRecord[];
let requests: URLSearchParams[];
/** The observers the screen made; the test scrolls by telling the newest that its sentinel is in view. */
let observers: { callback: IntersectionObserverCallback; disconnected: boolean }[];

const entry = (id: number, type: AccountRecord['type'], amount: string): AccountRecord => ({
  id: String(id),
  type,
  asset: 'USDT',
  account: 'spot',
  amount,
  createdAt: '2026-11-20T10:00:00.000Z',
  reference: String(100 + id),
});

/** Serves the log newest first, two per page, by type, with the last id of a page as the cursor. */
function fakeServer(input: string | URL | Request) {
  const url = new URL(String(input), 'http://localhost');
  let data: unknown = null;
  if (url.pathname === '/api/wallet/balances') data = { balances: [] };
  if (url.pathname === '/api/wallet/records') {
    requests.push(url.searchParams);
    const type = url.searchParams.get('type');
    const cursor = url.searchParams.get('cursor');
    const matching = log.filter((item) => !type || item.type === type);
    const start = cursor ? matching.findIndex((item) => item.id === cursor) + 1 : 0;
    const items = matching.slice(start, start + 2);
    const more = start + 2 < matching.length;
    data = { items, next: more ? (items.at(-1)?.id ?? null) : null };
  }
  return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 }));
}

function renderScreen() {
  const router = createMemoryRouter(
    [{ path: '/user/wallet/AccountRecord', element: <AccountRecordScreen /> }],
    {
      initialEntries: ['/user/wallet/AccountRecord'],
    },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

function scrollToEnd() {
  const live = observers.filter((observer) => !observer.disconnected).at(-1);
  act(() =>
    live?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
  );
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  requests = [];
  observers = [];
  log = [
    entry(5, 'transfer', '-2.000000'),
    entry(4, 'systemAdd', '10.000000'),
    entry(3, 'deposit', '50.000000'),
    entry(2, 'deposit', '1.000000'),
    entry(1, 'fee', '-0.500000'),
  ];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly record: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.record = { callback, disconnected: false };
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    },
  );
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const shown = () => screen.queryAllByTestId(TestId.recordsItem).map((item) => item.dataset.type);

describe('the account records', () => {
  it('lists the log with signed amounts and loads older pages as the end scrolls into view', async () => {
    renderScreen();
    await waitFor(() => expect(shown()).toEqual(['transfer', 'systemAdd']));
    expect(screen.getByText('+10 USDT')).toBeTruthy();
    expect(screen.getByText('-2 USDT')).toBeTruthy();

    scrollToEnd();
    await waitFor(() => expect(shown()).toHaveLength(4));
    scrollToEnd();
    await waitFor(() => expect(shown()).toHaveLength(5));
    expect(screen.getByTestId(TestId.recordsEnd).textContent).toBe('No more records');
    expect(requests.map((query) => query.get('cursor'))).toEqual([null, '4', '2']);
  });

  it('filters by type', async () => {
    renderScreen();
    await waitFor(() => expect(shown()).toHaveLength(2));
    await userEvent.selectOptions(screen.getByTestId(TestId.recordsType), 'deposit');
    await waitFor(() => expect(shown()).toEqual(['deposit', 'deposit']));
    expect(requests.at(-1)?.get('type')).toBe('deposit');
  });

  it('says "No data yet" when the log is empty', async () => {
    log = [];
    renderScreen();
    expect((await screen.findByTestId(TestId.recordsEmpty)).textContent).toBe('No data yet');
  });
});
