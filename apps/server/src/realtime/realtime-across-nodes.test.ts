import { once } from 'node:events';
import { catalogues } from '@kestrel/i18n/all';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { callApi, registerAccount } from '../../test/api';
import { onRedis, testRedisPrefix } from '../../test/redis';
import type { TestApp } from '../../test/test-app';
import { startTwoNodes } from '../../test/two-nodes';
import { publishTo } from './test-realtime';

/*
 * Two servers on one database and one Redis, as two nodes behind a balancer (decision 0044): a WebSocket on one
 * sees what the other publishes, and a logout on one ends the private channels the other serves.
 */
// A market nobody trades, so that the apps' own publishers stay out of the test.
const TICKER = 'ticker:ZZTESTUSDT';
const prefix = testRedisPrefix();
/** Redis answers in milliseconds; the limit only keeps a loaded machine from failing the test. */
const PATIENCE = { timeout: 10_000 };
let twoNodes: Awaited<ReturnType<typeof startTwoNodes>> | undefined;
let nodes: TestApp[] = [];
const urls: string[] = [];
const sockets: WebSocket[] = [];

type Message = { op: string; data?: unknown; msg?: string };

async function connect(url: string) {
  const socket = new WebSocket(`${url}/ws`);
  sockets.push(socket);
  const messages: Message[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw)) as Message));
  await once(socket, 'open');
  return {
    messages,
    data: () => messages.filter((message) => message.op === 'data').map((message) => message.data),
    /** Sends a message and waits for the answer whose `op` is given. */
    async ask(message: unknown, answer: string) {
      const seen = messages.length;
      socket.send(JSON.stringify(message));
      await vi.waitFor(() => expect(messages.slice(seen).map((each) => each.op)).toContain(answer), PATIENCE);
    },
  };
}

onRedis('live data over /ws across nodes', () => {
  beforeAll(async () => {
    twoNodes = await startTwoNodes(prefix, ['node-a', 'node-b']);
    nodes = twoNodes.nodes;
    urls.push(...twoNodes.urls);
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await twoNodes?.close();
  });

  it('sends a socket on one node what another node publishes, and its current value to a later subscriber', async () => {
    const [a, b] = nodes as [TestApp, TestApp];
    a.app.realtime.snapshot('ticker', (channel) => (channel === TICKER ? { last: '2' } : undefined));
    const onB = await connect(urls[1] as string);
    await onB.ask({ op: 'subscribe', channels: [TICKER] }, 'subscribed');

    publishTo(a.app.realtime, TICKER, { last: '2' });
    await vi.waitFor(() => expect(onB.data().at(-1)).toEqual({ last: '2' }), PATIENCE);
    const later = await connect(urls[1] as string);
    await later.ask({ op: 'subscribe', channels: [TICKER] }, 'subscribed');
    await vi.waitFor(() => expect(later.data()).toEqual([{ last: '2' }]), PATIENCE);
    expect(b.app.realtime.stats.lost).toBe(0);
  });

  it("ends a session's private channels on the other node at once when it logs out on one", async () => {
    const [a] = nodes as [TestApp, TestApp];
    const { token } = await registerAccount(a, `realtime.nodes.${Date.now()}@example.com`);
    const onB = await connect(urls[1] as string);
    await onB.ask({ op: 'auth', token }, 'authenticated');
    await onB.ask({ op: 'subscribe', channels: ['orders'] }, 'subscribed');

    const seen = onB.messages.length;
    await callApi(a, 'POST', '/api/auth/logout', { token });
    await vi.waitFor(
      () =>
        expect(onB.messages.slice(seen)).toEqual([
          { op: 'error', msg: catalogues['en-US'].errors.unauthorized },
        ]),
      PATIENCE,
    );
    await onB.ask({ op: 'subscribe', channels: ['orders'] }, 'error');
    expect(onB.messages.at(-1)).toEqual({ op: 'error', msg: catalogues['en-US'].errors.unauthorized });
  });
});
