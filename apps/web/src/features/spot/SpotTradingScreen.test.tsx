import type { MarketSummary, OrderView, WalletBalance } from '@kestrel/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotice } from '../../components/notice/noticeStore';
import { initI18n } from '../../i18n/i18n';
import { setRealtimeClient } from '../../lib/realtime';
import { type FakeSocket, installFakeRealtime } from '../../test/fakeRealtime';
import { btcUsdt, tickerOf } from '../../test/marketFixtures';
import { renderRoutes } from '../../test/render';
import { TestId } from '../../testIds';
import { SpotTradingScreen } from './SpotTradingScreen';
import { SpotTestId } from './testIds';

let sockets: FakeSocket[];
/** The next order request is refused with this code and message. */
let refuseNext: { code: number; msg: string } | null;
/** How the server's matching ends the orders placed. */
let outcome: Partial<OrderView>;

let market: MarketSummary;
let balances: WalletBalance[];
let openOrders: OrderView[];
let historyOrders: OrderView[];
/** Every order request: its body and its Idempotency-Key. */
let placed: { body: Record<string, unknown>; key: string | null }[];
let cancelled: string[];

function envelope(data: unknown, code = 0, msg = 'ok') {
  return new Response(JSON.stringify({ code, msg, data }), { status: code === 0 ? 200 : 400 });
}

const order = (id: string, overrides: Partial<OrderView> = {}): OrderView => ({
  id,
  symbol: 'BTCUSDT',
  side: 'buy',
  type: 'limit',
  timeInForce: 'GTC',
  postOnly: false,
  price: '30000.00',
  size: '0.01000',
  total: null,
  filledSize: '0',
  filledTotal: '0',
  averagePrice: null,
  status: 'open',
  createdAt: '2026-11-22T04:00:00.000Z',
  updatedAt: '2026-11-22T04:00:00.000Z',
  ...overrides,
});

function fakeServer(input: string | URL | Request, init?: RequestInit) {
  const url = new URL(String(input), 'http://localhost');
  const path = url.pathname;
  const method = init?.method ?? 'GET';
  if (path === '/api/markets') return Promise.resolve(envelope({ items: [market] }));
  if (path === '/api/markets/BTCUSDT') return Promise.resolve(envelope(market));
  if (path === '/api/markets/NOPEUSDT') {
    return Promise.resolve(
      new Response(JSON.stringify({ code: 7001, msg: 'This market does not exist', data: null }), {
        status: 404,
      }),
    );
  }
  if (path === '/api/markets/BTCUSDT/depth') {
    return Promise.resolve(
      envelope({
        symbol: 'BTCUSDT',
        bids: [
          ['64321.40', '0.50000'],
          ['64321.00', '1.20000'],
        ],
        asks: [
          ['64321.60', '0.30000'],
          ['64322.00', '2.00000'],
        ],
        version: 5,
      }),
    );
  }
  if (path === '/api/wallet/balances') return Promise.resolve(envelope({ balances }));
  if (path === '/api/spot/orders' && method === 'GET') {
    const items = url.searchParams.get('state') === 'open' ? openOrders : historyOrders;
    return Promise.resolve(envelope({ items, next: null }));
  }
  if (path === '/api/spot/orders' && method === 'POST') {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    placed.push({ body, key: new Headers(init?.headers).get('idempotency-key') });
    if (refuseNext) {
      const { code, msg } = refuseNext;
      refuseNext = null;
      return Promise.resolve(envelope(null, code, msg));
    }
    return Promise.resolve(
      envelope(
        order(String(100 + placed.length), {
          side: body.side as OrderView['side'],
          timeInForce: (body.timeInForce ?? 'GTC') as OrderView['timeInForce'],
          postOnly: body.postOnly === true,
          ...outcome,
        }),
      ),
    );
  }
  const cancel = /^\/api\/spot\/orders\/(\d+)\/cancel$/.exec(path);
  if (cancel?.[1]) {
    cancelled.push(cancel[1]);
    const found = openOrders.find((item) => item.id === cancel[1]);
    openOrders = openOrders.filter((item) => item.id !== cancel[1]);
    return Promise.resolve(envelope({ ...(found ?? order(cancel[1])), status: 'cancelled' }));
  }
  return Promise.resolve(envelope(null));
}

function renderScreen(query = 'symbol=BTCUSDT&side=buy') {
  renderRoutes(
    [{ path: '/trade/spotTrading', element: <SpotTradingScreen /> }],
    `/trade/spotTrading?${query}`,
  );
}

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

async function ready() {
  await waitFor(() => expect(input(SpotTestId.price).value).toBe('64321.50'));
  await waitFor(() => expect(screen.getByTestId(SpotTestId.available).textContent).toContain('1,000'));
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  sockets = installFakeRealtime({ getToken: () => 'tok-1' });
  market = btcUsdt({
    last: '64321.50',
    open: '63000.00',
    high: '65000.00',
    low: '62000.00',
    volume: '12.5',
    turnover: '800000',
    changePercent: '2.10',
  });
  balances = [
    { account: 'spot', asset: 'USDT', available: '1000.000000', frozen: '0.000000' },
    { account: 'spot', asset: 'BTC', available: '0.01234567', frozen: '0.00000000' },
    { account: 'futures', asset: 'USDT', available: '5.000000', frozen: '0.000000' },
  ];
  openOrders = [];
  historyOrders = [];
  refuseNext = null;
  outcome = { status: 'filled', filledSize: '0.01000000' };
  placed = [];
  cancelled = [];
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  cleanup();
  setRealtimeClient(null);
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the spot trading form', () => {
  it('starts at the last price and keeps amount and total in step, exactly', async () => {
    renderScreen();
    await ready();
    expect(screen.getByTestId(SpotTestId.simulated).textContent).toBe('Simulated');
    await userEvent.type(input(SpotTestId.amount), '0.0015');
    expect(input(SpotTestId.total).value).toBe('96.48225');
    await userEvent.clear(input(SpotTestId.total));
    await userEvent.type(input(SpotTestId.total), '100');
    // 100 / 64321.5 = 0.001554690…, down to the lot of 0.00001.
    expect(input(SpotTestId.amount).value).toBe('0.00155');
  });

  it('steps the price by the tick and takes a price from the book', async () => {
    renderScreen();
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Raise the price by one step' }));
    expect(input(SpotTestId.price).value).toBe('64321.51');
    await userEvent.click(screen.getByRole('button', { name: 'Lower the price by one step' }));
    await userEvent.click(screen.getByRole('button', { name: 'Lower the price by one step' }));
    expect(input(SpotTestId.price).value).toBe('64321.49');
    const bestBid = screen.getAllByTestId(SpotTestId.bid)[0];
    if (!bestBid) throw new Error('no bid');
    await userEvent.click(bestBid);
    expect(input(SpotTestId.price).value).toBe('64321.40');
  });

  it('fills a share of the available quote with the slider, on the lot', async () => {
    renderScreen();
    await ready();
    await userEvent.click(screen.getByTestId(SpotTestId.mark(25)));
    // 250 USDT at 64321.50 buys 0.00388 BTC (down to the lot); the total is what that costs.
    expect(input(SpotTestId.amount).value).toBe('0.00388');
    expect(input(SpotTestId.total).value).toBe('249.56742');
  });

  it('on the sell side, fills a share of the base asset and names the asset on the button', async () => {
    renderScreen('symbol=BTCUSDT&side=sell');
    await waitFor(() => expect(input(SpotTestId.price).value).toBe('64321.50'));
    await waitFor(() =>
      expect(screen.getByTestId(SpotTestId.available).textContent).toContain('0.01234567 BTC'),
    );
    expect(screen.getByTestId(SpotTestId.submit).textContent).toBe('Sell BTC');
    await userEvent.click(screen.getByTestId(SpotTestId.mark(100)));
    expect(input(SpotTestId.amount).value).toBe('0.01234');
  });

  it('explains what is wrong without asking the server', async () => {
    renderScreen();
    await ready();
    await userEvent.click(screen.getByTestId(SpotTestId.submit));
    expect(await screen.findByText('Enter an amount')).toBeTruthy();
    await userEvent.type(input(SpotTestId.amount), '0.000015');
    expect(await screen.findByText('The amount must be a multiple of 0.00001')).toBeTruthy();
    await userEvent.clear(input(SpotTestId.amount));
    await userEvent.type(input(SpotTestId.amount), '0.00001');
    expect(await screen.findByText('The order total must be at least 5 USDT')).toBeTruthy();
    expect(placed).toEqual([]);
  });

  it('says the credit is running low before sending an order above the available funds', async () => {
    renderScreen();
    await ready();
    await userEvent.type(input(SpotTestId.amount), '1');
    await userEvent.click(screen.getByTestId(SpotTestId.submit));
    await waitFor(() => expect(currentNotice()?.message).toBe('Sorry your credit is running low'));
    expect(screen.getByText('Sorry your credit is running low')).toBeTruthy();
    expect(placed).toEqual([]);
  });

  it('places a limit buy with an Idempotency-Key and confirms the purchase', async () => {
    renderScreen();
    await ready();
    await userEvent.type(input(SpotTestId.amount), '0.001');
    await userEvent.click(screen.getByTestId(SpotTestId.submit));
    await waitFor(() => expect(currentNotice()?.message).toBe('Purchase successful'));
    expect(placed).toEqual([
      {
        body: {
          symbol: 'BTCUSDT',
          side: 'buy',
          type: 'limit',
          price: '64321.50',
          size: '0.001',
          timeInForce: 'GTC',
          postOnly: false,
        },
        key: expect.any(String),
      },
    ]);
    expect(input(SpotTestId.amount).value).toBe('');
  });

  it('places a market buy by the total to spend', async () => {
    renderScreen();
    await ready();
    await userEvent.click(screen.getByTestId(SpotTestId.typeMarket));
    expect(screen.queryByTestId(SpotTestId.price)).toBeNull();
    expect(screen.queryByTestId(SpotTestId.amount)).toBeNull();
    await userEvent.click(screen.getByTestId(SpotTestId.mark(50)));
    expect(input(SpotTestId.total).value).toBe('500');
    await userEvent.click(screen.getByTestId(SpotTestId.submit));
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]?.body).toMatchObject({ type: 'market', side: 'buy', total: '500' });
    expect(placed[0]?.body).not.toHaveProperty('price');
  });

  it("shows the server's refusal and sends the next order with a new key", async () => {
    renderScreen();
    await ready();
    refuseNext = { code: 6001, msg: 'Sorry your credit is running low' };
    await userEvent.type(input(SpotTestId.amount), '0.001');
    await userEvent.click(screen.getByTestId(SpotTestId.submit));
    await waitFor(() => expect(currentNotice()?.message).toBe('Sorry your credit is running low'));
    await userEvent.click(screen.getByTestId(SpotTestId.submit));
    await waitFor(() => expect(currentNotice()?.message).toBe('Purchase successful'));
    expect(placed).toHaveLength(2);
    expect(placed[1]?.key).not.toBe(placed[0]?.key);
  });

  it('confirms a sale in its own words', async () => {
    renderScreen('symbol=BTCUSDT&side=sell');
    await waitFor(() => expect(input(SpotTestId.price).value).toBe('64321.50'));
    await waitFor(() => expect(screen.getByTestId(SpotTestId.available).textContent).toContain('BTC'));
    await userEvent.type(input(SpotTestId.amount), '0.01');
    await userEvent.click(screen.getByTestId(SpotTestId.submit));
    await waitFor(() => expect(currentNotice()?.message).toBe('Sale successful'));
    expect(placed[0]?.body).toMatchObject({ side: 'sell', type: 'limit', size: '0.01' });
  });

  it('sends the time in force and post-only of a limit order and says when the book did not take it', async () => {
    renderScreen();
    await ready();
    const timeInForce = screen.getByTestId(SpotTestId.timeInForce) as HTMLSelectElement;
    await userEvent.selectOptions(timeInForce, 'FOK');
    expect(screen.getByText('Fills in full at once, or not at all')).toBeTruthy();
    await userEvent.type(input(SpotTestId.amount), '0.01');
    outcome = { status: 'rejected', filledSize: '0' };
    await userEvent.click(screen.getByTestId(SpotTestId.submit));
    await waitFor(() =>
      expect(currentNotice()?.message).toBe('Not placed: the order could not be filled in full at once'),
    );
    expect(currentNotice()?.tone).toBe('negative');
    expect(placed[0]?.body).toMatchObject({ type: 'limit', timeInForce: 'FOK', postOnly: false });

    // Post-only rests or is not placed, so it is always good till cancelled.
    await userEvent.click(screen.getByTestId(SpotTestId.postOnly));
    expect(timeInForce.disabled).toBe(true);
    expect(timeInForce.value).toBe('GTC');
    await userEvent.type(input(SpotTestId.amount), '0.01');
    await userEvent.click(screen.getByTestId(SpotTestId.submit));
    await waitFor(() =>
      expect(currentNotice()?.message).toBe('Not placed: a post-only order would have traded at once'),
    );
    expect(placed[1]?.body).toMatchObject({ timeInForce: 'GTC', postOnly: true });

    await userEvent.click(screen.getByTestId(SpotTestId.postOnly));
    await userEvent.selectOptions(timeInForce, 'IOC');
    await userEvent.type(input(SpotTestId.amount), '0.01');
    outcome = { status: 'cancelled', filledSize: '0.00000000' };
    await userEvent.click(screen.getByTestId(SpotTestId.submit));
    await waitFor(() =>
      expect(currentNotice()?.message).toBe('Nothing could be filled at once, so the order was cancelled'),
    );
    expect(placed[2]?.body).toMatchObject({ timeInForce: 'IOC', postOnly: false });

    // A market order has neither.
    await userEvent.click(screen.getByTestId(SpotTestId.typeMarket));
    expect(screen.queryByTestId(SpotTestId.timeInForce)).toBeNull();
    expect(screen.queryByTestId(SpotTestId.postOnly)).toBeNull();
  });

  it('finds a market in the pair sheet by a part of its name and switches to it', async () => {
    const eth = { ...market, symbol: 'ETHUSDT', base: 'ETH' };
    const markets = [market, eth];
    vi.mocked(window.fetch).mockImplementation((request, init) => {
      const path = new URL(String(request), 'http://localhost').pathname;
      if (path === '/api/markets') return Promise.resolve(envelope({ items: markets }));
      if (path === '/api/markets/ETHUSDT') return Promise.resolve(envelope(eth));
      if (path === '/api/markets/ETHUSDT/depth') {
        return Promise.resolve(envelope({ symbol: 'ETHUSDT', bids: [], asks: [], version: 1 }));
      }
      return fakeServer(request, init);
    });
    renderScreen();
    await ready();
    await userEvent.click(screen.getByTestId(SpotTestId.pair));
    const sheet = await screen.findByTestId(SpotTestId.pairSheet);
    await within(sheet).findByTestId(SpotTestId.pairOption('ETHUSDT'));
    await userEvent.type(within(sheet).getByRole('searchbox'), 'eth');
    expect(within(sheet).queryByTestId(SpotTestId.pairOption('BTCUSDT'))).toBeNull();
    await userEvent.clear(within(sheet).getByRole('searchbox'));
    await userEvent.type(within(sheet).getByRole('searchbox'), 'doge');
    expect(within(sheet).getByText('No market found')).toBeTruthy();
    await userEvent.clear(within(sheet).getByRole('searchbox'));
    await userEvent.type(within(sheet).getByRole('searchbox'), 'Eth/u');
    await userEvent.click(within(sheet).getByTestId(SpotTestId.pairOption('ETHUSDT')));
    await waitFor(() => expect(screen.getByTestId(SpotTestId.screen).dataset.symbol).toBe('ETHUSDT'));
  });

  it('follows the live book, price and balances', async () => {
    renderScreen();
    await ready();
    const socket = sockets[0];
    if (!socket) throw new Error('no socket');
    socket.open();
    const subscribed = socket.sent.flatMap((message) => message.channels ?? []);
    expect(subscribed).toEqual(
      expect.arrayContaining(['ticker:BTCUSDT', 'depth:BTCUSDT', 'orders', 'balances']),
    );
    socket.push('depth:BTCUSDT', {
      symbol: 'BTCUSDT',
      bids: [['64000.00', '1.00000']],
      asks: [['64500.00', '0.25000']],
      version: 9,
    });
    await waitFor(() => expect(screen.getAllByTestId(SpotTestId.ask)).toHaveLength(1));
    expect(screen.getByTestId(SpotTestId.ask).getAttribute('data-price')).toBe('64500.00');
    // Depth bars measure against the deeper side: 0.25 of 1 BTC.
    expect(screen.getByTestId(SpotTestId.ask).style.getPropertyValue('--fill')).toBe('25%');
    expect(screen.getByTestId(SpotTestId.bid).style.getPropertyValue('--fill')).toBe('100%');
    socket.push('ticker:BTCUSDT', tickerOf(market, { last: '64400.00' }));
    await waitFor(() => expect(screen.getByTestId(SpotTestId.lastPrice).textContent).toBe('64,400.00'));
    socket.push('balances', [{ account: 'spot', asset: 'USDT', available: '12.500000', frozen: '0.000000' }]);
    await waitFor(() => expect(screen.getByTestId(SpotTestId.available).textContent).toContain('12.5 USDT'));
  });

  it('reads balances and orders again when the live connection is back after it was lost', async () => {
    const reconnects: (() => void)[] = [];
    setRealtimeClient(null);
    sockets = installFakeRealtime({
      getToken: () => 'tok-1',
      backoff: () => 1,
      setTimer: (fn, ms) => {
        if (ms === 1) reconnects.push(fn);
        return 0;
      },
    });
    renderScreen();
    await ready();
    sockets[0]?.open();
    // Updates pushed while the connection was down never arrive: the balance changed meanwhile.
    sockets[0]?.drop();
    balances = [{ account: 'spot', asset: 'USDT', available: '77.000000', frozen: '0.000000' }];
    for (const reconnect of reconnects.splice(0)) reconnect();
    sockets[1]?.open();
    await waitFor(() => expect(screen.getByTestId(SpotTestId.available).textContent).toContain('77 USDT'));
  });

  it('shows that a closed market is closed and refuses to submit', async () => {
    market = { ...market, open: false };
    renderScreen();
    expect((await screen.findByTestId(SpotTestId.closed)).textContent).toBe('This market is closed');
    expect((screen.getByTestId(SpotTestId.submit) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('a market that cannot be shown', () => {
  it('says a market that does not exist does not exist, with the market list and the pair sheet, no Retry', async () => {
    renderScreen('symbol=NOPEUSDT&side=buy');
    const missing = await screen.findByTestId(TestId.marketMissing);
    expect(within(missing).getByText('This market does not exist')).toBeTruthy();
    expect(within(missing).getByRole('link', { name: 'Go to the market list' })).toBeTruthy();
    expect(within(missing).getByRole('button', { name: 'Choose a market' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('offers a Retry when the market could not be read', async () => {
    vi.mocked(window.fetch).mockImplementation((input, init) =>
      new URL(String(input), 'http://localhost').pathname === '/api/markets/BTCUSDT'
        ? Promise.resolve(new Response('unavailable', { status: 503 }))
        : fakeServer(input as string, init),
    );
    renderScreen();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByTestId(TestId.marketMissing)).toBeNull();
  });
});

describe('open orders', () => {
  it('cancels one order and confirms it', async () => {
    openOrders = [order('7'), order('8', { price: '31000.00' })];
    renderScreen();
    const list = await screen.findByTestId(SpotTestId.orders);
    expect(within(list).getAllByTestId(SpotTestId.order)).toHaveLength(2);
    expect(screen.getByTestId(SpotTestId.tabOpen).textContent).toBe('Open orders (2)');
    const first = within(list).getAllByTestId(SpotTestId.cancel)[0];
    if (!first) throw new Error('no cancel button');
    await userEvent.click(first);
    await waitFor(() => expect(currentNotice()?.message).toBe('Cancel success'));
    expect(cancelled).toEqual(['7']);
    await waitFor(() => expect(screen.getAllByTestId(SpotTestId.order)).toHaveLength(1));
  });

  it('shows No data yet when nothing is open', async () => {
    renderScreen();
    expect((await screen.findByTestId(SpotTestId.ordersEmpty)).textContent).toBe('No data yet');
  });
});

describe('order history', () => {
  it('shows each figure of an order with its asset: a market buy by total', async () => {
    historyOrders = [
      order('9', {
        type: 'market',
        price: null,
        size: null,
        total: '100.000000',
        filledSize: '0.00155000',
        filledTotal: '99.700000',
        averagePrice: '64322.58',
        status: 'filled',
      }),
    ];
    renderScreen();
    await userEvent.click(await screen.findByTestId(SpotTestId.tabHistory));
    const row = await screen.findByTestId(SpotTestId.order);
    const facts = [...row.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(facts).toEqual([
      ['Price', '64,322.58'],
      ['Total', '100 USDT'],
      ['Filled', '0.00155 BTC'],
    ]);
  });
});
