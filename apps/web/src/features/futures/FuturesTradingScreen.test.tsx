import type { FuturesMarket, FuturesOrderView, FuturesPosition, WalletBalance } from '@kestrel/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotice } from '../../components/notice/noticeStore';
import { initI18n } from '../../i18n/i18n';
import { setRealtimeClient } from '../../lib/realtime';
import { type FakeSocket, installFakeRealtime } from '../../test/fakeRealtime';
import { btcUsdt } from '../../test/marketFixtures';
import { renderRoutes } from '../../test/render';
import { FuturesTradingScreen } from './FuturesTradingScreen';
import { FuturesTestId } from './testIds';

vi.mock('../markets/KlineChart', () => ({ default: () => <div data-testid="kline" /> }));

let sockets: FakeSocket[];
let market: FuturesMarket;
let balances: WalletBalance[];
let setting: { symbol: string; leverage: number; marginMode: 'cross' | 'isolated' };
let positions: FuturesPosition[];
let openOrders: FuturesOrderView[];
let pastOrders: FuturesOrderView[];
/** The query of every explanation asked for. */
let explained: Record<string, string>[];
/** The figures the server explains a position with: inputs, then calculated figures with their formulas. */
const explanation = {
  symbol: 'BTCUSDT',
  subject: 'position',
  figures: [
    { name: 'size', value: '0.2', formula: null },
    { name: 'entryPrice', value: '48000', formula: null },
    { name: 'leverage', value: '10', formula: null },
    { name: 'places', value: '6', formula: null },
    { name: 'notional.atEntry', value: '9600', formula: 'entryPrice × size' },
    { name: 'initialMargin', value: '960.000000', formula: 'roundUp(notional.atEntry / leverage, places)' },
  ],
};
/** Every request that changes something: its path and body. */
let sent: { path: string; body: Record<string, unknown>; key: string | null }[];

function envelope(data: unknown, code = 0, msg = 'ok') {
  return new Response(JSON.stringify({ code, msg, data }), { status: code === 0 ? 200 : 400 });
}

const stats = {
  last: '50000.00',
  open: '49000.00',
  high: '51000.00',
  low: '48000.00',
  volume: '10',
  turnover: '500000',
  changePercent: '2.04',
};

const futuresOrder = (id: string, overrides: Partial<FuturesOrderView> = {}): FuturesOrderView => ({
  id,
  symbol: 'BTCUSDT',
  action: 'openLong',
  type: 'limit',
  timeInForce: 'GTC',
  postOnly: false,
  price: '49000.00',
  size: '0.010',
  filledSize: '0',
  averagePrice: null,
  leverage: 10,
  marginMode: 'cross',
  margin: '49.000000',
  takeProfit: null,
  stopLoss: null,
  realizedPnl: '0',
  fee: '0',
  status: 'open',
  origin: 'user',
  createdAt: '2026-11-27T04:00:00.000Z',
  updatedAt: '2026-11-27T04:00:00.000Z',
  ...overrides,
});

const longPosition = (overrides: Partial<FuturesPosition> = {}): FuturesPosition => ({
  symbol: 'BTCUSDT',
  side: 'long',
  size: '0.200',
  entryPrice: '48000.00',
  markPrice: '50000.00',
  liquidationPrice: '43440.00',
  margin: '960.000000',
  maintenanceMargin: '40.000000',
  marginMode: 'cross',
  leverage: 10,
  unrealizedPnl: '400.000000',
  pnlPercent: '41.66',
  takeProfit: '60000.00',
  stopLoss: null,
  updatedAt: '2026-11-27T04:00:00.000Z',
  ...overrides,
});

function fakeServer(input: string | URL | Request, init?: RequestInit) {
  const url = new URL(String(input), 'http://localhost');
  const path = url.pathname;
  const method = init?.method ?? 'GET';
  if (method !== 'GET') {
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    sent.push({ path, body, key: new Headers(init?.headers).get('idempotency-key') });
  }
  if (path === '/api/futures/markets/BTCUSDT') return Promise.resolve(envelope(market));
  if (path === '/api/markets/BTCUSDT') return Promise.resolve(envelope(btcUsdt(stats)));
  if (path === '/api/futures/markets/BTCUSDT/depth') {
    return Promise.resolve(
      envelope({
        symbol: 'BTCUSDT',
        bids: [['49999.90', '0.500']],
        asks: [['50000.10', '0.300']],
        version: 3,
      }),
    );
  }
  if (path === '/api/wallet/balances') return Promise.resolve(envelope({ balances }));
  if (path === '/api/futures/settings' && method === 'GET')
    return Promise.resolve(envelope({ items: [setting] }));
  if (path === '/api/futures/settings' && method === 'PUT') {
    setting = JSON.parse(String(init?.body));
    return Promise.resolve(envelope(setting));
  }
  if (path === '/api/futures/positions') return Promise.resolve(envelope({ items: positions }));
  if (path === '/api/futures/orders' && method === 'GET') {
    const items = url.searchParams.get('state') === 'open' ? openOrders : pastOrders;
    return Promise.resolve(envelope({ items, next: null }));
  }
  if (path === '/api/futures/orders' && method === 'POST') {
    const body = JSON.parse(String(init?.body)) as FuturesOrderView;
    return Promise.resolve(envelope(futuresOrder(String(100 + sent.length), { ...body, status: 'filled' })));
  }
  if (path === '/api/futures/positions/close') return Promise.resolve(envelope(futuresOrder('200')));
  if (path === '/api/futures/positions/triggers') {
    const body = JSON.parse(String(init?.body)) as Partial<FuturesPosition>;
    return Promise.resolve(envelope(longPosition({ takeProfit: body.takeProfit, stopLoss: body.stopLoss })));
  }
  const cancel = /^\/api\/futures\/orders\/(\d+)\/cancel$/.exec(path);
  if (cancel?.[1]) {
    openOrders = [];
    return Promise.resolve(envelope(futuresOrder(cancel[1], { status: 'cancelled' })));
  }
  if (path === '/api/futures/funding') return Promise.resolve(envelope({ items: [], next: null }));
  if (path === '/api/futures/explain') {
    explained.push(Object.fromEntries(url.searchParams));
    return Promise.resolve(envelope(explanation));
  }
  return Promise.resolve(envelope(null));
}

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const text = (id: string) => screen.getByTestId(id).textContent;

function renderScreen() {
  renderRoutes(
    [{ path: '/trade/futures', element: <FuturesTradingScreen /> }],
    '/trade/futures?symbol=BTCUSDT',
  );
}

async function ready() {
  await waitFor(() => expect(input(FuturesTestId.price).value).toBe('50000.00'));
  await waitFor(() => expect(text(FuturesTestId.available)).toBe('1,000 USDT'));
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  sockets = installFakeRealtime({ getToken: () => 'tok-1' });
  market = {
    symbol: 'BTCUSDT',
    base: 'BTC',
    quote: 'USDT',
    tickSize: '0.01',
    lotSize: '0.001',
    minNotional: '5',
    makerFee: '0.0002',
    takerFee: '0.0005',
    open: true,
    markPrice: '50000.00',
    indexPrice: '49990.00',
    fundingRate: '0.0001',
    nextFundingTime: new Date(Date.now() + 2 * 3600_000 + 5 * 60_000 + 30_000).toISOString(),
    fundingIntervalHours: 8,
    stale: false,
    stats,
    brackets: [
      {
        notionalFloor: '0',
        notionalCap: '50000',
        maxLeverage: 125,
        maintenanceMarginRate: '0.004',
        maintenanceAmount: '0',
      },
      {
        notionalFloor: '50000',
        notionalCap: '600000',
        maxLeverage: 100,
        maintenanceMarginRate: '0.005',
        maintenanceAmount: '50',
      },
    ],
  };
  balances = [
    { account: 'spot', asset: 'USDT', available: '250.000000', frozen: '0.000000' },
    { account: 'futures', asset: 'USDT', available: '1000.000000', frozen: '0.000000' },
  ];
  setting = { symbol: 'BTCUSDT', leverage: 10, marginMode: 'cross' };
  positions = [];
  openOrders = [];
  pastOrders = [];
  sent = [];
  explained = [];
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  cleanup();
  setRealtimeClient(null);
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the futures screen header', () => {
  it('shows the mark and index price, the funding rate and the time to funding, labelled simulated', async () => {
    renderScreen();
    await ready();
    expect(text(FuturesTestId.markPrice)).toBe('50,000.00');
    expect(text(FuturesTestId.indexPrice)).toBe('49,990.00');
    expect(text(FuturesTestId.fundingRate)).toBe('+0.0100%');
    expect(text(FuturesTestId.countdown)).toMatch(/^02:0[45]:\d\d$/);
    expect(screen.getByTestId(FuturesTestId.simulated).textContent).toBe('Simulated');
    expect(screen.getByTestId(FuturesTestId.modeFutures).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Index price chart')).toBeTruthy();
  });

  it('follows the mark price and funding pushed on the ticker channel', async () => {
    renderScreen();
    await ready();
    const socket = sockets[0];
    if (!socket) throw new Error('no socket');
    socket.open();
    const subscribed = socket.sent.flatMap((message) => message.channels ?? []);
    expect(subscribed).toEqual(
      expect.arrayContaining(['futuresTicker:BTCUSDT', 'futuresDepth:BTCUSDT', 'futuresOrders', 'positions']),
    );
    socket.push('futuresTicker:BTCUSDT', {
      symbol: 'BTCUSDT',
      markPrice: '50100.00',
      indexPrice: '50090.00',
      fundingRate: '-0.00025',
      nextFundingTime: market.nextFundingTime,
      stale: false,
      stats,
    });
    await waitFor(() => expect(text(FuturesTestId.markPrice)).toBe('50,100.00'));
    expect(text(FuturesTestId.fundingRate)).toBe('-0.0250%');
  });
});

describe('the futures order form', () => {
  it('shows the max long, max short and cost live from the balance, the leverage and the brackets', async () => {
    renderScreen();
    await ready();
    // 10x: per BTC 5,000 of margin and 25 of fee; 1,000 USDT opens 0.199 BTC either way.
    await waitFor(() => expect(text(FuturesTestId.maxLong)).toBe('0.199 BTC'));
    expect(text(FuturesTestId.maxShort)).toBe('0.199 BTC');
    expect(text(FuturesTestId.costLong)).toBe('--');
    await userEvent.type(input(FuturesTestId.size), '0.1');
    expect(text(FuturesTestId.costLong)).toBe('502.5 USDT');
    // A limit price above the mark costs a long its open loss: 0.1 × 100 more.
    await userEvent.clear(input(FuturesTestId.price));
    await userEvent.type(input(FuturesTestId.price), '50100');
    expect(text(FuturesTestId.costLong)).toBe('513.505 USDT');
    expect(text(FuturesTestId.costShort)).toBe('503.505 USDT');
    await userEvent.click(screen.getByTestId(FuturesTestId.mark(50)));
    // Half of the smaller maximum (0.194 long at this price), on the lot.
    expect(input(FuturesTestId.size).value).toBe('0.097');
  });

  it("explains a side's cost and max from the form's current draft, once there is a size", async () => {
    renderScreen();
    await ready();
    expect(screen.queryByTestId(FuturesTestId.explainDraft('short'))).toBeNull();
    await userEvent.type(input(FuturesTestId.size), '0.1');
    await userEvent.click(screen.getByTestId(FuturesTestId.explainDraft('short')));
    const sheet = screen.getByTestId(FuturesTestId.explainSheet);
    expect(within(sheet).getByText(/exact figures behind this order/)).toBeTruthy();
    await within(sheet).findByText('initialMargin');
    expect(explained).toEqual([
      {
        symbol: 'BTCUSDT',
        action: 'openShort',
        type: 'limit',
        price: '50000.00',
        size: '0.1',
        leverage: '10',
        marginMode: 'cross',
      },
    ]);
  });

  it('opens a long with its take profit and stop loss, and a short, each with its own key', async () => {
    renderScreen();
    await ready();
    await userEvent.type(input(FuturesTestId.size), '0.01');
    await userEvent.click(screen.getByTestId(FuturesTestId.triggers));
    await userEvent.type(input(FuturesTestId.takeProfit), '55000');
    await userEvent.type(input(FuturesTestId.stopLoss), '48000');
    await userEvent.click(screen.getByTestId(FuturesTestId.submitLong));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.path).toBe('/api/futures/orders');
    expect(sent[0]?.body).toMatchObject({
      symbol: 'BTCUSDT',
      action: 'openLong',
      type: 'limit',
      price: '50000.00',
      size: '0.01',
      takeProfit: '55000',
      stopLoss: '48000',
    });
    await waitFor(() => expect(currentNotice()?.message).toBe('Order placed'));
    await userEvent.click(screen.getByTestId(FuturesTestId.typeMarket));
    await userEvent.type(input(FuturesTestId.size), '0.02');
    await userEvent.click(screen.getByTestId(FuturesTestId.submitShort));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toEqual({ symbol: 'BTCUSDT', action: 'openShort', type: 'market', size: '0.02' });
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });

  it('refuses a take profit on the wrong side before asking the server', async () => {
    renderScreen();
    await ready();
    await userEvent.type(input(FuturesTestId.size), '0.01');
    await userEvent.click(screen.getByTestId(FuturesTestId.triggers));
    await userEvent.type(input(FuturesTestId.takeProfit), '45000');
    await userEvent.click(screen.getByTestId(FuturesTestId.submitLong));
    expect(await screen.findByText("A long's take profit must be above the order price")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('closes with the Close tab: the positions are the maxima and no trigger is sent', async () => {
    positions = [longPosition()];
    renderScreen();
    await ready();
    await userEvent.click(screen.getByTestId(FuturesTestId.tabClose));
    expect(screen.queryByTestId(FuturesTestId.triggers)).toBeNull();
    expect(text(FuturesTestId.maxLong)).toBe('0.2 BTC');
    expect(text(FuturesTestId.submitLong)).toBe('Close long');
    expect(text(FuturesTestId.submitShort)).toBe('Close short');
    await userEvent.click(screen.getByTestId(FuturesTestId.mark(50)));
    expect(input(FuturesTestId.size).value).toBe('0.100');
    await userEvent.click(screen.getByTestId(FuturesTestId.submitLong));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      symbol: 'BTCUSDT',
      action: 'closeLong',
      type: 'limit',
      price: '50000.00',
      size: '0.100',
    });
  });

  it('asks for a confirmation before a leverage above 20x, and saves it', async () => {
    setting = { ...setting, leverage: 20 };
    renderScreen();
    await ready();
    await waitFor(() => expect(text(FuturesTestId.leverage)).toBe('20x'));
    await userEvent.click(screen.getByTestId(FuturesTestId.leverage));
    const sheet = screen.getByTestId(FuturesTestId.leverageSheet);
    expect(
      within(sheet).getByText('Up to 125x for the smallest positions; larger positions allow less'),
    ).toBeTruthy();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Raise the leverage' }));
    expect(text(FuturesTestId.leverageInput)).toBe('21x');
    const save = within(sheet).getByTestId(FuturesTestId.leverageSave) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.click(within(sheet).getByTestId(FuturesTestId.leverageConfirm));
    expect(save.disabled).toBe(false);
    await userEvent.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      path: '/api/futures/settings',
      body: { symbol: 'BTCUSDT', leverage: 21, marginMode: 'cross' },
    });
    await waitFor(() => expect(text(FuturesTestId.leverage)).toBe('21x'));
  });

  it('saves a leverage of 20x or less without a confirmation, and switches to isolated', async () => {
    renderScreen();
    await ready();
    await waitFor(() => expect(text(FuturesTestId.leverage)).toBe('10x'));
    await userEvent.click(screen.getByTestId(FuturesTestId.leverage));
    const sheet = screen.getByTestId(FuturesTestId.leverageSheet);
    await userEvent.click(within(sheet).getByRole('button', { name: '20x' }));
    expect(within(sheet).queryByTestId(FuturesTestId.leverageConfirm)).toBeNull();
    await userEvent.click(within(sheet).getByTestId(FuturesTestId.leverageSave));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ symbol: 'BTCUSDT', leverage: 20, marginMode: 'cross' });
    await userEvent.click(screen.getByTestId(FuturesTestId.marginMode));
    await userEvent.click(screen.getByTestId(FuturesTestId.marginOption('isolated')));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toEqual({ symbol: 'BTCUSDT', leverage: 20, marginMode: 'isolated' });
    await waitFor(() => expect(text(FuturesTestId.marginMode)).toBe('Isolated'));
  });
});

describe('the positions list', () => {
  it('shows entry, mark and liquidation price, margin, pnl and pnl percent, and follows pushed positions', async () => {
    positions = [longPosition()];
    renderScreen();
    await ready();
    const card = await screen.findByTestId(FuturesTestId.position);
    expect(card.textContent).toContain('Entry price48,000.00');
    expect(card.textContent).toContain('Mark price50,000.00');
    expect(card.textContent).toContain('Liq. price43,440.00');
    expect(card.textContent).toContain('Margin960');
    expect(card.textContent).toContain('+400.00');
    expect(card.textContent).toContain('+41.66%');
    expect(card.textContent).toContain('60,000.00 / --');
    expect(screen.getByTestId(FuturesTestId.tab('positions')).textContent).toBe('Positions (1)');
    const socket = sockets[0];
    if (!socket) throw new Error('no socket');
    socket.open();
    socket.push('positions', [
      longPosition({ markPrice: '47000.00', unrealizedPnl: '-200.000000', pnlPercent: '-20.83' }),
    ]);
    await waitFor(() => expect(screen.getByTestId(FuturesTestId.position).textContent).toContain('-200.00'));
    expect(screen.getByTestId(FuturesTestId.position).textContent).toContain('-20.83%');
    socket.push('positions', []);
    await waitFor(() => expect(screen.getByTestId(FuturesTestId.positionsEmpty)).toBeTruthy());
  });

  it('closes half a position at the market, then the rest with a limit order', async () => {
    positions = [longPosition()];
    renderScreen();
    await ready();
    await userEvent.click(await screen.findByTestId(FuturesTestId.closePosition));
    let sheet = screen.getByTestId(FuturesTestId.closeSheet);
    await userEvent.click(within(sheet).getByTestId(FuturesTestId.closeShare(50)));
    expect((within(sheet).getByTestId(FuturesTestId.closeSize) as HTMLInputElement).value).toBe('0.100');
    await userEvent.click(within(sheet).getByTestId(FuturesTestId.closeSubmit));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      path: '/api/futures/positions/close',
      body: { symbol: 'BTCUSDT', side: 'long', size: '0.100' },
    });
    expect(sent[0]?.key).toBeTruthy();
    await userEvent.click(await screen.findByTestId(FuturesTestId.closePosition));
    sheet = screen.getByTestId(FuturesTestId.closeSheet);
    await userEvent.click(within(sheet).getByTestId(FuturesTestId.closeType('limit')));
    await userEvent.clear(within(sheet).getByTestId(FuturesTestId.closePrice));
    await userEvent.type(within(sheet).getByTestId(FuturesTestId.closePrice), '51000');
    await userEvent.click(within(sheet).getByTestId(FuturesTestId.closeShare(100)));
    await userEvent.click(within(sheet).getByTestId(FuturesTestId.closeSubmit));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({
      path: '/api/futures/orders',
      body: { symbol: 'BTCUSDT', action: 'closeLong', type: 'limit', price: '51000', size: '0.200' },
    });
  });

  it('closes all of a position without naming a size', async () => {
    positions = [longPosition()];
    renderScreen();
    await ready();
    await userEvent.click(await screen.findByTestId(FuturesTestId.closePosition));
    await userEvent.click(screen.getByTestId(FuturesTestId.closeSubmit));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ symbol: 'BTCUSDT', side: 'long' });
  });

  it("edits a position's take profit and stop loss; an empty field clears it", async () => {
    positions = [longPosition()];
    renderScreen();
    await ready();
    await userEvent.click(await screen.findByTestId(FuturesTestId.editTriggers));
    const sheet = screen.getByTestId(FuturesTestId.triggersSheet);
    expect((within(sheet).getByTestId(FuturesTestId.triggersTakeProfit) as HTMLInputElement).value).toBe(
      '60000.00',
    );
    await userEvent.clear(within(sheet).getByTestId(FuturesTestId.triggersTakeProfit));
    await userEvent.type(within(sheet).getByTestId(FuturesTestId.triggersStopLoss), '46000');
    await userEvent.click(within(sheet).getByTestId(FuturesTestId.triggersSave));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      path: '/api/futures/positions/triggers',
      body: { symbol: 'BTCUSDT', side: 'long', takeProfit: null, stopLoss: '46000' },
    });
    await waitFor(() =>
      expect(screen.getByTestId(FuturesTestId.position).textContent).toContain('-- / 46,000.00'),
    );
  });

  it("explains a position: its inputs, then each calculated figure's exact value under its formula", async () => {
    positions = [longPosition()];
    renderScreen();
    await ready();
    await userEvent.click(await screen.findByTestId(FuturesTestId.explainPosition));
    const sheet = screen.getByTestId(FuturesTestId.explainSheet);
    expect(within(sheet).getByText(/exact figures behind this position/)).toBeTruthy();
    const [inputs, calculated] = await within(sheet).findAllByTestId(FuturesTestId.explainGroup);
    expect(explained).toEqual([{ symbol: 'BTCUSDT', side: 'long' }]);
    expect(within(inputs as HTMLElement).getByRole('heading').textContent).toBe('Inputs');
    expect(
      within(inputs as HTMLElement)
        .getAllByTestId(FuturesTestId.explainValue)
        .map((value) => value.textContent),
    ).toEqual(['0.2', '48000', '10', '6']);
    expect(within(inputs as HTMLElement).queryByTestId(FuturesTestId.explainFormula)).toBeNull();
    expect(within(calculated as HTMLElement).getByRole('heading').textContent).toBe('Calculated');
    const margin = within(calculated as HTMLElement).getAllByTestId(
      FuturesTestId.explainFigure,
    )[1] as HTMLElement;
    expect(within(margin).getByText('initialMargin')).toBeTruthy();
    expect(within(margin).getByTestId(FuturesTestId.explainValue).textContent).toBe('960.000000');
    expect(within(margin).getByTestId(FuturesTestId.explainFormula).textContent).toBe(
      'roundUp(notional.atEntry / leverage, places)',
    );
    expect(within(margin).getByTestId(FuturesTestId.explainFormula).getAttribute('dir')).toBe('ltr');
  });

  it('lists open orders, takes pushed ones in, and cancels', async () => {
    openOrders = [futuresOrder('7')];
    renderScreen();
    await ready();
    await userEvent.click(screen.getByTestId(FuturesTestId.tab('open')));
    await waitFor(() => expect(screen.getAllByTestId(FuturesTestId.order)).toHaveLength(1));
    const socket = sockets[0];
    if (!socket) throw new Error('no socket');
    socket.open();
    socket.push('futuresOrders', futuresOrder('9', { action: 'openShort', price: '52000.00' }));
    await waitFor(() => expect(screen.getAllByTestId(FuturesTestId.order)).toHaveLength(2));
    expect(screen.getAllByTestId(FuturesTestId.order)[0]?.textContent).toContain('Open short');
    const first = screen.getAllByTestId(FuturesTestId.cancel)[1];
    if (!first) throw new Error('no cancel');
    await userEvent.click(first);
    await waitFor(() =>
      expect(sent.map((request) => request.path)).toEqual(['/api/futures/orders/7/cancel']),
    );
  });

  it('marks an order the liquidation engine placed, and none the user placed', async () => {
    const filled = { status: 'filled', filledSize: '0.010', averagePrice: '43000.00' } as const;
    pastOrders = [
      futuresOrder('11', { ...filled, action: 'closeLong', origin: 'liquidation' }),
      futuresOrder('10', filled),
    ];
    renderScreen();
    await ready();
    await userEvent.click(screen.getByTestId(FuturesTestId.tab('history')));
    await waitFor(() => expect(screen.getAllByTestId(FuturesTestId.order)).toHaveLength(2));
    const [liquidated, placed] = screen.getAllByTestId(FuturesTestId.order);
    if (!liquidated || !placed) throw new Error('no orders');
    expect(within(liquidated).getByTestId(FuturesTestId.orderOrigin).textContent).toBe('Liquidation');
    expect(within(placed).queryByTestId(FuturesTestId.orderOrigin)).toBeNull();
  });
});
