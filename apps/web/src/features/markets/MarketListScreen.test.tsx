import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { setRealtimeClient } from '../../lib/realtime';
import { FakeSocket, installFakeRealtime } from '../../test/fakeRealtime';
import { usdtMarket as market, tickerOf } from '../../test/marketFixtures';
import { renderRoutes } from '../../test/render';
import { TestId } from '../../testIds';
import { FAVOURITES_KEY } from './favourites';
import { compareDecimal } from './format';
import { MarketListScreen } from './MarketListScreen';
import { matchesSearch, nextSort, sortMarkets } from './marketList';

const MARKETS = [
  market('BTC', '67012.5', '1.25', '1500000'),
  market('ETH', '3100.1', '-2.40', '9000000.5'),
  market('DOGE', '0.12345', '10.00', '250000', '0.00001'),
  market('SOL', '150', '0.00', '9000000.25'),
];

let socket: FakeSocket;

function renderList() {
  return renderRoutes(
    [
      { path: '/current/index', element: <MarketListScreen /> },
      { path: '/trade/detail', element: <p>detail</p> },
    ],
    '/current/index',
  );
}

const symbols = () =>
  screen.queryAllByTestId(TestId.marketsRow).map((row) => row.getAttribute('data-symbol'));

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  vi.spyOn(window, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify({ code: 0, msg: 'ok', data: { items: MARKETS } }), { status: 200 }),
  );
  socket = new FakeSocket();
  installFakeRealtime({ createSocket: () => socket });
});

afterEach(() => {
  cleanup();
  setRealtimeClient(null);
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the market list', () => {
  it('lists every market with its price on the tick, its change and the simulated label', async () => {
    renderList();
    expect(await screen.findAllByTestId(TestId.marketsRow)).toHaveLength(4);
    expect(symbols()).toEqual(['BTCUSDT', 'ETHUSDT', 'DOGEUSDT', 'SOLUSDT']);
    const btc = screen.getAllByTestId(TestId.marketsRow)[0] as HTMLElement;
    expect(within(btc).getByTestId(TestId.marketsRowPrice).textContent).toBe('67,012.50');
    expect(within(btc).getByTestId(TestId.marketsRowChange).textContent).toBe('+1.25%');
    const doge = screen.getAllByTestId(TestId.marketsRow)[2] as HTMLElement;
    expect(within(doge).getByTestId(TestId.marketsRowPrice).textContent).toBe('0.12345');
    expect(screen.getByTestId(TestId.marketsSimulated).textContent).toBe('Simulated');
    expect(within(btc).getByRole('link').getAttribute('href')).toBe('/trade/detail?symbol=BTCUSDT');
  });

  it('sorts by change, then by volume, each tap switching direction and finally back to the default', async () => {
    renderList();
    await screen.findAllByTestId(TestId.marketsRow);
    const sortChange = screen.getByTestId(TestId.marketsSortChange);
    await userEvent.click(sortChange);
    expect(symbols()).toEqual(['DOGEUSDT', 'BTCUSDT', 'SOLUSDT', 'ETHUSDT']);
    await userEvent.click(sortChange);
    expect(symbols()).toEqual(['ETHUSDT', 'SOLUSDT', 'BTCUSDT', 'DOGEUSDT']);
    await userEvent.click(sortChange);
    expect(symbols()).toEqual(['BTCUSDT', 'ETHUSDT', 'DOGEUSDT', 'SOLUSDT']);

    // Turnover compared exactly: 9000000.5 is above 9000000.25.
    await userEvent.click(screen.getByTestId(TestId.marketsSortVolume));
    expect(symbols()).toEqual(['ETHUSDT', 'SOLUSDT', 'BTCUSDT', 'DOGEUSDT']);
  });

  it('searches by coin or pair and says "No data yet" when nothing matches', async () => {
    renderList();
    await screen.findAllByTestId(TestId.marketsRow);
    const search = screen.getByTestId(TestId.marketsSearch);
    await userEvent.type(search, 'eth');
    expect(symbols()).toEqual(['ETHUSDT']);
    await userEvent.clear(search);
    await userEvent.type(search, 'doge/usdt');
    expect(symbols()).toEqual(['DOGEUSDT']);
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing');
    expect(symbols()).toEqual([]);
    expect(screen.getByTestId(TestId.marketsEmpty).textContent).toBe('No data yet');
  });

  it('keeps favourites on the device and shows them in their own tab', async () => {
    renderList();
    await screen.findAllByTestId(TestId.marketsRow);
    const stars = screen.getAllByTestId(TestId.marketsFavourite);
    await userEvent.click(stars[1] as HTMLElement);
    await userEvent.click(stars[3] as HTMLElement);
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '[]')).toEqual(['ETHUSDT', 'SOLUSDT']);
    expect(stars[1]?.getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByTestId(TestId.marketsTabFavourites));
    expect(symbols()).toEqual(['ETHUSDT', 'SOLUSDT']);
    await userEvent.click(screen.getAllByTestId(TestId.marketsFavourite)[0] as HTMLElement);
    expect(symbols()).toEqual(['SOLUSDT']);
    await userEvent.click(screen.getAllByTestId(TestId.marketsFavourite)[0] as HTMLElement);
    expect(screen.getByTestId(TestId.marketsEmpty).textContent).toBe(
      'Tap the star on a market to keep it here',
    );
  });

  it('opens on the favourites tab when there are favourites', async () => {
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify(['DOGEUSDT']));
    renderList();
    await screen.findAllByTestId(TestId.marketsRow);
    expect(symbols()).toEqual(['DOGEUSDT']);
  });

  it('moves prices live from the tickers channel and re-sorts with them', async () => {
    renderList();
    await screen.findAllByTestId(TestId.marketsRow);
    act(() => socket.open());
    expect(socket.sent).toEqual([{ op: 'subscribe', channels: ['tickers'] }]);
    await userEvent.click(screen.getByTestId(TestId.marketsSortChange));
    act(() => socket.push('tickers', [tickerOf(market('BTC', '70000', '20.50', '1500000'))]));
    expect(symbols()[0]).toBe('BTCUSDT');
    const btc = screen.getAllByTestId(TestId.marketsRow)[0] as HTMLElement;
    expect(within(btc).getByTestId(TestId.marketsRowPrice).textContent).toBe('70,000.00');
    expect(within(btc).getByTestId(TestId.marketsRowPrice).className).toMatch(/flashUp/);
  });

  it('flashes each new price on the same element, switching animations so that each flash starts over', async () => {
    renderList();
    await screen.findAllByTestId(TestId.marketsRow);
    act(() => socket.open());
    const priceOf = () =>
      within(
        screen
          .getAllByTestId(TestId.marketsRow)
          .find((row) => row.dataset.symbol === 'BTCUSDT') as HTMLElement,
      ).getByTestId(TestId.marketsRowPrice);
    const flashes: string[] = [];
    const element = priceOf();
    for (const price of ['70000', '71000', '69000', '68000']) {
      act(() => socket.push('tickers', [tickerOf(market('BTC', price, '1.00', '1500000'))]));
      expect(priceOf()).toBe(element);
      flashes.push(element.className.match(/flash(Up|Down)(Again)?/)?.[0] ?? 'none');
    }
    // Each change gets another animation than the one before, in the direction the price moved.
    expect(flashes).toEqual(['flashUpAgain', 'flashUp', 'flashDownAgain', 'flashDown']);
  });
});

describe('market list helpers', () => {
  it('compares decimal strings exactly, signs and all', () => {
    expect(compareDecimal('9000000.5', '9000000.25')).toBeGreaterThan(0);
    expect(compareDecimal('-2.40', '-10.00')).toBeGreaterThan(0);
    expect(compareDecimal('0.00', '-0.00')).toBe(0);
    expect(compareDecimal('10', '9.99')).toBeGreaterThan(0);
    expect(compareDecimal('0.1', '0.10')).toBe(0);
    expect(compareDecimal('123456789012345678.000000000000000001', '123456789012345678')).toBeGreaterThan(0);
  });

  it('searches coins by name, pairs from their start and quote assets in full', () => {
    const found = (query: string) => MARKETS.filter((m) => matchesSearch(m, query)).map((m) => m.base);
    // Every pair is quoted in USDT: a letter of "USDT" finds only the coins that have it.
    expect(found('s')).toEqual(['SOL']);
    expect(found(' o ')).toEqual(['DOGE', 'SOL']);
    expect(found('eth/us')).toEqual(['ETH']);
    expect(found('BTCUSDT')).toEqual(['BTC']);
    expect(found('usdt')).toEqual(['BTC', 'ETH', 'DOGE', 'SOL']);
    expect(found('sdt')).toEqual([]);
  });

  it('cycles sorting desc, asc, off and starts over on another column', () => {
    expect(nextSort(null, 'change')).toEqual({ key: 'change', direction: 'desc' });
    expect(nextSort({ key: 'change', direction: 'desc' }, 'change')).toEqual({
      key: 'change',
      direction: 'asc',
    });
    expect(nextSort({ key: 'change', direction: 'asc' }, 'change')).toBeNull();
    expect(nextSort({ key: 'change', direction: 'asc' }, 'volume')).toEqual({
      key: 'volume',
      direction: 'desc',
    });
    expect(sortMarkets(MARKETS, null).map((m) => m.base)).toEqual(['BTC', 'ETH', 'DOGE', 'SOL']);
  });
});
