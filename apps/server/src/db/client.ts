import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../server-root';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';
export type PoolUse = { pool: 'main' | 'trading'; total: number; idle: number; waiting: number };

export type Database = {
  db: Db;
  /**
   * The connections of the trading path's batch statements (decision 0028): on a server, a small pool of their
   * own whose sessions plan by index only and keep one generic plan per prepared statement (`TRADING_SESSION`);
   * PGlite has one connection, `db`.
   */
  trading: Db;
  kind: DbKind;
  /** Answers when the database does; fails when it does not. */
  ping(): Promise<void>;
  /** How each connection pool is used now, for the node's metrics; none for PGlite. */
  poolUse(): PoolUse[];
  close(): Promise<void>;
};

const migrationsFolder = path.join(SERVER_ROOT, 'drizzle');

/**
 * How the trading connections' sessions plan (decision 0028). Their statements are prepared once per connection
 * and find every row by key, so each is planned once, generically, and as nested loops over indexes: the plan a
 * large table needs, made the same way when the tables are still small, as on a new installation, where a plan
 * by cost would scan them whole and be kept as they grow.
 */
const TRADING_SESSION = [
  'plan_cache_mode=force_generic_plan',
  'enable_seqscan=off',
  'enable_hashjoin=off',
  'enable_mergejoin=off',
]
  .map((setting) => `-c ${setting}`)
  .join(' ');
/** Two settlement batches in flight, a freeze beside them, and a spare. */
const TRADING_CONNECTIONS = 4;

/**
 * Opens the PostgreSQL server named by `databaseUrl`, or else the embedded PGlite under `dataDir`
 * (`memory://` keeps it in memory), and applies every pending migration before returning.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** Told when the server drops an idle connection (a restart, a failover); the pool opens a new one. */
  onConnectionLost?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const tradingPool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: TRADING_CONNECTIONS,
      options: TRADING_SESSION,
    });
    for (const each of [pool, tradingPool]) {
      // Unheard, such an error would end the process; the pool has already discarded the connection.
      each.on('error', (error) => options.onConnectionLost?.(error));
    }
    const db = drizzlePostgres(pool, { schema });
    await underMigrationLock(pool, () => migratePostgres(db, { migrationsFolder }));
    return {
      db,
      trading: drizzlePostgres(tradingPool, { schema }),
      kind: 'postgres',
      ping: () => ping(db),
      poolUse: () =>
        (
          [
            ['main', pool],
            ['trading', tradingPool],
          ] as const
        ).map(([name, each]) => ({
          pool: name,
          total: each.totalCount,
          idle: each.idleCount,
          waiting: each.waitingCount,
        })),
      close: async () => {
        await Promise.all([pool.end(), tradingPool.end()]);
      },
    };
  }
  const location = options.dataDir === 'memory://' ? 'memory://' : path.join(options.dataDir, 'pglite');
  if (location !== 'memory://') mkdirSync(location, { recursive: true });
  const client = await PGlite.create(location);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    trading: db,
    kind: 'pglite',
    ping: () => ping(db),
    poolUse: () => [],
    close: () => client.close(),
  };
}

/**
 * Runs the migrations holding a PostgreSQL advisory lock, so that when several nodes start together one applies
 * them and the others, waiting on the lock, find nothing left to do (decision 0044).
 */
async function underMigrationLock(pool: pg.Pool, migrate: () => Promise<void>) {
  const lock = await pool.connect();
  try {
    await lock.query(`select pg_advisory_lock(hashtext('kestrel migrations'))`);
    await migrate();
  } finally {
    await lock.query(`select pg_advisory_unlock(hashtext('kestrel migrations'))`).catch(() => undefined);
    lock.release();
  }
}

async function ping(db: Db) {
  await db.execute(sql`select 1`);
}
