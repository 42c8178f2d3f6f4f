import { once } from 'node:events';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { callApi, registerAccount } from '../../../test/api';
import { onRedis, testRedisPrefix } from '../../../test/redis';
import type { TestApp } from '../../../test/test-app';
import { startTwoNodes } from '../../../test/two-nodes';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { clientId, newVisitor, supportApi } from './test-support';

/*
 * Two servers on one database and one Redis, as two nodes behind a balancer (decision 0044): a customer's message
 * on one reaches an agent's socket on the other, and whether agents or the user are online is known on both.
 */
const prefix = testRedisPrefix();
/** Redis answers in milliseconds; the limit only keeps a loaded machine from failing the test. */
const PATIENCE = { timeout: 10_000 };
let twoNodes: Awaited<ReturnType<typeof startTwoNodes>> | undefined;
let nodes: TestApp[] = [];
const urls: string[] = [];
const sockets: WebSocket[] = [];

type Message = { op: string; channel?: string; data?: { type: string; message?: { text: string | null } } };

async function connect(url: string) {
  const socket = new WebSocket(`${url}/ws`);
  sockets.push(socket);
  const messages: Message[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw)) as Message));
  await once(socket, 'open');
  return {
    messages,
    texts: () =>
      messages.flatMap((message) =>
        message.op === 'data' && message.data?.message ? [message.data.message.text] : [],
      ),
    async ask(message: unknown, answer: string) {
      const seen = messages.length;
      socket.send(JSON.stringify(message));
      await vi.waitFor(() => expect(messages.slice(seen).map((each) => each.op)).toContain(answer), PATIENCE);
    },
  };
}

onRedis('the chat across nodes', () => {
  beforeAll(async () => {
    twoNodes = await startTwoNodes(prefix, ['chat-a', 'chat-b']);
    nodes = twoNodes.nodes;
    urls.push(...twoNodes.urls);
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await twoNodes?.close();
  });

  it("brings a user's message sent on node A to an agent's socket on node B, and the agent is online on A", async () => {
    const [a, b] = nodes as [TestApp, TestApp];
    const user = await registerAccount(a, 'nodes-user@example.com', { ip: '10.3.0.1' });
    const agent = await adminWithRole(a, 'agent', 'nodes-agent@kestrel.test');
    const offline = await supportApi(a, 'GET', '/api/support/conversation', { token: user.token });
    expect(offline.body.data.availability.agentsOnline).toBe(false);

    const agentOnB = await connect(urls[1] as string);
    await agentOnB.ask({ op: 'auth', token: agent.token }, 'authenticated');
    await agentOnB.ask({ op: 'subscribe', channels: ['supportInbox'] }, 'subscribed');
    await b.app.support.presence.settled();
    const online = await supportApi(a, 'GET', '/api/support/conversation', { token: user.token });
    expect(online.body.data.availability.agentsOnline).toBe(true);

    await supportApi(
      a,
      'POST',
      '/api/support/conversation/messages',
      { token: user.token },
      {
        kind: 'text',
        text: 'sent on node A',
        clientId: clientId(),
      },
    );
    await vi.waitFor(() => expect(agentOnB.texts()).toEqual(['sent on node A']), PATIENCE);
  });

  it("brings an agent's answer on node A to the user's and the visitor's sockets on node B, and no one else's", async () => {
    const [a, b] = nodes as [TestApp, TestApp];
    const user = await registerAccount(a, 'nodes-user2@example.com', { ip: '10.3.0.2' });
    const other = await registerAccount(a, 'nodes-other@example.com', { ip: '10.3.0.3' });
    const agent = await adminWithRole(a, 'agent', 'nodes-agent2@kestrel.test');
    const visitor = await newVisitor(a, '10.3.1.1');
    const channel = (await supportApi(a, 'GET', '/api/support/visitor/conversation', { visitor })).body.data
      .channel as string;

    const userOnB = await connect(urls[1] as string);
    await userOnB.ask({ op: 'auth', token: user.token }, 'authenticated');
    await userOnB.ask({ op: 'subscribe', channels: ['support'] }, 'subscribed');
    const otherOnB = await connect(urls[1] as string);
    await otherOnB.ask({ op: 'auth', token: other.token }, 'authenticated');
    await otherOnB.ask({ op: 'subscribe', channels: ['support'] }, 'subscribed');
    const visitorOnB = await connect(urls[1] as string);
    await visitorOnB.ask({ op: 'subscribe', channels: [channel] }, 'subscribed');
    await b.app.support.presence.settled();

    const say = (caller: { token?: string; visitor?: string }, text: string) =>
      supportApi(
        a,
        'POST',
        caller.visitor ? '/api/support/visitor/conversation/messages' : '/api/support/conversation/messages',
        caller,
        { kind: 'text', text, clientId: clientId() },
      );
    await say({ token: user.token }, 'user question');
    await say({ visitor }, 'visitor question');
    const userConversation = (await supportApi(a, 'GET', '/api/support/conversation', { token: user.token }))
      .body.data.id;
    const notices = await callApi(a, 'GET', '/api/messages?page=1&pageSize=50', { token: user.token });
    await adminApi(a, 'POST', `/api/admin/support/conversations/${userConversation}/messages`, {
      token: agent.token,
      body: { text: 'answer on node A', clientId: clientId() },
    });
    await vi.waitFor(() => expect(userOnB.texts()).toEqual(['user question', 'answer on node A']), PATIENCE);
    await vi.waitFor(() => expect(visitorOnB.texts()).toEqual(['visitor question']), PATIENCE);
    // The user follows `support` on node B: node A knows, and leaves no notice in the message centre.
    const after = await callApi(a, 'GET', '/api/messages?page=1&pageSize=50', { token: user.token });
    expect(after.body.data.total).toBe(notices.body.data.total);

    // A later subscriber to the visitor's channel, on either node, is given nothing of the past.
    const late = await connect(urls[1] as string);
    await late.ask({ op: 'subscribe', channels: [channel] }, 'subscribed');
    await late.ask({ op: 'ping' }, 'pong');
    expect(late.texts()).toEqual([]);
    expect(otherOnB.texts()).toEqual([]);
  });
});
