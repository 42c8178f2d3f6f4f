import type { AssetsOverview } from '@kestrel/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { i18n, initI18n } from '../../i18n/i18n';
import { TestId } from '../../testIds';
import { AssetsScreen } from './AssetsScreen';
import { sharesOf } from './allocation';
import { MyWalletScreen } from './MyWalletScreen';

const totals = (total: string, inUse = '0.00000000') => ({ total, equity: total, inUse, available: total });
const usdt = (total: string) => ({
  asset: 'USDT',
  available: total,
  frozen: '0.000000',
  total,
  valued: true,
  usdValue: `${total}00`,
});

const overview: AssetsOverview = {
  totals: totals('150.00000000'),
  valuedAssets: ['USDT'],
  accounts: [
    {
      account: 'spot',
      totals: totals('112.50000000'),
      holdings: [
        usdt('112.500000'),
        {
          asset: 'BTC',
          available: '0.50000000',
          frozen: '0.00000000',
          total: '0.50000000',
          valued: false,
          usdValue: null,
        },
        {
          asset: 'ETH',
          available: '0.00000000',
          frozen: '0.00000000',
          total: '0.00000000',
          valued: false,
          usdValue: null,
        },
      ],
    },
    { account: 'futures', totals: totals('37.50000000'), holdings: [usdt('37.500000')] },
  ],
  today: {
    since: '2026-11-26T00:00:00.000Z',
    profit: '809.49000000',
    orderCount: 2,
    investment: '500.00000000',
    parts: [{ product: 'spot', profit: '809.49000000', orderCount: 2, investment: '500.00000000' }],
  },
};

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/home/assets', element: <AssetsScreen /> },
      { path: '/user/wallet/myWallet', element: <MyWalletScreen /> },
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
  return router;
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  vi.spyOn(window, 'fetch').mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'ok', data: overview }), { status: 200 })),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the assets overview', () => {
  it('shows the $ totals and one card per account', async () => {
    renderAt('/home/assets');
    expect((await screen.findByTestId(TestId.assetsTotal)).textContent).toBe('$150.00');
    expect(screen.getByTestId(TestId.assetsInUse).textContent).toBe('$0.00');
    const cards = screen.getAllByTestId(TestId.assetsAccountCard);
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
      '/user/wallet/myWallet?account=spot',
      '/user/wallet/myWallet?account=futures',
    ]);
    expect(cards[0]?.textContent).toContain('Spot accountDetails$112.50');
  });

  it("shows today's profit, order count and investment amount, a loss as a loss", async () => {
    renderAt('/home/assets');
    expect((await screen.findByTestId(TestId.assetsTodayProfit)).textContent).toBe('+$809.49');
    expect(screen.getByTestId(TestId.assetsTodayOrders).textContent).toBe('2');
    expect(screen.getByTestId(TestId.assetsTodayInvestment).textContent).toBe('$500.00');
    expect(screen.getByTestId(TestId.assetsToday).textContent).toContain('Since 00:00 UTC');
    cleanup();

    vi.mocked(window.fetch).mockImplementation(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            code: 0,
            msg: 'ok',
            data: { ...overview, today: { ...overview.today, profit: '-12.34567800' } },
          }),
          { status: 200 },
        ),
      ),
    );
    renderAt('/home/assets');
    expect((await screen.findByTestId(TestId.assetsTodayProfit)).textContent).toBe('-$12.34');
  });

  it('offers withdrawal, transfer and records', async () => {
    renderAt('/home/assets');
    await screen.findByTestId(TestId.assetsTotal);
    expect(screen.getByTestId(TestId.assetsTransfer).getAttribute('href')).toBe('/user/wallet/transfer');
    expect(screen.getByTestId(TestId.assetsRecords).getAttribute('href')).toBe('/user/wallet/AccountRecord');
    expect(screen.getByTestId(TestId.assetsWithdraw).getAttribute('href')).toBe('/user/wallet/withdraw');
  });

  it('splits the chart by account in exact shares', () => {
    expect(
      sharesOf(
        [
          { key: 'spot', value: '112.50000000' },
          { key: 'futures', value: '37.50000000' },
        ],
        8,
      ),
    ).toEqual([
      { key: 'spot', basisPoints: 7500 },
      { key: 'futures', basisPoints: 2500 },
    ]);
    expect(sharesOf([{ key: 'spot', value: '0.00000000' }], 8)).toEqual([{ key: 'spot', basisPoints: 0 }]);
  });
});

describe('my wallet', () => {
  it("lists the chosen account's coins, searchable, with small balances hidden on request", async () => {
    renderAt('/user/wallet/myWallet?account=spot');
    const coins = async () =>
      (await screen.findAllByTestId(TestId.walletHolding)).map((row) => row.dataset.asset);
    expect(await coins()).toEqual(['USDT', 'BTC', 'ETH']);

    await userEvent.click(screen.getByTestId(TestId.walletHideSmall));
    expect(await coins()).toEqual(['USDT', 'BTC']);

    await userEvent.type(screen.getByTestId(TestId.walletSearch), 'bt');
    expect(await coins()).toEqual(['BTC']);
    expect(screen.getByText('Not valued')).toBeTruthy();

    await userEvent.type(screen.getByTestId(TestId.walletSearch), 'x');
    expect(await screen.findByTestId(TestId.walletEmpty)).toBeTruthy();
  });

  it('switches to the futures account', async () => {
    const router = renderAt('/user/wallet/myWallet?account=spot');
    await screen.findAllByTestId(TestId.walletHolding);
    await userEvent.click(screen.getByTestId(`${TestId.walletAccountTab}-futures`));
    expect(router.state.location.search).toBe('?account=futures');
    expect((await screen.findAllByTestId(TestId.walletHolding)).map((row) => row.dataset.asset)).toEqual([
      'USDT',
    ]);
  });
});
