import { defineEndpoint, operator, USER } from '../endpoint';
import { adminMembership, adminMembershipBody, membershipView } from '../membership';

/* The membership centre: VIP levels, their fee discounts and each user's level from the daily snapshot. */
export const membershipEndpoints = {
  getMembership: defineEndpoint({
    operationId: 'getMembership',
    method: 'GET',
    path: '/api/membership',
    tag: 'membership',
    summary:
      'Your level, the figures behind it, what the next level needs and the table of levels and discounts',
    auth: USER,
    response: membershipView,
  }),
  getAdminMembership: defineEndpoint({
    operationId: 'getAdminMembership',
    method: 'GET',
    path: '/api/admin/membership',
    tag: 'admin',
    summary: 'The levels, the grace period and how many members each level has',
    auth: operator('super_admin', 'reviewer', 'support'),
    response: adminMembership,
  }),
  updateMembership: defineEndpoint({
    operationId: 'updateMembership',
    method: 'PUT',
    path: '/api/admin/membership',
    tag: 'admin',
    summary: 'Replace the table of levels and the grace period; levels apply from the next snapshot',
    auth: operator('super_admin'),
    body: adminMembershipBody,
    response: adminMembership,
  }),
};
