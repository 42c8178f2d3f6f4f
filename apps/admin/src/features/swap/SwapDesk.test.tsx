import type { AdminRole, AdminSwapDesk, AdminSwapOrder } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveLanguage, saveToken } from '../../api/storage';
import { ShownNotices } from '../../app/ShownNotices';
import { i18n, initI18n } from '../../i18n/i18n';
import { fakeSwapServer, OPERATOR, swapOrder } from './fakeSwapServer';
import { SwapDesk } from './SwapDesk';
import { SwapTestId } from './testIds';

const DEPOSIT_TX = 'a3f9c2e1b4d5a6f7e8d9c0b1a2f3e4d5c6b7a8f9e0d1c2b3a4f5e6d7c8b9a0f1';
const PAYOUT_TX = 'f1e2d3c4b5a6f7e8d9c0b1a2f3e4d5c6b7a8f9e0d1c2b3a4f5e6d7c8b9a0b1c2';
/** An extended public key's shape (base58, 111 characters), and a private key of the same shape. */
const XPUB =
  `xpub6CUGRUonZSQ4TWtTMmzXdrXDtypWKiKrhko4egpiMZbpiaQL2jkwSB1icqYh2cfDfVxdx4df189oLKnC5fSwqPfgyP3hooxujYzAu3fDVmz${''}`.slice(
    0,
    111,
  );
const XPRV = `xprv${XPUB.slice(4)}`;

const WAITING = swapOrder('8J3KQ7M2XPV4T9RA', { createdAt: '2026-11-27T09:50:00.000Z', simulated: true });
const REVIEW = swapOrder('5N7PW2D8K3HZ6QBE', {
  status: 'review',
  createdAt: '2026-11-27T09:40:00.000Z',
  depositAmount: '1250.000000',
  depositTxHash: DEPOSIT_TX,
  reviewReason: 'amountOutsideQuote',
  events: [
    { status: 'waiting', at: '2026-11-27T09:40:00.000Z' },
    { status: 'confirming', at: '2026-11-27T09:45:00.000Z' },
    { status: 'review', at: '2026-11-27T09:46:00.000Z' },
  ],
});
const sending = (id: string, payoutRequestedBy: string, createdAt: string) =>
  swapOrder(id, {
    status: 'sending',
    createdAt,
    sendAmount: '90000.000000',
    receiveAmount: '0.93600000',
    depositAmount: '90000.000000',
    depositTxHash: DEPOSIT_TX,
    needsApproval: true,
    payoutRequestedBy,
    spreadAmount: '450.000000',
    userId: '1042',
    events: [
      { status: 'waiting', at: createdAt },
      { status: 'confirming', at: '2026-11-27T09:35:00.000Z' },
      { status: 'exchanging', at: '2026-11-27T09:36:00.000Z' },
      { status: 'sending', at: '2026-11-27T09:36:10.000Z' },
    ],
  });
const LARGE = sending('9TQ4M8ZC2WX7R5KP', 'Omar Haddad', '2026-11-27T09:30:00.000Z');
const MINE = sending('3BH6V9N2QJ8XW4DT', OPERATOR, '2026-11-27T09:20:00.000Z');
const COMPLETED = swapOrder('7KD2R8M4ZQ6PW3NA', {
  status: 'completed',
  createdAt: '2026-11-26T12:00:00.000Z',
  depositTxHash: DEPOSIT_TX,
  payoutTxHash: PAYOUT_TX,
});

const DESK: AdminSwapDesk = {
  settings: {
    fixedRateSeconds: 900,
    floatingWaitSeconds: 86_400,
    watcherMode: 'manual',
    approvalThreshold: '50000',
  },
  coins: [
    {
      asset: 'USDT',
      network: 'tron',
      enabled: true,
      networkFee: '1.000000',
      extendedPublicKey: 'xpub6CUG…DVmz2K',
      depositAddress: null,
      addressesIssued: 1280,
      inventory: '250000.000000',
      updatedAt: '2026-11-20T08:00:00.000Z',
    },
    {
      asset: 'SOL',
      network: 'solana',
      enabled: false,
      networkFee: '0.010000',
      extendedPublicKey: null,
      depositAddress: null,
      addressesIssued: 0,
      inventory: '0',
      updatedAt: '2026-11-20T08:00:00.000Z',
    },
  ],
  pairs: [
    {
      fromAsset: 'USDT',
      fromNetwork: 'tron',
      toAsset: 'BTC',
      toNetwork: 'bitcoin',
      min: '20.000000',
      max: '100000.000000',
      rate: '0.0000104',
      networkFee: '0.00005000',
      enabled: true,
      spread: '0.005',
      updatedAt: '2026-11-20T08:00:00.000Z',
    },
  ],
};

function renderDesk(
  role: AdminRole = 'super_admin',
  orders: AdminSwapOrder[] = [WAITING, REVIEW, LARGE, MINE, COMPLETED],
) {
  saveToken('adm_test');
  const sut = fakeSwapServer({ role, orders, desk: DESK });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SwapDesk />
        <ShownNotices />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { sut, ui: userEvent.setup() };
}

type UI = ReturnType<typeof userEvent.setup>;

/** The order numbers in the list, top to bottom. */
const listed = () =>
  within(screen.getByTestId(SwapTestId.orders))
    .queryAllByTestId(/^swap-order-[0-9A-Z]{16}$/)
    .map((cell) => cell.textContent);

const noticesShown = () =>
  screen
    .queryAllByTestId('notice')
    .map((notice) => notice.textContent)
    .join('\n');

async function openOrder(ui: UI, id: string) {
  await ui.click(await screen.findByTestId(SwapTestId.orderRow(id)));
  return screen.findByTestId(SwapTestId.detail);
}

async function act(ui: UI, step: string, fields: Record<string, string>, reason: string) {
  await ui.click(await within(screen.getByTestId(SwapTestId.detail)).findByTestId(SwapTestId.action(step)));
  const dialog = await screen.findByTestId(SwapTestId.actionDialog);
  for (const [name, value] of Object.entries(fields)) {
    const input = within(dialog).getByTestId(SwapTestId.field(name));
    await ui.clear(input);
    await ui.type(input, value);
  }
  await ui.type(within(dialog).getByTestId('reason'), reason);
  await ui.click(within(dialog).getByTestId('dialog-submit'));
  return dialog;
}

async function openTab(ui: UI, tab: string) {
  await ui.click(await screen.findByTestId(SwapTestId.tab(tab)));
}

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the swap orders', () => {
  it('lists orders newest first with their pair, amounts, status and what waits on operators', async () => {
    renderDesk();
    await screen.findByTestId(SwapTestId.orderRow(WAITING.id));
    expect(listed()).toEqual([WAITING.id, REVIEW.id, LARGE.id, MINE.id, COMPLETED.id]);
    const row = screen.getByTestId(SwapTestId.orderRow(WAITING.id)).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('USDT TRC20 → BTC Bitcoin');
    expect(row.textContent).toContain('1,000 USDT');
    expect(row.textContent).toContain('0.0104 BTC');
    expect(screen.getByTestId(SwapTestId.orderStatus(WAITING.id)).textContent).toBe(
      'Waiting for depositSimulatedDeposit to confirm',
    );
    expect(screen.getByTestId(SwapTestId.waitsOn(REVIEW.id)).textContent).toBe('Review to decide');
    expect(screen.getByTestId(SwapTestId.waitsOn(LARGE.id)).textContent).toBe('Approval needed');
    expect(screen.queryByTestId(SwapTestId.waitsOn(COMPLETED.id))).toBeNull();
  });

  it('filters by status and searches by a transaction hash', async () => {
    const { sut, ui } = renderDesk();
    await screen.findByTestId(SwapTestId.orderRow(WAITING.id));
    const filter = screen.getByTestId(SwapTestId.statusFilter) as HTMLSelectElement;
    expect([...filter.options].map((option) => option.textContent)).toEqual([
      'All statuses',
      'Waiting for deposit',
      'Confirming',
      'Exchanging',
      'Sending',
      'Completed',
      'Expired',
      'Cancelled',
      'Refunding',
      'Refunded',
      'Under review',
    ]);
    await ui.selectOptions(filter, 'sending');
    await waitFor(() => expect(listed()).toEqual([LARGE.id, MINE.id]));

    await ui.selectOptions(filter, 'all');
    await ui.type(screen.getByTestId('search'), PAYOUT_TX.slice(0, 20));
    await ui.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(listed()).toEqual([COMPLETED.id]));
    expect(sut.callsOf('listAdminSwapOrders').map((call) => call.query)).toContainEqual({
      search: PAYOUT_TX.slice(0, 20),
      limit: '20',
    });
    expect(sut.calls.every((call) => call.violation === null)).toBe(true);
  });

  it('pages through older orders with the cursor and back', async () => {
    const many = Array.from({ length: 23 }, (_, index) =>
      swapOrder(`ABCDEFGHJK${String(index).padStart(6, '0')}`, {
        createdAt: new Date(Date.parse('2026-11-27T09:00:00.000Z') - index * 60_000).toISOString(),
      }),
    );
    const { sut, ui } = renderDesk('reviewer', many);
    await screen.findByTestId(SwapTestId.orderRow(many[0]?.id ?? ''));
    expect(listed()).toHaveLength(20);
    await ui.click(screen.getByTestId(SwapTestId.olderPage));
    await waitFor(() => expect(listed()).toEqual(many.slice(20).map((order) => order.id)));
    expect(sut.callsOf('listAdminSwapOrders').at(-1)?.query).toEqual({ cursor: 'c20', limit: '20' });
    await ui.click(screen.getByTestId(SwapTestId.newerPage));
    await waitFor(() => expect(listed()).toHaveLength(20));
  });

  it('shows every field of an order with its timeline', async () => {
    const { ui } = renderDesk();
    const detail = await openOrder(ui, LARGE.id);
    const fact = (name: string) => within(detail).getByTestId(SwapTestId.fact(name)).textContent;
    expect(fact('depositTxHash')).toBe(DEPOSIT_TX);
    expect(fact('spreadAmount')).toBe('450 USDT');
    expect(fact('payoutRequestedBy')).toBe('Omar Haddad');
    expect(fact('needsApproval')).toBe('Needed: the payout is above the threshold');
    expect(fact('userId')).toBe('1042');
    expect(
      [...within(detail).getByTestId(SwapTestId.timeline).querySelectorAll('li')].map(
        (line) => line.textContent?.split(' · ')[0],
      ),
    ).toEqual(['Waiting for deposit', 'Confirming', 'Exchanging', 'Sending']);
    await ui.click(within(detail).getByTestId(SwapTestId.closeDetail));
    expect(screen.queryByTestId(SwapTestId.detail)).toBeNull();
    const review = await openOrder(ui, REVIEW.id);
    expect(within(review).getByTestId(SwapTestId.fact('reviewReason')).textContent).toBe(
      'The amount received is outside the quote',
    );
  });
});

describe("an order's steps", () => {
  it('confirms a deposit with its amount, transaction and reason, and the row moves on', async () => {
    const { sut, ui } = renderDesk('reviewer');
    await openOrder(ui, WAITING.id);
    await act(ui, 'deposit', { amount: '1000', txHash: DEPOSIT_TX }, 'Seen on Tronscan');

    await waitFor(() => expect(sut.callsOf('confirmSwapDeposit')).toHaveLength(1));
    expect(sut.callsOf('confirmSwapDeposit')[0]).toMatchObject({
      params: { id: WAITING.id },
      body: { amount: '1000', txHash: DEPOSIT_TX, reason: 'Seen on Tronscan' },
      violation: null,
    });
    await waitFor(() =>
      expect(screen.getByTestId(SwapTestId.orderStatus(WAITING.id)).textContent).toContain('Sending'),
    );
    expect(screen.getByTestId(SwapTestId.waitsOn(WAITING.id)).textContent).toBe('Payout to send');
    expect(
      within(screen.getByTestId(SwapTestId.detail)).getByTestId(SwapTestId.fact('depositTxHash')).textContent,
    ).toBe(DEPOSIT_TX);
    await waitFor(() => expect(noticesShown()).toContain('Order updated'));
  });

  it('refuses a transaction hash that cannot be one before asking the server', async () => {
    const { sut, ui } = renderDesk();
    await openOrder(ui, WAITING.id);
    const dialog = await act(ui, 'deposit', { amount: '1000', txHash: 'not a hash' }, 'Seen');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Enter the transaction hash as the block explorer shows it',
    );
    expect(sut.callsOf('confirmSwapDeposit')).toEqual([]);
  });

  it('decides a review to refund, then records the refund sent', async () => {
    const { sut, ui } = renderDesk();
    await openOrder(ui, REVIEW.id);
    await ui.click(await screen.findByTestId(SwapTestId.action('review')));
    const dialog = await screen.findByTestId(SwapTestId.actionDialog);
    await ui.click(within(dialog).getByTestId(SwapTestId.decision('refund')));
    await ui.type(within(dialog).getByTestId('reason'), 'Sent more than the quote allows');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(sut.callsOf('reviewSwapOrder')).toHaveLength(1));
    expect(sut.callsOf('reviewSwapOrder')[0]?.body).toEqual({
      decision: 'refund',
      reason: 'Sent more than the quote allows',
    });
    await waitFor(() =>
      expect(screen.getByTestId(SwapTestId.waitsOn(REVIEW.id)).textContent).toBe('Refund to send'),
    );

    await act(ui, 'refund', { txHash: PAYOUT_TX }, 'Refund sent from the hot wallet');
    await waitFor(() =>
      expect(screen.getByTestId(SwapTestId.orderStatus(REVIEW.id)).textContent).toBe('Refunded'),
    );
    expect(sut.callsOf('sendSwapRefund')[0]?.body).toEqual({
      txHash: PAYOUT_TX,
      reason: 'Refund sent from the hot wallet',
    });
  });

  it('approves a large payout asked for by another operator, then sends it', async () => {
    const { sut, ui } = renderDesk();
    await openOrder(ui, LARGE.id);
    await ui.click(await screen.findByTestId(SwapTestId.action('approval')));
    const dialog = await screen.findByTestId(SwapTestId.actionDialog);
    expect(dialog.textContent).toContain('Asked for by Omar Haddad');
    await ui.type(within(dialog).getByTestId('reason'), 'Checked the receive address');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(sut.callsOf('approveSwapPayout')).toHaveLength(1));
    expect(sut.callsOf('approveSwapPayout')[0]?.body).toEqual({ reason: 'Checked the receive address' });
    await waitFor(() =>
      expect(
        within(screen.getByTestId(SwapTestId.detail)).getByTestId(SwapTestId.fact('payoutApprovedBy'))
          .textContent,
      ).toBe(OPERATOR),
    );

    await act(ui, 'payout', { txHash: PAYOUT_TX }, 'Paid from the cold wallet');
    await waitFor(() =>
      expect(screen.getByTestId(SwapTestId.orderStatus(LARGE.id)).textContent).toBe('Completed'),
    );
    expect(sut.callsOf('sendSwapPayout')[0]).toMatchObject({
      body: { txHash: PAYOUT_TX, reason: 'Paid from the cold wallet' },
      violation: null,
    });
  });

  it("shows the server's refusal when the operator who asked for a payout tries to approve it", async () => {
    saveLanguage('de');
    const { sut, ui } = renderDesk();
    await openOrder(ui, MINE.id);
    const dialog = await act(ui, 'approval', {}, 'Mine');
    await waitFor(() =>
      expect(noticesShown()).toContain('Diese Auszahlung muss ein zweiter Operator freigeben'),
    );
    expect(screen.getByTestId(SwapTestId.actionDialog)).toBe(dialog);
    expect(sut.callsOf('approveSwapPayout').map((call) => call.violation)).toEqual([null]);
    expect(screen.getByTestId(SwapTestId.waitsOn(MINE.id)).textContent).toBe('Approval needed');
  });

  it('offers support no step on any order and nothing to edit on the desk', async () => {
    const { ui } = renderDesk('support');
    for (const order of [WAITING, REVIEW, LARGE]) {
      const detail = await openOrder(ui, order.id);
      expect(within(detail).queryAllByTestId(/^swap-action-/)).toEqual([]);
    }
    await openTab(ui, 'settings');
    await screen.findByTestId(SwapTestId.fact('fixedRateSeconds'));
    expect(screen.queryByTestId(SwapTestId.editSettings)).toBeNull();
    await openTab(ui, 'coins');
    await screen.findByTestId(SwapTestId.coinRow('USDT', 'tron'));
    expect(screen.queryAllByTestId(/^swap-coin-edit-/)).toEqual([]);
    await openTab(ui, 'pairs');
    await screen.findByTestId(SwapTestId.pairRow('USDT-tron-BTC-bitcoin'));
    expect(screen.queryAllByTestId(/^swap-pair-edit-/)).toEqual([]);
  });
});

describe("the desk's settings, coins and pairs", () => {
  it('sends the settings with the reason, warning that the simulated watcher moves no real funds', async () => {
    const { sut, ui } = renderDesk();
    await openTab(ui, 'settings');
    await ui.click(await screen.findByTestId(SwapTestId.editSettings));
    const dialog = await screen.findByTestId(SwapTestId.settingsDialog);
    expect(within(dialog).queryByTestId(SwapTestId.simulatedWarning)).toBeNull();
    await ui.click(within(dialog).getByTestId(SwapTestId.watcherMode('simulated')));
    expect(within(dialog).getByTestId(SwapTestId.simulatedWarning).textContent).toContain(
      'moves no real funds',
    );
    const fixed = within(dialog).getByTestId(SwapTestId.field('fixedRateSeconds'));
    await ui.clear(fixed);
    await ui.type(fixed, '600');
    const threshold = within(dialog).getByTestId(SwapTestId.field('approvalThreshold'));
    await ui.clear(threshold);
    await ui.type(threshold, '25000.5');
    await ui.type(within(dialog).getByTestId('reason'), 'Demonstration install');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(sut.callsOf('updateSwapSettings')).toHaveLength(1));
    expect(sut.callsOf('updateSwapSettings')[0]).toMatchObject({
      body: {
        fixedRateSeconds: 600,
        floatingWaitSeconds: 86_400,
        watcherMode: 'simulated',
        approvalThreshold: '25000.5',
        reason: 'Demonstration install',
      },
      violation: null,
    });
    await waitFor(() =>
      expect(screen.getByTestId(SwapTestId.fact('watcherMode')).textContent).toContain('Simulated'),
    );
    expect(screen.getByRole('note').textContent).toContain('moves no real funds');
  });

  it("sends a coin's new extended public key and fee, and shows the desk's address on a memo chain", async () => {
    const { sut, ui } = renderDesk();
    await openTab(ui, 'coins');
    const row = (await screen.findByTestId(SwapTestId.coinRow('USDT', 'tron'))).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('TRC20');
    expect(row.textContent).toContain('xpub6CUG…DVmz2K');
    expect(row.textContent).toContain('1,280');
    expect(row.textContent).toContain('250000 USDT');
    await ui.click(screen.getByTestId(SwapTestId.editCoin('USDT', 'tron')));
    let dialog = await screen.findByTestId(SwapTestId.coinDialog);
    const key = within(dialog).getByTestId(SwapTestId.field('extendedPublicKey')) as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(dialog.textContent).toContain('never a private key');
    expect(within(dialog).queryByTestId(SwapTestId.field('depositAddress'))).toBeNull();
    await ui.type(key, XPUB);
    const fee = within(dialog).getByTestId(SwapTestId.field('networkFee'));
    await ui.clear(fee);
    await ui.type(fee, '1.5');
    await ui.type(within(dialog).getByTestId('reason'), 'New hardware wallet');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    await waitFor(() => expect(sut.callsOf('updateSwapCoin')).toHaveLength(1));
    expect(sut.callsOf('updateSwapCoin')[0]).toMatchObject({
      params: { asset: 'USDT', network: 'tron' },
      body: { enabled: true, networkFee: '1.5', extendedPublicKey: XPUB, reason: 'New hardware wallet' },
      violation: null,
    });

    await ui.click(await screen.findByTestId(SwapTestId.editCoin('SOL', 'solana')));
    dialog = await screen.findByTestId(SwapTestId.coinDialog);
    expect(within(dialog).queryByTestId(SwapTestId.field('extendedPublicKey'))).toBeNull();
    await ui.click(within(dialog).getByTestId(SwapTestId.enabled));
    await ui.type(
      within(dialog).getByTestId(SwapTestId.field('depositAddress')),
      '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
    );
    await ui.type(within(dialog).getByTestId('reason'), 'Open Solana');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    await waitFor(() => expect(sut.callsOf('updateSwapCoin')).toHaveLength(2));
    expect(sut.callsOf('updateSwapCoin')[1]?.body).toEqual({
      enabled: true,
      networkFee: '0.01',
      depositAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      reason: 'Open Solana',
    });
  });

  it("refuses a private key typed as the extended public key, with the server's words", async () => {
    const { sut, ui } = renderDesk();
    await openTab(ui, 'coins');
    await ui.click(await screen.findByTestId(SwapTestId.editCoin('USDT', 'tron')));
    const dialog = await screen.findByTestId(SwapTestId.coinDialog);
    await ui.type(within(dialog).getByTestId(SwapTestId.field('extendedPublicKey')), XPRV);
    await ui.type(within(dialog).getByTestId('reason'), 'Rotate key');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() =>
      expect(noticesShown()).toContain('This is a private key. Never enter a private key here'),
    );
    expect(screen.getByTestId(SwapTestId.coinDialog)).toBe(dialog);
    expect(sut.callsOf('updateSwapCoin').map((call) => call.violation)).toEqual([null]);
    expect(sut.state.desk.coins[0]?.extendedPublicKey).toBe('xpub6CUG…DVmz2K');
  });

  it("sends a pair's spread, limits and switch with the reason", async () => {
    const { sut, ui } = renderDesk();
    await openTab(ui, 'pairs');
    const row = (await screen.findByTestId(SwapTestId.pairRow('USDT-tron-BTC-bitcoin'))).closest(
      'tr',
    ) as HTMLElement;
    expect(row.textContent).toContain('USDT TRC20 → BTC Bitcoin');
    expect(row.textContent).toContain('0.5 %');
    expect(row.textContent).toContain('20 USDT');
    await ui.click(screen.getByTestId(SwapTestId.editPair('USDT-tron-BTC-bitcoin')));
    const dialog = await screen.findByTestId(SwapTestId.pairDialog);
    const spread = within(dialog).getByTestId(SwapTestId.field('spread'));
    await ui.clear(spread);
    await ui.type(spread, '0.0075');
    const max = within(dialog).getByTestId(SwapTestId.field('max'));
    await ui.clear(max);
    await ui.type(max, '50000');
    await ui.click(within(dialog).getByTestId(SwapTestId.enabled));
    await ui.type(within(dialog).getByTestId('reason'), 'Volatile market');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(sut.callsOf('updateSwapPair')).toHaveLength(1));
    expect(sut.callsOf('updateSwapPair')[0]).toMatchObject({
      params: { fromAsset: 'USDT', fromNetwork: 'tron', toAsset: 'BTC', toNetwork: 'bitcoin' },
      body: { enabled: false, spread: '0.0075', min: '20', max: '50000', reason: 'Volatile market' },
      violation: null,
    });
    await waitFor(() => expect(row.textContent).toContain('0.75 %'));
  });
});
