import { RealtimeClient, type SocketLike } from '@kestrel/client';
import type { InboxConversation, SupportMessage } from '@kestrel/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { fakeAdminApi, NOW } from '../../testing/fakeAdminApi';
import { renderPage } from '../../testing/renderPage';
import { CannedReplies } from './CannedReplies';
import { setConsoleRealtime } from './realtime';
import { SupportDesk } from './SupportDesk';
import { SupportDeskTestId as TestId } from './testIds';

/** A socket the test opens and speaks through. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: { op: string; token?: string; channels?: string[] }[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(channel: string, data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ op: 'data', channel, data }) });
  }
}

let sockets: FakeSocket[];

const MARKS = { customerDelivered: null, customerRead: null, agentDelivered: null, agentRead: null };

function customerMessage(id: string, text: string): SupportMessage {
  return {
    id,
    author: 'customer',
    agent: null,
    kind: 'text',
    text,
    image: null,
    clientId: null,
    createdAt: NOW,
  };
}

function conversation(changes: Partial<InboxConversation> = {}): InboxConversation {
  return {
    id: '7',
    status: 'open',
    customer: { kind: 'user', userId: 1042, email: 'layla@example.com', nickname: 'Layla' },
    locale: 'ar',
    assignee: null,
    lastMessage: customerMessage('12', 'وين إيداعي؟'),
    unread: 1,
    marks: MARKS,
    updatedAt: NOW,
    ...changes,
  };
}

const CONTEXT = {
  userId: 1042,
  email: 'layla@example.com',
  nickname: 'Layla',
  registeredAt: NOW,
  identityStatus: 'verified' as const,
  frozen: false,
  balances: [{ asset: 'USDT', available: '1250.5', frozen: '0' }],
  deposits: [{ id: '88', asset: 'USDT', amount: '500', status: 'pending', createdAt: NOW }],
  withdrawals: [],
  openOrders: [],
};

const CANNED = [
  {
    id: '1',
    shortcut: 'greet',
    texts: { 'en-US': 'Hello, how can I help?', ar: 'مرحبًا، كيف يمكنني مساعدتك؟' },
    updatedAt: NOW,
  },
  { id: '2', shortcut: 'wait', texts: { 'en-US': 'One moment please, I am checking.' }, updatedAt: NOW },
];

function renderDesk(detail: InboxConversation = conversation(), context: typeof CONTEXT | null = CONTEXT) {
  const replies: unknown[] = [];
  const api = fakeAdminApi('support', {
    listInbox: ({ query }) => ({
      items: query.view === 'open' ? [detail] : [],
      total: query.view === 'open' ? 1 : 0,
      counts: { open: 1, mine: 0, assigned: 4 },
    }),
    getInboxConversation: () => ({ ...detail, context }),
    listInboxMessages: () => ({
      items: [customerMessage('11', 'مرحبا'), customerMessage('12', 'وين إيداعي؟')],
      hasMore: false,
    }),
    markInboxMessages: () => ({ ...MARKS, customerDelivered: '12', customerRead: '12' }),
    listConversationNotes: () => ({ items: [] }),
    listCannedReplies: () => ({ items: CANNED }),
    listSupportAgents: () => ({
      items: [
        { id: 3, name: 'Ines Moreau', role: 'support' },
        { id: 9, name: 'Omar Haddad', role: 'agent' },
      ],
    }),
    assignConversation: ({ body }) => ({
      ...detail,
      status: 'assigned',
      assignee: { id: (body as { agentId: number }).agentId, name: 'Omar Haddad' },
    }),
    replyToConversation: ({ body }) => {
      const { text, clientId } = body as { text: string; clientId: string };
      replies.push(body);
      return {
        id: '13',
        author: 'agent',
        agent: { name: 'Ines Moreau', verified: true },
        kind: 'text',
        text,
        image: null,
        clientId,
        createdAt: NOW,
      };
    },
  });
  const router = createMemoryRouter([{ path: '/support', element: <SupportDesk /> }], {
    initialEntries: ['/support?c=7'],
  });
  const ui = renderPage(<RouterProvider router={router} />);
  return { api, ui, replies };
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  sockets = [];
  setConsoleRealtime(
    new RealtimeClient({
      url: () => 'ws://console.test/ws',
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      getToken: () => 'adm_test',
      getLanguage: () => 'en-US',
      setTimer: () => 0,
      clearTimer: () => {},
    }),
  );
});

afterEach(() => {
  cleanup();
  setConsoleRealtime(null);
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("the agents' inbox", () => {
  it("inserts a canned reply in the customer's language, English when it has none, and sends it", async () => {
    const { ui, replies } = renderDesk();
    const reply = (await screen.findByTestId(TestId.reply)) as HTMLTextAreaElement;
    await ui.type(reply, '/gr');
    await ui.click(await screen.findByTestId(TestId.cannedSuggestion('greet')));
    expect(reply.value).toBe('مرحبًا، كيف يمكنني مساعدتك؟');

    await ui.clear(reply);
    await ui.type(reply, '/wait');
    await ui.keyboard('{Tab}');
    expect(reply.value).toBe('One moment please, I am checking.');

    await ui.click(screen.getByTestId(TestId.send));
    await waitFor(() => expect(replies).toHaveLength(1));
    expect(replies[0]).toMatchObject({ text: 'One moment please, I am checking.' });
    expect(await screen.findByTestId(TestId.message('13'))).toBeTruthy();
    expect(reply.value).toBe('');
  });

  it("marks the customer's messages read when the conversation opens, shows the context and the tab counts", async () => {
    const { api } = renderDesk();
    await waitFor(() =>
      expect(api.callsOf('markInboxMessages').map((call) => call.body)).toEqual([
        { delivered: '12', read: '12' },
      ]),
    );
    expect((await screen.findByTestId(TestId.identity)).textContent).toBe('Verified');
    expect(screen.getByTestId(TestId.context).textContent).toContain('1,250.5 USDT');
    expect(screen.getByTestId(TestId.tabCount('open')).textContent).toBe('1');
    expect(screen.getByTestId(TestId.tabCount('assigned')).textContent).toBe('4');
  });

  it('shows a live message of the conversation at once, after authenticating with the operator token', async () => {
    renderDesk();
    await screen.findByTestId(TestId.message('12'));
    const socket = sockets[0];
    if (!socket) throw new Error('no socket');
    socket.open();
    expect(socket.sent[0]).toEqual({ op: 'auth', token: 'adm_test' });
    expect(socket.sent[1]).toEqual({ op: 'subscribe', channels: ['supportInbox'] });
    socket.push('supportInbox', {
      type: 'message',
      conversationId: '7',
      message: customerMessage('14', 'شكرا'),
    });
    expect(await screen.findByText('شكرا')).toBeTruthy();
  });

  it('assigns the conversation to another agent from the list of agents, never offering oneself', async () => {
    const { api, ui } = renderDesk();
    const picker = (await screen.findByTestId(TestId.assignTo)) as HTMLSelectElement;
    await waitFor(() => expect(picker.options).toHaveLength(2));
    expect([...picker.options].map((option) => option.textContent)).not.toContain('Ines Moreau');
    await ui.selectOptions(picker, '9');
    await waitFor(() =>
      expect(api.callsOf('assignConversation').map((call) => call.body)).toEqual([{ agentId: 9 }]),
    );
  });

  it('shows a visitor as such, with no account beside the conversation', async () => {
    renderDesk(conversation({ customer: { kind: 'visitor', label: 'V-3F9A' }, locale: 'en-US' }), null);
    expect((await screen.findAllByTestId(TestId.visitor))[0]?.textContent).toBe('Visitor V-3F9A');
    expect((await screen.findByTestId(TestId.context)).textContent).toContain('An anonymous visitor');
  });
});

describe('the canned replies page', () => {
  it('deletes a reply only once the agent confirms', async () => {
    const api = fakeAdminApi('agent', {
      listCannedReplies: () => ({ items: CANNED }),
      deleteCannedReply: () => ({ items: CANNED.slice(1) }),
    });
    const ui = renderPage(<CannedReplies />);
    await ui.click(await screen.findByTestId(TestId.cannedDelete('1')));
    const dialog = await screen.findByTestId(TestId.cannedConfirmDelete);
    expect(dialog.textContent).toContain('Delete the canned reply /greet?');
    expect(api.callsOf('deleteCannedReply')).toHaveLength(0);
    await ui.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.callsOf('deleteCannedReply').map((call) => call.params)).toEqual([{ id: '1' }]),
    );
    await waitFor(() => expect(screen.queryByText('/greet')).toBeNull());
  });

  it('adds a reply with its texts per locale, leaving out the empty ones', async () => {
    const created: unknown[] = [];
    fakeAdminApi('support', {
      listCannedReplies: () => ({ items: CANNED }),
      createCannedReply: ({ body }) => {
        created.push(body);
        return { id: '3', ...(body as object), updatedAt: NOW };
      },
    });
    const ui = renderPage(<CannedReplies />);
    await ui.click(await screen.findByTestId(TestId.cannedAdd));
    fireEvent.change(screen.getByTestId(TestId.cannedShortcut), { target: { value: 'kyc' } });
    fireEvent.change(screen.getByTestId(TestId.cannedText('en-US')), {
      target: { value: 'Please verify your identity.' },
    });
    fireEvent.change(screen.getByTestId(TestId.cannedText('de')), {
      target: { value: 'Bitte verifizieren Sie sich.' },
    });
    await ui.click(screen.getByTestId('dialog-submit'));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      shortcut: 'kyc',
      texts: { 'en-US': 'Please verify your identity.', de: 'Bitte verifizieren Sie sich.' },
    });
  });
});
