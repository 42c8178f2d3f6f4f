/**
 * Several nodes measured on this machine, each set-up started by the cluster harness (apps/server/cluster): a
 * PostgreSQL, a Redis and HAProxy of the run's own in front of the nodes, the built server when there is one.
 *
 *   npm run bench:cluster      (BENCH_SECONDS per throughput phase, default 10; BENCH_WS_CLIENTS per node,
 *                              default 5000; BENCH_WS_SECONDS, default 10; BENCH_WS_TRADES_PER_S, default 2)
 *
 * 1. Orders a second and their p99 through the balancer, with one node and then with three: 64 workers in a
 *    client process each send their next limit order as soon as the last is answered (closed loop, so the p99
 *    is mostly the queue: 64 ÷ throughput), in five markets, nearly every order crossing another's.
 * 2. WebSocket delivery with three nodes: BENCH_WS_CLIENTS clients on each node (opened by two client processes)
 *    follow trades:BTCUSDT while trades are made at a steady pace on the nodes in turn; each client times every
 *    trade from its time (when the owner matched it) to its arrival, through settlement, the Redis bus and the
 *    node's fan-out.
 * 3. Failover: the owner of BTCUSDT is killed (SIGKILL); the time until another node leads it, and until an
 *    order on it succeeds through the balancer.
 *
 * The last line is JSON: {"one_node_orders_per_s","one_node_p99_ms","three_nodes_orders_per_s",
 * "three_nodes_p99_ms","ratio","ws_clients","ws_trades","ws_p50_ms","ws_p99_ms","failover_lead_ms",
 * "failover_order_ms"}. Goals: ratio at least 0.8 on this two-core machine, ws_p99_ms at most 100.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { call, seedTraders, type Trader } from '../cluster/clients';
import buildServerOnce from '../cluster/global-setup';
import { type KestrelCluster, startCluster } from '../cluster/harness';

const WORKERS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WS_CLIENTS_PER_NODE = Number(process.env.BENCH_WS_CLIENTS ?? 5000);
const WS_SECONDS = Number(process.env.BENCH_WS_SECONDS ?? 10);
const WS_TRADES_PER_S = Number(process.env.BENCH_WS_TRADES_PER_S ?? 2);
const WS_PROCESSES = 2;
const MARKETS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT', 'LTCUSDT'];
const FUNDS = {
  USDT: '100000000',
  BTC: '1000000',
  ETH: '1000000',
  SOL: '1000000',
  BNB: '1000000',
  LTC: '1000000',
};
/** Delivery latencies are counted in buckets of this many ms, up to HISTOGRAM_BUCKETS of them. */
const BUCKET_MS = 0.25;
const HISTOGRAM_BUCKETS = 40_000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function histogramPercentile(counts: number[], p: number): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const wanted = Math.ceil((p / 100) * total);
  let seen = 0;
  for (const [bucket, count] of counts.entries()) {
    seen += count;
    if (seen >= wanted) return (bucket + 1) * BUCKET_MS;
  }
  return counts.length * BUCKET_MS;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

// ---- the order clients (child process) ----

type OrderRun = { perSecond: number; latencies: number[]; refused: number };
type ToOrderClient = { type: 'run'; port: number; tokens: string[]; seconds: number };

/** 64 workers over keep-alive connections to the balancer, each placing its next order once answered. */
function runOrderClient() {
  process.on('message', async (message: ToOrderClient) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS });
    let refused = 0;
    const post = (token: string, body: string) =>
      new Promise<number>((resolve) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port: message.port,
            path: '/api/spot/orders',
            method: 'POST',
            agent,
            headers: {
              authorization: token,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'idempotency-key': randomUUID(),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              try {
                resolve((JSON.parse(Buffer.concat(chunks).toString()) as { code: number }).code);
              } catch {
                resolve(-1);
              }
            });
          },
        );
        request.on('error', () => resolve(-1));
        request.end(body);
      });
    const stopAt = Date.now() + message.seconds * 1000;
    const latencies: number[] = [];
    const started = performance.now();
    const counts = await Promise.all(
      Array.from({ length: WORKERS }, async (_, index) => {
        let done = 0;
        while (Date.now() < stopAt) {
          const buy = (index + done) % 2 === 0;
          const offset = ((index * 7 + done) % 5) / 100;
          const body = JSON.stringify({
            symbol: MARKETS[index % MARKETS.length],
            side: buy ? 'buy' : 'sell',
            type: 'limit',
            price: (buy ? 1000 + offset : 1000 - offset).toFixed(2),
            size: '0.01',
          });
          const begun = performance.now();
          if ((await post(message.tokens[index] as string, body)) !== 0) refused += 1;
          latencies.push(performance.now() - begun);
          done += 1;
        }
        return done;
      }),
    );
    agent.destroy();
    const total = counts.reduce((sum, count) => sum + count, 0);
    process.send?.({
      perSecond: total / ((performance.now() - started) / 1000),
      latencies,
      refused,
    } satisfies OrderRun);
  });
}

// ---- the WebSocket clients (child processes) ----

type ToWsClient = { type: 'open'; urls: string[]; count: number; offset: number } | { type: 'report' };
type FromWsClient = { type: 'opened'; open: number } | { type: 'report'; counts: number[]; frames: number };

/** Opens `count` clients over the nodes in turn, each following trades:BTCUSDT and timing every trade. */
function runWsClient() {
  const sockets: WebSocket[] = [];
  const counts = new Array<number>(HISTOGRAM_BUCKETS).fill(0);
  let frames = 0;
  const open = (url: string) =>
    new Promise<void>((resolve) => {
      const socket = new WebSocket(`${url}/ws`);
      sockets.push(socket);
      socket.on('open', () => socket.send(JSON.stringify({ op: 'subscribe', channels: ['trades:BTCUSDT'] })));
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as { op: string; data?: Array<{ time: number }> };
        if (frame.op === 'subscribed') resolve();
        if (frame.op !== 'data' || !Array.isArray(frame.data)) return;
        const now = Date.now();
        frames += 1;
        for (const trade of frame.data) {
          const bucket = Math.min(
            HISTOGRAM_BUCKETS - 1,
            Math.max(0, Math.floor((now - trade.time) / BUCKET_MS)),
          );
          counts[bucket] = (counts[bucket] ?? 0) + 1;
        }
      });
      socket.on('error', () => resolve());
      socket.on('close', () => resolve());
    });
  process.on('message', async (message: ToWsClient) => {
    if (message.type === 'open') {
      // A few hundred handshakes at a time, as phones coming back would.
      for (let first = 0; first < message.count; first += 250) {
        const batch = Array.from({ length: Math.min(250, message.count - first) }, (_, index) =>
          open(message.urls[(message.offset + first + index) % message.urls.length] as string),
        );
        await Promise.all(batch);
      }
      const opened = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
      process.send?.({ type: 'opened', open: opened } satisfies FromWsClient);
      return;
    }
    process.send?.({ type: 'report', counts, frames } satisfies FromWsClient);
  });
  process.on('disconnect', () => {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  });
}

function startChild(role: 'orders' | 'ws'): ChildProcess {
  return fork(fileURLToPath(import.meta.url), [role], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

function ask<T>(child: ChildProcess, message: unknown): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (answer: T) => resolve(answer));
    child.send(message as never);
  });
}

// ---- the run ----

/** Saturates the balancer with orders from the client process for `seconds`. */
async function ordersThrough(cluster: KestrelCluster, tokens: string[], seconds: number): Promise<OrderRun> {
  const client = startChild('orders');
  try {
    return await ask<OrderRun>(client, { type: 'run', port: cluster.balancer.port, tokens, seconds });
  } finally {
    client.disconnect();
  }
}

/** Which node leads each market (or "none" before leadership is taken). */
async function owners(cluster: KestrelCluster): Promise<string> {
  const names = await Promise.all(
    MARKETS.map(async (symbol) => `${symbol}=${(await cluster.ownerOf(`spot:${symbol}`)) ?? 'none'}`),
  );
  return names.join(' ');
}

async function throughput(nodes: number): Promise<{ perSecond: number; p99: number }> {
  const cluster = await startCluster({ nodes, logLevel: 'warn' });
  try {
    const traders = await seedTraders(cluster, WORKERS, FUNDS);
    const tokens = traders.map((trader) => trader.token);
    await ordersThrough(cluster, tokens, Math.min(2, SECONDS));
    process.stdout.write(`${nodes} node(s), owners: ${await owners(cluster)}\n`);
    const run = await ordersThrough(cluster, tokens, SECONDS);
    const p99 = percentile(run.latencies, 99);
    process.stdout.write(
      `${nodes} node(s) through the balancer: ${run.perSecond.toFixed(0)} orders/s, p50 ${percentile(run.latencies, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, refused ${run.refused}\n`,
    );
    return { perSecond: run.perSecond, p99 };
  } finally {
    await cluster.teardown();
  }
}

/** Trades at a steady pace while the clients on every node time their arrival. */
async function delivery(cluster: KestrelCluster, traders: Trader[]) {
  const children = Array.from({ length: WS_PROCESSES }, () => startChild('ws'));
  try {
    const urls = cluster.nodes.map((node) => node.url);
    const perProcess = Math.ceil((WS_CLIENTS_PER_NODE * cluster.nodes.length) / WS_PROCESSES);
    const opened = await Promise.all(
      children.map((child, index) =>
        ask<FromWsClient>(child, { type: 'open', urls, count: perProcess, offset: index * perProcess }),
      ),
    );
    const clients = opened.reduce((sum, answer) => sum + (answer.type === 'opened' ? answer.open : 0), 0);
    process.stdout.write(`${clients} WebSocket clients open over ${urls.length} nodes\n`);
    const [buyer, seller] = traders as [Trader, Trader];
    const pairs = Math.round(WS_SECONDS * WS_TRADES_PER_S);
    const started = performance.now();
    for (let pair = 0; pair < pairs; pair++) {
      const due = started + (pair * 1000) / WS_TRADES_PER_S;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const node = cluster.nodes[pair % cluster.nodes.length]?.url as string;
      const price = `${1000 + (pair % 50)}.00`;
      const order = (trader: Trader, side: 'buy' | 'sell') =>
        call(node, 'POST', '/api/spot/orders', {
          body: { symbol: 'BTCUSDT', side, type: 'limit', price, size: '0.01' },
          token: trader.token,
        });
      await order(buyer, 'buy');
      await order(seller, 'sell');
    }
    // The last trades' frames are on their way.
    await sleep(2000);
    const reports = await Promise.all(children.map((child) => ask<FromWsClient>(child, { type: 'report' })));
    const counts = new Array<number>(HISTOGRAM_BUCKETS).fill(0);
    let received = 0;
    for (const report of reports) {
      if (report.type !== 'report') continue;
      for (const [bucket, count] of report.counts.entries()) {
        counts[bucket] = (counts[bucket] ?? 0) + count;
        received += count;
      }
    }
    const p50 = histogramPercentile(counts, 50);
    const p99 = histogramPercentile(counts, 99);
    process.stdout.write(
      `WebSocket delivery: ${pairs} trades to ${clients} clients, ${received} received (of ${pairs * clients}), p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms\n`,
    );
    return { clients, trades: pairs, p50, p99 };
  } finally {
    for (const child of children) child.disconnect();
  }
}

/**
 * Kills the owner of BTCUSDT; the time until another node leads it, and until an order on it succeeds. Null when
 * no node holds a lease of it (a server without contended leadership).
 */
async function failover(
  cluster: KestrelCluster,
  trader: Trader,
): Promise<{ leadMs: number | null; orderMs: number | null }> {
  const owner = await cluster.waitForOwner('spot:BTCUSDT', { timeoutMs: 30_000 }).catch(() => undefined);
  if (owner === undefined) {
    process.stdout.write('failover: not measured, no node holds a lease of spot:BTCUSDT\n');
    return { leadMs: null, orderMs: null };
  }
  const killedAt = performance.now();
  await cluster.node(owner).signal('SIGKILL');
  const next = await cluster.waitForOwner('spot:BTCUSDT', { not: [owner] });
  const leadMs = performance.now() - killedAt;
  for (;;) {
    const placed = await call(cluster.balancer.url, 'POST', '/api/spot/orders', {
      body: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '500.00', size: '0.01' },
      token: trader.token,
      idempotencyKey: randomUUID(),
    });
    if (placed.body.code === 0) break;
    await sleep(20);
  }
  const orderMs = performance.now() - killedAt;
  process.stdout.write(
    `failover: ${owner} killed, ${next} leads after ${leadMs.toFixed(0)} ms, an order succeeds after ${orderMs.toFixed(0)} ms\n`,
  );
  return { leadMs, orderMs };
}

async function main() {
  buildServerOnce();
  const one = await throughput(1);
  const three = await throughput(3);
  const cluster = await startCluster({ nodes: 3, logLevel: 'warn' });
  let ws: Awaited<ReturnType<typeof delivery>>;
  let failed: Awaited<ReturnType<typeof failover>>;
  try {
    const traders = await seedTraders(cluster, 3, FUNDS);
    ws = await delivery(cluster, traders);
    failed = await failover(cluster, traders[2] as Trader);
  } finally {
    await cluster.teardown();
  }
  const ratio = three.perSecond / one.perSecond;
  process.stdout.write(
    `three nodes give ${ratio.toFixed(2)} of one node's throughput (goal at least 0.8 on two cores); WebSocket p99 ${ws.p99.toFixed(1)} ms (goal at most 100)\n`,
  );
  process.stdout.write(
    `${JSON.stringify({
      one_node_orders_per_s: Math.round(one.perSecond),
      one_node_p99_ms: round2(one.p99),
      three_nodes_orders_per_s: Math.round(three.perSecond),
      three_nodes_p99_ms: round2(three.p99),
      ratio: round2(ratio),
      ws_clients: ws.clients,
      ws_trades: ws.trades,
      ws_p50_ms: round2(ws.p50),
      ws_p99_ms: round2(ws.p99),
      failover_lead_ms: failed.leadMs === null ? null : Math.round(failed.leadMs),
      failover_order_ms: failed.orderMs === null ? null : Math.round(failed.orderMs),
    })}\n`,
  );
}

if (process.argv[2] === 'orders') runOrderClient();
else if (process.argv[2] === 'ws') runWsClient();
else
  main().catch((error: unknown) => {
    process.stderr.write(`bench:cluster failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
