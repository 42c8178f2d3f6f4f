import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/contains-pattern';
import { adminAudit, admins } from './admin.schema';

export type AuditEntryRow = typeof adminAudit.$inferInsert;

export type AuditSearch = { adminId?: number; action?: string; q?: string; page: number; pageSize: number };

/**
 * Appends one entry to the audit log. This is the only statement that writes to admin_audit: the log is
 * append-only, so nothing in the code updates or deletes its rows.
 */
export async function appendAuditEntry(db: Db, entry: AuditEntryRow) {
  await db.insert(adminAudit).values(entry);
}

/** Whether the log holds an entry of this action for the journal transaction its `after` names. */
export async function isTransactionAudited(db: Db, action: string, transactionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: adminAudit.id })
    .from(adminAudit)
    .where(and(eq(adminAudit.action, action), sql`${adminAudit.after}->>'transactionId' = ${transactionId}`))
    .limit(1);
  return row !== undefined;
}

/** Reading the audit log, newest first, with the acting admin's e-mail. */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  async search({ adminId, action, q, page, pageSize }: AuditSearch) {
    const filters: SQL[] = [];
    if (adminId !== undefined) filters.push(eq(adminAudit.adminId, adminId));
    if (action) filters.push(eq(adminAudit.action, action));
    if (q) {
      const pattern = containsPattern(q);
      const text = or(
        ilike(adminAudit.targetId, pattern),
        ilike(adminAudit.targetType, pattern),
        ilike(adminAudit.reason, pattern),
        ilike(admins.email, pattern),
      );
      if (text) filters.push(text);
    }
    const where = filters.length > 0 ? and(...filters) : undefined;
    const rows = await this.db
      .select({ entry: adminAudit, adminEmail: admins.email })
      .from(adminAudit)
      .leftJoin(admins, eq(admins.id, adminAudit.adminId))
      .where(where)
      .orderBy(desc(adminAudit.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await this.db
      .select({ value: count() })
      .from(adminAudit)
      .leftJoin(admins, eq(admins.id, adminAudit.adminId))
      .where(where);
    return { rows, total: total?.value ?? 0 };
  }
}
