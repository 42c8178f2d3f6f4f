import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';

/**
 * Demo accounts (decision 0055). The user row is the account (its book is `demo`); this row says what kind it is,
 * what it was given, and when it was reset or closed. The foreign keys name the books, so a row can only describe
 * a demo user, and a twin only belong to a real one.
 */
export const demoAccounts = pgTable(
  'demo_accounts',
  {
    userId: integer('user_id').primaryKey(),
    book: text('book').notNull().default('demo'),
    /** The real user whose demo twin this is; null for an anonymous demo account. */
    twinOf: integer('twin_of').unique(),
    twinBook: text('twin_book').notNull().default('real'),
    /** Virtual USDT given at the start and at each reset. */
    startingBalance: numeric('starting_balance', { precision: 36, scale: 18 }).notNull(),
    resets: integer('resets').notNull().default(0),
    lastResetAt: timestamp('last_reset_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when it is closed unused: its sessions end and its virtual funds go back. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({
      name: 'demo_accounts_user_fk',
      columns: [table.userId, table.book],
      foreignColumns: [users.id, users.book],
    }),
    foreignKey({
      name: 'demo_accounts_twin_fk',
      columns: [table.twinOf, table.twinBook],
      foreignColumns: [users.id, users.book],
    }),
    check('demo_accounts_book', sql`${table.book} = 'demo' and ${table.twinBook} = 'real'`),
    check('demo_accounts_starting_balance', sql`${table.startingBalance} > 0`),
    check('demo_accounts_resets', sql`${table.resets} >= 0`),
  ],
);
