import { sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

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

/**
 * Who leads each market's book and each scheduled job (src/cluster/leadership.ts, decision 0044): a lease its
 * holder renews, and an epoch that grows by one each time the name changes hands. Writes of a leader name their
 * epoch, and triggers refuse those whose epoch is no longer the name's.
 */
export const leadership = pgTable('leadership', {
  /** `spot:<symbol>`, `job:<name>`. */
  name: text('name').primaryKey(),
  /** The node leading it; null once released. */
  holder: text('holder'),
  epoch: bigint('epoch', { mode: 'bigint' }).notNull().default(sql`0`),
  /** The lease lapses at this time unless its holder renews it; another node may then take the name. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().defaultNow(),
});
