import { ADMIN_ROLES, type AdminRole, endpoints } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { mayOpen } from '../../app/sections';
import { mayManageMissions, mayReadMissions } from './access';

/** Whether the server lets this role call the endpoint: its roles, and super admins always. */
function serverAllows(role: AdminRole, auth: { kind: string; roles?: readonly string[] }): boolean {
  if (auth.kind !== 'operator') return false;
  return role === 'super_admin' || !auth.roles?.length || auth.roles.includes(role);
}

describe.each(ADMIN_ROLES)('the mission hall page for %s', (role) => {
  it('shows the tasks exactly when the server lets this role read them', () => {
    expect(mayReadMissions(role)).toBe(serverAllows(role, endpoints.listAdminMissions.auth));
  });

  it('offers adding and changing tasks exactly when the server lets this role do it', () => {
    for (const id of ['createMission', 'updateMission'] as const)
      expect(mayManageMissions(role), id).toBe(serverAllows(role, endpoints[id].auth));
  });

  it('is in the sidebar exactly when the role may read it', () => {
    expect(mayOpen(role, '/missions')).toBe(mayReadMissions(role));
  });
});
