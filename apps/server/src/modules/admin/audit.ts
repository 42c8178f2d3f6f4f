import type { AuditEntryRow } from './audit.repository';

/**
 * Who is acting and as which action. For a request, `action` is the route's operationId, so every admin
 * endpoint names its audit entries the same way without a hand-written list.
 */
export type Actor = { adminId: number | null; action: string; ip: string | null };

export type AuditTarget = { type: string; id: string | number | null };

/** A repository whose changes can be audited: it opens transactions and appends to the audit log inside them. */
export type Audited<R> = {
  transaction<T>(work: (repository: R) => Promise<T>): Promise<T>;
  appendAudit(entry: AuditEntryRow): Promise<void>;
};

/** `targetId` names an object the change created, when its id was not known beforehand. */
export type AuditedChange<T> = { before: unknown; after: unknown; result: T; targetId?: string | number };

/**
 * Runs a change and writes its audit entry in the same transaction: either both are stored or neither is.
 * The change reports the object as it was and as it is, and what the caller gets back.
 */
export function withAudit<R extends Audited<R>, T>(
  repository: R,
  actor: Actor,
  target: AuditTarget,
  reason: string | null,
  change: (repository: R) => Promise<AuditedChange<T>>,
): Promise<T> {
  return repository.transaction(async (inTransaction) => {
    const { before, after, result, targetId = target.id } = await change(inTransaction);
    await inTransaction.appendAudit({
      adminId: actor.adminId,
      action: actor.action,
      targetType: target.type,
      targetId: targetId === null ? null : String(targetId),
      before: before ?? null,
      after: after ?? null,
      reason,
      ip: actor.ip,
    });
    return result;
  });
}
