import type { AdminRole } from '@kestrel/contract';

/**
 * What each role may do on the membership page, as the server's role checks allow it (proved against the contract
 * in access.test.ts): super admins, reviewers and support read the levels; only super admins change them.
 */
export function mayReadMembership(role: AdminRole): boolean {
  return role === 'super_admin' || role === 'reviewer' || role === 'support';
}

export function mayManageMembership(role: AdminRole): boolean {
  return role === 'super_admin';
}
