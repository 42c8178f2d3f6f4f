import type { AdminRole } from '@kestrel/contract';

/**
 * What each role may do on this page, as the server's role checks allow it (proved against the contract in
 * access.test.ts): products are configured by super admins; the exposure is read by those who watch the risk.
 */
export function mayManageProducts(role: AdminRole): boolean {
  return role === 'super_admin';
}

export function mayReadExposure(role: AdminRole): boolean {
  return role === 'super_admin' || role === 'reviewer' || role === 'support';
}
