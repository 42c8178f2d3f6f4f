import type { AdminFuturesMarket } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { saveToken } from '../../api/storage';
import { ShownNotices } from '../../app/ShownNotices';
import { i18n, initI18n } from '../../i18n/i18n';
import { Perpetuals } from './Perpetuals';
import { PerpetualsTestId } from './testIds';

const STATS = {
  last: '95000.00',
  open: '94000.00',
  high: '96000.00',
  low: '93000.00',
  volume: '10.000',
  turnover: '950000.00',
  changePercent: '1.06',
};

function perpetual(symbol: string, changes: Partial<AdminFuturesMarket> = {}): AdminFuturesMarket {
  return {
    symbol,
    base: symbol.replace('USDT', ''),
    quote: 'USDT',
    tickSize: '0.1',
    lotSize: '0.001',
    minNotional: '5',
    makerFee: '0.0002',
    takerFee: '0.0005',
    open: true,
    markPrice: '95010.00',
    indexPrice: '95000.00',
    fundingRate: '0.0001',
    nextFundingTime: '2026-11-27T08:00:00.000Z',
    fundingIntervalHours: 8,
    stale: false,
    stats: STATS,
    brackets: [
      {
        notionalFloor: '0',
        notionalCap: '50000',
        maxLeverage: 125,
        maintenanceMarginRate: '0.004',
        maintenanceAmount: '0',
      },
      {
        notionalFloor: '50000',
        notionalCap: '600000',
        maxLeverage: 100,
        maintenanceMarginRate: '0.005',
        maintenanceAmount: '50',
      },
    ],
    interestRate: '0.0001',
    fundingCap: '0.0075',
    marketMaker: true,
    updatedAt: '2026-11-27T00:00:00.000Z',
    ...changes,
  };
}

function answer(data: unknown, code = 0, msg = 'ok', status = 200) {
  return new Response(JSON.stringify({ code, msg, data }), { status });
}

let fetchSpy: MockInstance<typeof window.fetch>;
let items: AdminFuturesMarket[];

function patches() {
  return fetchSpy.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init?.body)) }));
}

function renderPage() {
  saveToken('adm_test');
  fetchSpy.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'PATCH') {
      const symbol = url.split('/').at(-1) ?? '';
      return answer(items.find((item) => item.symbol === symbol));
    }
    if (url.endsWith('/futures/markets')) return answer({ items });
    return answer(null);
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Perpetuals />
        <ShownNotices />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  fetchSpy = vi.spyOn(window, 'fetch');
  items = [
    perpetual('BTCUSDT'),
    perpetual('DOGEUSDT', { markPrice: null, fundingRate: '-0.00025', stale: true, open: false }),
  ];
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the perpetuals page', () => {
  it('lists perpetuals with mark price, funding rate and interval, leverage and state', async () => {
    renderPage();
    expect((await screen.findByTestId(PerpetualsTestId.mark('BTCUSDT'))).textContent).toBe('95010.00');
    expect(screen.getByTestId(PerpetualsTestId.mark('DOGEUSDT')).textContent).toContain('Stale');
    expect(screen.getByTestId(PerpetualsTestId.funding('BTCUSDT')).textContent).toContain('0.0100 %');
    expect(screen.getByTestId(PerpetualsTestId.funding('BTCUSDT')).textContent).toContain('every 8 h');
    expect(screen.getByTestId(PerpetualsTestId.funding('DOGEUSDT')).textContent).toContain('-0.0250 %');
    expect(screen.getAllByText('125x')).toHaveLength(2);
    expect(screen.getByText('Closed')).toBeTruthy();
  });

  it('sends only what changed, with the brackets whole when one cell changed', async () => {
    const ui = renderPage();
    await ui.click(await screen.findByTestId(PerpetualsTestId.edit('BTCUSDT')));
    const dialog = await screen.findByTestId(PerpetualsTestId.dialog);
    expect(
      (within(dialog).getByTestId(PerpetualsTestId.field('tickSize')) as HTMLInputElement).disabled,
    ).toBe(true);
    const cap = within(dialog).getByTestId(PerpetualsTestId.field('fundingCap'));
    await ui.clear(cap);
    await ui.type(cap, '0.005');
    const leverage = within(dialog).getByTestId(PerpetualsTestId.bracket(0, 'maxLeverage'));
    await ui.clear(leverage);
    await ui.type(leverage, '75');
    await ui.click(within(dialog).getByTestId(PerpetualsTestId.addBracket));
    await ui.type(within(dialog).getByTestId(PerpetualsTestId.bracket(2, 'notionalCap')), '2000000');
    await ui.clear(within(dialog).getByTestId(PerpetualsTestId.bracket(2, 'maxLeverage')));
    await ui.type(within(dialog).getByTestId(PerpetualsTestId.bracket(2, 'maxLeverage')), '20');
    await ui.type(within(dialog).getByTestId(PerpetualsTestId.bracket(2, 'maintenanceMarginRate')), '0.025');
    await ui.click(within(dialog).getByTestId(PerpetualsTestId.marketMaker));
    await ui.type(within(dialog).getByTestId('reason'), 'Tighter risk on BTC');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    await waitFor(() =>
      expect(patches()).toEqual([
        {
          url: expect.stringMatching(/\/admin\/futures\/markets\/BTCUSDT$/),
          body: {
            fundingCap: '0.005',
            brackets: [
              { notionalCap: '50000', maxLeverage: 75, maintenanceMarginRate: '0.004' },
              { notionalCap: '600000', maxLeverage: 100, maintenanceMarginRate: '0.005' },
              { notionalCap: '2000000', maxLeverage: 20, maintenanceMarginRate: '0.025' },
            ],
            marketMaker: false,
            reason: 'Tighter risk on BTC',
          },
        },
      ]),
    );
  });

  it('opens a closed perpetual and removes a bracket', async () => {
    const ui = renderPage();
    await ui.click(await screen.findByTestId(PerpetualsTestId.edit('DOGEUSDT')));
    const dialog = await screen.findByTestId(PerpetualsTestId.dialog);
    expect(
      (within(dialog).getByTestId(PerpetualsTestId.field('tickSize')) as HTMLInputElement).disabled,
    ).toBe(false);
    await ui.click(within(dialog).getByTestId(PerpetualsTestId.open));
    await ui.click(within(dialog).getByTestId(PerpetualsTestId.removeBracket(1)));
    await ui.type(within(dialog).getByTestId('reason'), 'Listing');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    await waitFor(() =>
      expect(patches()).toEqual([
        {
          url: expect.stringMatching(/\/DOGEUSDT$/),
          body: {
            brackets: [{ notionalCap: '50000', maxLeverage: 125, maintenanceMarginRate: '0.004' }],
            open: true,
            reason: 'Listing',
          },
        },
      ]),
    );
  });

  it('refuses a funding cap that is not a fraction, before asking the server', async () => {
    const ui = renderPage();
    await ui.click(await screen.findByTestId(PerpetualsTestId.edit('BTCUSDT')));
    const dialog = await screen.findByTestId(PerpetualsTestId.dialog);
    const cap = within(dialog).getByTestId(PerpetualsTestId.field('fundingCap'));
    await ui.clear(cap);
    await ui.type(cap, '2');
    await ui.type(within(dialog).getByTestId('reason'), 'Typo');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    await within(dialog).findByRole('alert');
    expect(patches()).toEqual([]);
  });
});
