/**
 * Spot orders per second placed over HTTP and settled durably in PostgreSQL, beside the ceiling: the same writes
 * batched and pipelined the way the server's spot sequencer makes them (orders-ceiling.ts), without HTTP, the
 * engine or the sequencer's bookkeeping, in the same run.
 *
 *   DATABASE_URL=postgres://… npm run bench:orders      (BENCH_SECONDS per phase, default 5;
 *                                                     BENCH_MARKETS, default five USDT markets)
 *
 * The app runs in this process against a scratch database it creates and drops, listening on a local port; the
 * HTTP clients run in a child process, as they would on phones, so that their work is not in the server's event
 * loop (the ceiling runs in this process, which then has nothing else to do). 64 workers each hold one keep-alive
 * connection and place limit orders around one price in five markets (`orderOf`), so most orders fill against
 * the others'. An answer comes once the order's fills are committed, so its latency is the whole path.
 *
 * The ceiling places the same orders from the same 64 workers, for the same users, and writes for them what the
 * server writes: per batch one statement storing the orders with their funds frozen and one settling their
 * trades, order states and releases, through the ledger's and the spot repository's own statements on the
 * trading connections, two batches in flight. Its batches are at most as large as the server's were at that
 * load (the mean of the HTTP phase before it): with answers that come back at once, its 64 workers would
 * otherwise fall into batches of 63 and 1 taking turns, which overlap worse than the server's.
 *
 * Throughput: each of the 64 workers sends its next order as soon as the last is answered; phases alternate
 * (HTTP, ceiling, HTTP, ceiling). At that saturation an order's latency is only the queue in front of it
 * (64 ÷ throughput, by Little's law), so latency is measured apart, at the load the throughput goal names:
 * half the ceiling, offered at a steady pace over the same 64 connections whatever the answers (open loop),
 * each order timed from its scheduled start so that a queue behind a slow answer counts; then the same load is
 * offered to the ceiling (batches up to the sequencer's limit), whose latency is what the writes and their
 * pipeline alone give. Each phase prints its batches (the server's counted from the orders' shared created_at).
 * The last line is JSON: {"orders_per_s","p50_ms","p99_ms","ceiling_per_s","ratio","offered_per_s",
 * "saturated_p50_ms","saturated_p99_ms","ceiling_p50_ms","ceiling_p99_ms"}: p50 and p99 at the offered load,
 * for the record at saturation, and the ceiling's at the offered load.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { sessions, users } from '../src/modules/auth/auth.schema';
import { sha256 } from '../src/modules/auth/secrets';
import { LedgerRepository } from '../src/modules/ledger/ledger.repository';
import { LedgerService } from '../src/modules/ledger/ledger.service';
import { type BenchOrder, ceilingOf, MAX_BATCH } from './orders-ceiling';
import { scratchDatabase } from './scratch-database';

const WORKERS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MARKETS = (process.env.BENCH_MARKETS ?? 'BTCUSDT,ETHUSDT,SOLUSDT,BNBUSDT,LTCUSDT').split(',');
const BASES = ['BTC', 'ETH', 'SOL', 'BNB', 'LTC'];
/** The latency phase offers this share of the ceiling: the throughput the goal (ratio at least 0.5) asks for. */
const OFFERED_SHARE = 0.5;

type Worker = (index: number, iteration: number) => Promise<void>;

/** Runs WORKERS loops for `seconds`; answers operations per second and each operation's latency in ms. */
async function measure(work: Worker, seconds = SECONDS): Promise<{ perSecond: number; latencies: number[] }> {
  const stopAt = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  const started = performance.now();
  const counts = await Promise.all(
    Array.from({ length: WORKERS }, async (_, index) => {
      let done = 0;
      while (Date.now() < stopAt) {
        const begun = performance.now();
        await work(index, done);
        latencies.push(performance.now() - begun);
        done += 1;
      }
      return done;
    }),
  );
  const total = counts.reduce((sum, count) => sum + count, 0);
  return { perSecond: total / ((performance.now() - started) / 1000), latencies };
}

/**
 * Offers `rate` operations a second for SECONDS, spread over the WORKERS connections whatever their answers
 * (open loop); an operation's latency runs from its scheduled start, so a queue behind a slow answer counts.
 */
async function offer(rate: number, work: Worker): Promise<{ perSecond: number; latencies: number[] }> {
  const total = Math.round(rate * SECONDS);
  const latencies: number[] = [];
  const started = performance.now();
  const iterations = new Array<number>(WORKERS).fill(0);
  const pending: Promise<void>[] = [];
  for (let sent = 0; sent < total; sent++) {
    const due = started + (sent * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const index = sent % WORKERS;
    const iteration = iterations[index] ?? 0;
    iterations[index] = iteration + 1;
    pending.push(work(index, iteration).then(() => void latencies.push(performance.now() - due)));
  }
  await Promise.all(pending);
  return { perSecond: total / ((performance.now() - started) / 1000), latencies };
}

function describe(run: { perSecond: number; latencies: number[] }): string {
  return `${run.perSecond.toFixed(0)} orders/s, p50 ${percentile(run.latencies, 50).toFixed(2)} ms, p99 ${percentile(run.latencies, 99).toFixed(2)} ms`;
}

/** Orders per batch, as the sequencer (or the ceiling) made its batches. */
function batches(sizes: number[]): string {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  return `${sizes.length} batches of ${(total / Math.max(1, sizes.length)).toFixed(1)} orders on average (p50 ${percentile(sizes, 50)}, max ${Math.max(0, ...sizes)})`;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** What the parent asks of the client process, and what it answers. */
type ToClient =
  | { type: 'setup'; port: number; tokens: string[] }
  | { type: 'saturate'; seconds: number }
  | { type: 'offer'; rate: number };
type Run = { perSecond: number; latencies: number[]; refused: number };

/**
 * A worker's next order, the same over HTTP and for the ceiling: each worker trades one market, alternating buys a
 * little above 1000 and sells a little below, so nearly every order crosses a resting one of another worker.
 */
function orderOf(index: number, iteration: number): BenchOrder {
  const buy = (index + iteration) % 2 === 0;
  const offset = ((index * 7 + iteration) % 5) / 100;
  return {
    symbol: MARKETS[index % MARKETS.length] as string,
    side: buy ? 'buy' : 'sell',
    price: (buy ? 1000 + offset : 1000 - offset).toFixed(2),
    size: '0.01',
  };
}

// ---- client side (child process) ----

/**
 * The 64 HTTP clients, in a process of their own as a phone's app would be: their work does not sit in the
 * server's event loop. Each places `orderOf` its index and iteration.
 */
function runClient() {
  let port = 0;
  let tokens: string[] = [];
  let refused = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS });
  const post = (token: string, body: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/spot/orders',
          method: 'POST',
          agent,
          headers: {
            authorization: token,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const answer = JSON.parse(Buffer.concat(chunks).toString()) as { code: number };
            resolve(answer.code);
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  const overHttp: Worker = async (index, iteration) => {
    const body = JSON.stringify({ ...orderOf(index, iteration), type: 'limit' });
    if ((await post(tokens[index] as string, body)) !== 0) refused += 1;
  };
  process.on('message', async (message: ToClient) => {
    if (message.type === 'setup') {
      ({ port, tokens } = message);
      process.send?.({ perSecond: 0, latencies: [], refused: 0 } satisfies Run);
      return;
    }
    refused = 0;
    const run =
      message.type === 'saturate'
        ? await measure(overHttp, message.seconds)
        : await offer(message.rate, overHttp);
    process.send?.({ ...run, refused } satisfies Run);
  });
  process.on('disconnect', () => {
    agent.destroy();
    process.exit(0);
  });
}

/** Starts the client process; `ask` sends it a command and answers its run. */
function startClient() {
  const child = fork(fileURLToPath(import.meta.url), ['client'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = (message: ToClient) =>
    new Promise<Run>((resolve) => {
      child.once('message', (run: Run) => resolve(run));
      child.send(message);
    });
  return { ask, stop: () => child.disconnect() };
}

// ---- server side ----

async function main() {
  const scratch = await scratchDatabase();
  const { name } = scratch;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-bench-'));
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  // The bench's own reads (settings, clocks, batch sizes), apart from the server's pools.
  const raw = new pg.Pool({ connectionString: scratch.url, max: 1 });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    MARKET_MAKER: 'off',
    MARKET_HISTORY_CANDLES: '0',
  });
  const app = await buildApp({ config, database });
  const client = startClient();
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const settings = (
      await raw.query<{ synchronous_commit: string; fsync: string }>(
        `select current_setting('synchronous_commit') as synchronous_commit, current_setting('fsync') as fsync`,
      )
    ).rows[0];
    process.stdout.write(
      `PostgreSQL ${name}: synchronous_commit=${settings?.synchronous_commit} fsync=${settings?.fsync}, ${WORKERS} workers, ${SECONDS} s per phase\n`,
    );

    // One funded user and session per worker.
    const ledger = new LedgerService(new LedgerRepository(database.db));
    const owners = await database.db
      .insert(users)
      .values(
        Array.from({ length: WORKERS }, (_, index) => ({
          email: `trader${index}@bench.test`,
          passwordHash: 'not-a-hash',
          inviteCode: `BENCH${index}`,
        })),
      )
      .returning({ id: users.id });
    const userIds = owners.map((row) => row.id);
    const tokens = userIds.map(() => randomBytes(24).toString('hex'));
    await database.db.insert(sessions).values(
      userIds.map((userId, index) => ({
        tokenHash: sha256(tokens[index] as string),
        userId,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    for (const userId of userIds) {
      for (const [asset, amount] of [['USDT', '100000000'], ...BASES.map((base) => [base, '1000000'])]) {
        await ledger.execute({
          type: 'credit',
          kind: 'deposit',
          from: 'deposits_clearing',
          userId,
          account: 'spot',
          asset: asset as string,
          amount: amount as string,
          reference: `bench-seed-${userId}-${asset}`,
          actor: 'system',
        });
      }
    }

    let failures = 0;
    await client.ask({ type: 'setup', port, tokens });
    const overHttp = async (message: ToClient) => {
      const run = await client.ask(message);
      failures += run.refused;
      return run;
    };

    const ceiling = await ceilingOf(database, userIds);
    const handWritten: Worker = (index, iteration) =>
      ceiling.place(userIds[index] as number, orderOf(index, iteration));

    // The server's batches: the orders of one batch are stored by one statement, so they share its created_at.
    const clock = async () =>
      (await raw.query<{ at: string }>('select clock_timestamp()::text as at')).rows[0]?.at as string;
    const serverBatches = async <T>(work: () => Promise<T>): Promise<{ run: T; sizes: number[] }> => {
      const from = await clock();
      const run = await work();
      const sizes = await raw.query<{ size: number }>(
        'select count(*)::int as size from spot_orders where created_at between $1 and $2 group by created_at',
        [from, await clock()],
      );
      return { run, sizes: sizes.rows.map((row) => row.size) };
    };

    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

    // A short warm-up of both paths (JIT, connections, books).
    const warm = SECONDS;
    process.stdout.write('warming up\n');
    const warmed = await serverBatches(() => overHttp({ type: 'saturate', seconds: Math.min(2, warm) }));
    ceiling.maxBatch = Math.max(1, Math.round(mean(warmed.sizes)));
    await measure(handWritten, Math.min(2, warm));

    // Throughput: both paths as fast as the 64 workers can go, alternating.
    const ceilings: number[] = [];
    const rates: number[] = [];
    const saturated: number[] = [];
    for (let round = 1; round <= 2; round++) {
      const { run, sizes } = await serverBatches(() => overHttp({ type: 'saturate', seconds: SECONDS }));
      rates.push(run.perSecond);
      saturated.push(...run.latencies);
      process.stdout.write(`round ${round} HTTP orders: ${describe(run)}, ${batches(sizes)}\n`);
      // The ceiling's batches are at most as large as the server's were at that load.
      ceiling.maxBatch = Math.max(1, Math.round(mean(sizes)));
      ceiling.takeBatchSizes();
      ceilings.push((await measure(handWritten)).perSecond);
      process.stdout.write(
        `round ${round} ceiling:     ${ceilings.at(-1)?.toFixed(0)} orders/s, ${batches(ceiling.takeBatchSizes())}\n`,
      );
    }

    const ordersPerS = Math.round(mean(rates));
    const ceilingPerS = Math.round(mean(ceilings));

    // Latency: the load the throughput goal names (half the ceiling), offered at a steady pace.
    const offered = Math.round(ceilingPerS * OFFERED_SHARE);
    const latencies: number[] = [];
    for (let round = 1; round <= 2; round++) {
      const { run, sizes } = await serverBatches(() => overHttp({ type: 'offer', rate: offered }));
      latencies.push(...run.latencies);
      process.stdout.write(`round ${round} HTTP at ${offered}/s: ${describe(run)}, ${batches(sizes)}\n`);
    }
    // The same load offered to the ceiling, which batches up to the sequencer's limit as the server does: the
    // latency the writes and their pipeline alone give, beside which the server's is read.
    const ceilingLatencies: number[] = [];
    ceiling.maxBatch = MAX_BATCH;
    for (let round = 1; round <= 2; round++) {
      ceiling.takeBatchSizes();
      const run = await offer(offered, handWritten);
      ceilingLatencies.push(...run.latencies);
      process.stdout.write(
        `round ${round} ceiling at ${offered}/s: ${describe(run)}, ${batches(ceiling.takeBatchSizes())}\n`,
      );
    }
    const trades = (
      await raw.query<{ n: string }>(
        `select count(*)::text as n from spot_trades where trade_key like 'trade:%'`,
      )
    ).rows[0]?.n;
    const report = await ledger.check();
    process.stdout.write(
      `refused orders: ${failures}; trades settled over HTTP: ${trades}; ledger check: ${report.ok ? 'ok' : 'FAILED'}\n`,
    );
    const round2 = (value: number) => Math.round(value * 100) / 100;
    process.stdout.write(
      `${JSON.stringify({
        orders_per_s: ordersPerS,
        p50_ms: round2(percentile(latencies, 50)),
        p99_ms: round2(percentile(latencies, 99)),
        ceiling_per_s: ceilingPerS,
        ratio: round2(ordersPerS / ceilingPerS),
        offered_per_s: offered,
        saturated_p50_ms: round2(percentile(saturated, 50)),
        saturated_p99_ms: round2(percentile(saturated, 99)),
        ceiling_p50_ms: round2(percentile(ceilingLatencies, 50)),
        ceiling_p99_ms: round2(percentile(ceilingLatencies, 99)),
      })}\n`,
    );
    if (!report.ok || failures > 0) process.exitCode = 1;
  } finally {
    client.stop();
    await app.close();
    await raw.end();
    await database.close();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'client') runClient();
else
  main().catch((error: unknown) => {
    process.stderr.write(`bench:orders failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
