import type { Banner, MarketSummary } from '@kestrel/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { i18n, initI18n } from '../../i18n/i18n';
import { RealtimeClient, type SocketLike, setRealtimeClient } from '../../lib/realtime';
import { readSession } from '../../session/storage';
import { TestId } from '../../testIds';
import { HomeScreen } from './HomeScreen';
import { hotDeals, mergeLatestTrades } from './hotDeals';

function market(base: string, last: string, changePercent: string, turnover: string) {
  return {
    symbol: `${base}USDT`,
    base,
    quote: 'USDT',
    tickSize: '0.01',
    lotSize: '0.0001',
    minNotional: '5',
    makerFee: '0.001',
    takerFee: '0.001',
    open: true,
    indexPrice: last,
    source: 'simulated',
    stale: false,
    stats: { last, open: last, high: last, low: last, volume: '1', turnover, changePercent },
  } satisfies MarketSummary;
}

const MARKETS = [
  market('BTC', '67012.5', '1.25', '1500000'),
  market('ETH', '3100.1', '-2.40', '9000000.5'),
  market('DOGE', '0.12', '10.00', '250000'),
  market('SOL', '150', '0.00', '9000000.25'),
];

const BANNERS: Banner[] = [
  { id: 1, imageUrl: '/api/banners/images/a', title: 'Trade BTC', link: '/trade/detail?symbol=BTCUSDT' },
  { id: 2, imageUrl: '/api/banners/images/b', title: 'Deposit USDT', link: null },
];

let banners: Banner[] = [];

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
}
let socket: FakeSocket;

function ok(data: unknown) {
  return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
}

function renderHome() {
  const router = createMemoryRouter(
    [
      { path: '/home/index', element: <HomeScreen /> },
      { path: '/trade/detail', element: <p>detail</p> },
    ],
    { initialEntries: ['/home/index'] },
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

const dealSymbols = () =>
  within(screen.getByTestId(TestId.homeHotDeals))
    .getAllByRole('link')
    .map((link) => new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('symbol'));

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  banners = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/banners')) return ok({ items: banners });
    if (url.endsWith('/api/markets/trades/latest')) {
      return ok({
        items: [
          { id: 't1', symbol: 'BTCUSDT', price: '67000', size: '0.5', side: 'buy', time: 1_700_000_000_000 },
        ],
      });
    }
    if (url.endsWith('/api/markets')) return ok({ items: MARKETS });
    return ok(null);
  });
  socket = new FakeSocket();
  setRealtimeClient(
    new RealtimeClient({
      url: () => 'ws://test/ws',
      createSocket: () => socket,
      getToken: () => '',
      getLanguage: () => 'en-US',
      setTimer: () => 0,
      clearTimer: () => {},
    }),
  );
});

afterEach(() => {
  cleanup();
  setRealtimeClient(null);
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('hot deals', () => {
  it('orders top gainers by change and top volume by exact turnover', () => {
    expect(hotDeals(MARKETS, 'gainers').map((m) => m.base)).toEqual(['DOGE', 'BTC', 'SOL', 'ETH']);
    // 9000000.5 is above 9000000.25, which a float would still get right but a string compare would not.
    expect(hotDeals(MARKETS, 'volume').map((m) => m.base)).toEqual(['ETH', 'SOL', 'BTC', 'DOGE']);
    expect(hotDeals(MARKETS, 'volume', 2)).toHaveLength(2);
  });

  it('merges live trades newest first, each once, up to the limit', () => {
    const first = mergeLatestTrades(
      [],
      'BTCUSDT',
      [{ id: '1', price: '1', size: '1', side: 'buy', time: 10 }],
      2,
    );
    const again = mergeLatestTrades(
      first,
      'BTCUSDT',
      [{ id: '1', price: '1', size: '1', side: 'buy', time: 10 }],
      2,
    );
    expect(again).toHaveLength(1);
    const more = mergeLatestTrades(
      again,
      'ETHUSDT',
      [
        { id: '1', price: '2', size: '1', side: 'sell', time: 30 },
        { id: '2', price: '2', size: '1', side: 'sell', time: 20 },
      ],
      2,
    );
    expect(more.map((trade) => `${trade.symbol}:${trade.id}`)).toEqual(['ETHUSDT:1', 'ETHUSDT:2']);
  });
});

describe('the home screen', () => {
  it('shows the default card without banners, and the risk warning, to a guest', async () => {
    renderHome();
    expect(await screen.findByTestId(TestId.homeBannerDefault)).toBeTruthy();
    expect(screen.getByText('Markets around the clock')).toBeTruthy();
    expect(screen.getByTestId(TestId.homeRiskWarning).textContent).toContain('Investment carries risk');
  });

  it("shows the banners with their titles and links, and keeps them as the session's swiper info", async () => {
    banners = BANNERS;
    renderHome();
    const carousel = await screen.findByTestId(TestId.homeBanners);
    expect(within(carousel).getByText('Trade BTC')).toBeTruthy();
    expect(within(carousel).getByRole('link', { name: 'Trade BTC' }).getAttribute('href')).toBe(
      '/trade/detail?symbol=BTCUSDT',
    );
    expect(within(carousel).getAllByRole('button', { name: /Show slide/ })).toHaveLength(2);
    expect(carousel.querySelectorAll('img')[0]?.getAttribute('src')).toBe('/api/banners/images/a');
    expect(readSession().swiperInfo).toEqual(BANNERS);
  });

  it('lists hot deals by gain, switches to volume, and follows the live tickers', async () => {
    renderHome();
    await within(await screen.findByTestId(TestId.homeHotDeals)).findAllByRole('link');
    expect(dealSymbols()).toEqual(['DOGEUSDT', 'BTCUSDT', 'SOLUSDT', 'ETHUSDT']);
    expect(within(screen.getByTestId(TestId.homeHotDeals)).getByText('Simulated')).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Top volume' }));
    expect(dealSymbols()).toEqual(['ETHUSDT', 'SOLUSDT', 'BTCUSDT', 'DOGEUSDT']);

    await userEvent.click(screen.getByRole('tab', { name: 'Top gainers' }));
    await act(async () => {
      socket.readyState = 1;
      socket.onopen?.({});
    });
    await act(async () => {
      socket.onmessage?.({
        data: JSON.stringify({
          op: 'data',
          channel: 'tickers',
          data: [
            {
              symbol: 'ETHUSDT',
              indexPrice: '3500',
              stale: false,
              stats: { ...MARKETS[1]?.stats, last: '3500', changePercent: '12.90' },
            },
          ],
        }),
      });
    });
    expect(dealSymbols()[0]).toBe('ETHUSDT');
  });

  it('shows the latest transactions with the simulated label', async () => {
    renderHome();
    const section = await screen.findByTestId(TestId.homeLatestTrades);
    expect(await within(section).findByText('67,000.00')).toBeTruthy();
    expect(within(section).getByText('Simulated')).toBeTruthy();
  });
});
