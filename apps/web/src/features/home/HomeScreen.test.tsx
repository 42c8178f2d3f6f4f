import type { Banner } from '@kestrel/contract';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { setRealtimeClient } from '../../lib/realtime';
import { readSession } from '../../session/storage';
import { FakeSocket, installFakeRealtime } from '../../test/fakeRealtime';
import { usdtMarket as market, tickerOf } from '../../test/marketFixtures';
import { renderRoutes } from '../../test/render';
import { TestId } from '../../testIds';
import { HomeScreen } from './HomeScreen';
import { hotDeals, mergeLatestTrades } from './hotDeals';

const ETH = market('ETH', '3100.1', '-2.40', '9000000.5');
const MARKETS = [
  market('BTC', '67012.5', '1.25', '1500000'),
  ETH,
  market('DOGE', '0.12', '10.00', '250000'),
  market('SOL', '150', '0.00', '9000000.25'),
];

const BANNERS: Banner[] = [
  { id: 1, imageUrl: '/api/banners/images/a', title: 'Trade BTC', link: '/trade/detail?symbol=BTCUSDT' },
  { id: 2, imageUrl: '/api/banners/images/b', title: 'Deposit USDT', link: null },
];

let banners: Banner[] = [];

let socket: FakeSocket;

function ok(data: unknown) {
  return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
}

function renderHome() {
  return renderRoutes(
    [
      { path: '/home/index', element: <HomeScreen /> },
      { path: '/trade/detail', element: <p>detail</p> },
    ],
    '/home/index',
  );
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
  installFakeRealtime({ createSocket: () => socket });
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

  it('offers Earn and Invite friends among the shortcuts, each leading to its screen', async () => {
    renderHome();
    expect((await screen.findByTestId(TestId.homeEarn)).getAttribute('href')).toBe('/home/financial/package');
    expect(screen.getByTestId(TestId.homeEarn).textContent).toBe('Earn');
    expect(screen.getByTestId(TestId.homeShare).getAttribute('href')).toBe('/home/share');
    expect(screen.getByTestId(TestId.homeShare).textContent).toBe('Invite friends');
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
    await act(async () => socket.open());
    await act(async () => socket.push('tickers', [tickerOf(ETH, { last: '3500', changePercent: '12.90' })]));
    expect(dealSymbols()[0]).toBe('ETHUSDT');
  });

  it('shows the latest transactions with the simulated label', async () => {
    renderHome();
    const section = await screen.findByTestId(TestId.homeLatestTrades);
    expect(await within(section).findByText('67,000.00')).toBeTruthy();
    expect(within(section).getByText('Simulated')).toBeTruthy();
  });
});
