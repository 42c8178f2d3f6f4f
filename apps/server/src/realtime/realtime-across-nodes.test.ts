import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/test-app';
import { publishTo } from './test-realtime';

/*
 * Two servers started with REDIS_URL and one prefix, as two nodes of a deployment (decision 0044): a WebSocket on
 * one sees what the other publishes. Runs when REDIS_URL is set (as in CI).
 */
const redisUrl = process.env.REDIS_URL;
// A market nobody trades, so that the apps' own publishers stay out of the test.
const TICKER = 'ticker:ZZTESTUSDT';
const prefix = `test-${randomBytes(6).toString('hex')}`;
const apps: TestApp[] = [];
const urls: string[] = [];
const sockets: WebSocket[] = [];

async function subscribed(url: string, channel: string) {
  const socket = new WebSocket(`${url}/ws`);
  sockets.push(socket);
  const data: unknown[] = [];
  let answered = false;
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as { op: string; data?: unknown };
    if (message.op === 'subscribed') answered = true;
    if (message.op === 'data') data.push(message.data);
  });
  await once(socket, 'open');
  socket.send(JSON.stringify({ op: 'subscribe', channels: [channel] }));
  await vi.waitFor(() => expect(answered).toBe(true));
  return data;
}

describe.runIf(redisUrl)('live data over /ws across nodes', () => {
  beforeAll(async () => {
    for (const name of ['node-a', 'node-b']) {
      const app = await createTestApp({
        env: { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, NODE_NAME: name },
      });
      apps.push(app);
      urls.push((await app.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws'));
    }
  });
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    for (const app of apps) await app.close();
    if (!redisUrl) return;
    const admin = new Redis(redisUrl);
    const keys = await admin.keys(`${prefix}:*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
  });

  it('sends a socket on one node what another node publishes, and its current value to a later subscriber', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const [, urlOfB] = urls as [string, string];
    a.app.realtime.snapshot('ticker', (channel) => (channel === TICKER ? { last: '2' } : undefined));
    const onB = await subscribed(urlOfB, TICKER);

    publishTo(a.app.realtime, TICKER, { last: '2' });
    await vi.waitFor(() => expect(onB.at(-1)).toEqual({ last: '2' }));
    const later = await subscribed(urlOfB, TICKER);
    await vi.waitFor(() => expect(later).toEqual([{ last: '2' }]));
    expect(b.app.realtime.stats.lost).toBe(0);
  });
});
