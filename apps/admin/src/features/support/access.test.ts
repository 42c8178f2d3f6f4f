import { ADMIN_ROLES, type AdminRole, endpoints } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { mayOpen } from '../../app/sections';
import { mayUseSupportDesk } from './access';

/** Whether the server lets this role call the endpoint: its roles, and super admins always. */
function serverAllows(role: AdminRole, auth: { kind: string; roles?: readonly string[] }): boolean {
  if (auth.kind !== 'operator') return false;
  return role === 'super_admin' || !auth.roles?.length || auth.roles.includes(role);
}

const DESK = [
  'listInbox',
  'getInboxConversation',
  'listInboxMessages',
  'replyToConversation',
  'markInboxMessages',
  'assignConversation',
  'closeConversation',
  'listConversationNotes',
  'addConversationNote',
  'getAdminSupportImage',
] as const;
const CANNED = ['listCannedReplies', 'createCannedReply', 'updateCannedReply', 'deleteCannedReply'] as const;

describe.each(ADMIN_ROLES)('the support desk for %s', (role) => {
  it('opens the inbox exactly when the server lets this role use every call it makes', () => {
    for (const id of DESK) expect(mayUseSupportDesk(role), id).toBe(serverAllows(role, endpoints[id].auth));
  });

  it('opens the canned replies exactly when the server lets this role manage them', () => {
    for (const id of CANNED) expect(mayUseSupportDesk(role), id).toBe(serverAllows(role, endpoints[id].auth));
  });

  it('has both pages in the sidebar exactly when the role may use them', () => {
    expect(mayOpen(role, '/support')).toBe(mayUseSupportDesk(role));
    expect(mayOpen(role, '/canned-replies')).toBe(mayUseSupportDesk(role));
  });
});
