import type { AdminAssets } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../api/storage';
import { ShownNotices } from '../../app/ShownNotices';
import { i18n, initI18n } from '../../i18n/i18n';
import { ReviewTestId } from '../review/testIds';
import { Assets } from './Assets';
import { AssetsTestId } from './testIds';

const BANK_ACCOUNT = {
  asset: 'USDT',
  currency: 'USD',
  bankName: 'First Harbour Bank',
  accountName: 'Kestrel Markets Ltd',
  accountNumber: 'GB33BUKB20201555555555',
  routingCode: 'BUKBGB22',
  enabled: true,
  updatedAt: '2026-01-05T08:00:00.000Z',
};

let assets: AdminAssets;
let puts: { url: string; body: unknown }[];

function envelope(data: unknown, status = 200, code = 0, msg = 'ok') {
  return new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function fakeServer(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://console.test').pathname;
  const method = init?.method ?? 'GET';
  if (url === '/api/admin/assets') return envelope(assets);
  if (url === '/api/admin/bank-accounts/USDT' && method === 'PUT') {
    const body = JSON.parse(String(init?.body));
    puts.push({ url, body });
    const { reason: _reason, ...account } = body;
    assets = {
      assets: assets.assets.map((each) =>
        each.code === 'USDT' ? { ...each, bankAccount: { ...BANK_ACCOUNT, ...account } } : each,
      ),
    };
    return envelope({ ...BANK_ACCOUNT, ...account });
  }
  return envelope(null, 404, 1004, 'Not found');
}

function renderAssets() {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <Assets />
          <ShownNotices />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  assets = {
    assets: [
      { code: 'USDT', precision: 6, networks: [], bankAccount: null },
      {
        code: 'BTC',
        precision: 8,
        networks: [],
        bankAccount: { ...BANK_ACCOUNT, asset: 'BTC', enabled: false },
      },
    ],
  };
  puts = [];
  localStorage.setItem(TOKEN_KEY, 'adm_token');
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the platform bank accounts on the assets page', () => {
  it('says which assets take bank transfers and which are closed', async () => {
    renderAssets();
    expect((await screen.findByTestId(AssetsTestId.bankAccount('USDT'))).textContent).toContain(
      'No bank account: bank transfers closed',
    );
    const btc = screen.getByTestId(AssetsTestId.bankAccount('BTC'));
    expect(btc.textContent).toContain('GB33BUKB20201555555555 · BUKBGB22 · USD');
    expect(btc.textContent).toContain('Off: bank transfers closed');
  });

  it('sets an account only once every field is valid and a reason is given', async () => {
    const ui = renderAssets();
    await ui.click(await screen.findByTestId(AssetsTestId.bankEdit('USDT')));
    const dialog = await screen.findByTestId(AssetsTestId.bankDialog);
    const field = (name: string) => within(dialog).getByTestId(AssetsTestId.bankField(name));
    // Pasted rather than typed key by key: what is checked is the form, not the keyboard.
    const fill = async (input: HTMLElement, text: string) => {
      await ui.click(input);
      await ui.paste(text);
    };
    await fill(field('bankName'), 'First Harbour Bank');
    await fill(field('accountName'), 'Kestrel Markets Ltd');
    await fill(field('accountNumber'), 'GB33 BUKB 2020 1555 5555 55');
    await fill(field('routingCode'), 'BUKB');
    await fill(field('currency'), 'usd');
    await fill(within(dialog).getByTestId(ReviewTestId.reason), 'Account opened');
    await ui.click(within(dialog).getByTestId(ReviewTestId.confirm));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Enter the SWIFT/BIC or routing code: 6 to 11 letters and digits',
    );
    expect(puts).toHaveLength(0);

    await fill(field('routingCode'), 'GB22');
    await ui.click(within(dialog).getByTestId(ReviewTestId.confirm));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.body).toEqual({
      currency: 'usd',
      bankName: 'First Harbour Bank',
      accountName: 'Kestrel Markets Ltd',
      accountNumber: 'GB33 BUKB 2020 1555 5555 55',
      routingCode: 'BUKBGB22',
      enabled: true,
      reason: 'Account opened',
    });
    await waitFor(() =>
      expect(screen.getByTestId(AssetsTestId.bankAccount('USDT')).textContent).toContain(
        'First Harbour Bank',
      ),
    );
  });
});
