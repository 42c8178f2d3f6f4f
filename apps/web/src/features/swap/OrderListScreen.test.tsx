import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { setRealtimeClient } from '../../lib/realtime';
import { installFakeRealtime } from '../../test/fakeRealtime';
import { renderRoutes } from '../../test/render';
import { answerSwap, type FakeSwapDesk, fakeSwapDesk, swapOrder } from '../../test/swapFixtures';
import { OrderListScreen } from './OrderListScreen';
import { holdSwapOrder } from './orderStore';
import { SwapTestId } from './testIds';

let desk: FakeSwapDesk;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Five orders: three this device created, one of the signed-in account, one this device no longer opens. */
function seed() {
  const add = (id: string, secret: string, mine: boolean, changes: Parameters<typeof swapOrder>[1]) => {
    desk.orders.set(id, { order: swapOrder(id, changes), secret, mine });
  };
  add('AAAAAAAAAAAAAAA1', 'secret-aaaaaaaaaa1', false, { status: 'waiting', createdAt: minutesAgo(1) });
  add('AAAAAAAAAAAAAAA2', 'secret-aaaaaaaaaa2', false, {
    status: 'cancelled',
    payStatus: 'canceled',
    createdAt: minutesAgo(5),
  });
  add('AAAAAAAAAAAAAAA3', 'secret-aaaaaaaaaa3', true, {
    status: 'completed',
    payStatus: 'paymentSuccessful',
    createdAt: minutesAgo(10),
  });
  add('AAAAAAAAAAAAAAA4', 'secret-aaaaaaaaaa4', true, {
    status: 'expired',
    payStatus: 'paymentCancelled',
    createdAt: minutesAgo(20),
  });
  add('AAAAAAAAAAAAAAA5', 'secret-aaaaaaaaaa5', false, { status: 'refunded', createdAt: minutesAgo(30) });
  holdSwapOrder({ id: 'AAAAAAAAAAAAAAA5', secret: 'a-secret-that-is-wrong' });
  holdSwapOrder({ id: 'AAAAAAAAAAAAAAA3', secret: 'secret-aaaaaaaaaa3' });
  holdSwapOrder({ id: 'AAAAAAAAAAAAAAA2', secret: 'secret-aaaaaaaaaa2' });
  holdSwapOrder({ id: 'AAAAAAAAAAAAAAA1', secret: 'secret-aaaaaaaaaa1' });
}

const cardIds = () =>
  screen
    .getAllByTestId(SwapTestId.listCard)
    .map((card) => new URL(card.getAttribute('href') ?? '', 'http://x').searchParams.get('id'));

function renderScreen(search = '') {
  return renderRoutes(
    [
      { path: '/current/orderList', element: <OrderListScreen /> },
      { path: '/current/orderDetails', element: <p>details page</p> },
    ],
    `/current/orderList${search}`,
  );
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  desk = fakeSwapDesk();
  installFakeRealtime();
  vi.spyOn(window, 'fetch').mockImplementation((request, init) =>
    Promise.resolve(
      answerSwap(desk, new URL(String(request), 'http://localhost'), init) ??
        new Response(JSON.stringify({ code: 40_400, msg: 'Not found', data: null }), { status: 404 }),
    ),
  );
});

afterEach(() => {
  cleanup();
  setRealtimeClient(null);
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the swap order list', () => {
  it("looks up this device's orders by their secrets and lists them newest first by tab", async () => {
    seed();
    renderScreen();
    await waitFor(() =>
      expect(cardIds()).toEqual(['AAAAAAAAAAAAAAA1', 'AAAAAAAAAAAAAAA2', 'AAAAAAAAAAAAAAA3']),
    );
    expect(desk.lookups[0]?.map((order) => order.id)).toEqual([
      'AAAAAAAAAAAAAAA1',
      'AAAAAAAAAAAAAAA2',
      'AAAAAAAAAAAAAAA3',
      'AAAAAAAAAAAAAAA5',
    ]);
    const [waiting] = screen.getAllByTestId(SwapTestId.listCard) as [HTMLElement];
    expect(waiting.textContent).toContain('BTC · Bitcoin → USDT · TRC20');
    expect(waiting.textContent).toContain('0.5 BTC → 29,999 USDT');
    expect(within(waiting).getByText('Waiting for deposit')).toBeTruthy();
    expect(within(waiting).getByText('In payment')).toBeTruthy();
    expect(waiting.textContent).toMatch(/Created /);

    await userEvent.click(screen.getByTestId(SwapTestId.listTab('cancelled')));
    await waitFor(() => expect(cardIds()).toEqual(['AAAAAAAAAAAAAAA2']));
    expect(screen.getByText('Canceled')).toBeTruthy();
    await userEvent.click(screen.getByTestId(SwapTestId.listTab('history')));
    await waitFor(() => expect(cardIds()).toEqual(['AAAAAAAAAAAAAAA3']));
    expect(screen.getByText('Payment successful')).toBeTruthy();
  });

  it("adds the signed-in account's orders, each order once", async () => {
    seed();
    localStorage.setItem('token', 'tok-1');
    renderScreen();
    await waitFor(() =>
      expect(cardIds()).toEqual([
        'AAAAAAAAAAAAAAA1',
        'AAAAAAAAAAAAAAA2',
        'AAAAAAAAAAAAAAA3',
        'AAAAAAAAAAAAAAA4',
      ]),
    );
    await userEvent.click(screen.getByTestId(SwapTestId.listTab('cancelled')));
    await waitFor(() => expect(cardIds()).toEqual(['AAAAAAAAAAAAAAA2', 'AAAAAAAAAAAAAAA4']));
    expect(screen.getByText('Payment cancelled')).toBeTruthy();
  });

  it('opens the details of a tapped order', async () => {
    seed();
    const router = renderScreen('?tab=history');
    await waitFor(() => expect(cardIds()).toEqual(['AAAAAAAAAAAAAAA3']));
    await userEvent.click(screen.getByTestId(SwapTestId.listCard));
    await screen.findByText('details page');
    expect(router.state.location.search).toBe('?id=AAAAAAAAAAAAAAA3');
  });

  it('says when there are no orders, without asking the desk', async () => {
    renderScreen();
    expect(emptyText()).toBe('No swap orders here yet');
    expect(desk.lookups).toEqual([]);
  });
});

function emptyText() {
  return screen.getByTestId(SwapTestId.listEmpty).textContent;
}
