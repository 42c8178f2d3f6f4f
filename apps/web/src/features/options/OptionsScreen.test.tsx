import {
  OPTION_RULES,
  type OptionOrderView,
  type OptionProduct,
  type OptionProof,
  type OptionTick,
  type WalletBalance,
} from '@kestrel/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotice } from '../../components/notice/noticeStore';
import { i18n, initI18n, switchLanguage } from '../../i18n/i18n';
import { setRealtimeClient } from '../../lib/realtime';
import { resetServerClock } from '../../lib/serverClock';
import { type FakeSocket, installFakeRealtime } from '../../test/fakeRealtime';
import { btcUsdt } from '../../test/marketFixtures';
import { renderRoutes } from '../../test/render';
import { FuturesTestId } from '../futures/testIds';
import { OptionsScreen } from './OptionsScreen';
import { OptionsTestId } from './testIds';

/*
 * The options screen against a fake server whose every answer the app's client checks against the contract's
 * response schemas (api/http.ts checks answers in tests), so a fake that drifts from the contract fails here.
 */

let sockets: FakeSocket[];
let products: OptionProduct[];
let ticks: OptionTick[];
let balances: WalletBalance[];
let openOrders: OptionOrderView[];
let settledOrders: OptionOrderView[];
let proofs: Record<string, OptionProof>;
/** What the next purchase answers: the order, or the server's refusal. */
let purchase: { refuse: string } | null;
/** Every purchase sent: its body and Idempotency-Key. */
let sent: { body: Record<string, unknown>; key: string | null }[];

const SECOND = 1000;
const at = (ms: number) => new Date(ms).toISOString();

function envelope(data: unknown, code = 0, msg = 'ok') {
  return new Response(JSON.stringify({ code, msg, data }), { status: code === 0 ? 200 : 400 });
}

const tick = (id: string, price: string, time = at(Date.now() - 5 * SECOND)): OptionTick => ({
  id,
  price,
  time,
});

/** A 1-minute period whose round 4,242 on sale now closes buying in 2 minutes 5 seconds (the fake's clock). */
function periodOf(seconds: number, payoutRate: string) {
  const cutoff = Date.now() + 125 * SECOND;
  return {
    seconds,
    periodSeconds: seconds,
    periodNumber: 4_242,
    openTime: at(cutoff + 10 * SECOND - seconds * SECOND),
    closeTime: at(cutoff + 10 * SECOND),
    buyCutoffTime: at(cutoff),
    buyCutoffSeconds: 10,
    payoutRate,
    minStake: '10',
    maxStake: '1000',
  };
}

function productOf(id: string, symbol: string, lastTick: OptionTick | null): OptionProduct {
  const periods = [periodOf(60, '0.85'), periodOf(300, '0.8')];
  const first = periods[0] as (typeof periods)[number];
  return {
    id,
    symbol,
    asset: 'USDT',
    open: true,
    periods,
    periodNumber: first.periodNumber,
    closeTime: first.closeTime,
    buyCutoffTime: first.buyCutoffTime,
    maxOpenOrders: 10,
    maxDailyLoss: '5000',
    staleSeconds: 5,
    lastTick,
    stale: false,
  };
}

const optionOrder = (id: string, changes: Partial<OptionOrderView> = {}): OptionOrderView => ({
  id,
  productId: '1',
  symbol: 'BTCUSDT',
  asset: 'USDT',
  periodSeconds: 60,
  periodNumber: 4_242,
  direction: 'up',
  amount: '100.000000',
  payoutRate: '0.85',
  status: 'awaitingDelivery',
  outcome: null,
  createdAt: at(Date.now() - 20 * SECOND),
  buyCutoffTime: at(Date.now() + 80 * SECOND),
  openPrice: null,
  openTime: null,
  closePrice: null,
  closeTime: at(Date.now() + 90 * SECOND),
  profit: null,
  payout: null,
  settledAt: null,
  ...changes,
});

const settled = (id: string, changes: Partial<OptionOrderView>): OptionOrderView =>
  optionOrder(id, {
    status: 'completed',
    openPrice: '50000.00',
    openTime: '2026-11-27T10:00:01.250Z',
    closePrice: '50120.00',
    closeTime: '2026-11-27T10:01:00.000Z',
    createdAt: '2026-11-27T10:00:00.500Z',
    buyCutoffTime: '2026-11-27T10:00:50.000Z',
    settledAt: '2026-11-27T10:01:00.200Z',
    outcome: 'win',
    profit: '85.000000',
    payout: '185.000000',
    ...changes,
  });

function fakeServer(input: string | URL | Request, init?: RequestInit) {
  const url = new URL(String(input), 'http://localhost');
  const path = url.pathname;
  const method = init?.method ?? 'GET';
  if (path === '/api/options/products') return Promise.resolve(envelope({ items: products }));
  if (/^\/api\/options\/products\/\d+\/ticks$/.test(path)) return Promise.resolve(envelope({ items: ticks }));
  if (path === '/api/markets/BTCUSDT') {
    return Promise.resolve(
      envelope(
        btcUsdt({
          last: '50000.00',
          open: '49000.00',
          high: '51000.00',
          low: '48000.00',
          volume: '10',
          turnover: '500000',
          changePercent: '2.04',
        }),
      ),
    );
  }
  if (path === '/api/wallet/balances') return Promise.resolve(envelope({ balances }));
  if (path === '/api/options/orders' && method === 'POST') {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    sent.push({ body, key: new Headers(init?.headers).get('idempotency-key') });
    if (purchase) return Promise.resolve(envelope(null, 40_010, purchase.refuse));
    return Promise.resolve(
      envelope(optionOrder('90', { status: 'inProgress', direction: body.direction as 'up' | 'down' })),
    );
  }
  if (path === '/api/options/orders') {
    const items = url.searchParams.get('state') === 'open' ? openOrders : settledOrders;
    return Promise.resolve(envelope({ items, next: null }));
  }
  const proof = /^\/api\/options\/orders\/(\d+)\/proof$/.exec(path);
  if (proof?.[1] && proofs[proof[1]]) return Promise.resolve(envelope(proofs[proof[1]]));
  return Promise.resolve(envelope(null, 40_400, 'Not found'));
}

const text = (id: string) => screen.getByTestId(id).textContent;

function renderScreen(search = '?symbol=BTCUSDT') {
  renderRoutes([{ path: '/trade/options', element: <OptionsScreen /> }], `/trade/options${search}`);
}

async function ready() {
  await waitFor(() => expect(text(OptionsTestId.livePrice)).toBe('50,010.00'));
  await waitFor(() => expect(text(OptionsTestId.available)).toBe('250.5 USDT'));
}

function openSocket(): FakeSocket {
  const socket = sockets[0];
  if (!socket) throw new Error('no socket');
  socket.open();
  return socket;
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  sockets = installFakeRealtime({ getToken: () => 'tok-1' });
  ticks = [tick('5', '49990.00'), tick('6', '50000.00'), tick('7', '50010.00')];
  products = [productOf('1', 'BTCUSDT', ticks[2] ?? null), productOf('2', 'ETHUSDT', tick('3', '3000.00'))];
  balances = [{ account: 'spot', asset: 'USDT', available: '250.500000', frozen: '0.000000' }];
  openOrders = [];
  settledOrders = [];
  proofs = {};
  purchase = null;
  sent = [];
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  cleanup();
  resetServerClock();
  setRealtimeClient(null);
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('buying options', () => {
  it('shows the products and periods, the round on sale, its close and the countdown to the buy cutoff', async () => {
    renderScreen();
    await ready();
    expect(screen.getByTestId(FuturesTestId.modeOptions).getAttribute('aria-current')).toBe('page');
    expect(text(OptionsTestId.product('1'))).toBe('BTC');
    expect(text(OptionsTestId.product('2'))).toBe('ETH');
    expect(screen.getByTestId(OptionsTestId.product('1')).getAttribute('aria-pressed')).toBe('true');
    expect(text(OptionsTestId.period(60))).toBe('1m');
    expect(text(OptionsTestId.period(300))).toBe('5m');
    expect(text(OptionsTestId.periodNumber)).toBe('4242');
    expect(text(OptionsTestId.buyCountdown)).toMatch(/^02:0[4-6]$/);
    expect(text(OptionsTestId.closeCountdown)).toMatch(/^02:1[4-6]$/);
    expect(text(OptionsTestId.nextTime)).toMatch(/^\d\d:\d\d:\d\d/);
    expect(text(OptionsTestId.payoutRate)).toBe('85%');
    expect(text(OptionsTestId.simulated)).toBe('Simulated market data');
    expect(screen.getByTestId(OptionsTestId.priceLine).getAttribute('data-points')).toBe('3');
    await userEvent.click(screen.getByTestId(OptionsTestId.period(300)));
    expect(text(OptionsTestId.payoutRate)).toBe('80%');
  });

  it('follows the round clock and the ticks pushed for the product', async () => {
    renderScreen();
    await ready();
    const socket = openSocket();
    const subscribed = socket.sent.flatMap((message) => message.channels ?? []);
    expect(subscribed).toEqual(expect.arrayContaining(['optionClock:1', 'optionOrders']));
    const next = Date.now() + 65 * SECOND;
    socket.push('optionClock:1', {
      productId: '1',
      symbol: 'BTCUSDT',
      rounds: [
        {
          periodSeconds: 60,
          periodNumber: 4_243,
          openTime: at(next - 50 * SECOND),
          closeTime: at(next + 10 * SECOND),
          buyCutoffTime: at(next),
        },
      ],
      lastTick: tick('8', '50042.50', at(Date.now())),
      stale: false,
    });
    await waitFor(() => expect(text(OptionsTestId.periodNumber)).toBe('4243'));
    expect(text(OptionsTestId.buyCountdown)).toMatch(/^01:0[4-6]$/);
    expect(text(OptionsTestId.livePrice)).toBe('50,042.50');
    expect(screen.getByTestId(OptionsTestId.priceLine).getAttribute('data-points')).toBe('4');
  });

  it('shows the expected profit at the payout rate, confirms, and buys up for the round on sale', async () => {
    renderScreen();
    await ready();
    expect(text(OptionsTestId.stakeRange)).toBe('Stake from 10 USDT to 1,000 USDT');
    await userEvent.click(screen.getByTestId(OptionsTestId.quickAmount('100')));
    expect(text(OptionsTestId.expectedProfit)).toBe('+85 USDT');
    await userEvent.click(screen.getByTestId(OptionsTestId.buy('up')));
    const sheet = screen.getByTestId(OptionsTestId.confirmSheet);
    expect(within(sheet).getByText('Up')).toBeTruthy();
    expect(within(sheet).getByText('4242')).toBeTruthy();
    expect(sent).toEqual([]);
    await userEvent.click(within(sheet).getByTestId(OptionsTestId.confirm));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      productId: '1',
      periodSeconds: 60,
      direction: 'up',
      amount: '100',
      periodNumber: 4_242,
    });
    expect(sent[0]?.key).toBeTruthy();
    await waitFor(() => expect(currentNotice()?.message).toBe('Purchase successful'));
    expect((screen.getByTestId(OptionsTestId.amount) as HTMLInputElement).value).toBe('');
  });

  it("counts down on the server's clock when this device's clock is off", async () => {
    renderScreen();
    await ready();
    const socket = openSocket();
    // The server is a minute ahead of the device: its round 4,242 stops selling 2:05 after its own now.
    const server = Date.now() + 60 * SECOND;
    const cutoff = server + 125 * SECOND;
    socket.push('optionClock:1', {
      productId: '1',
      symbol: 'BTCUSDT',
      rounds: [
        {
          periodSeconds: 60,
          periodNumber: 4_242,
          openTime: at(cutoff - 50 * SECOND),
          closeTime: at(cutoff + 10 * SECOND),
          buyCutoffTime: at(cutoff),
        },
      ],
      lastTick: tick('8', '50042.50', at(server)),
      stale: false,
    });
    await waitFor(() => expect(text(OptionsTestId.buyCountdown)).toMatch(/^02:0[4-6]$/));
  });

  it('names the round the buyer saw, even when the round turns while they confirm', async () => {
    renderScreen();
    await ready();
    await userEvent.type(screen.getByTestId(OptionsTestId.amount), '50');
    await userEvent.click(screen.getByTestId(OptionsTestId.buy('down')));
    const socket = openSocket();
    const next = Date.now() + 50 * SECOND;
    socket.push('optionClock:1', {
      productId: '1',
      symbol: 'BTCUSDT',
      rounds: [
        {
          periodSeconds: 60,
          periodNumber: 4_243,
          openTime: at(next - 50 * SECOND),
          closeTime: at(next + 10 * SECOND),
          buyCutoffTime: at(next),
        },
      ],
      lastTick: null,
      stale: false,
    });
    await waitFor(() => expect(text(OptionsTestId.periodNumber)).toBe('4243'));
    await userEvent.click(screen.getByTestId(OptionsTestId.confirm));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ direction: 'down', amount: '50', periodNumber: 4_242 });
  });

  it("refuses an amount outside the period's stakes before asking the server", async () => {
    renderScreen();
    await ready();
    await userEvent.type(screen.getByTestId(OptionsTestId.amount), '5');
    expect(await screen.findByText('The minimum is 10 USDT')).toBeTruthy();
    expect(text(OptionsTestId.expectedProfit)).toBe('--');
    await userEvent.click(screen.getByTestId(OptionsTestId.buy('down')));
    expect(screen.getByTestId(OptionsTestId.confirmSheet).hasAttribute('open')).toBe(false);
    expect(sent).toEqual([]);
  });

  it('says the credit is running low for more than the available balance, before asking the server', async () => {
    renderScreen();
    await waitFor(() => expect(text(OptionsTestId.available)).toBe('250.5 USDT'));
    await userEvent.type(screen.getByTestId(OptionsTestId.amount), '300');
    expect(await screen.findByText('Sorry your credit is running low')).toBeTruthy();
    await userEvent.click(screen.getByTestId(OptionsTestId.buy('up')));
    expect(screen.getByTestId(OptionsTestId.confirmSheet).hasAttribute('open')).toBe(false);
    expect(sent).toEqual([]);
  });

  it("shows the server's message when the credit is running low", async () => {
    purchase = { refuse: 'Sorry your credit is running low' };
    renderScreen();
    await ready();
    await userEvent.type(screen.getByTestId(OptionsTestId.amount), '200');
    await userEvent.click(screen.getByTestId(OptionsTestId.buy('down')));
    await userEvent.click(screen.getByTestId(OptionsTestId.confirm));
    await waitFor(() => expect(currentNotice()?.message).toBe('Sorry your credit is running low'));
    expect(currentNotice()?.tone).toBe('negative');
    expect(sent[0]?.body).toMatchObject({ direction: 'down', amount: '200' });
    // The amount stays for another try.
    expect((screen.getByTestId(OptionsTestId.amount) as HTMLInputElement).value).toBe('200');
  });

  it('reads in Arabic: its own words, prices and amounts left to right, times in the reading direction', async () => {
    await switchLanguage('ar');
    try {
      renderScreen();
      await waitFor(() => expect(text(OptionsTestId.available)).toBe('250.5 USDT'));
      expect(document.documentElement.dir).toBe('rtl');
      expect(text(OptionsTestId.tab('buy'))).toBe('شراء الخيارات');
      expect(text(OptionsTestId.buy('up'))).toBe('شراء صعود');
      expect(screen.getByTestId(OptionsTestId.livePrice).getAttribute('dir')).toBe('ltr');
      expect(screen.getByTestId(OptionsTestId.available).getAttribute('dir')).toBe('ltr');
      expect(screen.getByTestId(OptionsTestId.nextTime).hasAttribute('dir')).toBe(false);
    } finally {
      await switchLanguage('en-US');
    }
  });

  it('pauses buying while the price feed is stale', async () => {
    products = [{ ...productOf('1', 'BTCUSDT', ticks[2] ?? null), stale: true }];
    renderScreen();
    await ready();
    expect(text(OptionsTestId.stale)).toBe('Price feed delayed: buying is paused');
    expect((screen.getByTestId(OptionsTestId.buy('up')) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('awaiting delivery and my options', () => {
  it('lists open orders with their open price or the wait for it, the live price and the time left', async () => {
    openOrders = [optionOrder('12'), optionOrder('11', { openPrice: '50000.00', openTime: at(Date.now()) })];
    renderScreen('?symbol=BTCUSDT&tab=awaiting');
    const rows = await screen.findAllByTestId(OptionsTestId.order);
    expect(rows).toHaveLength(2);
    const [waiting, opened] = rows as [HTMLElement, HTMLElement];
    expect(within(waiting).getByTestId(OptionsTestId.orderOpenPrice).textContent).toBe(
      'Waiting for the open tick',
    );
    expect(within(opened).getByTestId(OptionsTestId.orderOpenPrice).textContent).toBe('50,000.00');
    await waitFor(() =>
      expect(within(opened).getByTestId(OptionsTestId.orderLivePrice).textContent).toBe('50,010.00'),
    );
    // Up, above the open price: winning so far.
    expect(within(opened).getByTestId(OptionsTestId.orderLivePrice).getAttribute('data-sign')).toBe('1');
    expect(within(opened).getByTestId(OptionsTestId.orderTimeLeft).textContent).toMatch(/^01:[23]\d$/);
    expect(opened.textContent).toContain('Awaiting delivery');
  });

  it('moves an order pushed as settled out of awaiting delivery', async () => {
    openOrders = [optionOrder('12')];
    renderScreen('?tab=awaiting');
    await screen.findByTestId(OptionsTestId.order);
    const socket = openSocket();
    socket.push('optionOrders', settled('12', {}));
    await waitFor(() =>
      expect(screen.getByTestId(OptionsTestId.ordersEmpty).textContent).toBe('No orders awaiting delivery'),
    );
  });

  it('lists completed options with open and close price and time, the outcome and the profit coloured', async () => {
    settledOrders = [
      settled('21', {}),
      settled('20', { direction: 'down', outcome: 'loss', profit: '-100.000000', payout: '0.000000' }),
    ];
    renderScreen('?tab=completed');
    const [won, lost] = (await screen.findAllByTestId(OptionsTestId.order)) as [HTMLElement, HTMLElement];
    expect(within(won).getByTestId(OptionsTestId.orderOutcome).textContent).toBe('Won');
    expect(within(won).getByTestId(OptionsTestId.orderProfit).textContent).toBe('+85.00 USDT');
    expect(within(won).getByTestId(OptionsTestId.orderProfit).getAttribute('data-sign')).toBe('1');
    expect(won.textContent).toContain('Open price50,000.00');
    expect(won.textContent).toContain('Close price50,120.00');
    expect(within(lost).getByTestId(OptionsTestId.orderOutcome).textContent).toBe('Lost');
    expect(within(lost).getByTestId(OptionsTestId.orderProfit).textContent).toBe('-100.00 USDT');
    expect(within(lost).getByTestId(OptionsTestId.orderProfit).getAttribute('data-sign')).toBe('-1');
  });
});

describe("an order's proof", () => {
  it('shows the two ticks with their ids, prices and times, the staleness window and the rule in words', async () => {
    const order = settled('21', {});
    settledOrders = [order];
    proofs = {
      '21': {
        order,
        openTick: { id: '1001', price: '50000.00', time: '2026-11-27T10:00:01.250Z' },
        closeTick: { id: '1059', price: '50120.00', time: '2026-11-27T10:00:59.900Z' },
        staleSeconds: 5,
        rule: 'upWins',
      },
    };
    renderScreen('?tab=completed');
    await userEvent.click(await screen.findByTestId(OptionsTestId.orderProof));
    const sheet = screen.getByTestId(OptionsTestId.proofSheet);
    const open = await within(sheet).findByTestId(OptionsTestId.proofTick('open'));
    expect(open.textContent).toContain('Tick 1001');
    expect(open.textContent).toContain('50,000.00');
    expect(open.textContent).toContain('1.250');
    const close = within(sheet).getByTestId(OptionsTestId.proofTick('close'));
    expect(close.textContent).toContain('Tick 1059');
    expect(close.textContent).toContain('50,120.00');
    expect(within(sheet).getByTestId(OptionsTestId.proofStale).textContent).toBe(
      'A close price must be recorded within 5 seconds before the close',
    );
    expect(within(sheet).getByTestId(OptionsTestId.proofRule).textContent).toBe(
      'The close price is above the open price: up wins and down loses.',
    );
  });

  it('has its own words for every published rule', () => {
    const texts = OPTION_RULES.map((rule) => i18n.t(`options.proof.rules.${rule}`));
    expect(new Set(texts).size).toBe(OPTION_RULES.length);
    for (const [index, rule] of OPTION_RULES.entries()) expect(texts[index]).not.toContain(rule);
  });
});
