import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { setRealtimeClient } from '../../lib/realtime';
import { installFakeRealtime } from '../../test/fakeRealtime';
import { renderRoutes } from '../../test/render';
import {
  answerSwap,
  BITCOIN_ADDRESS,
  type FakeSwapDesk,
  fakeSwapDesk,
  swapOrder,
  TRON_ADDRESS,
} from '../../test/swapFixtures';
import { OrderDetailsScreen } from './OrderDetailsScreen';
import { holdSwapOrder } from './orderStore';
import { SwapTestId } from './testIds';

let desk: FakeSwapDesk;
const ID = 'C0MP1ETED0RDER01';
const detail = (field: string) => screen.getByTestId(SwapTestId.detail(field)).textContent;

function renderScreen(id = ID) {
  return renderRoutes(
    [{ path: '/current/orderDetails', element: <OrderDetailsScreen /> }],
    `/current/orderDetails?id=${id}`,
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

describe('swap order details', () => {
  it("shows every field of the spec's swap order, the transactions and the timeline", async () => {
    const order = swapOrder(ID, {
      status: 'completed',
      payStatus: 'paymentSuccessful',
      rateType: 'fixed',
      refundAddress: BITCOIN_ADDRESS,
      depositAmount: '0.5',
      depositTxHash: 'a'.repeat(64),
      payoutTxHash: 'b'.repeat(64),
      createdAt: '2026-11-27T10:00:00.000Z',
      events: [
        { status: 'waiting', at: '2026-11-27T10:00:00.000Z' },
        { status: 'confirming', at: '2026-11-27T10:04:00.000Z' },
        { status: 'exchanging', at: '2026-11-27T10:09:00.000Z' },
        { status: 'sending', at: '2026-11-27T10:09:30.000Z' },
        { status: 'completed', at: '2026-11-27T10:11:00.000Z' },
      ],
    });
    desk.orders.set(ID, { order, secret: 'secret-of-the-order-1', mine: false });
    holdSwapOrder({ id: ID, secret: 'secret-of-the-order-1' });
    renderScreen();
    await waitFor(() => expect(detail('status')).toBe('Finished'));
    expect(screen.getByTestId(SwapTestId.orderNumber).textContent).toBe(ID);
    expect(detail('payStatus')).toBe('Payment successful');
    expect(detail('swapStatus')).toBe('Completed');
    expect(detail('sendCoin')).toBe('BTC · Bitcoin');
    expect(detail('sendAmount')).toBe('0.5 BTC');
    expect(detail('receiveCoin')).toBe('USDT · TRC20');
    expect(detail('receiveAmount')).toBe('29,999 USDT');
    expect(detail('swapPrice')).toBe('1 BTC ≈ 60,000 USDT');
    expect(detail('swapQuantity')).toBe('0.5 BTC');
    expect(detail('swapAddress')).toBe(TRON_ADDRESS);
    expect(detail('swapTime')).toMatch(/2026/);
    expect(detail('totalPrice')).toBe('29,999 USDT');
    expect(detail('createdAt')).toMatch(/2026/);
    expect(detail('rateType')).toBe('Fixed rate');
    expect(detail('refundAddress')).toBe(BITCOIN_ADDRESS);
    expect(detail('depositTx')).toBe('a'.repeat(64));
    expect(detail('payoutTx')).toBe('b'.repeat(64));
    expect(detail('refundTx')).toBe('--');
    expect(screen.getByTestId(SwapTestId.step('completed')).getAttribute('data-state')).toBe('done');
    expect(screen.queryByTestId(SwapTestId.orderCancel)).toBeNull();
  });

  it('says why an order is under review and marks where it stands', async () => {
    desk.orders.set(ID, {
      order: swapOrder(ID, { status: 'review', reviewReason: 'amountOutsideQuote' }),
      secret: 'secret-of-the-order-1',
      mine: false,
    });
    holdSwapOrder({ id: ID, secret: 'secret-of-the-order-1' });
    renderScreen();
    await waitFor(() => expect(detail('reviewReason')).toBe('The amount received was outside the quote'));
    expect(screen.getByTestId(SwapTestId.step('review')).getAttribute('data-state')).toBe('current');
  });

  it("opens a signed-in account's own order by its token", async () => {
    desk.orders.set(ID, { order: swapOrder(ID), secret: 'secret-of-the-order-1', mine: true });
    localStorage.setItem('token', 'tok-1');
    renderScreen();
    await waitFor(() => expect(detail('swapStatus')).toBe('Waiting for deposit'));
    expect(desk.reads[0]).toMatchObject({ secret: null, token: 'tok-1' });
    expect(screen.getByTestId(SwapTestId.orderCancel)).toBeTruthy();
  });

  it('shows a not-found state for an order the desk does not know', async () => {
    renderScreen('ZZZZZZZZZZZZZZZZ');
    expect(await screen.findByTestId(SwapTestId.notFound)).toBeTruthy();
  });
});
