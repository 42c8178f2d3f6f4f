import { channels, WS_CLOSE_CODES, WS_MAX_CHANNELS } from '@kestrel/contract';
import { catalogues } from '@kestrel/i18n/all';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translator } from '../http/i18n';
import { RealtimeHub } from './hub';
import { FakeSocket, publishTo, publishToUser } from './test-realtime';

const tokens = new Map([
  ['token-of-1', { id: 1 }],
  ['token-of-2', { id: 2 }],
]);
let sut: RealtimeHub;

beforeEach(() => {
  vi.useFakeTimers();
  if (process.env.START_MS) vi.setSystemTime(Number(process.env.START_MS));
  sut = new RealtimeHub({
    authenticate: async (token) => tokens.get(token),
    heartbeatMs: 1_000,
    reauthenticateMs: 5_000,
  });
});
afterEach(() => {
  sut.close();
  vi.useRealTimers();
});

function client(locale: 'en-US' | 'de' = 'en-US', address = '10.0.0.1', hub = sut) {
  const socket = new FakeSocket();
  const connection = hub.connect(socket, translator(locale), address);
  const send = (message: unknown) => connection.receive(JSON.stringify(message));
  return { socket, connection, send };
}

/** Lets a pending `auth` (a promise) and whatever queued behind it finish. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

describe('RealtimeHub', () => {
  it('sends one and the same serialised frame to every subscriber of a channel', () => {
    const a = client();
    const b = client();
    const bystander = client();
    a.send({ op: 'subscribe', channels: ['trades:BTCUSDT'] });
    b.send({ op: 'subscribe', channels: ['trades:BTCUSDT'] });
    bystander.send({ op: 'subscribe', channels: ['trades:ETHUSDT'] });

    publishTo(sut, 'trades:BTCUSDT', [{ id: '7', price: '100.5' }]);

    const frame = a.socket.frames.at(-1);
    expect(b.socket.frames.at(-1)).toBe(frame);
    expect(JSON.parse(String(frame))).toEqual({
      op: 'data',
      channel: 'trades:BTCUSDT',
      data: [{ id: '7', price: '100.5' }],
    });
    expect(bystander.socket.data).toEqual([]);
  });

  it('answers a subscribe, then sends the current value before any update', () => {
    sut.snapshot('ticker', (channel) => (channel === 'ticker:BTCUSDT' ? { last: '1' } : undefined));
    const a = client();
    a.send({ op: 'subscribe', channels: ['ticker:BTCUSDT', 'ticker:ETHUSDT'] });
    publishTo(sut, 'ticker:BTCUSDT', { last: '2' });

    expect(a.socket.messages).toEqual([
      { op: 'subscribed', channels: ['ticker:BTCUSDT', 'ticker:ETHUSDT'] },
      { op: 'data', channel: 'ticker:BTCUSDT', data: { last: '1' } },
      { op: 'data', channel: 'ticker:BTCUSDT', data: { last: '2' } },
    ]);
  });

  it('stops sending a channel after unsubscribe', () => {
    const a = client();
    a.send({ op: 'subscribe', channels: ['trades:BTCUSDT'] });
    a.send({ op: 'unsubscribe', channels: ['trades:BTCUSDT'] });
    publishTo(sut, 'trades:BTCUSDT', []);
    expect(a.socket.messages.map((message) => message.op)).toEqual(['subscribed', 'unsubscribed']);
  });

  it('conflates depth to the first update and then the latest one per interval', async () => {
    const a = client();
    a.send({ op: 'subscribe', channels: ['depth:BTCUSDT'] });
    for (let sequence = 1; sequence <= 500; sequence += 1) {
      publishTo(sut, 'depth:BTCUSDT', { sequence });
      if (sequence % 50 === 0) await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(200);

    const sequences = a.socket.data.map((message) => (message.data as { sequence: number }).sequence);
    // 500 updates over about 100 ms of (fake) time: the first at once, then at most one per 100 ms, ending
    // with the latest.
    expect(sequences[0]).toBe(1);
    expect(sequences.at(-1)).toBe(500);
    expect(sequences.length).toBeLessThanOrEqual(3);
  });

  it('gives each busy book its own windows, so that books changed together do not go out together', async () => {
    const symbols = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT', 'XRPUSDT', 'DOGEUSDT', 'TRXUSDT', 'LTCUSDT'];
    const followers = symbols.map((symbol) => {
      const follower = client();
      follower.send({ op: 'subscribe', channels: [`depth:${symbol}`] });
      return follower;
    });
    // Every book changes every millisecond, all in the same turn, for a second: each book's second send then falls
    // on its own window edge, wherever in the interval the clock starts.
    for (let tick = 0; tick < 1_000; tick += 1) {
      for (const symbol of symbols) publishTo(sut, `depth:${symbol}`, { tick });
      await vi.advanceTimersByTimeAsync(1);
    }

    const sendTimes = followers.map(({ socket }) =>
      socket.frames.flatMap((frame, index) =>
        JSON.parse(String(frame)).op === 'data' ? [socket.sentAt[index] as number] : [],
      ),
    );
    for (const times of sendTimes) {
      // At most ten a second, plus one at either edge of the second.
      expect(times.length).toBeGreaterThanOrEqual(9);
      expect(times.length).toBeLessThanOrEqual(11);
    }
    // After the first sends, which go out at once, the eight books leave at eight different moments.
    const later = new Set(sendTimes.flatMap((times) => times.slice(1, 2)));
    expect(later.size).toBe(symbols.length);
  });

  it('spreads a large fan-out over event-loop turns, keeping each channel in order', async () => {
    sut.close();
    sut = new RealtimeHub({ authenticate: async () => undefined, fanOutSlice: 2 });
    const clients = Array.from({ length: 5 }, () => client());
    for (const each of clients) each.send({ op: 'subscribe', channels: ['trades:BTCUSDT'] });
    const leaver = clients[4];
    publishTo(sut, 'trades:BTCUSDT', [{ id: 1 }]);
    publishTo(sut, 'trades:BTCUSDT', [{ id: 2 }]);
    expect(clients.map((each) => each.socket.data.length)).toEqual([1, 1, 0, 0, 0]);
    leaver?.send({ op: 'unsubscribe', channels: ['trades:BTCUSDT'] });
    // Five turns of two sockets each at most.
    for (let turn = 0; turn < 5; turn += 1) await vi.advanceTimersToNextTimerAsync();
    for (const each of clients.slice(0, 4)) {
      expect(each.socket.data.map((message) => message.data)).toEqual([[{ id: 1 }], [{ id: 2 }]]);
    }
    // Unsubscribed while its copies were still queued: none arrive after its `unsubscribed`.
    expect(leaver?.socket.messages.map((message) => message.op)).toEqual(['subscribed', 'unsubscribed']);
  });

  it('reports a payload that cannot be serialised instead of throwing at the publisher', () => {
    const errors: object[] = [];
    sut.close();
    sut = new RealtimeHub({
      authenticate: async () => undefined,
      logger: { error: (details) => errors.push(details), warn: () => undefined },
    });
    const a = client();
    a.send({ op: 'subscribe', channels: ['trades:BTCUSDT'] });
    expect(() => publishTo(sut, 'trades:BTCUSDT', [{ size: 1n }])).not.toThrow();
    publishTo(sut, 'trades:BTCUSDT', [{ size: '1' }]);
    expect(a.socket.data).toEqual([{ op: 'data', channel: 'trades:BTCUSDT', data: [{ size: '1' }] }]);
    expect(errors).toEqual([expect.objectContaining({ channel: 'trades:BTCUSDT' })]);
  });

  it('does not conflate other channels', () => {
    const a = client();
    a.send({ op: 'subscribe', channels: ['trades:BTCUSDT'] });
    for (let id = 0; id < 20; id += 1) publishTo(sut, 'trades:BTCUSDT', [{ id }]);
    expect(a.socket.data).toHaveLength(20);
  });

  it('drops a client that is not reading, with the slow-consumer code, and keeps serving the others', () => {
    const slow = client();
    const quick = client();
    slow.send({ op: 'subscribe', channels: ['trades:BTCUSDT'] });
    quick.send({ op: 'subscribe', channels: ['trades:BTCUSDT'] });
    slow.socket.bufferedAmount = sut.maxBufferedBytes;

    publishTo(sut, 'trades:BTCUSDT', [{ id: 1 }]);
    publishTo(sut, 'trades:BTCUSDT', [{ id: 2 }]);

    expect(slow.socket.closedWith).toBe(WS_CLOSE_CODES.slowConsumer);
    expect(slow.socket.data).toEqual([]);
    expect(quick.socket.data).toHaveLength(2);
    expect(sut.connectionCount).toBe(1);
    expect(sut.stats.dropped).toBe(1);
  });

  it('refuses an unknown channel with a translated error and subscribes nothing', () => {
    const a = client('de');
    a.send({ op: 'subscribe', channels: ['trades:BTCUSDT', 'secrets'] });
    publishTo(sut, 'trades:BTCUSDT', []);
    expect(a.socket.messages).toEqual([{ op: 'error', msg: catalogues.de.validation.parameterError }]);
  });

  it(`refuses more than ${WS_MAX_CHANNELS} channels on one connection`, () => {
    const a = client('de');
    const symbols = Array.from({ length: WS_MAX_CHANNELS }, (_, index) => `trades:C${index}USDT`);
    a.send({ op: 'subscribe', channels: symbols });
    a.send({ op: 'subscribe', channels: ['trades:BTCUSDT'] });
    expect(a.socket.messages.at(-1)).toEqual({
      op: 'error',
      msg: catalogues.de.realtime.tooManyChannels.replace('{{max}}', String(WS_MAX_CHANNELS)),
    });
    publishTo(sut, 'trades:BTCUSDT', []);
    expect(a.socket.data).toEqual([]);
  });

  it('refuses private channels before auth', () => {
    const a = client();
    a.send({ op: 'subscribe', channels: ['orders'] });
    publishToUser(sut, 1, 'orders', { id: 'x' });
    expect(a.socket.messages).toEqual([{ op: 'error', msg: catalogues['en-US'].errors.unauthorized }]);
  });

  it("delivers a user's private updates only to that user's subscribed sockets", async () => {
    const first = client();
    const firstElsewhere = client();
    const second = client();
    first.send({ op: 'auth', token: 'token-of-1' });
    // Sent before the auth has been checked: waits for it instead of being refused.
    first.send({ op: 'subscribe', channels: ['orders', 'balances'] });
    firstElsewhere.send({ op: 'auth', token: 'token-of-1' });
    second.send({ op: 'auth', token: 'token-of-2' });
    second.send({ op: 'subscribe', channels: ['orders'] });
    await settle();

    publishToUser(sut, 1, 'orders', { id: 'mine' });
    publishToUser(sut, 2, 'orders', { id: 'theirs' });
    publishToUser(sut, 1, 'balances', []);

    expect(first.socket.messages).toEqual([
      { op: 'authenticated' },
      { op: 'subscribed', channels: ['orders', 'balances'] },
      { op: 'data', channel: 'orders', data: { id: 'mine' } },
      { op: 'data', channel: 'balances', data: [] },
    ]);
    // Authenticated but not subscribed: nothing.
    expect(firstElsewhere.socket.data).toEqual([]);
    expect(second.socket.data).toEqual([{ op: 'data', channel: 'orders', data: { id: 'theirs' } }]);
  });

  it('tells whether a user follows a private channel on any of their sockets', async () => {
    const a = client();
    a.send({ op: 'auth', token: 'token-of-1' });
    await settle();
    expect(sut.follows(1, channels.balances)).toBe(false);
    a.send({ op: 'subscribe', channels: ['balances'] });
    expect(sut.follows(1, channels.balances)).toBe(true);
    expect(sut.follows(1, channels.orders)).toBe(false);
    expect(sut.follows(2, channels.balances)).toBe(false);
    a.connection.closedBySocket();
    expect(sut.follows(1, channels.balances)).toBe(false);
  });

  it('answers an unknown token with a translated error and keeps private channels closed', async () => {
    const a = client('de');
    a.send({ op: 'auth', token: 'forged' });
    a.send({ op: 'subscribe', channels: ['orders'] });
    await settle();
    expect(a.socket.messages).toEqual([
      { op: 'error', msg: catalogues.de.errors.unauthorized },
      { op: 'error', msg: catalogues.de.errors.unauthorized },
    ]);
  });

  it('ends private updates when the session behind the token ends', async () => {
    const revocable = new Map([['token-of-3', { id: 3 }]]);
    sut.close();
    sut = new RealtimeHub({
      authenticate: async (token) => revocable.get(token),
      heartbeatMs: 1_000,
      reauthenticateMs: 2_000,
    });
    const a = client();
    a.send({ op: 'auth', token: 'token-of-3' });
    a.send({ op: 'subscribe', channels: ['orders'] });
    await settle();
    revocable.clear();
    await vi.advanceTimersByTimeAsync(1_000);
    a.connection.pong();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(a.socket.terminated).toBe(false);

    publishToUser(sut, 3, 'orders', { id: 'after logout' });
    expect(a.socket.data).toEqual([]);
    expect(a.socket.messages.at(-1)).toEqual({ op: 'error', msg: catalogues['en-US'].errors.unauthorized });
  });

  it('pings sockets and terminates one that stops answering', async () => {
    const answering = client();
    const silent = client();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(answering.socket.pings).toBe(1);
    expect(silent.socket.pings).toBe(1);
    answering.connection.pong();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(silent.socket.terminated).toBe(true);
    expect(answering.socket.terminated).toBe(false);
    expect(sut.connectionCount).toBe(1);
  });

  it('forgets a closed socket and closes the rest when the hub closes', () => {
    const a = client();
    const b = client();
    a.send({ op: 'subscribe', channels: ['trades:BTCUSDT'] });
    a.connection.closedBySocket();
    publishTo(sut, 'trades:BTCUSDT', []);
    expect(a.socket.data).toEqual([]);
    sut.close();
    expect(b.socket.closedWith).toBe(WS_CLOSE_CODES.goingAway);
    expect(sut.connectionCount).toBe(0);
  });

  it('closes a connection beyond the limit of its address, and admits one again once another closes', () => {
    const limited = new RealtimeHub({ authenticate: async () => undefined, maxConnectionsPerAddress: 2 });
    try {
      const first = client('en-US', '10.0.0.7', limited);
      client('en-US', '10.0.0.7', limited);
      const third = client('en-US', '10.0.0.7', limited);
      const elsewhere = client('en-US', '10.0.0.8', limited);
      expect(third.socket.closedWith).toBe(WS_CLOSE_CODES.tooManyConnections);
      expect(first.socket.closedWith).toBeUndefined();
      expect(elsewhere.socket.closedWith).toBeUndefined();
      expect(limited.connectionCount).toBe(3);

      first.connection.closedBySocket();
      expect(client('en-US', '10.0.0.7', limited).socket.closedWith).toBeUndefined();
    } finally {
      limited.close();
    }
  });

  it('closes a client that sends messages faster than the rate, after its burst', async () => {
    const steady = client();
    const flood = client();
    for (let sent = 0; sent < 20; sent++) flood.send({ op: 'ping' });
    expect(flood.socket.closedWith).toBeUndefined();
    expect(flood.socket.messages.filter((message) => message.op === 'pong')).toHaveLength(20);
    flood.send({ op: 'ping' });
    expect(flood.socket.closedWith).toBe(WS_CLOSE_CODES.tooManyMessages);

    // Ten messages a second are always allowed.
    for (let second = 0; second < 5; second++) {
      for (let sent = 0; sent < 10; sent++) steady.send({ op: 'ping' });
      await vi.advanceTimersByTimeAsync(1_000);
    }
    for (let sent = 0; sent < 20; sent++) steady.send({ op: 'ping' });
    expect(steady.socket.closedWith).toBeUndefined();
  });
});
