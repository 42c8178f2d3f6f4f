import { ADMIN_ROLES, type AdminRole, endpoints } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { mayOpen } from '../../app/sections';
import { mayActOnOrders, mayConfigureDesk, mayReadDesk } from './access';

/** Whether the server lets this role call the endpoint: its roles, and super admins always. */
function serverAllows(role: AdminRole, auth: { kind: string; roles?: readonly string[] }): boolean {
  if (auth.kind !== 'operator') return false;
  return role === 'super_admin' || !auth.roles?.length || auth.roles.includes(role);
}

describe.each(ADMIN_ROLES)('the swap desk for %s', (role) => {
  it('shows the orders and the desk exactly when the server lets this role read them', () => {
    for (const id of ['getSwapDesk', 'listAdminSwapOrders', 'getAdminSwapOrder'] as const)
      expect(mayReadDesk(role), id).toBe(serverAllows(role, endpoints[id].auth));
  });

  it("offers an order's actions exactly when the server lets this role take them", () => {
    for (const id of [
      'confirmSwapDeposit',
      'reviewSwapOrder',
      'approveSwapPayout',
      'sendSwapPayout',
      'sendSwapRefund',
    ] as const)
      expect(mayActOnOrders(role), id).toBe(serverAllows(role, endpoints[id].auth));
  });

  it('offers the settings, coins and pairs for editing exactly when the server lets this role change them', () => {
    for (const id of ['updateSwapSettings', 'updateSwapCoin', 'updateSwapPair'] as const)
      expect(mayConfigureDesk(role), id).toBe(serverAllows(role, endpoints[id].auth));
  });

  it('is in the sidebar exactly when the role may read the desk', () => {
    expect(mayOpen(role, '/swap')).toBe(mayReadDesk(role));
  });
});
