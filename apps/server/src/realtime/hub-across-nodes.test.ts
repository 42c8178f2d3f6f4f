import { channels, WS_CLOSE_CODES } from '@kestrel/contract';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { onRedis, testRedisPrefix } from '../../test/redis';
import { RedisBus } from '../cluster/bus';
import { openRedis, type RedisConnections } from '../cluster/redis';
import { translator } from '../http/i18n';
import { RealtimeHub } from './hub';
import { FakeSocket, publishTo, publishToUser } from './test-realtime';

/*
 * Several nodes' hubs on one Redis server (decision 0044): what one node publishes reaches the sockets of every
 * node. Runs when REDIS_URL is set (as in CI); every test has a prefix of its own, so that parallel runs sharing
 * the server never hear each other.
 */
const redisUrl = process.env.REDIS_URL;
/** Redis answers in milliseconds; the limit only keeps a loaded machine from failing the test. */
const PATIENCE = { timeout: 10_000 };

type Node = { hub: RealtimeHub; redis: RedisConnections; ids: { command: number; subscriber: number } };

/** Sessions as every node's database would answer them; a test revokes one by deleting it. */
const sessions = new Map<string, { id: number }>();
let prefix: string;
let admin: Redis;
let nodes: Node[];

async function node(): Promise<Node> {
  const redis = await openRedis(redisUrl as string);
  // Known before the subscriber turns to subscriptions, so that a test can cut this node's connections.
  const ids = {
    command: Number(await redis.command.client('ID')),
    subscriber: Number(await redis.subscriber.client('ID')),
  };
  const hub = new RealtimeHub({
    authenticate: async (token) => sessions.get(token),
    cluster: { prefix, bus: new RedisBus(redis, prefix), redis },
    logger: { error: () => undefined, warn: () => undefined },
  });
  await hub.start();
  const made = { hub, redis, ids };
  nodes.push(made);
  return made;
}

function client(hub: RealtimeHub) {
  const socket = new FakeSocket();
  const connection = hub.connect(socket, translator('en-US'), '10.0.0.1');
  const send = (message: unknown) => connection.receive(JSON.stringify(message));
  return { socket, connection, send };
}

/**
 * Waits until the node has read the current values its new subscribers asked for (a read goes before a PING on
 * the same connection), so that a test's next publication is not also found there and sent twice.
 */
async function valuesRead(node: Node) {
  await node.redis.command.ping();
}

/** Waits until every node hears the user's private topic (subscribing takes a round trip to Redis). */
async function heardBy(userId: number, count: number) {
  const topic = `${prefix}:bus:realtime:user:${userId}`;
  await vi.waitFor(async () => {
    const [, subscribers] = (await admin.pubsub('NUMSUB', topic)) as [string, number];
    expect(subscribers).toBe(count);
  }, PATIENCE);
}

async function signedIn(hub: RealtimeHub, token: string, channels: string[]) {
  const signed = client(hub);
  signed.send({ op: 'auth', token });
  signed.send({ op: 'subscribe', channels });
  await vi.waitFor(
    () => expect(signed.socket.messages.map((message) => message.op)).toContain('subscribed'),
    PATIENCE,
  );
  return signed;
}

onRedis('RealtimeHub across nodes', () => {
  beforeEach(async () => {
    prefix = testRedisPrefix();
    admin = new Redis(redisUrl as string);
    nodes = [];
    sessions.clear();
    sessions.set('token-of-1', { id: 1 });
    sessions.set('token-of-2', { id: 2 });
  });
  afterEach(async () => {
    vi.useRealTimers();
    for (const { hub, redis } of nodes) {
      hub.close();
      await redis.close();
    }
    const keys = await admin.keys(`${prefix}:*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
  });

  it('hands a frame published on one node once to the subscribers of every node', async () => {
    const a = await node();
    const b = await node();
    const onA = client(a.hub);
    const onB = client(b.hub);
    onA.send({ op: 'subscribe', channels: ['ticker:BTCUSDT'] });
    onB.send({ op: 'subscribe', channels: ['ticker:BTCUSDT'] });
    await valuesRead(a);
    await valuesRead(b);

    publishTo(a.hub, 'ticker:BTCUSDT', { last: '1' });
    publishTo(a.hub, 'ticker:BTCUSDT', { last: '2' });
    await vi.waitFor(() => expect(onB.socket.data).toHaveLength(2), PATIENCE);
    await vi.waitFor(() => expect(onA.socket.data).toHaveLength(2), PATIENCE);

    for (const { socket } of [onA, onB]) {
      expect(socket.data).toEqual([
        { op: 'data', channel: 'ticker:BTCUSDT', data: { last: '1' } },
        { op: 'data', channel: 'ticker:BTCUSDT', data: { last: '2' } },
      ]);
    }
  });

  it("sends a user's private update only to that user's sockets, on whichever node they are", async () => {
    const a = await node();
    const b = await node();
    const ownOnB = await signedIn(b.hub, 'token-of-1', ['orders']);
    const ownNotFollowing = await signedIn(b.hub, 'token-of-1', ['balances']);
    const otherOnB = await signedIn(b.hub, 'token-of-2', ['orders']);
    await heardBy(1, 1);
    await heardBy(2, 1);

    publishToUser(a.hub, 1, 'orders', { id: 'first' });
    publishToUser(a.hub, 2, 'orders', { id: 'second' });
    await vi.waitFor(() => expect(otherOnB.socket.data).toHaveLength(1), PATIENCE);

    expect(ownOnB.socket.data).toEqual([{ op: 'data', channel: 'orders', data: { id: 'first' } }]);
    expect(otherOnB.socket.data).toEqual([{ op: 'data', channel: 'orders', data: { id: 'second' } }]);
    expect(ownNotFollowing.socket.data).toEqual([]);
    // The spot owner cannot see other nodes' sockets: with Redis it reads every batch's balances.
    expect(a.hub.follows(3, channels.balances)).toBe(true);
  });

  it("ends a session's private channels on every node when it ends on one", async () => {
    const a = await node();
    const b = await node();
    const loggedOut = await signedIn(b.hub, 'token-of-1', ['orders']);
    const otherSession = await signedIn(b.hub, 'token-of-2', ['orders']);
    await heardBy(1, 1);

    sessions.delete('token-of-1');
    a.hub.sessionEnded('token-of-1');
    await vi.waitFor(
      () => expect(loggedOut.socket.messages.at(-1)).toEqual({ op: 'error', msg: expect.any(String) }),
      PATIENCE,
    );
    publishToUser(a.hub, 1, 'orders', { id: 'after logout' });
    publishToUser(a.hub, 2, 'orders', { id: 'still signed in' });
    await vi.waitFor(() => expect(otherSession.socket.data).toHaveLength(1), PATIENCE);

    expect(loggedOut.socket.data).toEqual([]);
    loggedOut.send({ op: 'subscribe', channels: ['orders'] });
    expect(loggedOut.socket.messages.at(-1)).toEqual({ op: 'error', msg: expect.any(String) });
  });

  it("checks a user's sessions again on every node when some of them are revoked on one", async () => {
    const a = await node();
    const b = await node();
    const frozen = await signedIn(b.hub, 'token-of-2', ['orders', 'balances']);

    sessions.delete('token-of-2');
    a.hub.userSessionsEnded(2);
    await vi.waitFor(
      () => expect(frozen.socket.messages.at(-1)).toEqual({ op: 'error', msg: expect.any(String) }),
      PATIENCE,
    );
    expect(frozen.connection.channels.size).toBe(0);
  });

  it('gives a new subscriber on any node the current value of a channel another node produces', async () => {
    const a = await node();
    const recent = [{ id: '2' }, { id: '1' }];
    a.hub.snapshot('ticker', (channel) => (channel === 'ticker:BTCUSDT' ? { last: '2' } : undefined));
    a.hub.snapshot('trades', (channel) => (channel === 'trades:BTCUSDT' ? recent : undefined));
    const b = await node();
    const watching = client(b.hub);
    watching.send({ op: 'subscribe', channels: ['ticker:BTCUSDT'] });
    await valuesRead(b);
    publishTo(a.hub, 'ticker:BTCUSDT', { last: '2' });
    publishTo(a.hub, 'trades:BTCUSDT', [{ id: '2' }]);
    await vi.waitFor(() => expect(watching.socket.data).toHaveLength(1), PATIENCE);

    // B heard the ticker: a new subscriber there gets its latest frame at once.
    const late = client(b.hub);
    late.send({ op: 'subscribe', channels: ['ticker:BTCUSDT'] });
    expect(late.socket.data).toEqual([{ op: 'data', channel: 'ticker:BTCUSDT', data: { last: '2' } }]);
    // C started afterwards and heard nothing: it reads what A stored, trades as the whole recent list.
    const c = await node();
    const fresh = client(c.hub);
    fresh.send({ op: 'subscribe', channels: ['ticker:BTCUSDT', 'trades:BTCUSDT', 'ticker:ETHUSDT'] });
    await vi.waitFor(() => expect(fresh.socket.data).toHaveLength(2), PATIENCE);
    expect(fresh.socket.data).toEqual(
      expect.arrayContaining([
        { op: 'data', channel: 'ticker:BTCUSDT', data: { last: '2' } },
        { op: 'data', channel: 'trades:BTCUSDT', data: recent },
      ]),
    );
  });

  it('conflates depth at the publisher, before the bus, whoever subscribes where', async () => {
    const a = await node();
    const b = await node();
    const onB = client(b.hub);
    onB.send({ op: 'subscribe', channels: ['depth:BTCUSDT'] });
    await valuesRead(b);
    // The clock stands still: every update falls in one window, so the first goes out and the latest follows.
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let sequence = 1; sequence <= 500; sequence += 1) publishTo(a.hub, 'depth:BTCUSDT', { sequence });
    await vi.waitFor(() => expect(onB.socket.data.at(-1)?.data).toEqual({ sequence: 500 }), PATIENCE);

    expect(onB.socket.data.map((message) => message.data)).toEqual([{ sequence: 1 }, { sequence: 500 }]);
  });

  it('closes every socket for a fresh start when Redis comes back, and loses messages meanwhile without throwing', async () => {
    const a = await node();
    const b = await node();
    a.hub.snapshot('ticker', () => ({ last: '7' }));
    const onB = client(b.hub);
    onB.send({ op: 'subscribe', channels: ['ticker:BTCUSDT'] });
    await valuesRead(b);
    publishTo(a.hub, 'ticker:BTCUSDT', { last: '7' });
    await vi.waitFor(() => expect(onB.socket.data).toHaveLength(1), PATIENCE);

    let thrown: unknown;
    b.redis.command.once('close', () => {
      try {
        publishTo(b.hub, 'ticker:ETHUSDT', { last: '1' });
      } catch (error) {
        thrown = error;
      }
    });
    await admin.client('KILL', 'ID', String(b.ids.command));
    await admin.client('KILL', 'ID', String(b.ids.subscriber));

    await vi.waitFor(() => expect(onB.socket.closedWith).toBe(WS_CLOSE_CODES.serviceRestart), PATIENCE);
    expect(thrown).toBeUndefined();
    expect(b.hub.stats.lost).toBeGreaterThan(0);
    // The client reconnects and subscribes again: it gets the current value, then what A publishes next.
    const again = client(b.hub);
    again.send({ op: 'subscribe', channels: ['ticker:BTCUSDT'] });
    await vi.waitFor(() => expect(again.socket.data).toHaveLength(1), PATIENCE);
    publishTo(a.hub, 'ticker:BTCUSDT', { last: '8' });
    await vi.waitFor(() => expect(again.socket.data).toHaveLength(2), PATIENCE);
    expect(again.socket.data.map((message) => message.data)).toEqual([{ last: '7' }, { last: '8' }]);
  });
});
