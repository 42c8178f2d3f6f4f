import type { WalletBalance } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { saveToken } from '../../api/storage';
import { ShownNotices } from '../../app/ShownNotices';
import { i18n, initI18n } from '../../i18n/i18n';
import { Adjustments } from './Adjustments';

const BALANCES: WalletBalance[] = [
  { account: 'spot', asset: 'USDT', available: '12500.500000', frozen: '0.000000' },
  { account: 'spot', asset: 'BTC', available: '0.00000000', frozen: '0.00000000' },
];

function answer(data: unknown, code = 0, msg = 'ok', status = 200) {
  return new Response(JSON.stringify({ code, msg, data }), { status });
}

let fetchSpy: MockInstance<typeof window.fetch>;
/** When set, the next adjustment reaches the server but its answer is lost. */
let loseNextAnswer: boolean;
/** When set, the server stores the next adjustment as a proposal for a second operator. */
let proposeNext: boolean;

function renderAt(path: string) {
  saveToken('adm_test');
  fetchSpy.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/balances')) return answer({ balances: BALANCES });
    if (url.endsWith('/adjustments')) {
      if (loseNextAnswer) {
        loseNextAnswer = false;
        throw new TypeError('Failed to fetch');
      }
      const body = JSON.parse(String(init?.body));
      if (proposeNext) {
        return answer({
          id: null,
          state: 'proposed',
          proposalId: 5,
          userId: 7,
          ...body,
          createdAt: '2026-11-22T00:00:00.000Z',
        });
      }
      return answer(
        {
          id: '42',
          state: 'posted',
          proposalId: null,
          userId: 7,
          ...body,
          createdAt: '2026-11-22T00:00:00.000Z',
        },
        0,
        'Adjustment applied',
      );
    }
    return answer(null);
  });
  const router = createMemoryRouter([{ path: '/adjustments', element: <Adjustments /> }], {
    initialEntries: [path],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
        <ShownNotices />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ui: userEvent.setup(), router };
}

function adjustmentCalls() {
  return fetchSpy.mock.calls
    .filter(([input]) => String(input).endsWith('/adjustments'))
    .map(([input, init]) => ({
      url: String(input),
      body: JSON.parse(String(init?.body)),
      key: new Headers(init?.headers).get('idempotency-key'),
    }));
}

beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  fetchSpy = vi.spyOn(window, 'fetch');
  loseNextAnswer = false;
  proposeNext = false;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

async function fillAndConfirm(ui: ReturnType<typeof userEvent.setup>) {
  await ui.selectOptions(screen.getByTestId('adjustment-direction'), 'debit');
  await ui.type(screen.getByTestId('adjustment-amount'), '2.5');
  await ui.type(screen.getByTestId('reason'), 'Reversal of a duplicate bonus');
  await ui.click(screen.getByTestId('adjustment-submit'));
  const dialog = await screen.findByTestId('dialog-adjustment');
  expect(within(dialog).getByText('System debit: 2.5 USDT, Spot account of user 7. Apply it?')).toBeTruthy();
  await ui.click(within(dialog).getByTestId('dialog-submit'));
}

describe('adjusting a balance', () => {
  it('finds a user by id and shows their balances', async () => {
    const { ui, router } = renderAt('/adjustments');
    await ui.type(screen.getByTestId('adjustment-user'), '7');
    await ui.click(screen.getByTestId('adjustment-find'));
    expect(router.state.location.search).toBe('?user=7');
    expect(await screen.findByText('12,500.5')).toBeTruthy();
  });

  it('confirms, sends the adjustment with a reason and an Idempotency-Key, and names the journal entry', async () => {
    const { ui } = renderAt('/adjustments?user=7');
    await screen.findByText('12,500.5');
    await fillAndConfirm(ui);

    expect(await screen.findByText('Adjustment applied · Journal transaction 42')).toBeTruthy();
    expect(adjustmentCalls()).toEqual([
      {
        url: '/api/admin/users/7/adjustments',
        body: {
          direction: 'debit',
          account: 'spot',
          asset: 'USDT',
          amount: '2.5',
          reason: 'Reversal of a duplicate bonus',
        },
        key: expect.any(String),
      },
    ]);
  });

  it('resends with the same key after an answer was lost, so the funds move once', async () => {
    loseNextAnswer = true;
    const { ui } = renderAt('/adjustments?user=7');
    await screen.findByText('12,500.5');
    await fillAndConfirm(ui);
    await waitFor(() => expect(adjustmentCalls()).toHaveLength(1));
    await ui.click(within(screen.getByTestId('dialog-adjustment')).getByTestId('dialog-submit'));

    await waitFor(() => expect(adjustmentCalls()).toHaveLength(2));
    const [lost, resent] = adjustmentCalls();
    expect(resent?.key).toBe(lost?.key);
  });

  it('says when an adjustment above the approval amount waits for another operator', async () => {
    proposeNext = true;
    const { ui } = renderAt('/adjustments?user=7');
    await screen.findByText('12,500.5');
    await fillAndConfirm(ui);
    expect(
      await screen.findByText(
        'Sent for approval: another operator must approve proposal 5 before the funds move',
      ),
    ).toBeTruthy();
  });
});
