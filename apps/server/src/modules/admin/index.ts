/** What other modules may use of the operators, their sign-in and the audit log (decision 0040). */
export { adminAccounts, auditedBy } from './admin-accounts';
export { actorOf, requireAdmin } from './admin-auth';
export { AdminsRepository } from './admins.repository';
export { adminRoutes } from './admins.routes';
export { AdminsService } from './admins.service';
export type { Actor, Audited, AuditedChange } from './audit';
export { withAudit } from './audit';
export type { AuditEntryRow } from './audit.repository';
export { AuditRepository, appendAuditEntry, isTransactionAudited } from './audit.repository';
