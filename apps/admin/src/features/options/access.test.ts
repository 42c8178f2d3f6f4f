import { ADMIN_ROLES, type AdminRole, endpoints } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { mayOpen } from '../../app/sections';
import { mayManageProducts, mayReadExposure } from './access';

/** Whether the server lets this role call the endpoint: its roles, and super admins always. */
function serverAllows(role: AdminRole, auth: { kind: string; roles?: readonly string[] }): boolean {
  if (auth.kind !== 'operator') return false;
  return role === 'super_admin' || !auth.roles?.length || auth.roles.includes(role);
}

describe.each(ADMIN_ROLES)('the options page for %s', (role) => {
  it('offers the products exactly when the server lets this role list, create and change them', () => {
    for (const id of ['listAdminOptionProducts', 'createOptionProduct', 'updateOptionProduct'] as const)
      expect(mayManageProducts(role), id).toBe(serverAllows(role, endpoints[id].auth));
  });

  it('shows the exposure exactly when the server lets this role read it', () => {
    expect(mayReadExposure(role)).toBe(serverAllows(role, endpoints.getOptionExposure.auth));
  });

  it('is in the sidebar exactly when the role may read something on it', () => {
    expect(mayOpen(role, '/options')).toBe(mayReadExposure(role) || mayManageProducts(role));
  });
});
