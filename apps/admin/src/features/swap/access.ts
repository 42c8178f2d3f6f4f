import type { AdminRole } from '@kestrel/contract';

/**
 * What each role may do on the swap desk, as the server's role checks allow it (proved against the contract in
 * access.test.ts): everyone who handles orders reads them; reviewers and super admins act on them; only super
 * admins change the desk's settings, coins and pairs.
 */
export function mayReadDesk(role: AdminRole): boolean {
  return role === 'super_admin' || role === 'reviewer' || role === 'support';
}

export function mayActOnOrders(role: AdminRole): boolean {
  return role === 'super_admin' || role === 'reviewer';
}

export function mayConfigureDesk(role: AdminRole): boolean {
  return role === 'super_admin';
}
