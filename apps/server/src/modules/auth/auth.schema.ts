import { LEDGER_BOOKS } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { inList } from '../../db/check-list';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 10000001 }),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname'),
    avatarUrl: text('avatar_url'),
    securityPasswordHash: text('security_password_hash'),
    inviteCode: text('invite_code').notNull(),
    invitedBy: integer('invited_by'),
    creditScore: smallint('credit_score').notNull().default(100),
    language: text('language').notNull().default('en-US'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    /**
     * Whose money the account holds (decision 0055): real, or the virtual funds of a demo account. Fixed for good
     * (a trigger refuses a change); the ledger's accounts carry it too, and the database keeps the books apart.
     */
    book: text('book', { enum: LEDGER_BOOKS }).notNull().default('real'),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_id_book_key').on(table.id, table.book),
    check('users_book', sql`${table.book} in (${inList(LEDGER_BOOKS)})`),
    uniqueIndex('users_phone_key').on(table.phone),
    uniqueIndex('users_invite_code_key').on(table.inviteCode),
    index('users_invited_by_idx').on(table.invitedBy),
  ],
);

/** Sessions are stored by the SHA-256 of their token, so a leaked table grants nothing. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** One-time codes, hashed; a code is spent by setting used_at, and a new code replaces the older ones. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account: text('account').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('verification_codes_account_idx').on(table.account, table.purpose, table.createdAt)],
);
