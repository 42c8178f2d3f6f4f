import type { AdminRole } from '@kestrel/contract';

/** The roles the server lets into the agents' inbox and the canned replies (operator('agent', 'support')). */
export function mayUseSupportDesk(role: AdminRole): boolean {
  return role === 'agent' || role === 'support' || role === 'super_admin';
}
