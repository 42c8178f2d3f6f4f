import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  call,
  freshIp,
  fund,
  leadsOf,
  registerAccount,
  StreamClient,
  seedTraders,
  type Trader,
  textOf,
} from './clients';
import { type KestrelCluster, startCluster } from './harness';
import { onCluster } from './suite';

/*
 * Three nodes behind HAProxy on one PostgreSQL and one Redis (decision 0044): any node serves any client, a
 * client on one node sees what happens on another, and limits and sign-outs hold across nodes.
 */

let cluster: KestrelCluster;
let traders: Trader[];
const streams: StreamClient[] = [];

async function streamOn(base: string, channels: string[], token?: string, lang?: string) {
  const client = await StreamClient.open(base, lang);
  streams.push(client);
  await client.subscribe(channels, token);
  return client;
}

onCluster('three nodes behind the balancer', () => {
  beforeAll(async () => {
    cluster = await startCluster({ nodes: 3 });
    traders = await seedTraders(cluster, 2);
  });
  afterAll(async () => {
    for (const client of streams) client.close();
    await cluster?.teardown();
  });

  it('answers through the balancer, which spreads requests over the three nodes, each naming itself', async () => {
    const named = new Set<string>();
    for (let request = 0; request < 6; request++) {
      const answer = await call(cluster.balancer.url, 'GET', '/api/health');
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(0);
      named.add(answer.body.data.node);
    }
    expect([...named].sort()).toEqual(['node-1', 'node-2', 'node-3']);
  });

  it('has exactly one node lead each market, the one the leadership table names, with its epoch', async () => {
    for (const symbol of ['BTCUSDT', 'ETHUSDT']) {
      const name = `spot:${symbol}`;
      const owner = await cluster.waitForOwner(name, { timeoutMs: 30_000 });
      const row = await cluster.sql.query<{ epoch: string }>(
        'select epoch::text as epoch from leadership where name = $1',
        [name],
      );
      const leaders: Array<{ node: string; epoch: string }> = [];
      for (const node of cluster.nodes) {
        const lead = (await leadsOf(node.url)).find((each) => each.name === name);
        if (lead) leaders.push({ node: node.name, epoch: lead.epoch });
      }
      expect(leaders).toEqual([{ node: owner, epoch: row.rows[0]?.epoch }]);
    }
  });

  it('signs in and streams through the balancer', async () => {
    const account = `through.balancer.${Date.now()}@example.com`;
    const { token } = await registerAccount(cluster, cluster.balancer.url, account);
    const signedIn = await call(cluster.balancer.url, 'POST', '/api/auth/login', {
      body: { account, password: 'secret123' },
      ip: freshIp(),
    });
    expect(signedIn.body.code).toBe(0);
    const client = await streamOn(cluster.balancer.url, ['tickers', 'orders'], token);
    client.send({ op: 'ping' });
    expect((await client.next((frame) => frame.op === 'pong')).op).toBe('pong');
  });

  it('shows an order placed on node A, and its trade, on a WebSocket held on node C', async () => {
    const [maker, taker] = traders as [Trader, Trader];
    const [nodeA, nodeB, nodeC] = cluster.nodes as [
      KestrelCluster['nodes'][0],
      KestrelCluster['nodes'][0],
      KestrelCluster['nodes'][0],
    ];
    const onC = await streamOn(nodeC.url, ['orders', 'trades:BTCUSDT'], maker.token);
    const throughBalancer = await streamOn(cluster.balancer.url, ['trades:BTCUSDT']);

    const placed = await call(nodeA.url, 'POST', '/api/spot/orders', {
      body: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1234.56', size: '0.01' },
      token: maker.token,
      idempotencyKey: `maker-${Date.now()}`,
    });
    expect(placed.body.code).toBe(0);
    const orderId = placed.body.data.id as string;
    const seen = await onC.next(
      (frame) => frame.channel === 'orders' && (frame.data as { id: string }).id === orderId,
    );
    expect(seen.data).toMatchObject({ id: orderId, symbol: 'BTCUSDT', side: 'buy', price: '1234.56' });

    const crossed = await call(nodeB.url, 'POST', '/api/spot/orders', {
      body: { symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '1234.56', size: '0.01' },
      token: taker.token,
      idempotencyKey: `taker-${Date.now()}`,
    });
    expect(crossed.body.code).toBe(0);
    const isTheTrade = (frame: { channel?: string; data?: unknown }) =>
      frame.channel === 'trades:BTCUSDT' &&
      (frame.data as Array<{ price: string }>).some((trade) => trade.price === '1234.56');
    await onC.next(isTheTrade);
    await throughBalancer.next(isTheTrade);
    const filled = await onC.next(
      (frame) =>
        frame.channel === 'orders' &&
        (frame.data as { id: string; status: string }).id === orderId &&
        (frame.data as { status: string }).status === 'filled',
    );
    expect(filled.data).toMatchObject({ id: orderId, filledSize: expect.stringMatching(/^0\.010*$/) });
  });

  it('locks an account after 10 wrong passwords spread over the three nodes, with the translated 429 on every node', async () => {
    const account = `guessed.${Date.now()}@example.com`;
    await registerAccount(cluster, cluster.balancer.url, account, { password: 'right1234' });
    for (let guess = 0; guess < 10; guess++) {
      const node = cluster.nodes[guess % 3] as KestrelCluster['nodes'][0];
      const wrong = await call(node.url, 'POST', '/api/auth/login', {
        body: { account, password: `wrong${guess}xyz` },
        ip: freshIp(),
      });
      expect(wrong.body.code).toBe(2001);
    }
    const template = (lang: string) =>
      new RegExp(
        `^${textOf(lang, 'errors.tooManyAttempts')
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace('\\{\\{minutes\\}\\}', '\\d+')}$`,
      );
    for (const [index, node] of cluster.nodes.entries()) {
      const lang = ['en-US', 'de', 'ar'][index] as string;
      const refused = await call(node.url, 'POST', '/api/auth/login', {
        body: { account, password: 'right1234' },
        ip: freshIp(),
        lang,
      });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe(1029);
      expect(refused.body.msg).toMatch(template(lang));
    }
  });

  it('refuses the token on node B at once after a logout on node A, over HTTP and on the WebSocket', async () => {
    const account = `leaving.${Date.now()}@example.com`;
    const [nodeA, nodeB] = cluster.nodes as [KestrelCluster['nodes'][0], KestrelCluster['nodes'][0]];
    const { token, userId } = await registerAccount(cluster, cluster.balancer.url, account);
    const other = await call(cluster.balancer.url, 'POST', '/api/auth/login', {
      body: { account, password: 'secret123' },
      ip: freshIp(),
    });
    expect(other.body.code).toBe(0);
    const otherToken = other.body.data.token as string;
    const leaving = await streamOn(nodeB.url, ['orders'], token, 'de');
    const staying = await streamOn(nodeB.url, ['orders'], otherToken);
    expect((await call(nodeB.url, 'GET', '/api/spot/orders', { token })).status).toBe(200);

    const loggedOut = await call(nodeA.url, 'POST', '/api/auth/logout', { token });
    expect(loggedOut.body.code).toBe(0);

    const refused = await call(nodeB.url, 'GET', '/api/spot/orders', { token, lang: 'de' });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 1001, msg: textOf('de', 'errors.unauthorized') });
    expect(await leaving.next((frame) => frame.op === 'error')).toEqual({
      op: 'error',
      msg: textOf('de', 'errors.unauthorized'),
    });

    // The other session's orders still reach its socket on node B, and no longer the signed-out one's.
    await fund(cluster, userId, { USDT: '1000' });
    const placed = await call(nodeA.url, 'POST', '/api/spot/orders', {
      body: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1.00', size: '5' },
      token: otherToken,
    });
    expect(placed.body.code).toBe(0);
    const orderId = placed.body.data.id as string;
    await staying.next(
      (frame) => frame.channel === 'orders' && (frame.data as { id: string }).id === orderId,
    );
    leaving.send({ op: 'ping' });
    await leaving.next((frame) => frame.op === 'pong');
    expect(leaving.frames.filter((frame) => frame.channel === 'orders')).toEqual([]);
  });
});
