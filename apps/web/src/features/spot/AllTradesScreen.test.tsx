import type { UserTrade } from '@kestrel/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { i18n, initI18n } from '../../i18n/i18n';
import { AllTradesScreen } from './AllTradesScreen';
import { SpotTestId } from './testIds';

let trades: UserTrade[];
/** The query strings the screen asked for, in order. */
let asked: URLSearchParams[];

const trade = (id: string, symbol: string): UserTrade => ({
  id,
  orderId: `9${id}`,
  symbol,
  side: 'buy',
  role: 'taker',
  price: '64321.50',
  size: '0.00155',
  total: '99.698325',
  fee: '0.00000155',
  feeAsset: 'BTC',
  createdAt: '2026-11-22T04:00:00.000Z',
});

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
}

function fakeServer(input: string | URL | Request) {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/markets') {
    const summary = (symbol: string, base: string) => ({
      symbol,
      base,
      quote: 'USDT',
      tickSize: '0.01',
      lotSize: '0.00001',
      minNotional: '5',
      makerFee: '0.001',
      takerFee: '0.001',
      open: true,
      indexPrice: '1',
      source: 'simulated',
      stale: false,
      stats: { last: '1', open: '1', high: '1', low: '1', volume: '0', turnover: '0', changePercent: '0.00' },
    });
    return Promise.resolve(envelope({ items: [summary('BTCUSDT', 'BTC'), summary('ETHUSDT', 'ETH')] }));
  }
  if (url.pathname === '/api/spot/trades') {
    asked.push(url.searchParams);
    const symbol = url.searchParams.get('symbol');
    return Promise.resolve(
      envelope({ items: trades.filter((item) => !symbol || item.symbol === symbol), next: null }),
    );
  }
  return Promise.resolve(envelope(null));
}

function renderScreen() {
  const router = createMemoryRouter([{ path: '/trade/allTrade', element: <AllTradesScreen /> }], {
    initialEntries: ['/trade/allTrade'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  trades = [];
  asked = [];
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('my trades', () => {
  it('says No data yet when there are none', async () => {
    renderScreen();
    expect((await screen.findByTestId(SpotTestId.tradesEmpty)).textContent).toBe('No data yet');
  });

  it('lists every fill with its price, amount, total and fee, and filters by market', async () => {
    trades = [trade('1', 'BTCUSDT'), trade('2', 'ETHUSDT')];
    renderScreen();
    await waitFor(() => expect(screen.getAllByTestId(SpotTestId.trade)).toHaveLength(2));
    const first = screen.getAllByTestId(SpotTestId.trade)[0];
    expect(first?.textContent).toContain('BTC/USDT');
    expect(first?.textContent).toContain('Taker');
    expect(first?.textContent).toContain('99.698325 USDT');
    expect(first?.textContent).toContain('0.00000155 BTC');
    await waitFor(() => expect(screen.getByRole('option', { name: 'ETH/USDT' })).toBeTruthy());
    await userEvent.selectOptions(screen.getByTestId(SpotTestId.tradesFilter), 'ETHUSDT');
    await waitFor(() => expect(screen.getAllByTestId(SpotTestId.trade)).toHaveLength(1));
    expect(asked.at(-1)?.get('symbol')).toBe('ETHUSDT');
  });
});
