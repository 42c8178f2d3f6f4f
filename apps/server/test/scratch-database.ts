import { type Database, openDatabase } from '../src/db/client';
import { freshDatabase } from './fresh-database';

/**
 * A migrated database of the test's own, without an app on it: a fresh one on the server when DATABASE_URL is set,
 * PGlite in memory otherwise. For tests that run several nodes' services on one database.
 */
export async function scratchDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const scratch = await freshDatabase();
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
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
