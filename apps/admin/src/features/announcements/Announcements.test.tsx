import type { SentAnnouncementPage } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { saveToken } from '../../api/storage';
import { ShownNotices } from '../../app/ShownNotices';
import { i18n, initI18n } from '../../i18n/i18n';
import { Announcements } from './Announcements';

const SENT: SentAnnouncementPage = {
  items: [
    {
      id: 7,
      audience: { to: 'user', userId: 10000042 },
      texts: {
        'en-US': { title: 'Your card is approved', body: 'You can now deposit.' },
        de: { title: 'Ihre Karte ist bestätigt', body: 'Sie können jetzt einzahlen.' },
      },
      sender: { id: 3, email: 'editor@kestrel.test' },
      createdAt: '2026-11-20T08:00:00.000Z',
    },
  ],
  total: 1,
};

function answer(data: unknown, code = 0, msg = 'ok', status = 200) {
  return new Response(JSON.stringify({ code, msg, data }), { status });
}

let fetchSpy: MockInstance<typeof window.fetch>;

function renderPage() {
  saveToken('adm_test');
  fetchSpy.mockImplementation(async (_input, init) =>
    init?.method === 'POST' ? answer({ id: 8 }, 0, 'Success') : answer(SENT),
  );
  const router = createMemoryRouter([{ path: '/announcements', element: <Announcements /> }], {
    initialEntries: ['/announcements'],
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

/** The announcements the console posted, as sent. */
function posted() {
  return fetchSpy.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init?.body)) }));
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const titleField = () => screen.getByLabelText('Title');
const bodyField = () => screen.getByLabelText('Text');

beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  fetchSpy = vi.spyOn(window, 'fetch');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the announcement form', () => {
  it('refuses to send without an English version, marks the field, and asks the server nothing', async () => {
    const ui = renderPage();
    await ui.click(tab(/Deutsch/));
    await ui.type(titleField(), 'Wartung');
    await ui.type(bodyField(), 'Sonntag 02:00 UTC');
    await ui.click(screen.getByRole('button', { name: 'Send' }));

    // The form moves to the language that needs fixing.
    expect(tab(/English/).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('An English (en-US) version is required')).toBeTruthy();
    expect(titleField().getAttribute('aria-invalid')).toBe('true');
    expect(within(tab(/English/)).getByText('To correct')).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it('shows which languages are written and previews the English text for readers of an unwritten one', async () => {
    const ui = renderPage();
    expect(within(tab(/English/)).getByText('Required')).toBeTruthy();
    await ui.type(titleField(), 'Maintenance');
    await ui.type(bodyField(), 'Trading pauses on Sunday.');
    expect(within(tab(/English/)).getByText('Written')).toBeTruthy();

    await ui.click(tab(/Français/));
    const preview = screen.getByTestId('announcement-preview');
    expect(
      within(preview).getByText('Not written in Français: these readers see the English version.'),
    ).toBeTruthy();
    expect(within(preview).getByText('Maintenance')).toBeTruthy();
    expect(within(tab(/Français/)).getByText('Not written')).toBeTruthy();

    await ui.type(titleField(), 'Maintenance prévue');
    await ui.type(bodyField(), 'Le trading s’arrête dimanche.');
    expect(within(preview).getByText('Maintenance prévue')).toBeTruthy();
    expect(screen.queryByTestId('announcement-preview-fallback')).toBeNull();
  });

  it('counts characters against the limit and refuses an overlong title', async () => {
    const ui = renderPage();
    await ui.click(titleField());
    await ui.paste('x'.repeat(121));
    await ui.type(bodyField(), 'Body');
    expect(screen.getByTestId('announcement-title-count').textContent).toBe('121 / 120');

    await ui.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The title can be at most 120 characters')).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it('asks for a UID when sending to one user', async () => {
    const ui = renderPage();
    await ui.click(screen.getByLabelText('One user'));
    await ui.type(screen.getByLabelText('User UID'), 'abc');
    await ui.type(titleField(), 'Hello');
    await ui.type(bodyField(), 'A note for you');
    await ui.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText("Enter the user's UID")).toBeTruthy();
    expect(screen.getByLabelText('User UID').getAttribute('aria-invalid')).toBe('true');
    expect(posted()).toEqual([]);
  });

  it('sends only the written languages after a confirmation, then says so and starts afresh', async () => {
    const ui = renderPage();
    await ui.click(screen.getByLabelText('One user'));
    await ui.type(screen.getByLabelText('User UID'), '10000042');
    await ui.type(titleField(), '  Your card  ');
    await ui.type(bodyField(), 'Approved');
    await ui.click(tab(/Deutsch/));
    await ui.type(titleField(), 'Ihre Karte');
    await ui.type(bodyField(), 'Bestätigt');
    await ui.click(screen.getByRole('button', { name: 'Send' }));

    const dialog = await screen.findByTestId('dialog-send-announcement');
    expect(
      within(dialog).getByText('User 10000042 finds it in their messages. It cannot be withdrawn.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Written in: English, Deutsch')).toBeTruthy();
    expect(posted()).toEqual([]);
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toEqual({
      url: '/api/admin/announcements',
      body: {
        audience: { to: 'user', userId: 10000042 },
        texts: {
          'en-US': { title: 'Your card', body: 'Approved' },
          de: { title: 'Ihre Karte', body: 'Bestätigt' },
        },
      },
    });
    expect(await screen.findByText('Announcement sent')).toBeTruthy();
    expect(tab(/English/).getAttribute('aria-selected')).toBe('true');
    expect((titleField() as HTMLInputElement).value).toBe('');
  });
});

describe('the announcements sent', () => {
  it('lists them with their audience, English title, languages and sender, and opens every version', async () => {
    const ui = renderPage();
    const table = await screen.findByTestId('announcements-table');
    const row = await within(table).findByText('Your card is approved');
    expect(within(table).getByText('User 10000042')).toBeTruthy();
    expect(within(table).getByText('en-US · de')).toBeTruthy();
    expect(within(table).getByText('editor@kestrel.test')).toBeTruthy();

    await ui.click(row);
    const detail = await screen.findByTestId('announcement-detail');
    expect(within(detail).getByText(/Ihre Karte ist bestätigt/)).toBeTruthy();
  });
});
