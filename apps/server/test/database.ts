import type { SQL } from 'drizzle-orm';
import { describe } from 'vitest';
import type { Db } from '../src/db/client';

/**
 * Tests that need the PostgreSQL server (several connections at once, its planner, its statistics); PGlite runs one
 * statement at a time and has none of those, so they run only when DATABASE_URL names a server.
 */
export const onServer = describe.skipIf(!process.env.DATABASE_URL);

/** The rows of a statement run plainly, whichever driver answers. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
