import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { clientId, newVisitor, supportApi } from './test-support';

let sut: TestApp;
let baseUrl: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  sut = await createTestApp();
  const address = await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = address.replace(/^http/, 'ws');
});
afterEach(async () => {
  await Promise.all(
    sockets.splice(0).map(async (socket) => {
      if (socket.readyState === WebSocket.CLOSED) return;
      const closed = once(socket, 'close');
      socket.close();
      await closed;
    }),
  );
});
afterAll(async () => {
  await sut?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: each test asserts the fields of the event it expects
type Message = { op: string; channel?: string; data?: any; msg?: string; channels?: string[] };

async function connect() {
  const socket = new WebSocket(`${baseUrl}/ws`);
  sockets.push(socket);
  const inbox: Message[] = [];
  const waiting: ((message: Message) => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Message;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  await once(socket, 'open');
  const next = () =>
    new Promise<Message>((resolve) => {
      const queued = inbox.shift();
      if (queued) resolve(queued);
      else waiting.push(resolve);
    });
  const exchange = async (message: unknown) => {
    socket.send(JSON.stringify(message));
    return next();
  };
  return {
    next,
    exchange,
    async auth(token: string) {
      expect(await exchange({ op: 'auth', token })).toEqual({ op: 'authenticated' });
    },
    async follow(channel: string) {
      expect(await exchange({ op: 'subscribe', channels: [channel] })).toEqual({
        op: 'subscribed',
        channels: [channel],
      });
    },
    /**
     * Nothing else was sent to this socket before now: a ping's pong comes next. Events are written before the
     * request that caused them answers, so anything due would be ahead of the pong.
     */
    async nothingMore() {
      expect(await exchange({ op: 'ping' })).toMatchObject({ op: 'pong' });
    },
  };
}

const say = (caller: { token?: string; visitor?: string }, text: string) =>
  supportApi(
    sut,
    'POST',
    caller.visitor ? '/api/support/visitor/conversation/messages' : '/api/support/conversation/messages',
    caller,
    { kind: 'text', text, clientId: clientId() },
  );

describe('the chat over the WebSocket', () => {
  it('gives each customer only their own conversation’s events, and agents every one', async () => {
    const alice = await registerAccount(sut, 'alice-ws@example.com', { ip: '10.2.0.1' });
    const bob = await registerAccount(sut, 'bob-ws@example.com', { ip: '10.2.0.2' });
    const visitor = await newVisitor(sut, '10.2.1.1');
    const agent = await adminWithRole(sut, 'agent', 'agent-ws@kestrel.test');
    const visitorChannel = (await supportApi(sut, 'GET', '/api/support/visitor/conversation', { visitor }))
      .body.data.channel as string;

    const aliceSocket = await connect();
    await aliceSocket.auth(alice.token);
    await aliceSocket.follow('support');
    const bobSocket = await connect();
    await bobSocket.auth(bob.token);
    await bobSocket.follow('support');
    const visitorSocket = await connect();
    await visitorSocket.follow(visitorChannel);
    const agentSocket = await connect();
    await agentSocket.auth(agent.token);
    await agentSocket.follow('supportInbox');

    await say({ token: alice.token }, 'alice over ws');
    const toAlice = await aliceSocket.next();
    expect(toAlice).toMatchObject({ op: 'data', channel: 'support', data: { type: 'message' } });
    expect(toAlice.data.message.text).toBe('alice over ws');
    const toAgent = await agentSocket.next();
    expect(toAgent).toMatchObject({ channel: 'supportInbox', data: { message: { text: 'alice over ws' } } });

    await say({ visitor }, 'visitor over ws');
    expect((await visitorSocket.next()).data.message.text).toBe('visitor over ws');
    expect((await agentSocket.next()).data.message.text).toBe('visitor over ws');

    await say({ token: bob.token }, 'bob over ws');
    expect((await bobSocket.next()).data.message.text).toBe('bob over ws');
    expect((await agentSocket.next()).data.message.text).toBe('bob over ws');

    await aliceSocket.nothingMore();
    await bobSocket.nothingMore();
    await visitorSocket.nothingMore();

    // A new subscriber to the visitor's channel gets nothing of the past (no current value of any message).
    const late = await connect();
    await late.follow(visitorChannel);
    await late.nothingMore();
  });

  it('takes `support` away when the user signs out, and a user signing in on the same socket sees only theirs', async () => {
    const carol = await registerAccount(sut, 'carol-ws@example.com', { ip: '10.2.0.3' });
    const dave = await registerAccount(sut, 'dave-ws@example.com', { ip: '10.2.0.4' });
    const socket = await connect();
    await socket.auth(carol.token);
    await socket.follow('support');
    await say({ token: carol.token }, 'carol before sign-out');
    expect((await socket.next()).data.message.text).toBe('carol before sign-out');

    expect((await callApi(sut, 'POST', '/api/auth/logout', { token: carol.token })).body.code).toBe(0);
    expect(await socket.next()).toMatchObject({ op: 'error' });
    const fresh = await callApi(sut, 'POST', '/api/auth/login', {
      body: { account: 'carol-ws@example.com', password: 'secret123' },
      ip: '10.2.0.3',
    });
    await say({ token: fresh.body.data.token }, 'carol after sign-out');
    await socket.nothingMore();

    await socket.auth(dave.token);
    await socket.follow('support');
    await say({ token: fresh.body.data.token }, 'carol again');
    await say({ token: dave.token }, 'dave on the shared socket');
    expect((await socket.next()).data.message.text).toBe('dave on the shared socket');
    await socket.nothingMore();
  });

  it('silences the visitor channel once the visitor joins an account', async () => {
    const erin = await registerAccount(sut, 'erin-ws@example.com', { ip: '10.2.0.5' });
    const visitor = await newVisitor(sut, '10.2.1.2');
    const channel = (await supportApi(sut, 'GET', '/api/support/visitor/conversation', { visitor })).body.data
      .channel as string;
    const visitorSocket = await connect();
    await visitorSocket.follow(channel);
    const userSocket = await connect();
    await userSocket.auth(erin.token);
    await userSocket.follow('support');
    await say({ visitor }, 'before joining');
    expect((await visitorSocket.next()).data.message.text).toBe('before joining');

    await supportApi(
      sut,
      'POST',
      '/api/support/conversation/join',
      { token: erin.token },
      { visitorToken: visitor },
    );
    await say({ token: erin.token }, 'after joining');
    expect((await userSocket.next()).data.message.text).toBe('after joining');
    await visitorSocket.nothingMore();
  });

  it('lets only agents follow the inbox, and ends an agent’s inbox when the agent signs out', async () => {
    const frank = await registerAccount(sut, 'frank-ws@example.com', { ip: '10.2.0.6' });
    const reviewer = await adminWithRole(sut, 'reviewer', 'reviewer-ws@kestrel.test');
    const agent = await adminWithRole(sut, 'agent', 'agent2-ws@kestrel.test');

    const userSocket = await connect();
    await userSocket.auth(frank.token);
    expect(await userSocket.exchange({ op: 'subscribe', channels: ['supportInbox'] })).toMatchObject({
      op: 'error',
    });
    const reviewerSocket = await connect();
    expect(await reviewerSocket.exchange({ op: 'auth', token: reviewer.token })).toMatchObject({
      op: 'error',
    });

    const agentSocket = await connect();
    await agentSocket.auth(agent.token);
    await agentSocket.follow('supportInbox');
    expect(await agentSocket.exchange({ op: 'subscribe', channels: ['support'] })).toMatchObject({
      op: 'error',
    });
    const online = await supportApi(sut, 'GET', '/api/support/conversation', { token: frank.token });
    expect(online.body.data.availability.agentsOnline).toBe(true);

    expect((await adminApi(sut, 'POST', '/api/admin/auth/logout', { token: agent.token })).body.code).toBe(0);
    expect(await agentSocket.next()).toMatchObject({ op: 'error' });
    await say({ token: frank.token }, 'anyone there?');
    await agentSocket.nothingMore();
    const offline = await supportApi(sut, 'GET', '/api/support/conversation', { token: frank.token });
    expect(offline.body.data.availability).toEqual({ agentsOnline: false, typicalReplyMinutes: 30 });
  });

  it('ends the inbox of an agent whose role is taken away, and of one who is disabled', async () => {
    const superAdmin = await adminWithRole(sut, 'super_admin', 'super-ws@kestrel.test');
    const moved = await adminWithRole(sut, 'agent', 'agent-moved-ws@kestrel.test');
    const disabled = await adminWithRole(sut, 'agent', 'agent-disabled-ws@kestrel.test');
    for (const [agent, change] of [
      [moved, { role: 'content', reason: 'Moves to the content team' }],
      [disabled, { disabled: true, reason: 'Left the company' }],
    ] as const) {
      const socket = await connect();
      await socket.auth(agent.token);
      await socket.follow('supportInbox');
      const changed = await adminApi(sut, 'PATCH', `/api/admin/admins/${agent.admin.id}`, {
        token: superAdmin.token,
        body: change,
      });
      expect(changed.body.code).toBe(0);
      expect(await socket.next()).toMatchObject({ op: 'error' });
      expect(await socket.exchange({ op: 'subscribe', channels: ['supportInbox'] })).toMatchObject({
        op: 'error',
      });
    }
  });

  it('puts an agent’s answer in the message centre when the user is not in the chat', async () => {
    const grace = await registerAccount(sut, 'grace-ws@example.com', { ip: '10.2.0.7', lang: 'fr' });
    const agent = await adminWithRole(sut, 'agent', 'agent3-ws@kestrel.test');
    await say({ token: grace.token }, 'a question');
    const id = (await supportApi(sut, 'GET', '/api/support/conversation', { token: grace.token })).body.data
      .id;
    const before = await callApi(sut, 'GET', '/api/messages?page=1&pageSize=50', { token: grace.token });
    await adminApi(sut, 'POST', `/api/admin/support/conversations/${id}/messages`, {
      token: agent.token,
      body: { text: 'an answer', clientId: clientId() },
    });
    const after = await callApi(sut, 'GET', '/api/messages?page=1&pageSize=50', {
      token: grace.token,
      lang: 'fr',
    });
    expect(after.body.data.total).toBe(before.body.data.total + 1);
    expect(after.body.data.items[0].title).toBe('Le service client a répondu');

    // Following `support`, the user reads the answer in the chat: no notice.
    const socket = await connect();
    await socket.auth(grace.token);
    await socket.follow('support');
    await adminApi(sut, 'POST', `/api/admin/support/conversations/${id}/messages`, {
      token: agent.token,
      body: { text: 'another answer', clientId: clientId() },
    });
    expect((await socket.next()).data.message.text).toBe('another answer');
    const still = await callApi(sut, 'GET', '/api/messages?page=1&pageSize=50', { token: grace.token });
    expect(still.body.data.total).toBe(after.body.data.total);
  });
});
