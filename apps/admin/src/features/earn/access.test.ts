import { ADMIN_ROLES, type AdminRole, endpoints } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { mayOpen } from '../../app/sections';
import { mayManageEarn, mayReadEarn } from './access';

/** Whether the server lets this role call the endpoint: its roles, and super admins always. */
function serverAllows(role: AdminRole, auth: { kind: string; roles?: readonly string[] }): boolean {
  if (auth.kind !== 'operator') return false;
  return role === 'super_admin' || !auth.roles?.length || auth.roles.includes(role);
}

describe.each(ADMIN_ROLES)('the earn page for %s', (role) => {
  it('shows products, orders and accrual runs exactly when the server lets this role read them', () => {
    for (const id of ['listAdminEarnProducts', 'listAdminEarnOrders', 'listEarnAccrualRuns'] as const)
      expect(mayReadEarn(role), id).toBe(serverAllows(role, endpoints[id].auth));
  });

  it('offers adding and changing products exactly when the server lets this role do it', () => {
    for (const id of ['createEarnProduct', 'updateEarnProduct'] as const)
      expect(mayManageEarn(role), id).toBe(serverAllows(role, endpoints[id].auth));
  });

  it('is in the sidebar exactly when the role may read it', () => {
    expect(mayOpen(role, '/earn')).toBe(mayReadEarn(role));
  });
});
