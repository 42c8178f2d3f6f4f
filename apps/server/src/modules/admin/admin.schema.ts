import { ADJUSTMENT_PROPOSER_ROLES, ADMIN_ROLES } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Operators of the back office: accounts of their own, never rows of `users`. */
export const admins = pgTable(
  'admins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ADMIN_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The enrolled TOTP secret (base32); null until enrolment is confirmed with a code. */
    totpSecret: text('totp_secret'),
    /** A secret shown by /totp/setup and waiting for its first code; replaced by every new setup. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The time step of the last code accepted, so that each code signs in once (RFC 6238 section 5.2). */
    totpLastStep: integer('totp_last_step'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('admins_email_key').on(table.email)],
);

/** Admin sessions, by the SHA-256 of their token, in a table of their own so a user token can never match. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [index('admin_sessions_admin_idx').on(table.adminId)],
);

/**
 * Per asset, the largest manual adjustment one operator may post alone (decision 0031); above it, or for an
 * asset not listed, a second operator approves. About $1,000 at the time of writing.
 */
export const DEFAULT_ADJUSTMENT_APPROVAL_ABOVE: Record<string, string> = {
  USDT: '1000',
  BTC: '0.01',
  ETH: '0.3',
  BNB: '1.5',
  SOL: '6',
  TRX: '4000',
};

/** The back office's settings: exactly one row; while none is stored, the column defaults apply. */
export const adminSettings = pgTable(
  'admin_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Every operator enrols TOTP (OWASP ASVS for privileged accounts); only a super admin relaxes it. */
    requireTotp: boolean('require_totp').notNull().default(true),
    /** Asset code to a decimal string: the largest adjustment posted without a second operator's approval. */
    adjustmentApprovalAbove: jsonb('adjustment_approval_above')
      .$type<Record<string, string>>()
      .notNull()
      .default(DEFAULT_ADJUSTMENT_APPROVAL_ABOVE),
    /** The role, besides super admins, that may adjust balances by hand (propose above the threshold). */
    adjustmentProposerRole: text('adjustment_proposer_role', { enum: ADJUSTMENT_PROPOSER_ROLES })
      .notNull()
      .default('support'),
    /** Withdrawals only for users whose identity is verified (decision 0032). */
    withdrawalsRequireIdentity: boolean('withdrawals_require_identity').notNull().default(true),
  },
  (table) => [check('admin_settings_single_row', sql`${table.id} = 1`)],
);

/**
 * The audit log: who did what to which object, before and after, and why. Append-only: the code only ever
 * inserts into it (no UPDATE or DELETE statement exists for this table anywhere).
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null for the system itself, such as the start-up bootstrap of the first super admin. */
    adminId: integer('admin_id').references(() => admins.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_audit_created_idx').on(table.createdAt),
    index('admin_audit_admin_idx').on(table.adminId, table.createdAt),
    index('admin_audit_action_idx').on(table.action, table.createdAt),
  ],
);
