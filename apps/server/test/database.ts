import { describe } from 'vitest';

/**
 * Tests that need the PostgreSQL server (several connections at once, its planner, its statistics); PGlite runs one
 * statement at a time and has none of those, so they run only when DATABASE_URL names a server.
 */
export const onServer = describe.skipIf(!process.env.DATABASE_URL);

export { rowsOf } from '../src/db/rows';
