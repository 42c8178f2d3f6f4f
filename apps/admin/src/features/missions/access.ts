import type { AdminRole } from '@kestrel/contract';

/**
 * What each role may do on the mission hall's page, as the server's role checks allow it (proved against the
 * contract in access.test.ts): every role reads the tasks (content editors word the hall); only super admins add
 * and change them, since a task pays rewards.
 */
export function mayReadMissions(role: AdminRole): boolean {
  return role === 'super_admin' || role === 'reviewer' || role === 'support' || role === 'content';
}

export function mayManageMissions(role: AdminRole): boolean {
  return role === 'super_admin';
}
