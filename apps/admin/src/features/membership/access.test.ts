import { ADMIN_ROLES, type AdminRole, endpoints } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { mayOpen } from '../../app/sections';
import { mayManageMembership, mayReadMembership } from './access';

/** Whether the server lets this role call the endpoint: its roles, and super admins always. */
function serverAllows(role: AdminRole, auth: { kind: string; roles?: readonly string[] }): boolean {
  if (auth.kind !== 'operator') return false;
  return role === 'super_admin' || !auth.roles?.length || auth.roles.includes(role);
}

describe.each(ADMIN_ROLES)('the membership page for %s', (role) => {
  it('shows the levels exactly when the server lets this role read them', () => {
    expect(mayReadMembership(role)).toBe(serverAllows(role, endpoints.getAdminMembership.auth));
  });

  it('offers changing the levels exactly when the server lets this role do it', () => {
    expect(mayManageMembership(role)).toBe(serverAllows(role, endpoints.updateMembership.auth));
  });

  it('is in the sidebar exactly when the role may read it', () => {
    expect(mayOpen(role, '/membership')).toBe(mayReadMembership(role));
  });
});
