import type { AdminBanner } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { saveToken } from '../../api/storage';
import { ShownNotices } from '../../app/ShownNotices';
import { i18n, initI18n } from '../../i18n/i18n';
import { Banners, moved } from './Banners';

function banner(id: number, title: string, overrides: Partial<AdminBanner> = {}): AdminBanner {
  return {
    id,
    uploadId: `00000000-0000-4000-8000-00000000000${id}`,
    imageUrl: `/api/banners/images/00000000-0000-4000-8000-00000000000${id}`,
    titles: { 'en-US': title },
    link: null,
    active: true,
    sortOrder: id,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

const LIST = [
  banner(1, 'Trade BTC', { link: '/trade/detail?symbol=BTCUSDT' }),
  banner(2, 'Deposit', { active: false }),
];

function answer(data: unknown, code = 0, msg = 'ok', status = 200) {
  return new Response(JSON.stringify({ code, msg, data }), { status });
}

let fetchSpy: MockInstance<typeof window.fetch>;

function renderPage() {
  saveToken('adm_test');
  fetchSpy.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/banners/images')) {
      return answer({
        uploadId: '00000000-0000-4000-8000-000000000009',
        imageUrl: '/api/banners/images/x',
        width: 800,
        height: 400,
      });
    }
    if (init?.method === 'POST') return answer(banner(3, 'New'), 0, 'Success');
    if (init?.method === 'PUT') return answer({ items: [...LIST].reverse() });
    return answer({ items: LIST });
  });
  const router = createMemoryRouter([{ path: '/banners', element: <Banners /> }], {
    initialEntries: ['/banners'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
        <ShownNotices />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

function calls(method: string) {
  return fetchSpy.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([input, init]) => ({ url: String(input), body: init?.body }));
}

beforeAll(async () => {
  await initI18n('en-US');
  // jsdom has no <dialog> methods.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
  };
});
beforeEach(() => {
  fetchSpy = vi.spyOn(window, 'fetch');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('moved', () => {
  it('swaps a banner with its neighbour and leaves the ends alone', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });
});

describe('the banners page', () => {
  it('lists the banners with their pictures, links and status', async () => {
    renderPage();
    await screen.findAllByTestId('banner-row-title');
    const table = screen.getByTestId('banner-table');
    expect(
      within(table)
        .getAllByTestId('banner-row-title')
        .map((cell) => cell.textContent),
    ).toEqual(['Trade BTC', 'Deposit']);
    expect(within(table).getByText('/trade/detail?symbol=BTCUSDT')).toBeTruthy();
    expect(within(table).getByText('Hidden')).toBeTruthy();
    expect(table.querySelectorAll('img')).toHaveLength(2);
  });

  it('moves a banner down by sending the whole new order', async () => {
    const user = renderPage();
    await user.click(await screen.findByTestId('banner-down-1'));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    expect(JSON.parse(String(calls('PUT')[0]?.body))).toEqual({ ids: [2, 1] });
  });

  it('uploads a picture, takes titles per language and creates the banner', async () => {
    const user = renderPage();
    await user.click(await screen.findByTestId('banner-add'));
    await user.upload(
      screen.getByTestId('banner-image-input'),
      new File([new Uint8Array([1, 2, 3])], 'banner.png', { type: 'image/png' }),
    );
    await screen.findByTestId('banner-form-preview');
    expect(calls('POST')[0]?.body).toBeInstanceOf(FormData);

    await user.type(screen.getByTestId('banner-title'), 'Trade on the go');
    await user.click(screen.getByTestId('banner-locale-ar'));
    await user.type(screen.getByTestId('banner-title'), 'تداول أينما كنت');
    await user.type(screen.getByTestId('banner-link'), '/current/index');
    await user.click(screen.getByTestId('dialog-submit'));

    await waitFor(() => expect(calls('POST')).toHaveLength(2));
    expect(JSON.parse(String(calls('POST')[1]?.body))).toEqual({
      uploadId: '00000000-0000-4000-8000-000000000009',
      titles: { 'en-US': 'Trade on the go', ar: 'تداول أينما كنت' },
      link: '/current/index',
      active: true,
    });
  });

  it('refuses a link to another site and a banner without a picture, without calling the server', async () => {
    const user = renderPage();
    await user.click(await screen.findByTestId('banner-add'));
    await user.type(screen.getByTestId('banner-title'), 'Hello');
    await user.type(screen.getByTestId('banner-link'), 'https://elsewhere.example');
    await user.click(screen.getByTestId('dialog-submit'));
    expect(await screen.findByText('Enter a path in the app starting with /')).toBeTruthy();
    expect(screen.getByText('Choose a picture', { selector: '[role="alert"]' })).toBeTruthy();
    expect(calls('POST')).toHaveLength(0);
  });
});
