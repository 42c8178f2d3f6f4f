import type { AdminRole } from '@kestrel/contract';

/**
 * What each role may do on the earn page, as the server's role checks allow it (proved against the contract in
 * access.test.ts): super admins, reviewers and support read the products, orders and accrual runs; only super
 * admins add and change products.
 */
export function mayReadEarn(role: AdminRole): boolean {
  return role === 'super_admin' || role === 'reviewer' || role === 'support';
}

export function mayManageEarn(role: AdminRole): boolean {
  return role === 'super_admin';
}
