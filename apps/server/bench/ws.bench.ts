/**
 * Live data at scale: 5,000 WebSocket clients on depth and trades channels, served by our hub behind the real
 * `/ws` route, beside a plain `ws` server that broadcasts the same messages the naive way (JSON.stringify for each
 * client), in the same run.
 *
 *   npm run bench:ws            (BENCH_CLIENTS, default 5000; BENCH_SECONDS measured per server, default 10;
 *                                BENCH_MARKETS, default 8; BENCH_TRADES_PER_S across all markets, default 100;
 *                                BENCH_ORDER, default three alternating rounds "ours,plain,…"; with REDIS_URL
 *                                set, rounds named "redis" run our hub as a node of a cluster, every message
 *                                through Redis, and the last line gains their redis_* figures;
 *                                BENCH_FAN_OUT_SLICE, the hub's default)
 * Each figure in the last line is the median over the rounds.
 *
 * The server side (publisher, hub, event-loop lag) runs in this process; the clients run in a child process so that
 * their work does not show up in the server's lag. Every payload carries the time it was due, so a client
 * measures delivery latency on receipt (both processes read the same clock). Depth is published ten times a second
 * per market, each market at its own phase, trades at the given rate; half of the clients follow a market's depth,
 * half its trades.
 * The last line is JSON: {"ours_msgs_per_s","plain_msgs_per_s","delivery_p99_ms","lag_p99_ms",
 * "plain_delivery_p99_ms","plain_lag_p99_ms","clients",…}.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { createHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import fastifyWebsocket from '@fastify/websocket';
import Fastify from 'fastify';
import WebSocket, { WebSocketServer } from 'ws';
import { RedisBus } from '../src/cluster/bus';
import { openRedis } from '../src/cluster/redis';
import { RealtimeHub, type RealtimeHubOptions } from '../src/realtime/hub';
import { realtimeRoutes } from '../src/realtime/realtime.routes';
import { publishTo } from '../src/realtime/test-realtime';
import { frameReader, maskedTextFrame, openRawWebSocket } from './raw-websocket';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const MARKETS = Number(process.env.BENCH_MARKETS ?? 8);
const TRADES_PER_S = Number(process.env.BENCH_TRADES_PER_S ?? 100);
const DEPTH_PER_S = 10;
const SYMBOLS = [
  'BTCUSDT',
  'ETHUSDT',
  'SOLUSDT',
  'BNBUSDT',
  'XRPUSDT',
  'DOGEUSDT',
  'TRXUSDT',
  'LTCUSDT',
].slice(0, MARKETS);

/** Epoch milliseconds with sub-millisecond precision, comparable between the two processes. */
const now = () => performance.timeOrigin + performance.now();

type ToClients =
  | { type: 'connect'; url: string; channels: string[] }
  | { type: 'reset' }
  | { type: 'report' }
  | { type: 'close' };
type FromClients =
  | { type: 'ready'; connected: number }
  | {
      type: 'report';
      messages: number;
      seconds: number;
      p50_ms: number;
      p99_ms: number;
      depth_p99_ms: number;
      cpu: number;
      closed: number;
    }
  | { type: 'closed' };

if (process.argv[2] === 'clients') runClients();
else await main();

// ---- server side ----

type Served = { url: string; publish: (channel: string, data: unknown) => void; close: () => Promise<void> };

async function serveOurs(): Promise<Served> {
  return serveHub(undefined);
}

/** Our hub as one node of several (decision 0044): published once into Redis, fanned out from what it hears. */
async function serveThroughRedis(): Promise<Served> {
  const url = process.env.REDIS_URL;
  if (!url) throw new Error('the redis rounds need REDIS_URL');
  const redis = await openRedis(url);
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const served = await serveHub({ prefix, bus: new RedisBus(redis, prefix), redis });
  return {
    ...served,
    close: async () => {
      await served.close();
      const keys = await redis.command.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.command.del(...keys);
      await redis.close();
    },
  };
}

async function serveHub(cluster: RealtimeHubOptions['cluster']): Promise<Served> {
  const app = Fastify({ logger: false });
  const hub = new RealtimeHub({
    cluster,
    authenticate: async () => undefined,
    // Every client of the bench connects from this machine's one address.
    maxConnectionsPerAddress: CLIENTS,
    ...(process.env.BENCH_FAN_OUT_SLICE ? { fanOutSlice: Number(process.env.BENCH_FAN_OUT_SLICE) } : {}),
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(realtimeRoutes, { hub });
  app.addHook('onClose', async () => hub.close());
  await hub.start();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${address.replace(/^http/, 'ws')}/ws`,
    publish: (channel, data) => publishTo(hub, channel, data),
    close: () => app.close(),
  };
}

/** What one would write without a hub: a `ws` server, a set per channel, JSON.stringify for every client. */
async function servePlain(): Promise<Served> {
  const server = createServer();
  const wss = new WebSocketServer({ server, maxPayload: 64 * 1024 });
  const channels = new Map<string, Set<WebSocket>>();
  wss.on('connection', (socket) => {
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { op: string; channels: string[] };
      if (message.op !== 'subscribe') return;
      for (const channel of message.channels) {
        let set = channels.get(channel);
        if (!set) {
          set = new Set();
          channels.set(channel, set);
        }
        set.add(socket);
      }
      socket.send(JSON.stringify({ op: 'subscribed', channels: message.channels }));
    });
    socket.on('close', () => {
      for (const set of channels.values()) set.delete(socket);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    publish(channel, data) {
      for (const socket of channels.get(channel) ?? []) {
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ op: 'data', channel, data }));
      }
    },
    async close() {
      for (const socket of wss.clients) socket.terminate();
      wss.close();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A market's book, 20 levels a side, moved a little before each snapshot; `sentAt` is when it was due. */
function depthOf(symbol: string, version: number, dueAt: number) {
  const mid = 60_000 + (version % 100);
  const level = (offset: number): [string, string] => [
    (mid + offset * 0.5).toFixed(2),
    (0.01 + ((version + offset * 7) % 97) / 100).toFixed(5),
  ];
  return {
    symbol,
    bids: Array.from({ length: 20 }, (_, index) => level(-(index + 1))),
    asks: Array.from({ length: 20 }, (_, index) => level(index + 1)),
    version,
    sentAt: dueAt,
  };
}

/**
 * Publishes depth and trades at their rates until stopped, catching up when a timer fires late, but by at most
 * 100 ms of messages: a server that cannot keep up is measured as such rather than buried under a growing burst.
 * Every message carries the time it was due rather than the time the timer got round to it, so a server whose
 * event loop holds the publisher up is charged for the wait. Each market's book is published at its own phase
 * of the tenth of a second, as the hub's per-channel windows spread busy books in the live system.
 */
function startPublishing(publish: Served['publish']) {
  let started = now();
  let trades = 0;
  let depths = 0;
  const depthsPerRound = DEPTH_PER_S * SYMBOLS.length;
  const timer = setInterval(() => {
    let elapsed = (now() - started) / 1000;
    const behind = elapsed - trades / TRADES_PER_S;
    if (behind > 0.1) {
      started += (behind - 0.1) * 1000;
      elapsed = (now() - started) / 1000;
    }
    while (trades < elapsed * TRADES_PER_S) {
      const symbol = SYMBOLS[trades % SYMBOLS.length] as string;
      const side = trades % 2 === 0 ? 'buy' : 'sell';
      const dueAt = started + (trades / TRADES_PER_S) * 1000;
      publish(`trades:${symbol}`, [
        { id: String(trades), price: '60000.50', size: '0.01250', side, time: Date.now(), sentAt: dueAt },
      ]);
      trades += 1;
    }
    while (depths < elapsed * depthsPerRound) {
      const symbol = SYMBOLS[depths % SYMBOLS.length] as string;
      const dueAt = started + (depths / depthsPerRound) * 1000;
      publish(`depth:${symbol}`, depthOf(symbol, Math.floor(depths / SYMBOLS.length), dueAt));
      depths += 1;
    }
  }, 2);
  return () => clearInterval(timer);
}

/** Gives each client one channel: alternately a market's depth and trades, markets in turn. */
function channelPlan(): string[] {
  return Array.from({ length: CLIENTS }, (_, index) => {
    const symbol = SYMBOLS[Math.floor(index / 2) % SYMBOLS.length] as string;
    return index % 2 === 0 ? `depth:${symbol}` : `trades:${symbol}`;
  });
}

async function main() {
  const clients = fork(fileURLToPath(import.meta.url), ['clients'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: FromClients[] = [];
  const waiting: ((message: FromClients) => void)[] = [];
  clients.on('message', (message: FromClients) => {
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  const ask = (message: ToClients) => {
    clients.send(message);
    return new Promise<FromClients>((resolve) => {
      const queued = inbox.shift();
      if (queued) resolve(queued);
      else waiting.push(resolve);
    });
  };
  const tell = (message: ToClients) => clients.send(message);

  type Result = {
    msgs_per_s: number;
    p50_ms: number;
    p99_ms: number;
    depth_p99_ms: number;
    lag_p99_ms: number;
    server_cpu: number;
    client_cpu: number;
    closed: number;
  };
  const rounds: Record<string, Result[]> = {};
  const servers = { ours: serveOurs, plain: servePlain, redis: serveThroughRedis };
  const order = (process.env.BENCH_ORDER ?? 'ours,plain,ours,plain,ours,plain').split(
    ',',
  ) as (keyof typeof servers)[];
  for (const name of order) {
    const serve = servers[name];
    const served = await serve();
    const ready = await ask({ type: 'connect', url: served.url, channels: channelPlan() });
    if (ready.type !== 'ready' || ready.connected !== CLIENTS)
      throw new Error(`only ${JSON.stringify(ready)} connected`);
    const stopPublishing = startPublishing(served.publish);
    await sleep(WARMUP_SECONDS * 1000);
    const lag = monitorEventLoopDelay({ resolution: 10 });
    tell({ type: 'reset' });
    lag.enable();
    const cpuBefore = process.cpuUsage();
    const wallBefore = now();
    await sleep(SECONDS * 1000);
    const serverCpu = cpuShare(process.cpuUsage(cpuBefore), now() - wallBefore);
    lag.disable();
    const report = await ask({ type: 'report' });
    stopPublishing();
    if (report.type !== 'report') throw new Error('no report');
    const result: Result = {
      msgs_per_s: Math.round(report.messages / report.seconds),
      p50_ms: round(report.p50_ms),
      p99_ms: round(report.p99_ms),
      depth_p99_ms: round(report.depth_p99_ms),
      lag_p99_ms: round(lag.percentile(99) / 1e6),
      server_cpu: round(serverCpu),
      client_cpu: round(report.cpu),
      closed: report.closed,
    };
    rounds[name] = [...(rounds[name] ?? []), result];
    console.log(name, JSON.stringify(result));
    await ask({ type: 'close' });
    await served.close();
  }
  clients.disconnect();

  // The median round of each, metric by metric: on a shared machine a single round says more about the
  // neighbours than about the server.
  const ours = medians(rounds.ours);
  const plain = medians(rounds.plain);
  const throughRedis = medians(rounds.redis);
  if (!ours || !plain) throw new Error('missing results');
  console.log(
    JSON.stringify({
      ours_msgs_per_s: ours.msgs_per_s,
      plain_msgs_per_s: plain.msgs_per_s,
      delivery_p99_ms: ours.p99_ms,
      lag_p99_ms: ours.lag_p99_ms,
      plain_delivery_p99_ms: plain.p99_ms,
      plain_lag_p99_ms: plain.lag_p99_ms,
      server_cpu: ours.server_cpu,
      plain_server_cpu: plain.server_cpu,
      client_cpu: ours.client_cpu,
      plain_client_cpu: plain.client_cpu,
      delivery_p50_ms: ours.p50_ms,
      plain_delivery_p50_ms: plain.p50_ms,
      dropped_clients: ours.closed,
      plain_dropped_clients: plain.closed,
      clients: CLIENTS,
      markets: MARKETS,
      trades_per_s: TRADES_PER_S,
      depth_per_s_per_market: DEPTH_PER_S,
      seconds: SECONDS,
      rounds: rounds.ours?.length ?? 0,
      ...(throughRedis && {
        redis_msgs_per_s: throughRedis.msgs_per_s,
        redis_delivery_p99_ms: throughRedis.p99_ms,
        redis_lag_p99_ms: throughRedis.lag_p99_ms,
        redis_server_cpu: throughRedis.server_cpu,
        redis_dropped_clients: throughRedis.closed,
      }),
      cpus: availableParallelism(),
      load_avg_1m: round(loadavg()[0] ?? 0),
    }),
  );
}

// ---- client side (child process) ----

function runClients() {
  let sockets: Socket[] = [];
  let messages = 0;
  let closed = 0;
  let since = now();
  // Microseconds; a histogram keeps the memory flat however many messages arrive.
  let latency = createHistogram();
  let depthLatency = createHistogram();
  let cpuSince = process.cpuUsage();
  const marker = Buffer.from('"sentAt":');

  const onMessage = (data: Buffer, start: number, end: number) => {
    messages += 1;
    const at = data.lastIndexOf(marker, end);
    if (at < start) return;
    const sentAt = Number.parseFloat(data.toString('latin1', at + marker.length, at + marker.length + 24));
    const micros = Math.max(1, Math.round((now() - sentAt) * 1000));
    latency.record(micros);
    // {"op":"data","channel":"depth:…
    if (data[start + 24] === 0x64) depthLatency.record(micros);
  };

  const connect = async (url: string, channel: string) => {
    const socket = await openRawWebSocket(url);
    const replies = frameReader(socket);
    socket.write(maskedTextFrame(JSON.stringify({ op: 'subscribe', channels: [channel] })));
    const first = await replies.next();
    if (!first.includes('subscribed')) throw new Error(`not subscribed: ${first}`);
    replies.onMessage = onMessage;
    socket.on('close', () => {
      closed += 1;
    });
    sockets.push(socket);
  };

  process.on('message', async (message: ToClients) => {
    switch (message.type) {
      case 'connect': {
        messages = 0;
        closed = 0;
        let next = 0;
        const started = now();
        // A hundred handshakes at a time: fast, without a burst the listen backlog would refuse.
        await Promise.all(
          Array.from({ length: 100 }, async () => {
            while (next < message.channels.length) {
              const channel = message.channels[next] as string;
              next += 1;
              await connect(message.url, channel);
              if (sockets.length % 1000 === 0) {
                process.stderr.write(`connected ${sockets.length} in ${Math.round(now() - started)} ms\n`);
              }
            }
          }),
        );
        process.send?.({ type: 'ready', connected: sockets.length } satisfies FromClients);
        return;
      }
      case 'reset':
        messages = 0;
        closed = 0;
        since = now();
        latency = createHistogram();
        depthLatency = createHistogram();
        cpuSince = process.cpuUsage();
        return;
      case 'report':
        process.send?.({
          type: 'report',
          messages,
          seconds: (now() - since) / 1000,
          p50_ms: latency.percentile(50) / 1000,
          p99_ms: latency.percentile(99) / 1000,
          depth_p99_ms: depthLatency.percentile(99) / 1000,
          cpu: cpuShare(process.cpuUsage(cpuSince), now() - since),
          closed,
        } satisfies FromClients);
        return;
      case 'close':
        for (const socket of sockets) {
          socket.removeAllListeners();
          socket.destroy();
        }
        sockets = [];
        process.send?.({ type: 'closed' } satisfies FromClients);
        return;
    }
  });
  process.on('disconnect', () => process.exit(0));
}

function medians<T extends Record<string, number>>(results: T[] | undefined): T | undefined {
  const first = results?.[0];
  if (!results || !first) return undefined;
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  };
  return Object.fromEntries(
    Object.keys(first).map((key) => [key, round(median(results.map((result) => result[key] as number)))]),
  ) as T;
}

/** The share of one core a process used over `wallMs`. */
function cpuShare(usage: NodeJS.CpuUsage, wallMs: number) {
  return (usage.user + usage.system) / 1000 / wallMs;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function round(value: number) {
  return Math.round(value * 100) / 100;
}
