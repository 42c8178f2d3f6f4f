import type { AdminRole, OptionExposure } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveLanguage, saveToken } from '../../api/storage';
import { ShownNotices } from '../../app/ShownNotices';
import { i18n, initI18n } from '../../i18n/i18n';
import { fakeOptionsServer, optionProduct } from './fakeOptionsServer';
import { Options } from './Options';
import { OptionsTestId } from './testIds';

const BTC = optionProduct('1', 'BTCUSDT', {
  periods: [
    { seconds: 60, payoutRate: '0.85', minStake: '10.000000', maxStake: '5000.000000', buyCutoffSeconds: 10 },
    { seconds: 300, payoutRate: '0.875', minStake: '10', maxStake: '10000', buyCutoffSeconds: 30 },
    { seconds: 900, payoutRate: '0.9', minStake: '20', maxStake: '20000', buyCutoffSeconds: 60 },
  ],
  maxOpenOrders: 20,
  maxDailyLoss: '10000',
  open: true,
});
const ETH = optionProduct(
  '2',
  'ETHUSDT',
  {
    periods: [{ seconds: 3600, payoutRate: '0.8', minStake: '5', maxStake: '2000', buyCutoffSeconds: 120 }],
    maxOpenOrders: 5,
    maxDailyLoss: '2500.5',
    open: false,
  },
  { stale: true },
);

const EXPOSURE: OptionExposure = {
  poolBalance: '250000.00',
  asset: 'USDT',
  rounds: [
    {
      productId: '1',
      symbol: 'BTCUSDT',
      periodSeconds: 60,
      periodNumber: 29_402_400,
      closeTime: '2026-11-27T10:01:00.000Z',
      orders: 12,
      upStake: '1500.00',
      downStake: '900.00',
      worstCase: '1275.00',
    },
    {
      productId: '2',
      symbol: 'ETHUSDT',
      periodSeconds: 3600,
      periodNumber: 490_040,
      closeTime: '2026-11-27T11:00:00.000Z',
      orders: 3,
      upStake: '350000.00',
      downStake: '0',
      worstCase: '280000.00',
    },
  ],
};

function renderPage(role: AdminRole = 'super_admin') {
  saveToken('adm_test');
  const sut = fakeOptionsServer({ role, products: [BTC, ETH], exposure: EXPOSURE });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Options />
        <ShownNotices />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { sut, ui: userEvent.setup() };
}

async function openEdit(ui: ReturnType<typeof userEvent.setup>, symbol: string) {
  await ui.click(await screen.findByTestId(OptionsTestId.edit(symbol)));
  return screen.findByTestId(OptionsTestId.dialog);
}

/** The texts of every notice on screen. */
const noticesShown = () =>
  screen
    .queryAllByTestId('notice')
    .map((notice) => notice.textContent)
    .join('\n');

async function retype(ui: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await ui.clear(element);
  await ui.type(element, text);
}

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the up/down options products', () => {
  it('lists each product with its periods, payout rates, stakes, cutoffs and limits', async () => {
    renderPage();
    const btc = await screen.findByTestId(OptionsTestId.periods('BTCUSDT'));
    expect([...btc.querySelectorAll('li')].map((line) => line.textContent)).toEqual([
      '1 min · pays 85 % · stake 10–5000 USDT · buying closes 10 s before the close',
      '5 min · pays 87.5 % · stake 10–10000 USDT · buying closes 30 s before the close',
      '15 min · pays 90 % · stake 20–20000 USDT · buying closes 60 s before the close',
    ]);
    expect(screen.getByTestId(OptionsTestId.limits('BTCUSDT')).textContent).toBe(
      'Open orders: 20Loss a day: 10000 USDT',
    );
    expect(screen.getByTestId(OptionsTestId.periods('ETHUSDT')).textContent).toContain('1 hr · pays 80 %');
    expect(screen.getByTestId(OptionsTestId.row('ETHUSDT')).textContent).toContain('Stale');
    const eth = screen.getByTestId(OptionsTestId.row('ETHUSDT')).closest('tr') as HTMLElement;
    expect(within(eth).getByText('Closed')).toBeTruthy();
  });

  it('sends the whole settings of a changed product with the reason, and says they apply to new orders only', async () => {
    const { sut, ui } = renderPage();
    const dialog = await openEdit(ui, 'BTCUSDT');
    expect(dialog.textContent).toContain('Changes apply to new orders only.');
    await retype(ui, within(dialog).getByTestId(OptionsTestId.period(0, 'payoutRate')), '0.8');
    expect(within(dialog).getByTestId(OptionsTestId.period(0, 'payoutRate-reading')).textContent).toBe(
      '80 %',
    );
    await ui.click(within(dialog).getByTestId(OptionsTestId.removePeriod(2)));
    await ui.click(within(dialog).getByTestId(OptionsTestId.addPeriod));
    await ui.type(within(dialog).getByTestId(OptionsTestId.period(2, 'seconds')), '3600');
    expect(within(dialog).getByTestId(OptionsTestId.period(2, 'seconds-reading')).textContent).toBe('1 hr');
    await ui.type(within(dialog).getByTestId(OptionsTestId.period(2, 'payoutRate')), '0.92');
    await ui.type(within(dialog).getByTestId(OptionsTestId.period(2, 'minStake')), '50');
    await ui.type(within(dialog).getByTestId(OptionsTestId.period(2, 'maxStake')), '50000');
    await ui.type(within(dialog).getByTestId(OptionsTestId.period(2, 'buyCutoffSeconds')), '300');
    await retype(ui, within(dialog).getByTestId(OptionsTestId.field('maxOpenOrders')), '10');
    await ui.click(within(dialog).getByTestId(OptionsTestId.open));
    await ui.type(within(dialog).getByTestId('reason'), 'Lower BTC payout during the CPI release');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(sut.callsOf('updateOptionProduct')).toHaveLength(1));
    expect(sut.callsOf('updateOptionProduct')).toEqual([
      {
        operationId: 'updateOptionProduct',
        params: { id: '1' },
        body: {
          periods: [
            { seconds: 60, payoutRate: '0.8', minStake: '10', maxStake: '5000', buyCutoffSeconds: 10 },
            { seconds: 300, payoutRate: '0.875', minStake: '10', maxStake: '10000', buyCutoffSeconds: 30 },
            { seconds: 3600, payoutRate: '0.92', minStake: '50', maxStake: '50000', buyCutoffSeconds: 300 },
          ],
          maxOpenOrders: 10,
          maxDailyLoss: '10000',
          open: false,
          reason: 'Lower BTC payout during the CPI release',
        },
        violation: null,
      },
    ]);
    await waitFor(() => expect(screen.queryByTestId(OptionsTestId.dialog)).toBeNull());
    await waitFor(() => expect(noticesShown()).toContain('Product updated'));
    await waitFor(() =>
      expect(screen.getByTestId(OptionsTestId.periods('BTCUSDT')).textContent).toContain('1 min · pays 80 %'),
    );
  });

  it("shows the server's refusal in the operator's language and keeps the dialog open", async () => {
    saveLanguage('de');
    const { sut, ui } = renderPage();
    sut.refuseNext('updateOptionProduct', 'forbidden');
    const dialog = await openEdit(ui, 'ETHUSDT');
    await ui.click(within(dialog).getByTestId(OptionsTestId.open));
    await ui.type(within(dialog).getByTestId('reason'), 'Reopen ETH');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(noticesShown()).toContain('Dazu bist du nicht berechtigt'));
    expect(screen.getByTestId(OptionsTestId.dialog)).toBeTruthy();
    expect(sut.callsOf('updateOptionProduct').map((call) => call.violation)).toEqual([null]);
  });

  it('refuses a payout rate that is not a fraction, naming the period, before asking the server', async () => {
    const { sut, ui } = renderPage();
    const dialog = await openEdit(ui, 'BTCUSDT');
    await retype(ui, within(dialog).getByTestId(OptionsTestId.period(1, 'payoutRate')), '1.5');
    await ui.type(within(dialog).getByTestId('reason'), 'Typo');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Period 2 · Payout rate: please enter a valid value',
    );
    expect(sut.callsOf('updateOptionProduct')).toEqual([]);
  });

  it('adds a product on a market with its periods and limits', async () => {
    const { sut, ui } = renderPage();
    await ui.click(await screen.findByTestId(OptionsTestId.create));
    const dialog = await screen.findByTestId(OptionsTestId.dialog);
    await ui.type(within(dialog).getByTestId(OptionsTestId.field('symbol')), 'solusdt');
    await ui.type(within(dialog).getByTestId(OptionsTestId.period(0, 'seconds')), '300');
    await ui.type(within(dialog).getByTestId(OptionsTestId.period(0, 'payoutRate')), '0.85');
    await ui.type(within(dialog).getByTestId(OptionsTestId.period(0, 'minStake')), '5');
    await ui.type(within(dialog).getByTestId(OptionsTestId.period(0, 'maxStake')), '1000');
    await ui.type(within(dialog).getByTestId(OptionsTestId.period(0, 'buyCutoffSeconds')), '30');
    await ui.type(within(dialog).getByTestId(OptionsTestId.field('maxOpenOrders')), '10');
    await ui.type(within(dialog).getByTestId(OptionsTestId.field('maxDailyLoss')), '1000');
    await ui.click(within(dialog).getByTestId(OptionsTestId.open));
    await ui.type(within(dialog).getByTestId('reason'), 'SOL listing');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(sut.callsOf('createOptionProduct')).toHaveLength(1));
    expect(sut.callsOf('createOptionProduct')[0]).toMatchObject({
      body: {
        symbol: 'SOLUSDT',
        periods: [
          { seconds: 300, payoutRate: '0.85', minStake: '5', maxStake: '1000', buyCutoffSeconds: 30 },
        ],
        maxOpenOrders: 10,
        maxDailyLoss: '1000',
        open: true,
        reason: 'SOL listing',
      },
      violation: null,
    });
    expect((await screen.findByTestId(OptionsTestId.periods('SOLUSDT'))).textContent).toBe(
      '5 min · pays 85 % · stake 5–1000 USDT · buying closes 30 s before the close',
    );
  });

  it("shows the market's refusal of a new product in the operator's language", async () => {
    saveLanguage('fr');
    const { sut, ui } = renderPage();
    sut.refuseNext('createOptionProduct', 'unknownMarket');
    await ui.click(await screen.findByTestId(OptionsTestId.create));
    const dialog = await screen.findByTestId(OptionsTestId.dialog);
    await ui.type(within(dialog).getByTestId(OptionsTestId.field('symbol')), 'NOPEUSDT');
    await ui.type(within(dialog).getByTestId(OptionsTestId.period(0, 'seconds')), '60');
    await ui.type(within(dialog).getByTestId(OptionsTestId.period(0, 'payoutRate')), '0.85');
    await ui.type(within(dialog).getByTestId(OptionsTestId.period(0, 'minStake')), '5');
    await ui.type(within(dialog).getByTestId(OptionsTestId.period(0, 'maxStake')), '1000');
    await ui.type(within(dialog).getByTestId(OptionsTestId.period(0, 'buyCutoffSeconds')), '5');
    await ui.type(within(dialog).getByTestId(OptionsTestId.field('maxOpenOrders')), '10');
    await ui.type(within(dialog).getByTestId(OptionsTestId.field('maxDailyLoss')), '1000');
    await ui.type(within(dialog).getByTestId('reason'), 'Listing');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(noticesShown()).toContain('Ce marché n’existe pas'));
    expect(screen.getByTestId(OptionsTestId.dialog)).toBeTruthy();
  });
});

describe('the options exposure', () => {
  it("shows the pool balance and each open round's orders, stakes and worst case, marking one beyond the pool", async () => {
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId(OptionsTestId.poolBalance).textContent).toBe('250000 USDT'),
    );
    const btc = OptionsTestId.round('1', 60, 29_402_400);
    const row = (await screen.findByTestId(btc)).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('1 min');
    expect(row.textContent).toContain('#29402400');
    expect(screen.getByTestId(`${btc}-orders`).textContent).toBe('12');
    expect(screen.getByTestId(`${btc}-up`).textContent).toBe('1500 USDT');
    expect(screen.getByTestId(`${btc}-down`).textContent).toBe('900 USDT');
    expect(screen.getByTestId(`${btc}-worst`).textContent).toBe('1275 USDT');
    const eth = OptionsTestId.round('2', 3600, 490_040);
    expect(screen.getByTestId(`${eth}-worst`).textContent).toBe('280000 USDT');
    expect(screen.getByTestId(`${eth}-beyond`).textContent).toBe('Beyond the pool');
    expect(screen.queryByTestId(`${btc}-beyond`)).toBeNull();
    expect(screen.getByTestId(eth).closest('tr')?.textContent).toContain('1 hr');
  });

  it('refreshes the figures every few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { sut } = renderPage();
    const up = `${OptionsTestId.round('1', 60, 29_402_400)}-up`;
    expect((await screen.findByTestId(up)).textContent).toBe('1500 USDT');
    const round = sut.state.exposure.rounds[0];
    if (round) round.upStake = '1750.00';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    await waitFor(() => expect(screen.getByTestId(up).textContent).toBe('1750 USDT'));
  });
});

describe('who sees what on the options page', () => {
  it.each(['reviewer', 'support'] as const)(
    'shows %s the exposure but neither the products nor a way to change them',
    async (role) => {
      const { sut } = renderPage(role);
      expect(await screen.findByTestId(OptionsTestId.exposure)).toBeTruthy();
      expect(screen.queryByTestId(OptionsTestId.products)).toBeNull();
      expect(screen.queryByTestId(OptionsTestId.create)).toBeNull();
      expect(sut.callsOf('listAdminOptionProducts')).toEqual([]);
    },
  );

  it('shows super admins both the exposure and the products', async () => {
    renderPage('super_admin');
    expect(await screen.findByTestId(OptionsTestId.exposure)).toBeTruthy();
    expect(await screen.findByTestId(OptionsTestId.products)).toBeTruthy();
  });

  it('shows content editors nothing of the options', async () => {
    const { sut } = renderPage('content');
    await waitFor(() => expect(sut.callsOf('getAdminMe')).toHaveLength(1));
    await screen.findByText('Up/down options');
    expect(screen.queryByTestId(OptionsTestId.exposure)).toBeNull();
    expect(sut.callsOf('getOptionExposure')).toEqual([]);
  });
});
