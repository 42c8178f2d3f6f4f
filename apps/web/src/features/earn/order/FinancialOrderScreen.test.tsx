import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotice } from '../../../components/notice/noticeStore';
import { initI18n } from '../../../i18n/i18n';
import { answerEarn, earnOrder, type FakeEarnDesk, fakeEarnDesk } from '../../../test/earnFixtures';
import { renderRoutes } from '../../../test/render';
import { EarnTestId } from '../testIds';
import { FinancialOrderScreen } from './FinancialOrderScreen';

let desk: FakeEarnDesk;

function fakeServer(input: string | URL | Request, init?: RequestInit) {
  const url = new URL(String(input), 'http://localhost');
  return Promise.resolve(
    answerEarn(desk, url, init) ??
      new Response(JSON.stringify({ code: 40_400, msg: 'Not found', data: null }), { status: 404 }),
  );
}

const renderScreen = (path = '/home/financial/order') =>
  renderRoutes([{ path: '/home/financial/order', element: <FinancialOrderScreen /> }], path);

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  desk = fakeEarnDesk();
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the financial orders', () => {
  it("heads the list with the principal and interest earned in dollars, and shows each order's figures", async () => {
    desk.summary = { ...desk.summary, principalValue: '12345.67', interestValue: '89.01' };
    desk.orders = [earnOrder('7')];
    renderScreen();
    await waitFor(() =>
      expect(screen.getByTestId(EarnTestId.summaryPrincipal).textContent).toBe('$12,345.67'),
    );
    expect(screen.getByTestId(EarnTestId.summaryInterest).textContent).toBe('$89.01');
    expect(screen.getByTestId(EarnTestId.holding).textContent).toBe(
      "USDT1,000 USDTLast day's interest +0.2 USDT",
    );
    const order = await screen.findByTestId(EarnTestId.order);
    expect(order.textContent).toContain('30 days');
    expect(order.textContent).toContain('1,000 USDT');
    expect(order.textContent).toContain('7.3%');
    expect(order.textContent).toContain('Nov 26, 2026');
    expect(within(order).getByTestId(EarnTestId.orderInterestPaid).textContent).toBe('+2 USDT');
    expect(within(order).getByTestId(EarnTestId.orderStatus).textContent).toBe('Earning');
    expect(desk.pagesAsked[0]?.get('state')).toBe('active');
  });

  it('offers no redemption of a fixed term placed without early redemption, and offers it on a flexible one', async () => {
    desk.orders = [
      earnOrder('9', { earlyRedemption: { allowed: false, penaltyRate: '0' } }),
      earnOrder('8', {
        termDays: null,
        maturesAt: null,
        earlyRedemption: { allowed: false, penaltyRate: '0' },
      }),
    ];
    renderScreen();
    await waitFor(() => expect(screen.getAllByTestId(EarnTestId.order)).toHaveLength(2));
    const [fixed, flexible] = screen.getAllByTestId(EarnTestId.order) as HTMLElement[];
    expect(within(fixed as HTMLElement).queryByTestId(EarnTestId.redeem)).toBeNull();
    expect(within(flexible as HTMLElement).getByTestId(EarnTestId.redeem)).toBeTruthy();
  });

  it('pages through the closed orders with the cursor to the end', async () => {
    desk.pageSize = 2;
    desk.orders = [
      earnOrder('5', { status: 'redeemed', closedAt: '2026-11-20T10:00:00.000Z', returned: '990.000000' }),
      earnOrder('4', { status: 'matured', closedAt: '2026-11-10T00:00:00.000Z', returned: '1006.000000' }),
      earnOrder('3', { status: 'matured', closedAt: '2026-11-01T00:00:00.000Z', returned: '1006.000000' }),
      earnOrder('2'),
    ];
    renderScreen();
    await userEvent.click(await screen.findByTestId(EarnTestId.tab('closed')));
    await waitFor(() => expect(screen.getAllByTestId(EarnTestId.order)).toHaveLength(2));
    const first = screen.getAllByTestId(EarnTestId.order)[0] as HTMLElement;
    expect(within(first).getByTestId(EarnTestId.orderStatus).textContent).toBe('Redeemed');
    expect(first.textContent).toContain('990 USDT');
    expect(screen.queryByTestId(EarnTestId.redeem)).toBeNull();
    await userEvent.click(screen.getByTestId(EarnTestId.loadMore));
    await waitFor(() => expect(screen.getAllByTestId(EarnTestId.order)).toHaveLength(3));
    const closedPages = desk.pagesAsked.filter((page) => page.get('state') === 'closed');
    expect(closedPages[1]?.get('cursor')).toBe('4');
    expect(screen.getByTestId(EarnTestId.ordersEnd)).toBeTruthy();
  });

  it('redeems early for exactly the payout shown, sending it as expectedPayout with an Idempotency-Key', async () => {
    desk.orders = [earnOrder('7')];
    desk.redemptions.set('7', {
      orderId: '7',
      asset: 'USDT',
      principal: '1000.000000',
      interestPaid: '2.000000',
      interestReclaimed: '2.000000',
      penalty: '10.000000',
      payout: '988.000000',
      early: true,
    });
    renderScreen();
    await userEvent.click(await screen.findByTestId(EarnTestId.redeem));
    const sheet = screen.getByTestId(EarnTestId.redeemSheet);
    expect((await within(sheet).findByTestId(EarnTestId.redeemPayout)).textContent).toBe('988 USDT');
    expect(within(sheet).getByTestId(EarnTestId.redeemPrincipal).textContent).toBe('1,000 USDT');
    expect(within(sheet).getByTestId(EarnTestId.redeemReclaimed).textContent).toBe('−2 USDT');
    expect(within(sheet).getByTestId(EarnTestId.redeemPenalty).textContent).toBe('−10 USDT');
    expect(within(sheet).getByText(/early redemption/)).toBeTruthy();

    await userEvent.click(within(sheet).getByTestId(EarnTestId.redeemConfirm));
    await waitFor(() => expect(currentNotice()?.message).toBe('Redemption successful'));
    expect(desk.redeemed).toEqual([{ id: '7', expectedPayout: '988.000000', key: expect.any(String) }]);
    await waitFor(() => expect(screen.getByTestId(EarnTestId.ordersEmpty)).toBeTruthy());
  });

  it('reads the figures again when the server refuses a payout that changed', async () => {
    desk.orders = [earnOrder('7')];
    const quote = {
      orderId: '7',
      asset: 'USDT',
      principal: '1000.000000',
      interestPaid: '2.000000',
      interestReclaimed: '2.000000',
      penalty: '10.000000',
      payout: '988.000000',
      early: true,
    };
    desk.redemptions.set('7', quote);
    renderScreen();
    await userEvent.click(await screen.findByTestId(EarnTestId.redeem));
    const sheet = screen.getByTestId(EarnTestId.redeemSheet);
    await within(sheet).findByTestId(EarnTestId.redeemPayout);
    // A day's accrual lands between the quote and the confirmation.
    desk.redemptions.set('7', {
      ...quote,
      interestPaid: '2.200000',
      interestReclaimed: '2.200000',
      payout: '987.800000',
    });
    await userEvent.click(within(sheet).getByTestId(EarnTestId.redeemConfirm));
    await waitFor(() =>
      expect(currentNotice()?.message).toBe('The payout has changed; please check the new figures'),
    );
    await waitFor(() =>
      expect(within(sheet).getByTestId(EarnTestId.redeemPayout).textContent).toBe('987.8 USDT'),
    );
    expect(desk.orders[0]?.status).toBe('active');
  });
});
