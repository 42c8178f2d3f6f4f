/**
 * Three Kestrel nodes behind HAProxy on this machine, on the local PostgreSQL and Redis, to try several nodes:
 *
 *   npm run cluster
 *
 * builds once, makes the database if it is missing, starts the nodes (ports 8081-8083) and HAProxy
 * (http://localhost:8080, deploy/haproxy.cfg), prints every process's output behind its name, and stops them all
 * on Ctrl-C or SIGTERM. DATABASE_URL (postgres://postgres@127.0.0.1:5432/kestrel_cluster), REDIS_URL
 * (redis://127.0.0.1:6379) and DATA_DIR (./data/cluster, the uploads the nodes share) may name others; every
 * other setting passes to the nodes as it would to `npm start`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BALANCER_CONFIG = fileURLToPath(new URL('haproxy.cfg', import.meta.url));
const BALANCER_URL = 'http://localhost:8080';
const NODES = [
  { name: 'node-1', port: 8081 },
  { name: 'node-2', port: 8082 },
  { name: 'node-3', port: 8083 },
];
const COLOURS = ['\x1b[34m', '\x1b[32m', '\x1b[35m', '\x1b[33m'];
const RESET = '\x1b[0m';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kestrel_cluster';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const dataDir = process.env.DATA_DIR ?? `${ROOT}data/cluster`;

class Missing extends Error {}

function say(line: string) {
  process.stdout.write(`[cluster] ${line}\n`);
}

function checkBalancer() {
  const probe = spawnSync('haproxy', ['-c', '-q', '-f', BALANCER_CONFIG], { encoding: 'utf8' });
  if (probe.error) {
    throw new Missing('HAProxy is not installed. Install it with: sudo apt-get install -y haproxy');
  }
  if (probe.status !== 0) throw new Missing(`HAProxy refuses ${BALANCER_CONFIG}:\n${probe.stderr}`);
}

async function checkRedis() {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The connection's own error (ECONNREFUSED, …) says more than the closed connection connect() reports.
  let cause: Error | undefined;
  redis.on('error', (error: Error) => {
    cause = error;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Missing(
      `Redis does not answer at ${redisUrl} (${(cause ?? (error as Error)).message}). Install and start it with: ` +
        'sudo apt-get install -y redis-server, or set REDIS_URL.',
    );
  } finally {
    redis.disconnect();
  }
}

/** Makes the cluster's database on its server when it is not there yet (the nodes then migrate it). */
async function ensureDatabase() {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) throw new Missing(`DATABASE_URL names no database: ${databaseUrl}`);
  const server = new URL(databaseUrl);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString() });
  try {
    await client.connect();
  } catch (error) {
    throw new Missing(
      `PostgreSQL does not answer at ${target.host} (${(error as Error).message}). Install and start it with: ` +
        'sudo apt-get install -y postgresql, or set DATABASE_URL.',
    );
  }
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      say(`created the database ${name}`);
    }
  } finally {
    await client.end();
  }
}

function build() {
  say('building (npm run build)');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Missing('the build failed; see above');
}

const running = new Map<string, ChildProcess>();
let stopping = false;

/** Each line of the process's output, behind its name in its colour. */
function prefixOutput(name: string, child: ChildProcess, colour: string) {
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) =>
      out.write(`${colour}[${name}]${RESET} ${line}\n`),
    );
  }
}

/**
 * Starts a process in a process group of its own, so that a Ctrl-C reaches this script alone and each process
 * receives exactly one SIGTERM, from stop().
 */
function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  prefixOutput(name, child, COLOURS[running.size % COLOURS.length] ?? '');
  running.set(name, child);
  child.on('exit', (code, signal) => {
    running.delete(name);
    if (stopping) {
      if (running.size === 0) process.exit(0);
      return;
    }
    say(`${name} stopped (${signal ?? `exit code ${code}`})`);
    // A node may stop (to watch another take over its markets); without the balancer or any node, nothing serves.
    const nodesLeft = [...running.keys()].some((key) => key.startsWith('node-'));
    if (name === 'haproxy' || !nodesLeft) stop(1);
  });
  return child;
}

function stop(exitCode = 0) {
  if (stopping) {
    // A second Ctrl-C: whatever is still shutting down is killed.
    for (const child of running.values()) child.kill('SIGKILL');
    process.exit(exitCode || 130);
  }
  stopping = true;
  process.exitCode = exitCode;
  say('stopping');
  if (running.size === 0) process.exit(exitCode);
  for (const child of running.values()) child.kill('SIGTERM');
}

async function waitForBalancer() {
  for (let attempt = 0; attempt < 120 && !stopping; attempt += 1) {
    try {
      if ((await fetch(`${BALANCER_URL}/api/health`)).ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

async function main() {
  checkBalancer();
  await checkRedis();
  await ensureDatabase();
  build();

  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  process.on('exit', () => {
    for (const child of running.values()) child.kill('SIGKILL');
  });

  for (const node of NODES) {
    start(node.name, process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
      ...process.env,
      PORT: String(node.port),
      NODE_NAME: node.name,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      DATA_DIR: dataDir,
      TRUST_PROXY: '127.0.0.1',
    });
  }
  start('haproxy', 'haproxy', ['-db', '-f', BALANCER_CONFIG], process.env);

  if (await waitForBalancer()) {
    say(
      `Kestrel answers at ${BALANCER_URL}; which nodes HAProxy sends to: http://localhost:8404. Ctrl-C stops.`,
    );
  } else if (!stopping) {
    say(`nothing answers at ${BALANCER_URL} after a minute; see the nodes' output above`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`[cluster] ${error instanceof Missing ? error.message : String(error)}\n`);
  if (running.size === 0) process.exit(1);
  stop(1);
});
