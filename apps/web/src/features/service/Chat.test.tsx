import type { SupportConversation, SupportMessage } from '@kestrel/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { setRealtimeClient } from '../../lib/realtime';
import { type FakeSocket, installFakeRealtime } from '../../test/fakeRealtime';
import { renderRoutes } from '../../test/render';
import { ServiceBadge } from './ServiceBadge';
import { OnlineScreen, ServicePageScreen } from './ServiceScreen';
import { ServiceTestId } from './testIds';

const NOW = '2026-11-27T10:00:00.000Z';

function conversation(changes: Partial<SupportConversation> = {}): SupportConversation {
  return {
    id: '41',
    status: 'assigned',
    agent: { name: 'Maya', verified: true },
    unread: 0,
    marks: { customerDelivered: null, customerRead: null, agentDelivered: null, agentRead: null },
    availability: { agentsOnline: true, typicalReplyMinutes: 30 },
    channel: 'support',
    ...changes,
  };
}

function message(id: string, changes: Partial<SupportMessage> = {}): SupportMessage {
  return {
    id,
    author: 'customer',
    agent: null,
    kind: 'text',
    text: `message ${id}`,
    image: null,
    clientId: null,
    createdAt: NOW,
    ...changes,
  };
}

type Call = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
};
type Handler = (call: Call) => unknown;

let calls: Call[];
let handlers: Record<string, Handler>;
let sockets: FakeSocket[];

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: 'success', data }), { status: 200 });

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  calls = [];
  handlers = {};
  sockets = installFakeRealtime();
  vi.spyOn(window, 'fetch').mockImplementation(async (request, init) => {
    const url = new URL(String(request), 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    if (!handler)
      return new Response(JSON.stringify({ code: 40_400, msg: 'Not found', data: null }), { status: 404 });
    const answer = handler(call);
    if (answer instanceof Error) throw new TypeError('Failed to fetch');
    return answer instanceof Response ? answer : ok(answer);
  });
});

afterEach(() => {
  cleanup();
  setRealtimeClient(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function signIn() {
  localStorage.setItem('token', 'tok_user_1');
}

const posts = (path: string) => calls.filter((call) => call.method === 'POST' && call.path === path);

describe('the chat', () => {
  it('shows a message at once, offers a retry when it failed, and stores the retry under the same clientId', async () => {
    signIn();
    handlers['GET /api/support/conversation'] = () => conversation();
    handlers['GET /api/support/conversation/messages'] = () => ({ items: [message('1')], hasMore: false });
    let attempts = 0;
    handlers['POST /api/support/conversation/messages'] = (call) => {
      attempts += 1;
      if (attempts === 1) return new Error('offline');
      const body = call.body as { text: string; clientId: string };
      return message('2', { text: body.text, clientId: body.clientId });
    };
    renderRoutes([{ path: '/user/service', element: <ServicePageScreen /> }], '/user/service');
    const ui = userEvent.setup();
    await screen.findByText('message 1');

    await ui.type(screen.getByTestId(ServiceTestId.input), 'Where is my deposit?{Enter}');
    expect(screen.getByText('Where is my deposit?')).toBeTruthy();
    const retry = await screen.findByTestId(ServiceTestId.retry);
    expect(screen.getByText('Where is my deposit?')).toBeTruthy();

    await ui.click(retry);
    await waitFor(() => expect(screen.queryByTestId(ServiceTestId.retry)).toBeNull());
    const sent = posts('/api/support/conversation/messages').map((call) => call.body as { clientId: string });
    expect(sent).toHaveLength(2);
    expect(sent[0]?.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(sent[1]?.clientId).toBe(sent[0]?.clientId);
    // Stored once: the server's message replaced the pending one, and it carries a "sent" tick.
    expect(screen.getAllByText('Where is my deposit?')).toHaveLength(1);
    const stored = screen.getByTestId(ServiceTestId.message(sent[0]?.clientId ?? ''));
    expect(stored.querySelector('[data-state="sent"]')).toBeTruthy();
  });

  it("shows an agent's live answer with the verified badge, as text, and marks it read", async () => {
    signIn();
    handlers['GET /api/support/conversation'] = () => conversation();
    handlers['GET /api/support/conversation/messages'] = () => ({ items: [message('1')], hasMore: false });
    handlers['POST /api/support/conversation/marks'] = (call) => {
      const body = call.body as { read?: string; delivered?: string };
      return {
        customerDelivered: '1',
        customerRead: '1',
        agentDelivered: body.delivered ?? null,
        agentRead: body.read ?? null,
      };
    };
    handlers['GET /api/support/conversation/unread'] = () => ({ unread: 0 });
    renderRoutes([{ path: '/user/service', element: <ServicePageScreen /> }], '/user/service');
    await screen.findByText('message 1');
    const socket = sockets[0];
    if (!socket) throw new Error('no socket');
    socket.open();
    socket.push('support', {
      type: 'message',
      conversationId: '41',
      message: message('2', {
        author: 'agent',
        agent: { name: 'Maya', verified: true },
        text: '<b>Hello</b>',
      }),
    });
    expect(await screen.findByText('<b>Hello</b>')).toBeTruthy();
    expect(screen.getByTestId(ServiceTestId.agentName).textContent).toContain('Maya');
    expect(screen.getByTestId(ServiceTestId.verified).getAttribute('aria-label')).toBe('Verified agent');
    expect(document.querySelector('b')).toBeNull();
    await waitFor(() =>
      expect(posts('/api/support/conversation/marks').map((call) => call.body)).toContainEqual({
        delivered: '2',
        read: '2',
      }),
    );
    // The customer's own message shows it was read once the agents' marks say so.
    socket.push('support', {
      type: 'marks',
      conversationId: '41',
      marks: { customerDelivered: '1', customerRead: '1', agentDelivered: '2', agentRead: '2' },
    });
    await waitFor(() =>
      expect(
        screen.getByTestId(ServiceTestId.message('1')).querySelector('[data-state="read"]'),
      ).toBeTruthy(),
    );
  });

  it('tells the user when to expect an answer when no agent is online, and that a closed chat reopens', async () => {
    signIn();
    handlers['GET /api/support/conversation'] = () =>
      conversation({ status: 'closed', availability: { agentsOnline: false, typicalReplyMinutes: 120 } });
    handlers['GET /api/support/conversation/messages'] = () => ({ items: [], hasMore: false });
    renderRoutes([{ path: '/user/service', element: <ServicePageScreen /> }], '/user/service');
    expect((await screen.findByTestId(ServiceTestId.offline)).textContent).toBe(
      "No agent is online right now. We usually reply within 2 hours; you'll find the answer in your message centre.",
    );
    expect(screen.getByTestId(ServiceTestId.closed).textContent).toContain(
      'Write a message to open it again',
    );
  });
});

describe('older messages', () => {
  it('are asked for before the oldest one shown when the top of the list comes into view', async () => {
    signIn();
    const seen: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          seen.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    handlers['GET /api/support/conversation'] = () => conversation();
    handlers['GET /api/support/conversation/messages'] = (call) =>
      call.query.get('before') === '31'
        ? { items: [message('30', { text: 'an older one' })], hasMore: false }
        : { items: [message('31'), message('32')], hasMore: true };
    renderRoutes([{ path: '/user/service', element: <ServicePageScreen /> }], '/user/service');
    await screen.findByText('message 32');
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    seen.at(-1)?.([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(await screen.findByText('an older one')).toBeTruthy();
    const texts = screen.getAllByTestId(ServiceTestId.messageText).map((element) => element.textContent);
    expect(texts).toEqual(['an older one', 'message 31', 'message 32']);
  });
});

describe('a visitor', () => {
  it('gets a visitor conversation whose token is kept on the device and sent in the visitor header', async () => {
    const token = `vis_${'a'.repeat(40)}`;
    handlers['POST /api/support/visitors'] = () => ({ visitorToken: token });
    handlers['GET /api/support/visitor/conversation'] = () =>
      conversation({ channel: `supportVisitor:${'k'.repeat(32)}` });
    handlers['GET /api/support/visitor/conversation/messages'] = () => ({ items: [], hasMore: false });
    renderRoutes([{ path: '/user/online', element: <OnlineScreen /> }], '/user/online');
    await screen.findByTestId(ServiceTestId.visitorSignIn);
    expect(localStorage.getItem('supportVisitor')).toBe(token);
    const read = calls.find((call) => call.path === '/api/support/visitor/conversation/messages');
    expect(read?.headers['x-support-visitor']).toBe(token);
  });
});

describe('a visitor whose token stopped working', () => {
  it('starts as a new visitor rather than showing an error', async () => {
    const old = `vis_${'o'.repeat(40)}`;
    const fresh = `vis_${'n'.repeat(40)}`;
    localStorage.setItem('supportVisitor', old);
    handlers['GET /api/support/visitor/conversation'] = (call) =>
      call.headers['x-support-visitor'] === old
        ? new Response(JSON.stringify({ code: 7901, msg: 'This chat has ended.', data: null }), {
            status: 404,
          })
        : conversation({ channel: `supportVisitor:${'k'.repeat(32)}` });
    handlers['POST /api/support/visitors'] = () => ({ visitorToken: fresh });
    handlers['GET /api/support/visitor/conversation/messages'] = () => ({ items: [], hasMore: false });
    renderRoutes([{ path: '/user/online', element: <OnlineScreen /> }], '/user/online');
    await screen.findByTestId(ServiceTestId.input);
    expect(localStorage.getItem('supportVisitor')).toBe(fresh);
  });
});

describe('the service tab badge', () => {
  it("counts the agents' unread messages and counts again when an agent writes", async () => {
    signIn();
    let unread = 2;
    handlers['GET /api/support/conversation/unread'] = () => ({ unread });
    handlers['POST /api/support/conversation/marks'] = () => ({
      customerDelivered: null,
      customerRead: null,
      agentDelivered: '9',
      agentRead: null,
    });
    renderRoutes([{ path: '/', element: <ServiceBadge testId={ServiceTestId.tabBadge} /> }], '/');
    expect((await screen.findByTestId(ServiceTestId.tabBadge)).textContent).toBe('2');
    const socket = sockets[0];
    if (!socket) throw new Error('no socket');
    socket.open();
    unread = 3;
    socket.push('support', {
      type: 'message',
      conversationId: '41',
      message: message('9', { author: 'agent', agent: { name: 'Maya', verified: true } }),
    });
    await waitFor(() => expect(screen.getByTestId(ServiceTestId.tabBadge).textContent).toBe('3'));
    // The answer reached the app: it is marked delivered, not read.
    expect(posts('/api/support/conversation/marks').map((call) => call.body)).toEqual([{ delivered: '9' }]);
  });

  it('shows nothing when everything is read', async () => {
    signIn();
    handlers['GET /api/support/conversation/unread'] = () => ({ unread: 0 });
    renderRoutes([{ path: '/', element: <ServiceBadge testId={ServiceTestId.tabBadge} /> }], '/');
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/support/conversation/unread')).toBe(true),
    );
    expect(screen.queryByTestId(ServiceTestId.tabBadge)).toBeNull();
  });
});
