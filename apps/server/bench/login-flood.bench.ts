/**
 * An innocent login while a flood of wrong logins runs, beside the same login on an idle server (decision 0029).
 *
 *   npm run bench:login-flood          (BENCH_LOGINS innocent logins per phase, default 40;
 *                                       BENCH_FLOOD concurrent wrong logins, default 200;
 *                                       BENCH_FLOOD_FROM "one" address, the default, or "many": a new address
 *                                       for every request, which no per-IP limit stops;
 *                                       DATABASE_URL to run on a PostgreSQL server instead of PGlite)
 *
 * The server runs in this process behind a local port with TRUST_PROXY, so that X-Forwarded-For names each
 * caller's address; the flood runs in a child process, over its own keep-alive connections, so that its client
 * work is not in the server's event loop. Each of its workers sends the next wrong login (an unknown account each
 * time, so that only the address's limit and the hashing queue stand in its way) as soon as the last is answered.
 * The innocent user logs in with the right password from an address of its own, one login after another, first
 * on the idle server, then once the flood has started, until BENCH_LOGINS are done. The last line is JSON:
 * {"idle_p99_ms","flooded_p99_ms","ratio","innocent_refused","flood_requests","flood_checked","flood_refused_429",
 * "flood_refused_503","concurrency","queue","per_owner"}.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { DEFAULT_HASHING_BOUNDS } from '../src/modules/auth/password-hashing';
import { passwordHashing } from '../src/modules/auth/passwords';
import { registerAccount } from '../test/api';
import { createTestApp } from '../test/test-app';

const LOGINS = Number(process.env.BENCH_LOGINS ?? 40);
const FLOOD = Number(process.env.BENCH_FLOOD ?? 200);
const FLOOD_FROM = process.env.BENCH_FLOOD_FROM === 'many' ? 'many' : 'one';
const INNOCENT = { account: 'innocent@bench.test', password: 'Innocent2026', ip: '10.20.0.1' };

type FloodReport = { requests: number; byCode: Record<string, number> };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** One POST over a keep-alive connection: the answer's `code` and the milliseconds it took. */
function post(agent: http.Agent, port: number, path: string, body: unknown, ip: string) {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise<{ code: number; ms: number }>((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-forwarded-for': ip,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString()) as { code: number };
          resolve({ code: answer.code, ms: performance.now() - started });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The flood, in the child process: workers loop on wrong logins until told to stop, then report. */
async function flood(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: FLOOD });
  const report: FloodReport = { requests: 0, byCode: {} };
  let running = true;
  let guess = 0;
  process.on('message', () => {
    running = false;
  });
  const worker = async () => {
    while (running) {
      guess += 1;
      const ip =
        FLOOD_FROM === 'one' ? '10.66.0.1' : `10.${100 + (guess % 100)}.${(guess >> 8) % 250}.${guess % 250}`;
      const { code } = await post(
        agent,
        port,
        '/api/auth/login',
        { account: `guess${guess}@bench.test`, password: 'wrong12345' },
        ip,
      );
      report.requests += 1;
      report.byCode[code] = (report.byCode[code] ?? 0) + 1;
    }
  };
  process.send?.({ type: 'started' });
  await Promise.all(Array.from({ length: FLOOD }, worker));
  agent.destroy();
  // The channel to the parent is all that keeps this process alive once the report is on its way.
  process.send?.({ type: 'report', report }, () => process.disconnect());
}

async function innocentLogins(agent: http.Agent, port: number) {
  const latencies: number[] = [];
  let refused = 0;
  for (let login = 0; login < LOGINS; login++) {
    const { code, ms } = await post(
      agent,
      port,
      '/api/auth/login',
      { account: INNOCENT.account, password: INNOCENT.password },
      INNOCENT.ip,
    );
    if (code === 0) latencies.push(ms);
    else refused += 1;
  }
  return { latencies, refused };
}

async function main() {
  const sut = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  try {
    await registerAccount(sut, INNOCENT.account, { password: INNOCENT.password, ip: INNOCENT.ip });
    await sut.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (sut.app.server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

    // One login first, so that the idle figures do not carry the first request's warm-up.
    await innocentLogins(agent, port);
    const idle = await innocentLogins(agent, port);
    console.log(
      `idle: p50 ${percentile(idle.latencies, 50).toFixed(1)} ms, p99 ${percentile(idle.latencies, 99).toFixed(1)} ms`,
    );

    const hashingBefore = passwordHashing.stats();
    const child = fork(fileURLToPath(import.meta.url), ['flood', String(port)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const report = new Promise<FloodReport>((resolve) =>
      child.on('message', (message: { type: string; report?: FloodReport }) => {
        if (message.type === 'report' && message.report) resolve(message.report);
      }),
    );
    await new Promise<void>((resolve) => child.once('message', () => resolve()));
    const flooded = await innocentLogins(agent, port);
    child.send({ type: 'stop' });
    const floodReport = await report;
    const hashingAfter = passwordHashing.stats();
    agent.destroy();

    const idleP99 = percentile(idle.latencies, 99);
    const floodedP99 = percentile(flooded.latencies, 99);
    console.log(
      `flood of ${FLOOD} from ${FLOOD_FROM === 'one' ? 'one address' : 'many addresses'}: ` +
        `innocent p50 ${percentile(flooded.latencies, 50).toFixed(1)} ms, p99 ${floodedP99.toFixed(1)} ms, ` +
        `${flooded.refused} of ${LOGINS} refused; flood sent ${floodReport.requests}, ` +
        `answers by code ${JSON.stringify(floodReport.byCode)}`,
    );
    console.log(
      JSON.stringify({
        idle_p99_ms: round1(idleP99),
        flooded_p99_ms: round1(floodedP99),
        ratio: round1(floodedP99 / idleP99),
        innocent_refused: flooded.refused,
        flood_requests: floodReport.requests,
        flood_checked: hashingAfter.started - hashingBefore.started - (LOGINS - flooded.refused),
        flood_refused_429: floodReport.byCode[1029] ?? 0,
        flood_refused_503: floodReport.byCode[1503] ?? 0,
        concurrency: DEFAULT_HASHING_BOUNDS.concurrency,
        queue: DEFAULT_HASHING_BOUNDS.queue,
        per_owner: DEFAULT_HASHING_BOUNDS.perOwner,
      }),
    );
  } finally {
    await sut.close();
  }
}

if (process.argv[2] === 'flood') void flood(Number(process.argv[3]));
else
  main().catch((error: unknown) => {
    process.stderr.write(
      `bench:login-flood failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exitCode = 1;
  });
