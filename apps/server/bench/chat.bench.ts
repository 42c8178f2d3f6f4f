/**
 * Customer service chat at scale: 1,000 open conversations, each user's app on the WebSocket following `support`,
 * agents' consoles following `supportInbox`, and messages both ways at a steady rate.
 *
 *   npm run bench:chat                            (PGlite in memory)
 *   DATABASE_URL=postgres://… npm run bench:chat  (a scratch database the bench creates and drops)
 *   BENCH_CONVERSATIONS (default 1000), BENCH_AGENTS (agents' sockets, default 4), BENCH_RATE (messages a second
 *   each way, default 20), BENCH_SECONDS (default 10), BENCH_WARMUP_SECONDS (default 2)
 *
 * The app runs in this process, listening on a local port; the users' and agents' sockets and their HTTP sends
 * run in a child process, as phones and consoles would, so that their work is not in the server's event loop.
 * A customer's message is posted for a user picked in turn and timed from just before its POST to its arrival on
 * every agent's socket (delivery to the agent); an agent's answer likewise to the user's socket (delivery to the
 * user). Both processes read the same clock. The last line is JSON: {"conversations","agents","rate_per_s",
 * "seconds","to_agent_p50_ms","to_agent_p99_ms","to_user_p50_ms","to_user_p99_ms","sent","delivered_to_agent",
 * "delivered_to_user","refused","post_p50_ms","post_p99_ms","load_average","cpus"}; the goal is a p99 of at most 100 ms each way.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createAdmin, signInEnrolled } from '../src/modules/admin/test-admins';
import { sessions, users } from '../src/modules/auth/auth.schema';
import { sha256 } from '../src/modules/auth/secrets';
import type { TestApp } from '../test/test-app';
import { type ScratchDatabase, scratchDatabase } from './scratch-database';

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 1000);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 4);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

/** Epoch milliseconds with sub-millisecond precision, comparable between the two processes. */
const now = () => performance.timeOrigin + performance.now();

type Setup = {
  type: 'setup';
  port: number;
  userTokens: string[];
  conversationIds: string[];
  agentToken: string;
};
type ToClients = Setup | { type: 'run'; seconds: number; rate: number } | { type: 'close' };
type Report = {
  type: 'report';
  sent: number;
  refused: number;
  toAgent: number[];
  toUser: number[];
  /** How long each POST took to be answered (stored, published, answered). */
  posts: number[];
};
type FromClients = { type: 'ready' } | Report | { type: 'closed' };

if (process.argv[2] === 'clients') runClients();
else await main();

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

// ---- server side ----

async function main() {
  const scratch: ScratchDatabase | undefined = process.env.DATABASE_URL ? await scratchDatabase() : undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-chat-bench-'));
  const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://' });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    MARKET_MAKER: 'off',
    MARKET_HISTORY_CANDLES: '0',
    WS_MAX_CONNECTIONS_PER_IP: String(CONVERSATIONS + AGENTS + 10),
  });
  // Every socket and send comes from one address here, unlike phones: the per-address limit is lifted.
  const supportLimits = {
    messagesPerMinute: 1_000,
    messagesPerAddressPerMinute: 1_000_000,
    visitorsPerHour: 1_000,
    imagesPerHour: 1_000,
  };
  const app = await buildApp({ config, database, logger: false, supportLimits });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const clients = clientProcess();
  try {
    // The users and their sessions, written directly: a sign-up's password hash is not what is measured.
    const owners = await database.db
      .insert(users)
      .values(
        Array.from({ length: CONVERSATIONS }, (_, index) => ({
          email: `chat${index}@bench.test`,
          passwordHash: 'not-a-hash',
          inviteCode: `CHAT${index}`,
        })),
      )
      .returning({ id: users.id });
    const userTokens = owners.map(() => randomBytes(24).toString('hex'));
    await database.db.insert(sessions).values(
      owners.map((owner, index) => ({
        tokenHash: sha256(userTokens[index] as string),
        userId: owner.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    // Each conversation opened by its user's first message, as an open conversation in the inbox.
    const conversationIds: string[] = [];
    for (const [index, token] of userTokens.entries()) {
      await app.inject({
        method: 'POST',
        url: '/api/support/conversation/messages',
        headers: { authorization: token },
        payload: { kind: 'text', text: 'hello', clientId: `bench-open-${index}` },
      });
      const conversation = await app.inject({
        method: 'GET',
        url: '/api/support/conversation',
        headers: { authorization: token },
      });
      conversationIds.push(conversation.json().data.id as string);
    }
    const sut = { app, database } as unknown as TestApp;
    await createAdmin(sut, 'agent', 'agent@bench.test');
    const { token: agentToken } = await signInEnrolled(sut, 'agent@bench.test');

    await clients.ask({ type: 'setup', port, userTokens, conversationIds, agentToken });
    process.stdout.write(
      `${scratch ? `PostgreSQL ${scratch.name}` : 'PGlite'}: ${CONVERSATIONS} conversations with a user's socket each, ${AGENTS} agents' sockets, ${RATE} messages/s each way for ${SECONDS} s\n`,
    );
    await clients.ask({ type: 'run', seconds: WARMUP_SECONDS, rate: RATE });
    const report = (await clients.ask({ type: 'run', seconds: SECONDS, rate: RATE })) as Report;
    const result = {
      conversations: CONVERSATIONS,
      agents: AGENTS,
      rate_per_s: RATE,
      seconds: SECONDS,
      to_agent_p50_ms: round(percentile(report.toAgent, 50)),
      to_agent_p99_ms: round(percentile(report.toAgent, 99)),
      to_user_p50_ms: round(percentile(report.toUser, 50)),
      to_user_p99_ms: round(percentile(report.toUser, 99)),
      post_p50_ms: round(percentile(report.posts, 50)),
      post_p99_ms: round(percentile(report.posts, 99)),
      load_average: round(loadavg()[0] ?? 0),
      cpus: availableParallelism(),
      sent: report.sent,
      delivered_to_agent: report.toAgent.length,
      delivered_to_user: report.toUser.length,
      refused: report.refused,
    };
    process.stdout.write(
      `delivery to the agent: p50 ${result.to_agent_p50_ms} ms, p99 ${result.to_agent_p99_ms} ms (${result.delivered_to_agent} deliveries)\n` +
        `delivery to the user:  p50 ${result.to_user_p50_ms} ms, p99 ${result.to_user_p99_ms} ms (${result.delivered_to_user} deliveries)\n` +
        `a send's POST answered: p50 ${result.post_p50_ms} ms, p99 ${result.post_p99_ms} ms; load average ${result.load_average} on ${result.cpus} CPUs\n` +
        `goal: p99 at most 100 ms each way — ${result.to_agent_p99_ms <= 100 && result.to_user_p99_ms <= 100 ? 'met' : 'NOT met'}\n`,
    );
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await clients.ask({ type: 'close' });
    await app.close();
    await database.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function round(value: number) {
  return Math.round(value * 100) / 100;
}

function clientProcess() {
  const child = fork(fileURLToPath(import.meta.url), ['clients'], {
    execArgv: process.execArgv,
    stdio: 'inherit',
  });
  const waiting: ((message: FromClients) => void)[] = [];
  child.on('message', (message: FromClients) => waiting.shift()?.(message));
  return {
    ask(message: ToClients): Promise<FromClients> {
      return new Promise((resolve) => {
        waiting.push(resolve);
        child.send(message);
      });
    },
  };
}

// ---- client side (child process) ----

function runClients() {
  let setup: Setup | undefined;
  const userSockets: WebSocket[] = [];
  const agentSockets: WebSocket[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let toAgent: number[] = [];
  let toUser: number[] = [];
  let posts: number[] = [];
  let sent = 0;
  let refused = 0;

  const reply = (message: FromClients) => process.send?.(message);

  /** The send time a bench message carries in its text, `bench:<ms>`. */
  const sentAt = (raw: WebSocket.RawData): number | undefined => {
    const text = String(raw);
    const at = text.indexOf('"text":"bench:');
    if (at < 0) return undefined;
    return Number(text.slice(at + 14, text.indexOf('"', at + 14)));
  };

  async function open(port: number, token: string, channel: string): Promise<WebSocket> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    await once(socket, 'open');
    const answered = (op: string) =>
      new Promise<void>((resolve, reject) => {
        socket.once('message', (raw) => {
          const message = JSON.parse(String(raw)) as { op: string; msg?: string };
          if (message.op === op) resolve();
          else reject(new Error(`${channel}: ${message.op} ${message.msg ?? ''}`));
        });
      });
    socket.send(JSON.stringify({ op: 'auth', token }));
    await answered('authenticated');
    socket.send(JSON.stringify({ op: 'subscribe', channels: [channel] }));
    await answered('subscribed');
    return socket;
  }

  function post(port: number, url: string, token: string, body: unknown): Promise<number> {
    return new Promise((resolve) => {
      const payload = JSON.stringify(body);
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: url,
          method: 'POST',
          agent,
          headers: {
            authorization: token,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', () => resolve(0));
      request.end(payload);
    });
  }

  async function run(seconds: number, rate: number) {
    if (!setup) throw new Error('run before setup');
    const { port, userTokens, conversationIds, agentToken } = setup;
    toAgent = [];
    toUser = [];
    posts = [];
    sent = 0;
    refused = 0;
    const total = Math.round(seconds * rate);
    const start = now();
    const pending: Promise<void>[] = [];
    for (let index = 0; index < total; index += 1) {
      // Steady: each pair of sends at its scheduled time, never in bursts to catch up.
      const due = start + (index * 1000) / rate;
      const wait = due - now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const user = (index * 7919) % userTokens.length;
      const customerAt = now();
      pending.push(
        post(port, '/api/support/conversation/messages', userTokens[user] as string, {
          kind: 'text',
          text: `bench:${customerAt}`,
          clientId: `bench-c-${start.toFixed(0)}-${index}`,
        }).then((status) => {
          posts.push(now() - customerAt);
          sent += 1;
          if (status !== 200) refused += 1;
        }),
      );
      const answered = (user + 1) % userTokens.length;
      const agentAt = now();
      pending.push(
        post(port, `/api/admin/support/conversations/${conversationIds[answered]}/messages`, agentToken, {
          text: `bench:${agentAt}`,
          clientId: `bench-a-${start.toFixed(0)}-${index}`,
        }).then((status) => {
          posts.push(now() - agentAt);
          sent += 1;
          if (status !== 200) refused += 1;
        }),
      );
    }
    await Promise.all(pending);
    // Whatever is still on its way arrives within a moment; nothing is waited for beyond that.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  process.on('message', async (message: ToClients) => {
    switch (message.type) {
      case 'setup': {
        setup = message;
        for (const token of message.userTokens) {
          const socket = await open(message.port, token, 'support');
          socket.on('message', (raw) => {
            const at = sentAt(raw);
            if (at !== undefined && String(raw).includes('"author":"agent"')) toUser.push(now() - at);
          });
          userSockets.push(socket);
        }
        for (let index = 0; index < AGENTS; index += 1) {
          const socket = await open(message.port, message.agentToken, 'supportInbox');
          socket.on('message', (raw) => {
            const at = sentAt(raw);
            if (at !== undefined && String(raw).includes('"author":"customer"')) toAgent.push(now() - at);
          });
          agentSockets.push(socket);
        }
        reply({ type: 'ready' });
        return;
      }
      case 'run':
        await run(message.seconds, message.rate);
        reply({ type: 'report', sent, refused, toAgent, toUser, posts });
        return;
      case 'close':
        for (const socket of [...userSockets, ...agentSockets]) socket.terminate();
        agent.destroy();
        reply({ type: 'closed' });
        process.exit(0);
    }
  });
}
