import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { setRealtimeClient } from '../../lib/realtime';
import { FakeSocket, installFakeRealtime } from '../../test/fakeRealtime';
import { btcUsdt, tickerOf, usdtMarket } from '../../test/marketFixtures';
import { renderRoutes } from '../../test/render';
import { TestId } from '../../testIds';
import { MarketDetailScreen } from './MarketDetailScreen';

// The chart draws on canvas, which happy-dom has not; its own behaviour is checked in the browser tests.
vi.mock('./KlineChart', () => ({ default: () => <div data-testid="market-chart" /> }));

const btc = btcUsdt({
  last: '95000.5',
  open: '94000',
  high: '96000',
  low: '93000.25',
  volume: '783.07',
  turnover: '75740000',
  changePercent: '1.06',
});

let socket: FakeSocket;
let answers: Record<string, { status: number; body: unknown }>;

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/trade/detail', element: <MarketDetailScreen /> },
      { path: '/trade/spotTrading', element: <p>spot</p> },
    ],
    path,
  );
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  answers = {
    '/api/markets/BTCUSDT': { status: 200, body: { code: 0, msg: 'ok', data: btc } },
    '/api/markets/BTCUSDT/depth': {
      status: 200,
      body: {
        code: 0,
        msg: 'ok',
        data: { symbol: 'BTCUSDT', bids: [['94999.5', '0.5']], asks: [['95001', '0.25']], version: 4 },
      },
    },
    '/api/markets/BTCUSDT/trades': { status: 200, body: { code: 0, msg: 'ok', data: { items: [] } } },
  };
  vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = answers[url.pathname] ?? {
      status: 404,
      body: { code: 7001, msg: 'This market does not exist', data: null },
    };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  socket = new FakeSocket();
  installFakeRealtime({ createSocket: () => socket, getToken: () => 'tok-1' });
});

afterEach(() => {
  cleanup();
  setRealtimeClient(null);
  vi.restoreAllMocks();
  localStorage.clear();
});

function push(channel: string, data: unknown) {
  act(() => socket.push(channel, data));
}

describe('the market detail', () => {
  it('shows the price on the tick, the 24h figures, the book and Buy / Sell links', async () => {
    renderAt('/trade/detail?symbol=btcusdt');
    const price = await screen.findByTestId(TestId.marketDetailPrice);
    expect(price.textContent).toBe('95,000.50');
    expect(screen.getByText('93,000.25')).toBeTruthy();
    expect(screen.getByTestId(TestId.marketsSimulated)).toBeTruthy();
    const book = await screen.findByTestId(TestId.marketDepth);
    await vi.waitFor(() => expect(within(book).getByText('94,999.50')).toBeTruthy());
    expect(within(book).getByText('0.25000')).toBeTruthy();
    expect(screen.getByTestId(TestId.marketBuy).getAttribute('href')).toBe(
      '/trade/spotTrading?symbol=BTCUSDT&side=buy',
    );
    expect(screen.getByTestId(TestId.marketSell).getAttribute('href')).toBe(
      '/trade/spotTrading?symbol=BTCUSDT&side=sell',
    );
    expect(screen.queryByTestId(TestId.marketDetailClosed)).toBeNull();
    expect(screen.queryByTestId(TestId.marketDetailStale)).toBeNull();
  });

  it("asks for the chart's candles, in the interval last chosen, as the screen mounts", async () => {
    localStorage.setItem('chartInterval', '1h');
    renderAt('/trade/detail?symbol=BTCUSDT');
    await screen.findByTestId(TestId.marketDetailPrice);
    // The request goes out from an effect, which may run just after the price is on screen.
    await vi.waitFor(() => {
      const asked = vi
        .mocked(window.fetch)
        .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
      const candles = asked.filter((url) => url.pathname === '/api/markets/BTCUSDT/candles');
      expect(candles.map((url) => url.searchParams.get('interval'))).toEqual(['1h']);
    });
  });

  it('switches to another pair from the pair sheet', async () => {
    const eth = usdtMarket('ETH', '3100.25', '-0.50', '1000000');
    answers['/api/markets'] = { status: 200, body: { code: 0, msg: 'ok', data: { items: [btc, eth] } } };
    answers['/api/markets/ETHUSDT'] = { status: 200, body: { code: 0, msg: 'ok', data: eth } };
    renderAt('/trade/detail?symbol=BTCUSDT');
    await screen.findByTestId(TestId.marketDetailPrice);
    await userEvent.click(screen.getByTestId(TestId.marketDetailPair));
    const sheet = await screen.findByTestId(TestId.marketPairSheet);
    await userEvent.click(await within(sheet).findByText('ETH/USDT'));
    await vi.waitFor(() => expect(screen.getByTestId(TestId.marketDetail).dataset.symbol).toBe('ETHUSDT'));
    expect(screen.getByTestId(TestId.marketDetailPrice).textContent).toBe('3,100.25');
  });

  it('follows the live ticker and keeps the newer book', async () => {
    renderAt('/trade/detail?symbol=BTCUSDT');
    await screen.findByTestId(TestId.marketDetailPrice);
    act(() => socket.open());
    const subscribed = socket.sent.flatMap((m) => (m as { op: string; channels?: string[] }).channels ?? []);
    expect(subscribed).toEqual(expect.arrayContaining(['ticker:BTCUSDT', 'depth:BTCUSDT']));
    push('ticker:BTCUSDT', tickerOf(btc, { last: '96000' }, true));
    await vi.waitFor(() =>
      expect(screen.getByTestId(TestId.marketDetailPrice).textContent).toBe('96,000.00'),
    );
    expect(screen.getByTestId(TestId.marketDetailStale).textContent).toContain('Prices delayed');

    push('depth:BTCUSDT', { symbol: 'BTCUSDT', bids: [['95500', '1']], asks: [['95600', '2']], version: 9 });
    await vi.waitFor(() => expect(screen.getByText('95,500.00')).toBeTruthy());
    // An older snapshot arriving late changes nothing.
    push('depth:BTCUSDT', { symbol: 'BTCUSDT', bids: [['90000', '1']], asks: [['91000', '2']], version: 3 });
    expect(screen.queryByText('90,000.00')).toBeNull();
  });

  it('says the market is closed and offers no way to trade it', async () => {
    answers['/api/markets/BTCUSDT'] = {
      status: 200,
      body: { code: 0, msg: 'ok', data: { ...btc, open: false } },
    };
    renderAt('/trade/detail?symbol=BTCUSDT');
    expect((await screen.findByTestId(TestId.marketDetailClosed)).textContent).toBe('This market is closed');
    expect((screen.getByTestId(TestId.marketBuy) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId(TestId.marketSell) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says a market that does not exist does not exist, and leads to the market list instead of a Retry', async () => {
    renderAt('/trade/detail?symbol=NOPEUSDT');
    const missing = await screen.findByTestId(TestId.marketMissing);
    expect(within(missing).getByText('This market does not exist')).toBeTruthy();
    expect(within(missing).getByRole('link', { name: 'Go to the market list' }).getAttribute('href')).toBe(
      '/current/index',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('offers a Retry when the market could not be read, and shows the market once it can', async () => {
    const working = answers['/api/markets/BTCUSDT'];
    answers['/api/markets/BTCUSDT'] = { status: 503, body: 'unavailable' };
    renderAt('/trade/detail?symbol=BTCUSDT');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.queryByTestId(TestId.marketMissing)).toBeNull();
    if (working) answers['/api/markets/BTCUSDT'] = working;
    await userEvent.click(retry);
    expect(await screen.findByTestId(TestId.marketDetail)).toBeTruthy();
  });
});
