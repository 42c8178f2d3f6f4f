import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { adminAudit, admins } from './admin.schema';

/*
 * What other modules may read of the operators and their audit log (decision 0040); the tables stay this
 * module's. A list that names who decided an item joins `adminAccounts(name)` on its `id`.
 */

const query = new QueryBuilder();

/** The operators' ids and e-mails, under `name`, so that one query can join them in two roles. */
export function adminAccounts(name: string) {
  return query.select({ id: admins.id, email: admins.email }).from(admins).as(name);
}

/**
 * Which operator made the audited changes to targets of one type: join on `targetId` (text) to name an item's
 * author. Changes made by no operator (the system's) name nobody, as a join that finds no one.
 */
export function auditedBy(targetType: string, name: string) {
  return query
    .select({ targetId: adminAudit.targetId, adminId: admins.id, email: admins.email })
    .from(adminAudit)
    .innerJoin(admins, eq(admins.id, adminAudit.adminId))
    .where(eq(adminAudit.targetType, targetType))
    .as(name);
}
