import type { OptionOrderView, OptionProof } from '@kestrel/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { setRealtimeClient } from '../../lib/realtime';
import { answerEarn, earnOrder, type FakeEarnDesk, fakeEarnDesk } from '../../test/earnFixtures';
import { installFakeRealtime } from '../../test/fakeRealtime';
import { renderRoutes } from '../../test/render';
import { EarnTestId } from '../earn/testIds';
import { HistoryRecordScreen } from './HistoryRecordScreen';
import { OptionsTestId } from './testIds';

/** 25 settled orders across two products, newest (largest id) first; the fake serves them 20 a page. */
let orders: OptionOrderView[];
let pagesAsked: URLSearchParams[];
let earnDesk: FakeEarnDesk;

const PAGE = 20;

const settled = (n: number): OptionOrderView => ({
  id: String(100 + n),
  productId: n % 2 === 0 ? '1' : '2',
  symbol: n % 2 === 0 ? 'BTCUSDT' : 'ETHUSDT',
  asset: 'USDT',
  periodSeconds: 60,
  periodNumber: 29_408_000 + n,
  direction: n % 3 === 0 ? 'down' : 'up',
  amount: '50.000000',
  payoutRate: '0.85',
  status: 'completed',
  outcome: n === 1 ? 'void' : 'win',
  createdAt: '2026-11-27T10:00:00.500Z',
  buyCutoffTime: '2026-11-27T10:00:50.000Z',
  openPrice: n === 1 ? null : '50000.00',
  openTime: n === 1 ? null : '2026-11-27T10:00:01.000Z',
  closePrice: '50010.00',
  closeTime: '2026-11-27T10:01:00.000Z',
  profit: n === 1 ? '0.000000' : '42.500000',
  payout: n === 1 ? '50.000000' : '92.500000',
  settledAt: '2026-11-27T10:01:00.100Z',
});

function envelope(data: unknown, code = 0, msg = 'ok') {
  return new Response(JSON.stringify({ code, msg, data }), { status: code === 0 ? 200 : 400 });
}

function fakeServer(input: string | URL | Request, init?: RequestInit) {
  const url = new URL(String(input), 'http://localhost');
  const earn = answerEarn(earnDesk, url, init);
  if (earn) return Promise.resolve(earn);
  if (url.pathname === '/api/options/orders') {
    pagesAsked.push(url.searchParams);
    const cursor = url.searchParams.get('cursor');
    const start = cursor ? orders.findIndex((order) => order.id === cursor) + 1 : 0;
    const items = orders.slice(start, start + PAGE);
    const more = start + PAGE < orders.length;
    return Promise.resolve(envelope({ items, next: more ? (items.at(-1)?.id ?? null) : null }));
  }
  const proof = /^\/api\/options\/orders\/(\d+)\/proof$/.exec(url.pathname);
  const order = orders.find((candidate) => candidate.id === proof?.[1]);
  if (order) {
    const answer: OptionProof = {
      order,
      openTick: null,
      closeTick: { id: '900', price: '50010.00', time: '2026-11-27T10:00:59.000Z' },
      staleSeconds: 5,
      rule: 'voidNoOpenTick',
    };
    return Promise.resolve(envelope(answer));
  }
  return Promise.resolve(envelope(null, 40_400, 'Not found'));
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  installFakeRealtime({ getToken: () => 'tok-1' });
  orders = Array.from({ length: 25 }, (_, index) => settled(25 - index));
  pagesAsked = [];
  earnDesk = fakeEarnDesk();
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  cleanup();
  setRealtimeClient(null);
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the investment record', () => {
  it('lists settled options across products newest first, a page at a time, to the end', async () => {
    renderRoutes(
      [{ path: '/trade/historyRecord', element: <HistoryRecordScreen /> }],
      '/trade/historyRecord',
    );
    await waitFor(() => expect(screen.getAllByTestId(OptionsTestId.order)).toHaveLength(20));
    expect(screen.getByRole('heading', { name: 'Investment record' })).toBeTruthy();
    expect(pagesAsked[0]?.get('state')).toBe('settled');
    expect(pagesAsked[0]?.get('productId')).toBeNull();
    const first = screen.getAllByTestId(OptionsTestId.order)[0] as HTMLElement;
    expect(first.textContent).toContain('ETH');
    expect(first.textContent).toContain('Period 29408025');
    expect(screen.queryByTestId(OptionsTestId.ordersEnd)).toBeNull();
    await userEvent.click(screen.getByTestId(OptionsTestId.loadMore));
    await waitFor(() => expect(screen.getAllByTestId(OptionsTestId.order)).toHaveLength(25));
    expect(pagesAsked[1]?.get('cursor')).toBe('106');
    expect(screen.getByTestId(OptionsTestId.ordersEnd).textContent).toBe('No more records');
    const last = screen.getAllByTestId(OptionsTestId.order).at(-1) as HTMLElement;
    expect(within(last).getByTestId(OptionsTestId.orderOutcome).textContent).toBe('Void, stake returned');
  });

  it("opens an order's proof a tap away, with a missing open tick said in words", async () => {
    orders = [settled(1)];
    renderRoutes(
      [{ path: '/trade/historyRecord', element: <HistoryRecordScreen /> }],
      '/trade/historyRecord',
    );
    await userEvent.click(await screen.findByTestId(OptionsTestId.orderProof));
    const sheet = screen.getByTestId(OptionsTestId.proofSheet);
    const open = await within(sheet).findByTestId(OptionsTestId.proofTick('open'));
    expect(open.textContent).toContain('Not recorded');
    expect(within(sheet).getByTestId(OptionsTestId.proofTick('close')).textContent).toContain('Tick 900');
    expect(within(sheet).getByTestId(OptionsTestId.proofRule).textContent).toBe(
      'No price was recorded between the purchase and the close: the order is void and its stake is returned.',
    );
  });

  it("shows the matured and redeemed earn orders beside the options, with the orders screen's card", async () => {
    earnDesk.orders = [
      earnOrder('9'),
      earnOrder('8', { status: 'matured', closedAt: '2026-11-16T00:00:00.000Z', returned: '1006.000000' }),
    ];
    renderRoutes(
      [{ path: '/trade/historyRecord', element: <HistoryRecordScreen /> }],
      '/trade/historyRecord',
    );
    await screen.findAllByTestId(OptionsTestId.order);
    expect(earnDesk.pagesAsked).toHaveLength(0);
    await userEvent.click(screen.getByTestId(OptionsTestId.recordKind('earn')));
    const order = await screen.findByTestId(EarnTestId.order);
    expect(earnDesk.pagesAsked[0]?.get('state')).toBe('closed');
    expect(within(order).getByTestId(EarnTestId.orderStatus).textContent).toBe('Matured');
    expect(order.textContent).toContain('1,006 USDT');
    expect(screen.queryByTestId(EarnTestId.redeem)).toBeNull();
    expect(screen.queryByTestId(OptionsTestId.order)).toBeNull();
  });
});
