import type { InboxMessage } from '@kestrel/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { badgeText } from '../../api/inbox';
import { createQueryClient } from '../../app/queryClient';
import { i18n, initI18n } from '../../i18n/i18n';
import { TestId } from '../../testIds';
import { NotificationScreen } from './NotificationScreen';

const now = new Date().toISOString();
let inbox: InboxMessage[];
let calls: string[];

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
}

/** A fake server holding `inbox`: list, count and read-all behave as the real API does. */
function fakeServer(input: string | URL | Request, init?: RequestInit) {
  const url = String(input);
  calls.push(`${init?.method ?? 'GET'} ${url}`);
  const unread = inbox.filter((message) => !message.read).length;
  if (url.includes('/api/messages/read-all')) {
    inbox = inbox.map((message) => ({ ...message, read: true }));
    return Promise.resolve(envelope(null));
  }
  if (url.includes('/api/messages/unread-count')) return Promise.resolve(envelope({ unread }));
  if (url.includes('/api/messages?')) {
    return Promise.resolve(envelope({ items: inbox, total: inbox.length, unread }));
  }
  return Promise.resolve(envelope(null));
}

function renderScreen() {
  const router = createMemoryRouter(
    [
      { path: '/home/notification', element: <NotificationScreen /> },
      { path: '/home/messageDetail', element: <p>detail</p> },
    ],
    { initialEntries: ['/home/notification'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  calls = [];
  inbox = [
    {
      id: 2,
      kind: 'event',
      title: 'New login to your account',
      body: 'IP 10.0.0.1',
      createdAt: now,
      read: false,
    },
    { id: 1, kind: 'announcement', title: 'Maintenance', body: '<b>Sunday</b>', createdAt: now, read: true },
  ];
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the message list', () => {
  it('marks unread messages with a dot and a bold title, and shows bodies as text', async () => {
    renderScreen();
    const items = await screen.findAllByTestId(TestId.inboxItem);
    expect(items).toHaveLength(2);
    const [unread, read] = items as [HTMLElement, HTMLElement];
    expect(within(unread).queryByTestId(TestId.inboxUnreadDot)).not.toBeNull();
    expect(unread.dataset.unread).toBe('true');
    expect(within(read).queryByTestId(TestId.inboxUnreadDot)).toBeNull();
    expect(within(read).getByText('<b>Sunday</b>')).toBeTruthy();
    expect(read.querySelector('b')).toBeNull();
    expect(unread.getAttribute('href')).toBe('/home/messageDetail?id=2');
  });

  it('marks all read and drops the unread markers', async () => {
    renderScreen();
    await screen.findAllByTestId(TestId.inboxItem);
    await userEvent.click(screen.getByTestId(TestId.inboxMarkAllRead));

    await waitFor(() => expect(screen.queryAllByTestId(TestId.inboxUnreadDot)).toHaveLength(0));
    expect(calls).toContain('POST /api/messages/read-all');
    expect((screen.getByTestId(TestId.inboxMarkAllRead) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says "No data yet" when there are no messages', async () => {
    inbox = [];
    renderScreen();
    expect(await screen.findByText('No data yet')).toBeTruthy();
    expect((screen.getByTestId(TestId.inboxMarkAllRead) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the unread badge text', () => {
  it('shows the count up to 99 and 99+ beyond', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
