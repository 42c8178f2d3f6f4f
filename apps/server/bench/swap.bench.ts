/**
 * Swap quotes per second over HTTP, beside the peer ceiling: the same number of requests to a trivial endpoint of
 * the same server (GET /api/health), in the same run.
 *
 *   npm run bench:swap                          (PGlite in memory; BENCH_SECONDS per phase, default 10)
 *   DATABASE_URL=postgres://… npm run bench:swap (a scratch database the bench creates and drops)
 *
 * A quote is signed terms and writes nothing, so the database hardly matters; the app runs in this process,
 * listening on a local port, and the HTTP clients in a child process, as they would on phones, so that their work
 * is not in the server's event loop. 64 workers each hold one keep-alive connection and post a quote as soon as the
 * last is answered (closed loop: at saturation an answer's latency is mostly the queue, 64 ÷ throughput), for
 * BENCH_SECONDS; then the peer phase sends as many requests to GET /api/health the same way. A last pair of phases
 * offers half the quotes' saturated rate at a steady pace (open loop, each request timed from its scheduled
 * start), quotes then health: the latency at a load with room left. The last line is JSON:
 * {"quotes_per_s","p50_ms","p99_ms","peer_per_s","peer_p50_ms","peer_p99_ms","ratio","offered_per_s",
 * "offered_p50_ms","offered_p99_ms","peer_offered_p50_ms","peer_offered_p99_ms"}.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { type ScratchDatabase, scratchDatabase } from './scratch-database';

const WORKERS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

type Worker = (index: number) => Promise<void>;
type Run = { perSecond: number; latencies: number[]; refused: number; count: number };
type ToClient =
  | { type: 'setup'; port: number }
  | { type: 'saturate'; what: 'quote' | 'health'; seconds?: number; count?: number }
  | { type: 'offer'; what: 'quote' | 'health'; rate: number };

/** The quotes the workers ask for, across several pairs and both sides. */
const QUOTES = [
  {
    fromAsset: 'USDT',
    fromNetwork: 'tron',
    toAsset: 'BTC',
    toNetwork: 'bitcoin',
    amount: '1000',
    amountSide: 'send',
  },
  {
    fromAsset: 'BTC',
    fromNetwork: 'bitcoin',
    toAsset: 'ETH',
    toNetwork: 'ethereum',
    amount: '0.05',
    amountSide: 'send',
  },
  {
    fromAsset: 'ETH',
    fromNetwork: 'ethereum',
    toAsset: 'USDT',
    toNetwork: 'tron',
    amount: '500',
    amountSide: 'receive',
  },
  {
    fromAsset: 'SOL',
    fromNetwork: 'solana',
    toAsset: 'TRX',
    toNetwork: 'tron',
    amount: '3',
    amountSide: 'send',
  },
].map((body, index) => JSON.stringify({ ...body, rateType: index % 2 === 0 ? 'fixed' : 'floating' }));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

// ---- client side (child process) ----

async function client() {
  let port = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS });
  let refused = 0;
  const request = (what: 'quote' | 'health', index: number) =>
    new Promise<void>((resolve, reject) => {
      const body = what === 'quote' ? QUOTES[index % QUOTES.length] : undefined;
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          agent,
          method: what === 'quote' ? 'POST' : 'GET',
          path: what === 'quote' ? '/api/swap/quotes' : '/api/health',
          headers: body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
            : {},
        },
        (response) => {
          if (response.statusCode !== 200) refused += 1;
          response.resume();
          response.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  async function saturate(work: Worker, seconds?: number, count?: number): Promise<Run> {
    const stopAt = Date.now() + (seconds ?? 3600) * 1000;
    let remaining = count ?? Number.POSITIVE_INFINITY;
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, index) => {
        while (Date.now() < stopAt && remaining > 0) {
          remaining -= 1;
          const begun = performance.now();
          await work(index);
          latencies.push(performance.now() - begun);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    return { perSecond: latencies.length / elapsed, latencies, refused, count: latencies.length };
  }

  async function offer(rate: number, work: Worker): Promise<Run> {
    const total = Math.round(rate * SECONDS);
    const latencies: number[] = [];
    const started = performance.now();
    const pending: Promise<void>[] = [];
    for (let sent = 0; sent < total; sent++) {
      const due = started + (sent * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(work(sent % WORKERS).then(() => void latencies.push(performance.now() - due)));
    }
    await Promise.all(pending);
    return { perSecond: total / ((performance.now() - started) / 1000), latencies, refused, count: total };
  }

  process.on('message', async (message: ToClient) => {
    refused = 0;
    if (message.type === 'setup') {
      port = message.port;
      process.send?.({ perSecond: 0, latencies: [], refused: 0, count: 0 } satisfies Run);
      return;
    }
    const work: Worker = (index) => request(message.what, index);
    const run =
      message.type === 'saturate'
        ? await saturate(work, message.seconds, message.count)
        : await offer(message.rate, work);
    process.send?.(run);
  });
}

// ---- server side ----

function clientProcess() {
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

async function main() {
  const scratch: ScratchDatabase | undefined = process.env.DATABASE_URL ? await scratchDatabase() : undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-swap-bench-'));
  const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://' });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    MARKET_MAKER: 'off',
    MARKET_HISTORY_CANDLES: '0',
    SWAP_WATCHER_MODE: 'manual',
  });
  const unlimited = { quotesPerMinute: 1e9, ordersPerMinute: 1e9, lookupsPerMinute: 1e9 };
  const app = await buildApp({ config, database, logger: false, swapRateLimits: unlimited });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  // The index must be fresh before quotes are answered: wait for the feed's first prices.
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/swap/quotes',
      payload: JSON.parse(QUOTES[0] ?? '{}'),
    });
    if (answer.statusCode === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const clients = clientProcess();
  try {
    await clients.ask({ type: 'setup', port });
    process.stdout.write(
      `${scratch ? `PostgreSQL ${scratch.name}` : 'PGlite'}: ${WORKERS} keep-alive connections, ${SECONDS} s a phase\n`,
    );
    // A short warm-up, so that both phases meet a compiled server.
    await clients.ask({ type: 'saturate', what: 'quote', seconds: 2 });
    await clients.ask({ type: 'saturate', what: 'health', seconds: 2 });
    const quotes = await clients.ask({ type: 'saturate', what: 'quote', seconds: SECONDS });
    const peer = await clients.ask({ type: 'saturate', what: 'health', count: quotes.count });
    const line = (name: string, run: Run) =>
      `${name}: ${run.count} requests, ${run.perSecond.toFixed(0)}/s, p50 ${percentile(run.latencies, 50).toFixed(2)} ms, p99 ${percentile(run.latencies, 99).toFixed(2)} ms${run.refused ? `, ${run.refused} refused` : ''}\n`;
    process.stdout.write(line('quotes (saturated)', quotes));
    process.stdout.write(line('GET /api/health (saturated)', peer));
    const rate = Math.round(quotes.perSecond / 2);
    const offeredQuotes = await clients.ask({ type: 'offer', what: 'quote', rate });
    const offeredPeer = await clients.ask({ type: 'offer', what: 'health', rate });
    process.stdout.write(line(`quotes at ${rate}/s offered`, offeredQuotes));
    process.stdout.write(line(`GET /api/health at ${rate}/s offered`, offeredPeer));
    const ms = (run: Run, p: number) => Number(percentile(run.latencies, p).toFixed(2));
    process.stdout.write(
      `${JSON.stringify({
        quotes_per_s: Math.round(quotes.perSecond),
        p50_ms: ms(quotes, 50),
        p99_ms: ms(quotes, 99),
        peer_per_s: Math.round(peer.perSecond),
        peer_p50_ms: ms(peer, 50),
        peer_p99_ms: ms(peer, 99),
        ratio: Number((quotes.perSecond / peer.perSecond).toFixed(2)),
        offered_per_s: rate,
        offered_p50_ms: ms(offeredQuotes, 50),
        offered_p99_ms: ms(offeredQuotes, 99),
        peer_offered_p50_ms: ms(offeredPeer, 50),
        peer_offered_p99_ms: ms(offeredPeer, 99),
      })}\n`,
    );
  } finally {
    clients.stop();
    await app.close();
    await database.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'client') void client();
else await main();
