import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client';

/**
 * A migrated database of the test's own, without an app on it: a fresh one on the server when DATABASE_URL is set,
 * PGlite in memory otherwise. For tests that run several nodes' services on one database.
 */
export async function scratchDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const name = `kestrel_test_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  return {
    database,
    drop: async () => {
      await database.close();
      await run(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Waits until the condition holds, checking every 20 ms, for at most ten seconds. */
export async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const limit = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > limit) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
