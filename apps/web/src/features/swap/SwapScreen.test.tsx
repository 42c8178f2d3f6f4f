import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotice } from '../../components/notice/noticeStore';
import { initI18n, switchLanguage } from '../../i18n/i18n';
import { setRealtimeClient } from '../../lib/realtime';
import { installFakeRealtime } from '../../test/fakeRealtime';
import { renderRoutes } from '../../test/render';
import {
  answerSwap,
  BITCOIN_ADDRESS,
  type FakeSwapDesk,
  fakeSwapDesk,
  TRON_ADDRESS,
} from '../../test/swapFixtures';
import { heldSwapOrders } from './orderStore';
import { SwapScreen } from './SwapScreen';
import { SwapTestId } from './testIds';

/*
 * The swap screen against a fake desk whose every answer the app's client checks against the contract's response
 * schemas, so a fake that drifts from the contract fails here.
 */

let desk: FakeSwapDesk;

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const text = (id: string) => screen.getByTestId(id).textContent;

function renderScreen() {
  return renderRoutes(
    [
      { path: '/current/mixCash', element: <SwapScreen /> },
      { path: '/current/swapOrder', element: <p>order page</p> },
    ],
    '/current/mixCash',
  );
}

async function ready() {
  await waitFor(() => expect(text(SwapTestId.rateLine)).toBe('1 BTC ≈ 60,000 USDT'));
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

describe('the swap form', () => {
  it('reads right to left in Arabic, with amounts and addresses left to right', async () => {
    await switchLanguage('ar');
    try {
      renderScreen();
      await ready();
      expect(document.documentElement.dir).toBe('rtl');
      expect(text(SwapTestId.submit)).toBe('إنشاء الطلب');
      expect(input(SwapTestId.sendAmount).getAttribute('dir')).toBe('ltr');
      expect(input(SwapTestId.receiveAddress).getAttribute('dir')).toBe('ltr');
      expect(screen.getByTestId(SwapTestId.rateLine).getAttribute('dir')).toBe('ltr');
    } finally {
      await switchLanguage('en-US');
    }
  });

  it('shows the first pair with its rate, limits and network fee, and explains both rates', async () => {
    renderScreen();
    await ready();
    expect(text(SwapTestId.sendCoin)).toBe('BTC · Bitcoin');
    expect(text(SwapTestId.receiveCoin)).toBe('USDT · TRC20');
    expect(text(SwapTestId.min)).toBe('0.001 BTC');
    expect(text(SwapTestId.max)).toBe('10 BTC');
    expect(text(SwapTestId.networkFee)).toBe('1 USDT');
    expect(text(SwapTestId.rateHint)).toBe(
      'The rate is set when your deposit is confirmed: the amount you receive may change a little.',
    );
    await userEvent.click(screen.getByTestId(SwapTestId.rateType('fixed')));
    expect(text(SwapTestId.rateHint)).toBe(
      'The rate is held for 10 minutes: you receive exactly the amount shown.',
    );
    expect(screen.queryByTestId(SwapTestId.simulated)).toBeNull();
    expect(screen.getByTestId(SwapTestId.faq).textContent).toContain('How long does a swap take?');
  });

  it('says so when the desk is simulated', async () => {
    desk.simulated = true;
    renderScreen();
    await ready();
    expect(text(SwapTestId.simulated)).toBe('Simulated');
    expect(screen.getByText('Demonstration desk: no real funds move')).toBeTruthy();
  });

  it('asks a quote for the amount sent once typing pauses, and shows what is received', async () => {
    renderScreen();
    await ready();
    await userEvent.type(input(SwapTestId.sendAmount), '0.5');
    await waitFor(() => expect(input(SwapTestId.receiveAmount).value).toBe('29999'));
    // Only the settled amount was asked, not each keystroke.
    expect(desk.quotes).toEqual([
      {
        fromAsset: 'BTC',
        fromNetwork: 'bitcoin',
        toAsset: 'USDT',
        toNetwork: 'tron',
        amount: '0.5',
        amountSide: 'send',
        rateType: 'floating',
      },
    ]);
  });

  it('asks a quote for the amount received when it is typed on that side', async () => {
    renderScreen();
    await ready();
    await userEvent.type(input(SwapTestId.receiveAmount), '29999');
    await waitFor(() => expect(input(SwapTestId.sendAmount).value).toBe('0.5'));
    expect(desk.quotes.at(-1)).toMatchObject({ amount: '29999', amountSide: 'receive' });
  });

  it('asks a new quote shortly before the one on screen expires', async () => {
    desk.quoteSeconds = 6;
    renderScreen();
    await ready();
    await userEvent.type(input(SwapTestId.sendAmount), '0.5');
    await waitFor(() => expect(desk.quotes).toHaveLength(1));
    await waitFor(() => expect(desk.quotes.length).toBeGreaterThanOrEqual(2), { timeout: 4000 });
    expect(desk.quotes[1]).toEqual(desk.quotes[0]);
  });

  it("shows the desk's refusal of an amount beside the amount", async () => {
    renderScreen();
    await ready();
    await userEvent.type(input(SwapTestId.sendAmount), '0.0001');
    expect(await screen.findByTestId(SwapTestId.quoteError)).toBeTruthy();
    expect(text(SwapTestId.quoteError)).toBe('The amount must be between 0.001 and 10 BTC');
  });

  it('chooses the coins from a sheet and swaps their direction', async () => {
    renderScreen();
    await ready();
    await userEvent.click(screen.getByTestId(SwapTestId.receiveCoin));
    const sheet = screen.getByTestId(SwapTestId.coinSheet('receive'));
    await userEvent.click(within(sheet).getByTestId(SwapTestId.coinOption('SOL', 'solana')));
    expect(text(SwapTestId.receiveCoin)).toBe('SOL · Solana');
    // Solana transfers carry a memo: the field appears.
    expect(screen.getByTestId(SwapTestId.memo)).toBeTruthy();
    await userEvent.click(screen.getByTestId(SwapTestId.receiveCoin));
    await userEvent.click(screen.getByTestId(SwapTestId.coinOption('USDT', 'tron')));
    expect(screen.queryByTestId(SwapTestId.memo)).toBeNull();
    await userEvent.click(screen.getByTestId(SwapTestId.reverse));
    expect(text(SwapTestId.sendCoin)).toBe('USDT · TRC20');
    expect(text(SwapTestId.receiveCoin)).toBe('BTC · Bitcoin');
    await waitFor(() => expect(text(SwapTestId.rateLine)).toBe('1 USDT ≈ 0.0000165 BTC'));
  });

  it('asks for a refund address with a fixed rate: complete information required', async () => {
    renderScreen();
    await ready();
    await userEvent.click(screen.getByTestId(SwapTestId.rateType('fixed')));
    await userEvent.type(input(SwapTestId.sendAmount), '0.5');
    await waitFor(() => expect(input(SwapTestId.receiveAmount).value).toBe('29999'));
    await userEvent.type(input(SwapTestId.receiveAddress), TRON_ADDRESS);
    await userEvent.click(screen.getByTestId(SwapTestId.submit));
    await waitFor(() => expect(currentNotice()?.message).toBe('Complete information required'));
    expect(screen.getAllByText('Complete information required').length).toBeGreaterThan(0);
    expect(desk.created).toEqual([]);
  });

  it('refuses an invalid receive address as the field is left, before asking the desk', async () => {
    renderScreen();
    await ready();
    await userEvent.type(input(SwapTestId.sendAmount), '0.5');
    await userEvent.type(input(SwapTestId.receiveAddress), BITCOIN_ADDRESS);
    await userEvent.tab();
    expect(await screen.findByText('Invalid Address')).toBeTruthy();
    await waitFor(() => expect(input(SwapTestId.receiveAmount).value).toBe('29999'));
    await userEvent.click(screen.getByTestId(SwapTestId.submit));
    expect(desk.created).toEqual([]);
  });

  it('creates the order, keeps its number and secret on this device and opens it', async () => {
    const router = renderScreen();
    await ready();
    await userEvent.click(screen.getByTestId(SwapTestId.rateType('fixed')));
    await userEvent.type(input(SwapTestId.sendAmount), '0.5');
    await userEvent.type(input(SwapTestId.receiveAddress), TRON_ADDRESS);
    await userEvent.type(input(SwapTestId.refundAddress), BITCOIN_ADDRESS);
    await waitFor(() => expect(input(SwapTestId.receiveAmount).value).toBe('29999'));
    await userEvent.click(screen.getByTestId(SwapTestId.submit));
    await screen.findByText('order page');
    expect(desk.created).toEqual([
      {
        quoteId: expect.stringMatching(/^quote-/),
        receiveAddress: TRON_ADDRESS,
        refundAddress: BITCOIN_ADDRESS,
      },
    ]);
    expect(router.state.location.pathname).toBe('/current/swapOrder');
    expect(router.state.location.search).toBe('?id=N3WQRD3R0000000A');
    expect(heldSwapOrders()).toEqual([{ id: 'N3WQRD3R0000000A', secret: 'secret-of-the-new-order' }]);
  });
});
