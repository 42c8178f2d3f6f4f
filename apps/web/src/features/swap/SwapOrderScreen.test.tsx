import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotice } from '../../components/notice/noticeStore';
import { initI18n } from '../../i18n/i18n';
import { setRealtimeClient } from '../../lib/realtime';
import { type FakeSocket, installFakeRealtime } from '../../test/fakeRealtime';
import { renderRoutes } from '../../test/render';
import { answerSwap, type FakeSwapDesk, fakeSwapDesk, swapOrder } from '../../test/swapFixtures';
import { TestId } from '../../testIds';
import { holdSwapOrder } from './orderStore';
import { SwapOrderScreen } from './SwapOrderScreen';
import { SwapTestId } from './testIds';

let desk: FakeSwapDesk;
let sockets: FakeSocket[];

const ID = '7K3M9QZ2X4H8T6WB';
const SECRET = 'secret-of-order-7K3M';
const text = (id: string) => screen.getByTestId(id).textContent;

function hold(changes: Parameters<typeof swapOrder>[1] = {}) {
  desk.orders.set(ID, { order: swapOrder(ID, changes), secret: SECRET, mine: false });
  holdSwapOrder({ id: ID, secret: SECRET });
}

function renderScreen(id = ID) {
  return renderRoutes(
    [
      { path: '/current/swapOrder', element: <SwapOrderScreen /> },
      { path: '/current/orderDetails', element: <p>details page</p> },
    ],
    `/current/swapOrder?id=${id}`,
  );
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  desk = fakeSwapDesk();
  sockets = installFakeRealtime();
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

describe('an order being paid', () => {
  it('opens with the secret this device keeps and shows the address, its QR code, the amount and the time left', async () => {
    hold({ rateType: 'fixed' });
    renderScreen();
    await waitFor(() => expect(text(SwapTestId.orderStatus)).toBe('Waiting for deposit'));
    expect(desk.reads[0]).toMatchObject({ id: ID, secret: SECRET });
    expect(text(TestId.depositAddress)).toBe(
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    );
    await waitFor(() => expect(screen.getByTestId(TestId.depositQr)).toBeTruthy());
    expect(text(SwapTestId.orderAmount)).toBe('0.5 BTC');
    expect(screen.getByText('Send exactly')).toBeTruthy();
    expect(text(SwapTestId.orderCountdown)).toMatch(/^10:(2\d|30)$/);
    expect(text(SwapTestId.orderNumber)).toBe(ID);
    expect(screen.getByText('Keep your order number: it is how you find this swap again.')).toBeTruthy();
    expect(screen.queryByTestId(SwapTestId.orderMemo)).toBeNull();
    expect(screen.getByTestId(SwapTestId.step('confirming')).textContent).toContain(
      'Usually 1 min to 15 min',
    );
    expect(screen.queryByTestId(SwapTestId.orderDetailsLink)).toBeNull();
  });

  it('shows the memo with a warning when the deposit needs one', async () => {
    hold({
      fromAsset: 'SOL',
      fromNetwork: 'solana',
      depositMemo: '4417',
      depositAddress: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    });
    renderScreen();
    await waitFor(() => expect(text(SwapTestId.orderMemo)).toBe('4417'));
    expect(text(SwapTestId.orderMemoWarning)).toContain('Include this memo with your transfer');
  });

  it("follows the order's channel: a pushed status shows at once and the order is read again", async () => {
    hold();
    renderScreen();
    await waitFor(() => expect(text(SwapTestId.orderStatus)).toBe('Waiting for deposit'));
    const socket = sockets[0];
    if (!socket) throw new Error('no socket');
    socket.open();
    expect(socket.sent.flatMap((message) => message.channels ?? [])).toContain(`swapOrder:${ID}`);
    const reads = desk.reads.length;
    const events = [
      { status: 'waiting' as const, at: '2026-11-27T10:00:00.000Z' },
      { status: 'confirming' as const, at: '2026-11-27T10:03:00.000Z' },
    ];
    const held = desk.orders.get(ID);
    if (held)
      held.order = {
        ...held.order,
        status: 'confirming',
        payStatus: 'inPayment',
        events,
        depositAmount: '0.5',
      };
    socket.push(`swapOrder:${ID}`, { id: ID, status: 'confirming', payStatus: 'inPayment', events });
    await waitFor(() => expect(text(SwapTestId.orderStatus)).toBe('Confirming'));
    await waitFor(() => expect(desk.reads.length).toBeGreaterThan(reads));
    expect(screen.getByTestId(SwapTestId.step('waiting')).getAttribute('data-state')).toBe('done');
    expect(screen.getByTestId(SwapTestId.step('confirming')).getAttribute('data-state')).toBe('current');
    // Paid: no address to send to, no countdown, no cancel.
    expect(screen.queryByTestId(SwapTestId.orderCountdown)).toBeNull();
    expect(screen.queryByTestId(SwapTestId.orderCancel)).toBeNull();
  });

  it('cancels a waiting order once confirmed, and then links to its details', async () => {
    hold();
    renderScreen();
    await userEvent.click(await screen.findByTestId(SwapTestId.orderCancel));
    const dialog = screen.getByTestId(SwapTestId.orderCancelDialog);
    expect(desk.cancelled).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(desk.cancelled).toEqual([ID]));
    await waitFor(() => expect(text(SwapTestId.orderStatus)).toBe('Cancelled'));
    expect(currentNotice()?.message).toBe('The order is cancelled');
    await userEvent.click(screen.getByTestId(SwapTestId.orderDetailsLink));
    await screen.findByText('details page');
  });

  it('shows a not-found state for an order this visitor cannot open', async () => {
    desk.orders.set(ID, { order: swapOrder(ID), secret: SECRET, mine: false });
    renderScreen();
    expect(await screen.findByTestId(SwapTestId.notFound)).toBeTruthy();
    expect(screen.getByText('Order not found')).toBeTruthy();
    expect(currentNotice()?.tone).not.toBe('negative');
  });

  it('shows a not-found state for something that is not an order number, without asking', async () => {
    renderScreen('not-an-order');
    expect(await screen.findByTestId(SwapTestId.notFound)).toBeTruthy();
    expect(desk.reads).toEqual([]);
  });
});
