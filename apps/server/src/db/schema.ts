import { jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Idempotency-Key records (src/http/idempotency.ts): the first request with a key claims the row; its answer is
 * stored so that a replay gets the same one, and the hash of its body tells a replay from a different request.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key: `user:<id>` for the app's requests, `admin:<id>` for the console's. */
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: smallint('status'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** While the first request runs; a crashed one's claim lapses and a retry takes it over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.owner, table.key] })],
);
