/**
 * Several nodes measured on this machine, each set-up started by the cluster harness (apps/server/cluster): a
 * PostgreSQL, a Redis and HAProxy of the run's own in front of the nodes, the built server when there is one.
 *
 *   npm run bench:cluster      (BENCH_SECONDS per throughput round, default 10; BENCH_ROUNDS, default 2;
 *                              BENCH_WS_CLIENTS per node, default 5000; BENCH_WS_SECONDS, default 10;
 *                              BENCH_WS_TRADES_PER_S, default 2)
 *
 * 1. Orders a second and their p99 through the balancer, with one node and with three, both set-ups running side
 *    by side and measured in alternating rounds (the figures are the rounds' means): 64 workers in a client
 *    process each send their next limit order as soon as the last is answered (closed loop, so the p99 is mostly
 *    the queue: 64 ÷ throughput), in five markets, nearly every order crossing another's. Each round also reads
 *    the CPU each part used (/proc: every node, PostgreSQL with its backends, Redis, HAProxy, the client) and
 *    prints it in milliseconds an order, with PostgreSQL's transactions an order (pg_stat_database, read once
 *    idle backends have reported them) and the orders a settlement (the nodes' metrics).
 * 2. WebSocket delivery with three nodes: BENCH_WS_CLIENTS clients on each node (bare clients, as bench:ws's: raw
 *    sockets and a frame reader that only finds each message's bounds, in two child processes) follow
 *    trades:BTCUSDT while trades are made at a steady pace on the nodes in turn. Each arrival is timed from the
 *    trade's time (when its owner matched it, so settlement's commit and the Redis bus are included) and from the
 *    first arrival of the same trade at any client (the fan-out over the nodes' sockets alone).
 * 3. Failover: the owner of BTCUSDT is killed (SIGKILL); the time until another node leads it, and until an
 *    order on it succeeds through the balancer.
 *
 * The last line is JSON: {"one_node_orders_per_s","one_node_p99_ms","three_nodes_orders_per_s",
 * "three_nodes_p99_ms","ratio","rounds", the last round's CPU, PostgreSQL transactions and orders a settlement of
 * each set-up ("one_node_cpu_ms_per_order", "three_nodes_transactions_per_order", …), "ws_clients","ws_trades",
 * "ws_p50_ms","ws_p99_ms","ws_first_receipt_p50_ms","ws_first_receipt_p99_ms","ws_node_cpu_us_per_message",
 * "ws_client_cpu_us_per_message","failover_lead_ms","failover_order_ms"}. Goals: ratio at least 0.8 on this
 * two-core machine, ws_p99_ms at most 100.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { call, seedTraders, type Trader } from '../cluster/clients';
import buildServerOnce from '../cluster/global-setup';
import { type KestrelCluster, startCluster } from '../cluster/harness';
import { frameReader, maskedTextFrame, openRawWebSocket } from './raw-websocket';

const WORKERS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WS_CLIENTS_PER_NODE = Number(process.env.BENCH_WS_CLIENTS ?? 5000);
const WS_SECONDS = Number(process.env.BENCH_WS_SECONDS ?? 10);
const WS_TRADES_PER_S = Number(process.env.BENCH_WS_TRADES_PER_S ?? 2);
const WS_PROCESSES = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** Long enough for idle PostgreSQL backends to report their counts (they flush them after 10 s idle). */
const IDLE_SECONDS = 11;
/** Lets the bench read the nodes' metrics (the settlements' count) on their public port. */
const METRICS_TOKEN = randomUUID().replaceAll('-', '');
const MARKETS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT', 'LTCUSDT'];
const FUNDS = {
  USDT: '100000000',
  BTC: '1000000',
  ETH: '1000000',
  SOL: '1000000',
  BNB: '1000000',
  LTC: '1000000',
};
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

// ---- CPU of the parts (Linux's /proc) ----

const TICKS_PER_S = 100;

/** CPU seconds used so far by each process in `roots` and all its descendants (PostgreSQL's backends). */
function cpuSeconds(roots: number[]): number[] {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      // After the command's closing parenthesis: state, ppid, … utime (14th field), stime, and the same of the
      // children it has reaped (PostgreSQL's ended backends), which are counted nowhere else.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      ticks.set(
        Number(entry),
        Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
      );
    } catch {
      // Ended meanwhile.
    }
  }
  const rootOf = (pid: number): number | undefined => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parents.get(at)) {
      if (roots.includes(at)) return at;
    }
    return undefined;
  };
  const totals = roots.map(() => 0);
  for (const [pid, used] of ticks) {
    const root = rootOf(pid);
    if (root !== undefined)
      totals[roots.indexOf(root)] = (totals[roots.indexOf(root)] ?? 0) + used / TICKS_PER_S;
  }
  return totals;
}

/** Starts counting the CPU of the cluster's parts: each node, PostgreSQL, Redis, HAProxy (and extra processes). */
function cpuOf(cluster: KestrelCluster, extra: { name: string; pid: number }[] = []) {
  const postmaster = Number(
    readFileSync(path.join(cluster.postgres.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const parts = [
    ...cluster.nodes.map((node) => ({ name: node.name, pid: node.pid ?? -1 })),
    { name: 'postgres', pid: postmaster },
    { name: 'redis', pid: cluster.redis.pid ?? -1 },
    { name: 'haproxy', pid: cluster.balancer.pid ?? -1 },
    ...extra,
  ];
  const before = cpuSeconds(parts.map((part) => part.pid));
  const startedAt = performance.now();
  return {
    /** Each part's CPU since the start, in seconds. */
    since() {
      const after = cpuSeconds(parts.map((part) => part.pid));
      const seconds = (performance.now() - startedAt) / 1000;
      const used = parts.map((part, index) => ({
        name: part.name,
        seconds: (after[index] as number) - (before[index] as number),
      }));
      return {
        seconds,
        used,
        /** Cores each part kept busy on average. */
        describe: () => used.map((part) => `${part.name} ${(part.seconds / seconds).toFixed(2)}`).join(', '),
        /** Each part's CPU milliseconds per unit of work (an order). */
        per: (units: number) =>
          Object.fromEntries(used.map((part) => [part.name, round2((part.seconds * 1000) / units)])),
      };
    },
  };
}

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
/** Per trade: its time (when its owner matched it) and the epoch ms at which each client received it. */
type Arrivals = Record<string, { time: number; at: number[] }>;
type FromWsClient = { type: 'opened'; open: number } | { type: 'report'; arrivals: Arrivals; cpu: number };

/** Epoch milliseconds with sub-millisecond precision, comparable between processes. */
const now = () => performance.timeOrigin + performance.now();

/**
 * Opens `count` bare clients (raw sockets, a frame reader that only finds each message's bounds, as bench:ws's)
 * over the nodes in turn, each following trades:BTCUSDT and noting when every trade reached it.
 */
function runWsClient() {
  const sockets: Socket[] = [];
  const arrivals: Arrivals = {};
  let cpuSince = process.cpuUsage();
  let since = now();
  const onMessage = (data: Buffer, start: number, end: number) => {
    const at = now();
    const frame = JSON.parse(data.toString('utf8', start, end)) as {
      op: string;
      data?: Array<{ id: string; time: number }>;
    };
    if (frame.op !== 'data' || !Array.isArray(frame.data)) return;
    for (const trade of frame.data) {
      let seen = arrivals[trade.id];
      if (!seen) {
        seen = { time: trade.time, at: [] };
        arrivals[trade.id] = seen;
      }
      seen.at.push(at);
    }
  };
  const open = async (url: string) => {
    const socket = await openRawWebSocket(`${url}/ws`);
    const replies = frameReader(socket);
    socket.write(maskedTextFrame(JSON.stringify({ op: 'subscribe', channels: ['trades:BTCUSDT'] })));
    for (;;) {
      const reply = await replies.next();
      if (reply.includes('"subscribed"')) break;
    }
    replies.onMessage = onMessage;
    sockets.push(socket);
  };
  process.on('message', async (message: ToWsClient) => {
    if (message.type === 'open') {
      let next = 0;
      // A hundred handshakes at a time, as phones coming back would.
      await Promise.all(
        Array.from({ length: 100 }, async () => {
          while (next < message.count) {
            const index = message.offset + next;
            next += 1;
            await open(message.urls[index % message.urls.length] as string).catch(() => undefined);
          }
        }),
      );
      cpuSince = process.cpuUsage();
      since = now();
      process.send?.({ type: 'opened', open: sockets.length } satisfies FromWsClient);
      return;
    }
    const used = process.cpuUsage(cpuSince);
    process.send?.({
      type: 'report',
      arrivals,
      cpu: (used.user + used.system) / 1000 / (now() - since),
    } satisfies FromWsClient);
  });
  process.on('disconnect', () => {
    for (const socket of sockets) socket.destroy();
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
async function ordersThrough(
  cluster: KestrelCluster,
  tokens: string[],
  seconds: number,
): Promise<OrderRun & { cpu: ReturnType<ReturnType<typeof cpuOf>['since']> }> {
  const client = startChild('orders');
  try {
    const cpu = cpuOf(cluster, [{ name: 'clients', pid: client.pid ?? -1 }]);
    const run = await ask<OrderRun>(client, { type: 'run', port: cluster.balancer.port, tokens, seconds });
    return { ...run, cpu: cpu.since() };
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

type Prepared = { nodes: number; cluster: KestrelCluster; tokens: string[] };

/** A cluster of `nodes` with the order workers' traders, warmed up. */
async function prepare(nodes: number): Promise<Prepared> {
  const cluster = await startCluster({ nodes, logLevel: 'warn', env: { METRICS_TOKEN } });
  try {
    const traders = await seedTraders(cluster, WORKERS, FUNDS);
    const tokens = traders.map((trader) => trader.token);
    await ordersThrough(cluster, tokens, Math.min(2, SECONDS));
    process.stdout.write(`${nodes} node(s), owners: ${await owners(cluster)}\n`);
    // What the set-up costs without orders (leases, the price feed and its broadcast, the candles), which the
    // CPU an order below includes.
    await sleep(1000);
    const idle = cpuOf(cluster);
    await sleep(IDLE_SECONDS * 1000);
    process.stdout.write(`${nodes} node(s) without orders, cores busy: ${idle.since().describe()}\n`);
    return { nodes, cluster, tokens };
  } catch (error) {
    await cluster.teardown();
    throw error;
  }
}

type Throughput = {
  perSecond: number;
  p99: number;
  cpuMsPerOrder: Record<string, number>;
  transactionsPerOrder: number;
  ordersPerBatch: number;
};

/** Settlement batches the nodes have committed, from their metrics. */
async function settlements(cluster: KestrelCluster): Promise<number> {
  const counts = await Promise.all(
    cluster.nodes.map(async (node) => {
      const response = await fetch(`${node.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const text = await response.text();
      const line = text.split('\n').find((each) => each.startsWith('kestrel_spot_settlement_seconds_count'));
      return Number(line?.split(' ').at(-1) ?? 0);
    }),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

/** Transactions PostgreSQL has committed or rolled back (a statement outside one is one), all databases. */
async function statementsDone(cluster: KestrelCluster): Promise<number> {
  const result = await cluster.sql.query<{ done: string }>(
    'select sum(xact_commit + xact_rollback)::text as done from pg_stat_database',
  );
  return Number(result.rows[0]?.done ?? 0);
}

async function throughput({ nodes, cluster, tokens }: Prepared): Promise<Throughput> {
  const before = await statementsDone(cluster);
  const batchesBefore = await settlements(cluster);
  const run = await ordersThrough(cluster, tokens, SECONDS);
  const batches = (await settlements(cluster)) - batchesBefore;
  await sleep(IDLE_SECONDS * 1000);
  const statements = (await statementsDone(cluster)) - before;
  const p99 = percentile(run.latencies, 99);
  const orders = run.latencies.length;
  const cpuMsPerOrder = run.cpu.per(orders);
  const transactionsPerOrder = round2(statements / orders);
  const ordersPerBatch = round2(orders / batches);
  process.stdout.write(
    `${nodes} node(s) through the balancer: ${run.perSecond.toFixed(0)} orders/s, p50 ${percentile(run.latencies, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, refused ${run.refused}; PostgreSQL transactions an order ${transactionsPerOrder}, orders a settlement ${ordersPerBatch}; cores busy: ${run.cpu.describe()}; CPU ms an order: ${JSON.stringify(cpuMsPerOrder)}\n`,
  );
  return { perSecond: run.perSecond, p99, cpuMsPerOrder, transactionsPerOrder, ordersPerBatch };
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
    const serverCpu = cpuOf(cluster);
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
    const cpu = serverCpu.since();
    const trades = new Map<string, { time: number; at: number[] }>();
    let clientCpu = 0;
    for (const report of reports) {
      if (report.type !== 'report') continue;
      clientCpu += report.cpu;
      for (const [id, seen] of Object.entries(report.arrivals)) {
        const all = trades.get(id);
        if (all) all.at.push(...seen.at);
        else trades.set(id, { time: seen.time, at: [...seen.at] });
      }
    }
    // From the trade's time (its match on the owner: settlement, the bus and the fan-out), and from the first
    // client's receipt of it (the fan-out over the nodes' sockets alone, whichever node was first).
    const fromMatch: number[] = [];
    const fromFirst: number[] = [];
    for (const { time, at } of trades.values()) {
      const first = Math.min(...at);
      for (const arrival of at) {
        fromMatch.push(arrival - time);
        fromFirst.push(arrival - first);
      }
    }
    const p50 = percentile(fromMatch, 50);
    const p99 = percentile(fromMatch, 99);
    const firstP50 = percentile(fromFirst, 50);
    const firstP99 = percentile(fromFirst, 99);
    // The nodes' CPU includes making and settling the trades, a few ms for all of them.
    const nodeSeconds = cpu.used
      .filter((part) => part.name.startsWith('node-'))
      .reduce((sum, part) => sum + part.seconds, 0);
    const nodeMicros = (nodeSeconds * 1e6) / Math.max(1, fromMatch.length);
    const clientMicros = (clientCpu * cpu.seconds * 1e6) / Math.max(1, fromMatch.length);
    process.stdout.write(
      `WebSocket delivery: ${pairs} trades to ${clients} clients, ${fromMatch.length} received (of ${pairs * clients}); from the match p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; from the first receipt p50 ${firstP50.toFixed(1)} ms, p99 ${firstP99.toFixed(1)} ms; CPU (cores) ${cpu.describe()}, clients ${clientCpu.toFixed(2)}; CPU a message received: nodes ${nodeMicros.toFixed(1)} µs, clients ${clientMicros.toFixed(1)} µs\n`,
    );
    return { clients, trades: pairs, p50, p99, firstP50, firstP99, nodeMicros, clientMicros };
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

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

async function main() {
  buildServerOnce();
  // Both set-ups live through the throughput rounds, which alternate between them, so that a change in the
  // machine's other load weighs on both alike.
  const oneNode = await prepare(1);
  const threeNodes = await prepare(3).catch(async (error: unknown) => {
    await oneNode.cluster.teardown();
    throw error;
  });
  const ones: Throughput[] = [];
  const threes: Throughput[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      ones.push(await throughput(oneNode));
      threes.push(await throughput(threeNodes));
    }
  } finally {
    await Promise.all([oneNode.cluster.teardown(), threeNodes.cluster.teardown()]);
  }
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
  const one = { perSecond: mean(ones.map((run) => run.perSecond)), p99: mean(ones.map((run) => run.p99)) };
  const three = {
    perSecond: mean(threes.map((run) => run.perSecond)),
    p99: mean(threes.map((run) => run.p99)),
  };
  const ratio = three.perSecond / one.perSecond;
  process.stdout.write(
    `three nodes give ${ratio.toFixed(2)} of one node's throughput (goal at least 0.8 on two cores); WebSocket p99 ${ws.p99.toFixed(1)} ms from the match, ${ws.firstP99.toFixed(1)} ms from the first receipt (goal at most 100)\n`,
  );
  process.stdout.write(
    `${JSON.stringify({
      one_node_orders_per_s: Math.round(one.perSecond),
      one_node_p99_ms: round2(one.p99),
      three_nodes_orders_per_s: Math.round(three.perSecond),
      three_nodes_p99_ms: round2(three.p99),
      ratio: round2(ratio),
      rounds: ROUNDS,
      one_node_cpu_ms_per_order: ones.at(-1)?.cpuMsPerOrder,
      three_nodes_cpu_ms_per_order: threes.at(-1)?.cpuMsPerOrder,
      one_node_transactions_per_order: ones.at(-1)?.transactionsPerOrder,
      three_nodes_transactions_per_order: threes.at(-1)?.transactionsPerOrder,
      one_node_orders_per_settlement: ones.at(-1)?.ordersPerBatch,
      three_nodes_orders_per_settlement: threes.at(-1)?.ordersPerBatch,
      ws_clients: ws.clients,
      ws_trades: ws.trades,
      ws_p50_ms: round2(ws.p50),
      ws_p99_ms: round2(ws.p99),
      ws_first_receipt_p50_ms: round2(ws.firstP50),
      ws_first_receipt_p99_ms: round2(ws.firstP99),
      ws_node_cpu_us_per_message: round2(ws.nodeMicros),
      ws_client_cpu_us_per_message: round2(ws.clientMicros),
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
