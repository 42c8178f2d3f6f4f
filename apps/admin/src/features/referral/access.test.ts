import { ADMIN_ROLES, type AdminRole, endpoints } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { mayOpen } from '../../app/sections';
import { mayManageReferral, mayReadReferral } from './access';

/** Whether the server lets this role call the endpoint: its roles, and super admins always. */
function serverAllows(role: AdminRole, auth: { kind: string; roles?: readonly string[] }): boolean {
  if (auth.kind !== 'operator') return false;
  return role === 'super_admin' || !auth.roles?.length || auth.roles.includes(role);
}

describe.each(ADMIN_ROLES)('the referral page for %s', (role) => {
  it('shows the settings and commissions exactly when the server lets this role read them', () => {
    expect(mayReadReferral(role)).toBe(serverAllows(role, endpoints.getAdminReferral.auth));
  });

  it('offers changing the settings exactly when the server lets this role do it', () => {
    expect(mayManageReferral(role)).toBe(serverAllows(role, endpoints.updateReferralSettings.auth));
  });

  it('is in the sidebar exactly when the role may read it', () => {
    expect(mayOpen(role, '/referral')).toBe(mayReadReferral(role));
  });
});
