import type { AdminRole } from '@kestrel/contract';

/**
 * What each role may do on the referral page, as the server's role checks allow it (proved against the contract
 * in access.test.ts): super admins, reviewers and support read the settings and what was credited; only super
 * admins change the settings.
 */
export function mayReadReferral(role: AdminRole): boolean {
  return role === 'super_admin' || role === 'reviewer' || role === 'support';
}

export function mayManageReferral(role: AdminRole): boolean {
  return role === 'super_admin';
}
