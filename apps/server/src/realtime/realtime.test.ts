import { once } from 'node:events';
import { WS_CLOSE_CODES } from '@kestrel/contract';
import { catalogues } from '@kestrel/i18n/all';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { callApi, registerAccount } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminApi, adminWithRole } from '../modules/admin/test-admins';
import { publishTo, publishToUser } from './test-realtime';

const OWN_ORIGIN = 'http://kestrel.test';
let sut: TestApp;
let baseUrl: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  sut = await createTestApp({ env: { PUBLIC_URL: OWN_ORIGIN } });
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

type Message = { op: string; channel?: string; data?: unknown; msg?: string; channels?: string[] };

async function connect(path = '/ws', origin?: string) {
  const socket = new WebSocket(`${baseUrl}${path}`, origin ? { origin } : {});
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
  return {
    socket,
    /** The next message from the server, parsed, in the order they arrived. */
    next,
    send(message: unknown) {
      socket.send(JSON.stringify(message));
    },
    /** Sends one frame and resolves with the next message from the server, parsed. */
    async exchange(frame: string): Promise<unknown> {
      socket.send(frame);
      return next();
    },
  };
}

describe('the /ws endpoint', () => {
  it('answers a ping with a pong that carries the server time', async () => {
    const client = await connect();
    const answer = await client.exchange(JSON.stringify({ op: 'ping' }));
    expect(answer).toEqual({ op: 'pong', time: expect.any(Number) });
    expect(Number.isInteger((answer as { time: number }).time)).toBe(true);
  });

  it('answers a frame that is not JSON with an error in the language of ?lang', async () => {
    const client = await connect('/ws?lang=de');
    expect(await client.exchange('garbage{')).toEqual({
      op: 'error',
      msg: catalogues.de.validation.parameterError,
    });
  });

  it('answers an unknown operation with an error in English by default', async () => {
    const client = await connect();
    expect(await client.exchange(JSON.stringify({ op: 'launch' }))).toEqual({
      op: 'error',
      msg: catalogues['en-US'].validation.parameterError,
    });
  });

  it('keeps the connection open after a malformed frame', async () => {
    const client = await connect('/ws?lang=de');
    await client.exchange('garbage{');
    expect(await client.exchange(JSON.stringify({ op: 'ping' }))).toMatchObject({ op: 'pong' });
  });
});

// Channels of a market nobody trades, so that the app's own publishers stay out of these tests.
const TICKER = 'ticker:ZZTESTUSDT';
const TRADES = 'trades:ZZTESTUSDT';
const DEPTH = 'depth:ZZTESTUSDT';

describe('live data over /ws', () => {
  it('sends the current value on subscribe, then the updates, and nothing after unsubscribe', async () => {
    sut.app.realtime.snapshot('ticker', (channel) => (channel === TICKER ? { last: '1.5' } : undefined));
    const client = await connect();
    client.send({ op: 'subscribe', channels: [TICKER, TRADES] });
    expect(await client.next()).toEqual({ op: 'subscribed', channels: [TICKER, TRADES] });
    expect(await client.next()).toEqual({ op: 'data', channel: TICKER, data: { last: '1.5' } });

    publishTo(sut.app.realtime, TICKER, { last: '1.6' });
    publishTo(sut.app.realtime, TRADES, [{ id: '1' }]);
    expect(await client.next()).toEqual({ op: 'data', channel: TICKER, data: { last: '1.6' } });
    expect(await client.next()).toEqual({ op: 'data', channel: TRADES, data: [{ id: '1' }] });

    client.send({ op: 'unsubscribe', channels: [TICKER] });
    expect(await client.next()).toEqual({ op: 'unsubscribed', channels: [TICKER] });
    publishTo(sut.app.realtime, TICKER, { last: '1.7' });
    publishTo(sut.app.realtime, TRADES, [{ id: '2' }]);
    expect(await client.next()).toEqual({ op: 'data', channel: TRADES, data: [{ id: '2' }] });
  });

  it('delivers small, medium and large messages intact, with non-ASCII text', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channels: [TRADES] });
    await client.next();
    for (const length of [1, 125, 126, 1000, 65_535, 70_000]) {
      const data = [{ id: String(length), note: 'é漢'.repeat(length) }];
      publishTo(sut.app.realtime, TRADES, data);
      expect(await client.next()).toEqual({ op: 'data', channel: TRADES, data });
    }
  });

  it('refuses a channel that does not exist with a translated error', async () => {
    const client = await connect('/ws?lang=ja-JP');
    client.send({ op: 'subscribe', channels: ['ticker:btc'] });
    expect(await client.next()).toEqual({ op: 'error', msg: catalogues['ja-JP'].validation.parameterError });
  });

  it('conflates depth: many updates at once arrive as the first and the latest', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channels: [DEPTH] });
    await client.next();
    for (let sequence = 1; sequence <= 100; sequence += 1) publishTo(sut.app.realtime, DEPTH, { sequence });
    expect(await client.next()).toEqual({ op: 'data', channel: DEPTH, data: { sequence: 1 } });
    expect(await client.next()).toEqual({ op: 'data', channel: DEPTH, data: { sequence: 100 } });
    expect(await client.exchange(JSON.stringify({ op: 'ping' }))).toMatchObject({ op: 'pong' });
  });

  it('refuses orders and balances before auth', async () => {
    const client = await connect('/ws?lang=ar');
    client.send({ op: 'subscribe', channels: ['balances'] });
    expect(await client.next()).toEqual({ op: 'error', msg: catalogues.ar.errors.unauthorized });
  });

  it("after auth, sends a user's own orders and never another user's", async () => {
    const alice = await registerAccount(sut, 'realtime-alice@example.com');
    const bob = await registerAccount(sut, 'realtime-bob@example.com');
    const client = await connect();
    client.send({ op: 'auth', token: alice.token });
    client.send({ op: 'subscribe', channels: ['orders'] });
    expect(await client.next()).toEqual({ op: 'authenticated' });
    expect(await client.next()).toEqual({ op: 'subscribed', channels: ['orders'] });

    publishToUser(sut.app.realtime, bob.user.id, 'orders', { id: 'bob' });
    publishToUser(sut.app.realtime, alice.user.id, 'balances', []);
    publishToUser(sut.app.realtime, alice.user.id, 'orders', { id: 'alice' });
    // Messages arrive in order, so had Bob's order or the unsubscribed balances reached Alice, they would be next.
    expect(await client.next()).toEqual({ op: 'data', channel: 'orders', data: { id: 'alice' } });
  });

  it('refuses a token whose session was signed out', async () => {
    const carol = await registerAccount(sut, 'realtime-carol@example.com');
    await callApi(sut, 'POST', '/api/auth/logout', { token: carol.token });
    const client = await connect('/ws?lang=de');
    client.send({ op: 'auth', token: carol.token });
    expect(await client.next()).toEqual({ op: 'error', msg: catalogues.de.errors.unauthorized });
    client.send({ op: 'subscribe', channels: ['orders'] });
    expect(await client.next()).toEqual({ op: 'error', msg: catalogues.de.errors.unauthorized });
  });

  it('drops a client that stops reading while another keeps receiving', async () => {
    const reader = await connect();
    const stalled = await connect();
    for (const client of [reader, stalled]) {
      client.send({ op: 'subscribe', channels: [TRADES] });
      await client.next();
    }
    stalled.socket.pause();
    const closed = once(stalled.socket, 'close');
    // About 8 MiB in 64 KiB messages: more than the kernel's socket buffers and the hub's 1 MiB limit together.
    const bulk = 'x'.repeat(64 * 1024);
    // One at a time, each read by the reader, so that only the stalled client falls behind.
    for (let id = 0; id < 128 && sut.app.realtime.stats.dropped === 0; id += 1) {
      publishTo(sut.app.realtime, TRADES, [{ id, bulk }]);
      expect(await reader.next()).toMatchObject({ channel: TRADES, data: [{ id }] });
    }
    publishTo(sut.app.realtime, TRADES, [{ id: 'after' }]);
    expect(await reader.next()).toMatchObject({ channel: TRADES, data: [{ id: 'after' }] });
    stalled.socket.resume();
    const [code] = await closed;
    expect([WS_CLOSE_CODES.slowConsumer, 1006]).toContain(code);
    expect(sut.app.realtime.stats.dropped).toBeGreaterThanOrEqual(1);
  });
});

describe('who may connect, and what a client may send', () => {
  it('refuses a WebSocket opened by a page of another origin before the upgrade, and accepts its own', async () => {
    const foreign = new WebSocket(`${baseUrl}/ws`, { origin: 'https://evil.example' });
    const [, response] = (await once(foreign, 'unexpected-response')) as [unknown, { statusCode: number }];
    expect(response.statusCode).toBe(403);
    // Handling the refusal ourselves, we end the attempt; ws reports it as an error, which is the expected one.
    const aborted = once(foreign, 'error');
    foreign.terminate();
    expect(String((await aborted)[0])).toMatch(/closed before the connection was established/);

    const own = await connect('/ws', OWN_ORIGIN);
    expect(await own.exchange(JSON.stringify({ op: 'ping' }))).toMatchObject({ op: 'pong' });
  });

  it('closes a connection that sends an oversized frame, with a warning in the log rather than an error', async () => {
    const client = await connect();
    const closed = once(client.socket, 'close');
    client.socket.send('x'.repeat(64 * 1024 + 1));
    const [code] = await closed;
    expect(code).toBe(1009);

    const oversized = sut.log.entries('WebSocket frame over the size limit: closed');
    expect(oversized).toHaveLength(1);
    expect(oversized[0]).toMatchObject({ level: 40, limit: 64 * 1024 });
    expect(sut.log.lines.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
  });
});

describe('private channels when sessions end', () => {
  /** A client signed in as `token` and subscribed to its orders. */
  async function watchingOrders(token: string) {
    const client = await connect('/ws?lang=de');
    client.send({ op: 'auth', token });
    client.send({ op: 'subscribe', channels: ['orders'] });
    expect(await client.next()).toEqual({ op: 'authenticated' });
    expect(await client.next()).toEqual({ op: 'subscribed', channels: ['orders'] });
    return client;
  }

  /** The user's orders stopped reaching the client: the next frame after a publish is the answer to a ping. */
  async function expectNoMoreOrders(client: Awaited<ReturnType<typeof connect>>, userId: number) {
    publishToUser(sut.app.realtime, userId, 'orders', { id: 'after' });
    expect(await client.exchange(JSON.stringify({ op: 'ping' }))).toMatchObject({ op: 'pong' });
  }

  it('stops at once when the session logs out, while another session of the user goes on', async () => {
    const dave = await registerAccount(sut, 'realtime-dave@example.com');
    const other = await callApi(sut, 'POST', '/api/auth/login', {
      body: { account: 'realtime-dave@example.com', password: 'secret123' },
    });
    const leaving = await watchingOrders(dave.token);
    const staying = await watchingOrders(other.body.data.token);

    await callApi(sut, 'POST', '/api/auth/logout', { token: dave.token });
    expect(await leaving.next()).toEqual({ op: 'error', msg: catalogues.de.errors.unauthorized });
    await expectNoMoreOrders(leaving, dave.user.id);
    expect(await staying.next()).toEqual({ op: 'data', channel: 'orders', data: { id: 'after' } });
  });

  it('stops at once for every session of an account an operator freezes', async () => {
    const erin = await registerAccount(sut, 'realtime-erin@example.com');
    const client = await watchingOrders(erin.token);
    const { token } = await adminWithRole(sut, 'support', 'realtime-support@kestrel.test');

    const frozen = await adminApi(sut, 'POST', `/api/admin/users/${erin.user.id}/freeze`, {
      token,
      body: { reason: 'Account takeover reported by the owner' },
    });
    expect(frozen.body.code).toBe(0);
    expect(await client.next()).toEqual({ op: 'error', msg: catalogues.de.errors.unauthorized });
    await expectNoMoreOrders(client, erin.user.id);
  });

  it('stops at once for the other sessions when the password changes, and keeps the one that changed it', async () => {
    const frank = await registerAccount(sut, 'realtime-frank@example.com');
    const other = await callApi(sut, 'POST', '/api/auth/login', {
      body: { account: 'realtime-frank@example.com', password: 'secret123' },
    });
    const elsewhere = await watchingOrders(other.body.data.token);
    const here = await watchingOrders(frank.token);

    const changed = await callApi(sut, 'POST', '/api/user/password', {
      token: frank.token,
      body: { oldPassword: 'secret123', password: 'secret456', confirmPassword: 'secret456' },
    });
    expect(changed.body.code).toBe(0);
    expect(await elsewhere.next()).toEqual({ op: 'error', msg: catalogues.de.errors.unauthorized });
    await expectNoMoreOrders(elsewhere, frank.user.id);
    expect(await here.next()).toEqual({ op: 'data', channel: 'orders', data: { id: 'after' } });
  });
});
