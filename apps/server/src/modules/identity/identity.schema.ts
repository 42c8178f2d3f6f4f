import { IDENTITY_DOCUMENTS, REVIEW_STATUSES } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { admins } from '../admin/admin.schema';
import { users } from '../auth/auth.schema';
import { uploads } from '../uploads/uploads.schema';

/**
 * Identity submissions: one row per submission, never overwritten, so a resubmission after a rejection is a new
 * row and reviewers see the history. A user has at most one pending row (the partial unique index), which
 * settles a race between two submissions in the database rather than in the code.
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    documentType: text('document_type', { enum: IDENTITY_DOCUMENTS }).notNull(),
    realName: text('real_name').notNull(),
    /** As printed, upper-cased without spaces; only reviewers see it whole. */
    documentNumber: text('document_number').notNull(),
    nation: text('nation').notNull(),
    address: text('address').notNull(),
    frontUploadId: uuid('front_upload_id')
      .notNull()
      .references(() => uploads.id),
    /** Null for a passport, which has only its photo page. */
    backUploadId: uuid('back_upload_id').references(() => uploads.id),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    reviewerAdminId: integer('reviewer_admin_id').references(() => admins.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('identity_verifications_one_pending_key')
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
    index('identity_verifications_user_idx').on(table.userId, table.id),
    index('identity_verifications_pending_idx').on(table.status, table.submittedAt),
    index('identity_verifications_decided_idx').on(table.status, table.reviewedAt),
    check(
      'identity_verifications_decided',
      sql`(${table.status} = 'pending') = (${table.reviewedAt} is null)`,
    ),
    check(
      'identity_verifications_rejection_reason',
      sql`(${table.status} = 'rejected') = (${table.rejectionReason} is not null)`,
    ),
  ],
);
