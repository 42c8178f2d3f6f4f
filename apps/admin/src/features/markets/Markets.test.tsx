import type { AdminMarket } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { saveToken } from '../../api/storage';
import { ShownNotices } from '../../app/ShownNotices';
import { i18n, initI18n } from '../../i18n/i18n';
import { Markets } from './Markets';
import { MarketsTestId } from './testIds';

const STATS = {
  last: '95000.00',
  open: '94000.00',
  high: '96000.00',
  low: '93000.00',
  volume: '10.00000',
  turnover: '950000.00',
  changePercent: '1.06',
};

function market(symbol: string, changes: Partial<AdminMarket> = {}): AdminMarket {
  return {
    symbol,
    base: symbol.replace('USDT', ''),
    quote: 'USDT',
    tickSize: '0.01',
    lotSize: '0.00001',
    minNotional: '5',
    makerFee: '0.001',
    takerFee: '0.001',
    open: true,
    indexPrice: '95000.00',
    source: 'simulated',
    stale: false,
    stats: STATS,
    marketMaker: true,
    updatedAt: '2026-11-22T00:00:00.000Z',
    ...changes,
  };
}

function answer(data: unknown, code = 0, msg = 'ok', status = 200) {
  return new Response(JSON.stringify({ code, msg, data }), { status });
}

let fetchSpy: MockInstance<typeof window.fetch>;
let items: AdminMarket[];

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
      const { reason: _reason, ...changes } = JSON.parse(String(init.body));
      items = items.map((item) => (item.symbol === symbol ? { ...item, ...changes } : item));
      return answer(
        items.find((item) => item.symbol === symbol),
        0,
        'Market updated',
      );
    }
    if (url.endsWith('/markets')) return answer({ items });
    return answer(null);
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Markets />
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
    market('BTCUSDT'),
    market('DOGEUSDT', { tickSize: '0.00001', lotSize: '1', indexPrice: null, stale: true }),
  ];
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the markets page', () => {
  it('lists markets with their index price, the simulated label and a stale mark', async () => {
    renderPage();
    expect((await screen.findByTestId(MarketsTestId.price('BTCUSDT'))).textContent).toContain('95000.00');
    expect(screen.getByTestId(MarketsTestId.price('DOGEUSDT')).textContent).toContain('Stale');
    expect(screen.getByTestId(MarketsTestId.price('BTCUSDT')).textContent).not.toContain('Stale');
    expect(screen.getAllByText('Simulated')).toHaveLength(2);
  });

  it('closes a market only with a reason, and shows it closed', async () => {
    const ui = renderPage();
    await ui.click(await screen.findByTestId(MarketsTestId.open('BTCUSDT')));
    const dialog = await screen.findByTestId(MarketsTestId.dialog);
    within(dialog).getByText('Close BTCUSDT');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    expect(patches()).toEqual([]);
    await ui.type(within(dialog).getByTestId('reason'), 'Maintenance window');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    await waitFor(() =>
      expect(patches()).toEqual([
        {
          url: expect.stringMatching(/\/markets\/BTCUSDT$/),
          body: { open: false, reason: 'Maintenance window' },
        },
      ]),
    );
    await waitFor(() =>
      expect((screen.getByTestId(MarketsTestId.open('BTCUSDT')) as HTMLInputElement).checked).toBe(false),
    );
  });

  it('sends only the settings that changed, and keeps the tick and lot size locked while the market is open', async () => {
    const ui = renderPage();
    await ui.click(await screen.findByTestId(MarketsTestId.edit('BTCUSDT')));
    const dialog = await screen.findByTestId(MarketsTestId.dialog);
    expect((within(dialog).getByTestId(MarketsTestId.tickSize) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByTestId(MarketsTestId.lotSize) as HTMLInputElement).disabled).toBe(true);
    const fee = within(dialog).getByTestId(MarketsTestId.takerFee);
    await ui.clear(fee);
    await ui.type(fee, '0.0015');
    await ui.type(within(dialog).getByTestId('reason'), 'New fee schedule');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    await waitFor(() =>
      expect(patches()).toEqual([
        {
          url: expect.stringMatching(/\/markets\/BTCUSDT$/),
          body: { takerFee: '0.0015', reason: 'New fee schedule' },
        },
      ]),
    );
  });

  it('refuses a fee that is not a fraction, before asking the server', async () => {
    const ui = renderPage();
    await ui.click(await screen.findByTestId(MarketsTestId.edit('BTCUSDT')));
    const dialog = await screen.findByTestId(MarketsTestId.dialog);
    const fee = within(dialog).getByTestId(MarketsTestId.makerFee);
    await ui.clear(fee);
    await ui.type(fee, '2');
    await ui.type(within(dialog).getByTestId('reason'), 'Typo');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    await within(dialog).findByRole('alert');
    expect(patches()).toEqual([]);
  });
});
