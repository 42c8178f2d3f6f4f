import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client';
import { Balancer } from './balancer';
import { type Binaries, findBinaries } from './binaries';
import { KestrelNode, type ServerCommand } from './kestrel-node';
import { PrivatePostgres } from './private-postgres';
import { PrivateRedis } from './private-redis';
import { waitUntil } from './processes';

const REPOSITORY = fileURLToPath(new URL('../../..', import.meta.url));
const BUILT_SERVER = path.join(REPOSITORY, 'apps/server/dist/main.js');

/** The built server when `npm run build` made one (production runs it with node), else the sources with tsx. */
export function serverCommand(): ServerCommand {
  if (existsSync(BUILT_SERVER)) {
    return { command: process.execPath, args: ['--enable-source-maps', BUILT_SERVER], cwd: REPOSITORY };
  }
  // tsx as a loader of this one process, not its launcher: signals (SIGKILL, SIGSTOP) reach the server itself.
  return { command: process.execPath, args: ['--import', 'tsx', 'apps/server/src/main.ts'], cwd: REPOSITORY };
}

export type ClusterOptions = {
  nodes: number;
  /** info (the default) writes development delivery's codes, which registration reads; warn for the bench. */
  logLevel?: 'info' | 'warn';
  /** More settings for every node, as the environment would give them. */
  env?: Record<string, string>;
};

export type KestrelCluster = Awaited<ReturnType<typeof startCluster>>;

/** Processes of every cluster this process started, ended on exit whatever happened to the suite. */
const live = new Set<{ emergencyStop(): void }>();
process.once('exit', () => {
  for (const cluster of live) cluster.emergencyStop();
});

/**
 * Whether a cluster can run here; the reason when it cannot, for the suite's skip message. The suites are
 * skipped, not failed, on a machine without Debian's postgresql, redis-server and haproxy; CI has all three.
 */
export function clusterAvailability(): { binaries: Binaries; missing?: undefined } | { missing: string } {
  const found = findBinaries();
  if ('missing' in found) return { missing: found.missing.join('; ') };
  return { binaries: found.binaries };
}

/**
 * One suite's cluster on this machine (ARCHITECTURE.md section 2): a PostgreSQL and a Redis of its own, N Kestrel
 * nodes (node-1..node-N) and HAProxy in front of them, all on free ports under one temporary folder. `teardown`
 * stops every process and removes the folder; it never fails, so it can run after any failure.
 */
export async function startCluster(options: ClusterOptions) {
  const availability = clusterAvailability();
  if (availability.missing !== undefined) throw new Error(`a cluster needs ${availability.missing}`);
  const { binaries } = availability;
  const root = mkdtempSync(path.join(tmpdir(), 'kestrel-cluster-'));
  // PostgreSQL runs as its own user, which must reach its folder inside this one.
  chmodSync(root, 0o755);
  const postgres = new PrivatePostgres(binaries, root);
  const redis = new PrivateRedis(binaries, root);
  const balancer = new Balancer(binaries, root);
  const prefix = `cluster-${randomBytes(4).toString('hex')}`;
  const nodes: KestrelNode[] = [];
  let database: Database | undefined;
  let sql: pg.Pool | undefined;

  const teardown = async () => {
    live.delete(handle);
    await balancer.teardown();
    await Promise.all(nodes.map((node) => node.teardown()));
    await sql?.end().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await redis.teardown();
    await postgres.teardown();
    // CLUSTER_KEEP=1 keeps the logs (each node's, PostgreSQL's, Redis's, HAProxy's) to read after a failure.
    if (process.env.CLUSTER_KEEP) process.stderr.write(`cluster logs kept in ${root}\n`);
    else rmSync(root, { recursive: true, force: true });
  };
  const handle = {
    emergencyStop() {
      for (const node of nodes) if (node.pid) killQuietly(node.pid);
      for (const pid of [balancer, redis].map((each) => each.pid)) if (pid) killQuietly(pid);
      try {
        const pid = Number(
          readFileSync(path.join(postgres.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
        );
        if (pid > 0) process.kill(pid, 'SIGQUIT');
      } catch {
        // Not running.
      }
    },
  };
  live.add(handle);

  try {
    await Promise.all([postgres.start(), redis.start()]);
    const server = serverCommand();
    for (let index = 1; index <= options.nodes; index++) {
      const name = `node-${index}`;
      nodes.push(
        new KestrelNode(name, path.join(root, `${name}.log`), server, {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          HOST: '127.0.0.1',
          NODE_NAME: name,
          DATABASE_URL: postgres.url(name),
          REDIS_URL: redis.url,
          REDIS_PREFIX: prefix,
          DATA_DIR: path.join(root, name),
          TRUST_PROXY: '127.0.0.1',
          LOG_LEVEL: options.logLevel ?? 'info',
          MARKET_MAKER: 'off',
          MARKET_HISTORY_CANDLES: '0',
          WEB_DIST: path.join(root, 'no-web-app'),
          WS_MAX_CONNECTIONS_PER_IP: '100000',
          ...options.env,
        }),
      );
    }
    // Together, as a deployment starts them: the first one's migrations hold the others back.
    await Promise.all(nodes.map((node) => node.start()));
    const checkPath = (await readinessAnswered(nodes[0] as KestrelNode)) ? '/api/ready' : '/api/health';
    await balancer.start(
      nodes.map((node) => ({ name: node.name, port: node.port })),
      checkPath,
    );
    database = await openDatabase({
      databaseUrl: postgres.url('harness'),
      dataDir: 'memory://',
      onConnectionLost: () => {},
    });
    sql = new pg.Pool({ connectionString: postgres.url('harness-checks'), max: 4 });
    // The pool drops a connection a restart of PostgreSQL broke; unheard, the error would end this process.
    sql.on('error', () => {});
  } catch (error) {
    await teardown();
    throw error;
  }
  const sqlPool = sql;
  const harnessDatabase = database;

  const node = (name: string): KestrelNode => {
    const found = nodes.find((each) => each.name === name);
    if (!found) throw new Error(`no node named ${name}`);
    return found;
  };

  /** The node holding the lease of `name` (spot:BTCUSDT, job:market-data) now, from the leadership table. */
  const ownerOf = async (name: string): Promise<string | undefined> => {
    const result = await sqlPool.query<{ holder: string | null }>(
      'select holder from leadership where name = $1 and expires_at > now()',
      [name],
    );
    return result.rows[0]?.holder ?? undefined;
  };

  return {
    root,
    prefix,
    postgres,
    redis,
    balancer,
    nodes,
    node,
    /** The harness's own connection to the suite's database (seeding, the ledger check). */
    database: harnessDatabase,
    /** Plain SQL against the suite's database, for what the tests read. */
    sql: sqlPool,
    ownerOf,
    /** Waits until a running node other than those in `not` holds `name`; answers its name. */
    async waitForOwner(name: string, { not = [] as string[], timeoutMs = 60_000 } = {}): Promise<string> {
      return waitUntil(
        `a node${not.length > 0 ? ` other than ${not.join(', ')}` : ''} to lead ${name}`,
        async () => {
          const holder = await ownerOf(name);
          return holder !== undefined && !not.includes(holder) ? holder : undefined;
        },
        { timeoutMs, everyMs: 20 },
      );
    },
    teardown,
  };
}

/** Whether the node has the readiness answer load balancers check (it came after /api/health). */
async function readinessAnswered(node: KestrelNode): Promise<boolean> {
  const response = await fetch(`${node.url}/api/ready`);
  await response.arrayBuffer();
  return response.status !== 404;
}

function killQuietly(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}
