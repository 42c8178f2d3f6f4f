import { defineEndpoint, operator, USER } from '../endpoint';
import {
  adminReferral,
  referralCommissionPage,
  referralCommissionsQuery,
  referralInviteePage,
  referralInviteesQuery,
  referralOverview,
  referralSettingsBody,
} from '../referral';

/* Referral: the invitation code, invitees and the commissions their fees earn. */
export const referralEndpoints = {
  getReferral: defineEndpoint({
    operationId: 'getReferral',
    method: 'GET',
    path: '/api/referral',
    tag: 'referral',
    summary: 'Your invitation code, the commission rate, how many you invited and what you earned',
    auth: USER,
    response: referralOverview,
  }),
  listReferralInvitees: defineEndpoint({
    operationId: 'listReferralInvitees',
    method: 'GET',
    path: '/api/referral/invitees',
    tag: 'referral',
    summary: 'The people who registered with your code, masked, newest first, with what each earned you',
    auth: USER,
    query: referralInviteesQuery,
    response: referralInviteePage,
  }),
  listReferralCommissions: defineEndpoint({
    operationId: 'listReferralCommissions',
    method: 'GET',
    path: '/api/referral/commissions',
    tag: 'referral',
    summary: 'Commissions credited to you, one per fee, newest first',
    auth: USER,
    query: referralCommissionsQuery,
    response: referralCommissionPage,
  }),
  getAdminReferral: defineEndpoint({
    operationId: 'getAdminReferral',
    method: 'GET',
    path: '/api/admin/referral',
    tag: 'admin',
    summary: 'The commission rate, the batch interval and what has been credited',
    auth: operator('super_admin', 'reviewer', 'support'),
    response: adminReferral,
  }),
  updateReferralSettings: defineEndpoint({
    operationId: 'updateReferralSettings',
    method: 'PUT',
    path: '/api/admin/referral',
    tag: 'admin',
    summary: 'Change the commission rate (for fees paid from now on) and the batch interval',
    auth: operator('super_admin'),
    body: referralSettingsBody,
    response: adminReferral,
  }),
};
