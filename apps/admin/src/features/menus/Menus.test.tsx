import type { AdminMenuEntry } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { saveToken } from '../../api/storage';
import { ShownNotices } from '../../app/ShownNotices';
import { i18n, initI18n } from '../../i18n/i18n';
import { moveEntry, refusedAt, removeEntry } from './draft';
import { Menus } from './Menus';
import { MenusTestId } from './testIds';

const entry = (route: string, title: string, fields: Partial<AdminMenuEntry> = {}): AdminMenuEntry => ({
  route,
  titles: { 'en-US': title },
  placement: 'mine',
  data: { template: 'article', slug: 'how-to-deposit' },
  visible: true,
  children: [],
  ...fields,
});

const LIST: AdminMenuEntry[] = [
  entry('/guides', 'Guides', {
    children: [entry('/guides/fees', 'Fees'), entry('/guides/limits', 'Limits')],
  }),
  entry('/promo', 'Promotion', { visible: false }),
];

function answer(data: unknown, code = 0, msg = 'ok', status = 200) {
  return new Response(JSON.stringify({ code, msg, data }), { status });
}

let fetchSpy: MockInstance<typeof window.fetch>;

function renderPage(
  onPut: (body: { entries: AdminMenuEntry[] }) => Response = (body) =>
    answer({ entries: body.entries, updatedAt: '2026-11-27T10:00:00.000Z' }),
) {
  saveToken('adm_test');
  fetchSpy.mockImplementation(async (_input, init) => {
    if (init?.method === 'PUT') return onPut(JSON.parse(String(init.body)));
    return answer({ entries: LIST, updatedAt: '2026-11-20T08:00:00.000Z' });
  });
  const router = createMemoryRouter([{ path: '/menus', element: <Menus /> }], { initialEntries: ['/menus'] });
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

function saved(): AdminMenuEntry[] {
  const put = fetchSpy.mock.calls.filter(([, init]) => init?.method === 'PUT').at(-1);
  return JSON.parse(String(put?.[1]?.body)).entries;
}

const routesShown = () => screen.getAllByTestId(MenusTestId.entry).map((row) => row.dataset.route);

function rowOf(route: string): HTMLElement {
  const row = screen.getAllByTestId(MenusTestId.entry).find((candidate) => candidate.dataset.route === route);
  if (!row) throw new Error(`no row for ${route}`);
  return row;
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

describe('the list helpers', () => {
  it('moves and removes an entry among its own siblings only', () => {
    expect(moveEntry(LIST, [0, 0], 1)[0]?.children.map((child) => child.route)).toEqual([
      '/guides/limits',
      '/guides/fees',
    ]);
    expect(moveEntry(LIST, [1], 1)).toEqual(LIST);
    expect(removeEntry(LIST, [0, 1])[0]?.children.map((child) => child.route)).toEqual(['/guides/fees']);
  });

  it('finds the entry a refusal names', () => {
    expect(refusedAt('entries.1.route')).toEqual({ path: [1], field: 'route' });
    expect(refusedAt('entries.0.children.2.data.url')).toEqual({ path: [0, 2], field: 'data.url' });
    expect(refusedAt('entries.0.children.1.children')).toEqual({ path: [0, 1], field: 'children' });
    expect(refusedAt('titles')).toBeUndefined();
  });
});

describe('the menu editor', () => {
  it('shows entries with their children, templates, places and visibility', async () => {
    renderPage();
    await screen.findAllByTestId(MenusTestId.entry);
    expect(routesShown()).toEqual(['/guides', '/guides/fees', '/guides/limits', '/promo']);
    expect(within(rowOf('/promo')).getByText('Hidden')).toBeTruthy();
    expect(within(rowOf('/guides')).getAllByText('Article')).toHaveLength(1);
  });

  it('adds an external link with titles in two languages and saves the whole list', async () => {
    const user = renderPage();
    await screen.findAllByTestId(MenusTestId.entry);
    expect((screen.getByTestId(MenusTestId.save) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId(MenusTestId.add));
    await user.type(screen.getByTestId(MenusTestId.formRoute), '/promo/spring');
    await user.type(screen.getByTestId(MenusTestId.formTitle), 'Spring promotion');
    await user.click(screen.getByTestId(`${MenusTestId.formLocale}-ar`));
    await user.type(screen.getByTestId(MenusTestId.formTitle), 'عرض الربيع');
    await user.selectOptions(screen.getByTestId(MenusTestId.formTemplate), 'externalLink');
    await user.clear(screen.getByTestId(MenusTestId.formData));
    await user.type(screen.getByTestId(MenusTestId.formData), 'https://example.com/spring');
    await user.selectOptions(screen.getByTestId(MenusTestId.formPlacement), 'homeShortcuts');
    await user.click(screen.getByTestId('dialog-submit'));

    expect(await screen.findByTestId(MenusTestId.unsaved)).toBeTruthy();
    await user.click(screen.getByTestId(MenusTestId.save));
    expect(await screen.findByText('Menu saved')).toBeTruthy();
    expect(saved()).toEqual([
      ...LIST,
      {
        route: '/promo/spring',
        titles: { 'en-US': 'Spring promotion', ar: 'عرض الربيع' },
        placement: 'homeShortcuts',
        data: { template: 'externalLink', url: 'https://example.com/spring' },
        visible: true,
        children: [],
      },
    ]);
    expect(screen.queryByTestId(MenusTestId.unsaved)).toBeNull();
  });

  it('reorders, edits, hides, removes and adds children before one save', async () => {
    const user = renderPage();
    await screen.findAllByTestId(MenusTestId.entry);
    await user.click(within(rowOf('/guides/fees')).getByRole('button', { name: 'Move down' }));
    await user.click(within(rowOf('/promo')).getByRole('button', { name: 'Move up' }));
    await user.click(within(rowOf('/guides/limits')).getByRole('button', { name: 'Remove' }));
    await user.click(within(rowOf('/promo')).getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByTestId(MenusTestId.formVisible));
    await user.selectOptions(screen.getByTestId(MenusTestId.formTemplate), 'screen');
    await user.selectOptions(screen.getByTestId(MenusTestId.formData), '/current/mixCash');
    await user.click(screen.getByTestId('dialog-submit'));
    await user.click(within(rowOf('/promo')).getByRole('button', { name: 'Add child' }));
    await user.type(screen.getByTestId(MenusTestId.formRoute), '/promo/rules');
    await user.type(screen.getByTestId(MenusTestId.formTitle), 'Rules');
    await user.type(screen.getByTestId(MenusTestId.formData), 'promo-rules');
    await user.click(screen.getByTestId('dialog-submit'));
    expect(routesShown()).toEqual(['/promo', '/promo/rules', '/guides', '/guides/fees']);

    await user.click(screen.getByTestId(MenusTestId.save));
    await waitFor(() => expect(screen.queryByTestId(MenusTestId.unsaved)).toBeNull());
    expect(saved()).toEqual([
      entry('/promo', 'Promotion', {
        data: { template: 'screen', path: '/current/mixCash' },
        children: [entry('/promo/rules', 'Rules', { data: { template: 'article', slug: 'promo-rules' } })],
      }),
      entry('/guides', 'Guides', { children: [entry('/guides/fees', 'Fees')] }),
    ]);
  });

  it('marks the fields of an entry the schema refuses, without closing the form', async () => {
    const user = renderPage();
    await screen.findAllByTestId(MenusTestId.entry);
    await user.click(screen.getByTestId(MenusTestId.add));
    await user.type(screen.getByTestId(MenusTestId.formRoute), 'Promo');
    await user.click(screen.getByTestId('dialog-submit'));
    expect(
      await screen.findByText('A route is lower case, starts with / and has at most three parts'),
    ).toBeTruthy();
    expect(screen.getByText('An English (en-US) title is required')).toBeTruthy();
    expect(screen.getByTestId(MenusTestId.form)).toBeTruthy();
  });

  it("shows the server's refusal at the entry it names and keeps the edits", async () => {
    const refusal = "The route /guides/fees clashes with the app's route /home/index";
    const user = renderPage(
      () =>
        new Response(
          JSON.stringify({ code: 8101, msg: refusal, data: { field: 'entries.0.children.1.route' } }),
          { status: 400 },
        ),
    );
    await screen.findAllByTestId(MenusTestId.entry);
    await user.click(within(rowOf('/guides/fees')).getByRole('button', { name: 'Move down' }));
    await user.click(screen.getByTestId(MenusTestId.save));
    const error = await within(rowOf('/guides/fees')).findByTestId(MenusTestId.entryError);
    expect(error.textContent).toBe(refusal);
    expect(within(rowOf('/guides/limits')).queryByTestId(MenusTestId.entryError)).toBeNull();
    expect(routesShown()).toEqual(['/guides', '/guides/limits', '/guides/fees', '/promo']);
    expect(screen.getByTestId(MenusTestId.unsaved)).toBeTruthy();
  });
});
