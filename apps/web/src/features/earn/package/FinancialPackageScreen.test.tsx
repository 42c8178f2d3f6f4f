import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotice } from '../../../components/notice/noticeStore';
import { initI18n } from '../../../i18n/i18n';
import { answerEarn, type FakeEarnDesk, fakeEarnDesk } from '../../../test/earnFixtures';
import { renderRoutes } from '../../../test/render';
import { FinancialOrderScreen } from '../order/FinancialOrderScreen';
import { EarnTestId } from '../testIds';
import { FinancialPackageScreen } from './FinancialPackageScreen';

let desk: FakeEarnDesk;

function fakeServer(input: string | URL | Request, init?: RequestInit) {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/wallet/balances') {
    return Promise.resolve(
      new Response(
        JSON.stringify({
          code: 0,
          msg: 'ok',
          data: {
            balances: [
              { account: 'spot', asset: 'USDT', available: '1500.000000', frozen: '0.000000' },
              { account: 'futures', asset: 'USDT', available: '9000.000000', frozen: '0.000000' },
            ],
          },
        }),
      ),
    );
  }
  return Promise.resolve(
    answerEarn(desk, url, init) ??
      new Response(JSON.stringify({ code: 40_400, msg: 'Not found', data: null }), { status: 404 }),
  );
}

function renderScreens() {
  return renderRoutes(
    [
      { path: '/home/financial/package', element: <FinancialPackageScreen /> },
      { path: '/home/financial/order', element: <FinancialOrderScreen /> },
    ],
    '/home/financial/package',
  );
}

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

describe('the financial packages', () => {
  it('lists each product with its term, annual rate, limits, quota left and sale state', async () => {
    renderScreens();
    const fixed = await screen.findByTestId(EarnTestId.product('1'));
    expect(within(fixed).getByTestId(EarnTestId.productTerm).textContent).toBe('30 days');
    expect(within(fixed).getByTestId(EarnTestId.productRate).textContent).toBe('7.3%');
    expect(within(fixed).getByTestId(EarnTestId.productLimits).textContent).toBe(
      'Min 10 USDT · Max 5,000 USDT per user',
    );
    expect(within(fixed).getByTestId(EarnTestId.productQuota).textContent).toBe(
      'Quota left 25,000 USDT · You hold 1,000 USDT',
    );
    expect(fixed.querySelector('[data-percent]')?.getAttribute('data-percent')).toBe('25');
    expect(within(fixed).getByTestId(EarnTestId.productState).textContent).toBe('On sale');

    const flexible = screen.getByTestId(EarnTestId.product('2'));
    expect(within(flexible).getByTestId(EarnTestId.productTerm).textContent).toBe('Flexible');
    expect(within(flexible).getByTestId(EarnTestId.productRate).textContent).toBe('1.5%');

    const soldOut = screen.getByTestId(EarnTestId.product('3')) as HTMLButtonElement;
    expect(within(soldOut).getByTestId(EarnTestId.productState).textContent).toBe('Sold out');
    expect(soldOut.disabled).toBe(true);
  });

  it('shows every figure from the quote before the user commits, subscribes once, then shows the order', async () => {
    renderScreens();
    await userEvent.click(await screen.findByTestId(EarnTestId.product('1')));
    const sheet = screen.getByTestId(EarnTestId.subscribeSheet);
    await waitFor(() =>
      expect(within(sheet).getByTestId(EarnTestId.available).textContent).toBe('Available 1,500 USDT'),
    );
    const confirm = within(sheet).getByTestId(EarnTestId.subscribe) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(within(sheet).getByTestId(EarnTestId.quoteRedemptionRule).textContent).toBe(
      'Redeeming early: Principal back, less the interest already paid and a penalty of 1% of the principal.',
    );

    await userEvent.type(within(sheet).getByTestId(EarnTestId.amount), '1000');
    const daily = await within(sheet).findByTestId(EarnTestId.quoteDailyInterest);
    // 1,000 × 7.3 % / 365 = 0.2 a day; 30 days make 6.
    expect(daily.textContent).toBe('0.2 USDT');
    expect(within(sheet).getByTestId(EarnTestId.quoteTotalInterest).textContent).toBe('+6 USDT');
    expect(within(sheet).getByTestId(EarnTestId.quoteMaturity).textContent).not.toBe('');
    expect(within(sheet).getByTestId(EarnTestId.quoteAccrualStarts).textContent).not.toBe('');
    expect(desk.quotes.at(-1)).toEqual({ productId: '1', amount: '1000' });

    await userEvent.click(confirm);
    await waitFor(() => expect(currentNotice()?.message).toBe('Purchase successful'));
    expect(desk.subscriptions).toHaveLength(1);
    expect(desk.subscriptions[0]?.body).toEqual({ productId: '1', amount: '1000' });
    expect(desk.subscriptions[0]?.key).toMatch(/^[0-9a-f-]{36}$/);

    await screen.findByTestId(EarnTestId.orderScreen);
    const order = await screen.findByTestId(EarnTestId.order);
    expect(order.textContent).toContain('1,000 USDT');
    expect(within(order).getByTestId(EarnTestId.orderStatus).textContent).toBe('Earning');
  });

  it('shows a flexible product without a maturity or a total, and its any-time redemption rule', async () => {
    renderScreens();
    await userEvent.click(await screen.findByTestId(EarnTestId.product('2')));
    const sheet = screen.getByTestId(EarnTestId.subscribeSheet);
    expect(within(sheet).getByTestId(EarnTestId.quoteRedemptionRule).textContent).toBe(
      'Redeeming early: Redeem at any time for your whole principal.',
    );
    await userEvent.type(within(sheet).getByTestId(EarnTestId.amount), '1');
    // 1 BTC × 1.5 % / 365, rounded down to the asset's places.
    expect((await within(sheet).findByTestId(EarnTestId.quoteDailyInterest)).textContent).toBe(
      '0.000041 BTC',
    );
    expect(within(sheet).queryByTestId(EarnTestId.quoteMaturity)).toBeNull();
    expect(within(sheet).queryByTestId(EarnTestId.quoteTotalInterest)).toBeNull();
  });

  it('caps the amount at Max: the room left to the user, the quota and the spot balance', async () => {
    renderScreens();
    await userEvent.click(await screen.findByTestId(EarnTestId.product('1')));
    const sheet = screen.getByTestId(EarnTestId.subscribeSheet);
    await within(sheet).findByText('Available 1,500 USDT');
    await userEvent.click(within(sheet).getByTestId(EarnTestId.max));
    // The product allows 5,000 a user and they hold 1,000; the quota has 25,000 left; they have 1,500.
    expect((within(sheet).getByTestId(EarnTestId.amount) as HTMLInputElement).value).toBe('1500');
  });

  it('refuses an amount below the minimum without asking for a quote', async () => {
    renderScreens();
    await userEvent.click(await screen.findByTestId(EarnTestId.product('1')));
    const sheet = screen.getByTestId(EarnTestId.subscribeSheet);
    await userEvent.type(within(sheet).getByTestId(EarnTestId.amount), '5');
    expect(await within(sheet).findByText('The minimum is 10 USDT')).toBeTruthy();
    expect(desk.quotes).toHaveLength(0);
    expect((within(sheet).getByTestId(EarnTestId.subscribe) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal in its words and keeps the sheet open", async () => {
    desk.refuseSubscription = { code: 12_345, msg: 'The quota of this product is used up' };
    renderScreens();
    await userEvent.click(await screen.findByTestId(EarnTestId.product('1')));
    const sheet = screen.getByTestId(EarnTestId.subscribeSheet);
    await userEvent.type(within(sheet).getByTestId(EarnTestId.amount), '100');
    await within(sheet).findByTestId(EarnTestId.quoteDailyInterest);
    await userEvent.click(within(sheet).getByTestId(EarnTestId.subscribe));
    await waitFor(() => expect(currentNotice()?.message).toBe('The quota of this product is used up'));
    expect(screen.getByTestId(EarnTestId.subscribeSheet)).toBeTruthy();
    expect(screen.queryByTestId(EarnTestId.orderScreen)).toBeNull();
  });
});
