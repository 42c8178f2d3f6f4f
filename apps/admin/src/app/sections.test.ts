import { describe, expect, it } from 'vitest';
import { landingPath, mayOpen, sectionsFor } from './sections';

describe('the sections of each role', () => {
  it.each([
    [
      'super_admin',
      [
        'users',
        'identity',
        'bankCards',
        'cryptoWallets',
        'deposits',
        'withdrawals',
        'adjustments',
        'adjustmentProposals',
        'ledger',
        'assets',
        'markets',
        'perpetuals',
        'options',
        'swap',
        'earn',
        'missions',
        'membership',
        'referral',
        'demo',
        'supportDesk',
        'cannedReplies',
        'outbox',
        'announcements',
        'banners',
        'content',
        'menus',
        'audit',
        'admins',
        'security',
      ],
    ],
    [
      'support',
      [
        'users',
        'adjustments',
        'adjustmentProposals',
        'options',
        'swap',
        'earn',
        'missions',
        'membership',
        'referral',
        'demo',
        'supportDesk',
        'cannedReplies',
        'outbox',
        'security',
      ],
    ],
    [
      'reviewer',
      [
        'identity',
        'bankCards',
        'cryptoWallets',
        'deposits',
        'withdrawals',
        'adjustmentProposals',
        'ledger',
        'options',
        'swap',
        'earn',
        'missions',
        'membership',
        'referral',
        'demo',
        'security',
      ],
    ],
    ['content', ['announcements', 'banners', 'content', 'menus', 'missions', 'security']],
    ['agent', ['supportDesk', 'cannedReplies', 'security']],
  ] as const)('gives %s exactly %j', (role, expected) => {
    expect(sectionsFor(role).map((section) => section.id)).toEqual(expected);
  });

  it('lands support and super admins on the users, reviewers on their queue and content on announcements', () => {
    expect(landingPath('super_admin')).toBe('/users');
    expect(landingPath('support')).toBe('/users');
    expect(landingPath('reviewer')).toBe('/identity');
    expect(landingPath('content')).toBe('/announcements');
    expect(landingPath('agent')).toBe('/support');
  });

  it('lets support open a user detail but not the audit log or the admins', () => {
    expect(mayOpen('support', '/users/42')).toBe(true);
    expect(mayOpen('support', '/audit')).toBe(false);
    expect(mayOpen('support', '/admins')).toBe(false);
  });

  it('keeps reviewers away from user data they have no role for', () => {
    expect(mayOpen('reviewer', '/users')).toBe(false);
    expect(mayOpen('reviewer', '/outbox')).toBe(false);
    expect(mayOpen('reviewer', '/security')).toBe(true);
  });

  it('opens identity submissions to reviewers and super admins only', () => {
    expect(mayOpen('reviewer', '/identity/7')).toBe(true);
    expect(mayOpen('super_admin', '/identity/7')).toBe(true);
    expect(mayOpen('support', '/identity')).toBe(false);
    expect(mayOpen('content', '/identity/7')).toBe(false);
  });

  it('opens announcements to content editors and super admins only', () => {
    expect(mayOpen('content', '/announcements')).toBe(true);
    expect(mayOpen('super_admin', '/announcements')).toBe(true);
    expect(mayOpen('support', '/announcements')).toBe(false);
    expect(mayOpen('reviewer', '/announcements')).toBe(false);
    expect(mayOpen('content', '/users')).toBe(false);
  });

  it('opens adjustments to support and super admins, and the ledger check to reviewers and super admins', () => {
    expect(mayOpen('support', '/adjustments')).toBe(true);
    expect(mayOpen('reviewer', '/adjustments')).toBe(false);
    expect(mayOpen('reviewer', '/adjustment-proposals')).toBe(true);
    expect(mayOpen('content', '/adjustment-proposals')).toBe(false);
    expect(mayOpen('reviewer', '/ledger')).toBe(true);
    expect(mayOpen('support', '/ledger')).toBe(false);
    expect(mayOpen('content', '/ledger')).toBe(false);
  });

  it('opens the swap desk to those who handle its orders, not to content editors', () => {
    expect(mayOpen('support', '/swap')).toBe(true);
    expect(mayOpen('reviewer', '/swap')).toBe(true);
    expect(mayOpen('super_admin', '/swap')).toBe(true);
    expect(mayOpen('content', '/swap')).toBe(false);
  });

  it('opens the growth pages to the roles that read them, and the mission hall to content editors too', () => {
    for (const path of ['/earn', '/membership', '/referral']) {
      expect(mayOpen('support', path)).toBe(true);
      expect(mayOpen('reviewer', path)).toBe(true);
      expect(mayOpen('content', path)).toBe(false);
    }
    expect(mayOpen('content', '/missions')).toBe(true);
  });

  it('does not mistake a path that merely starts with a section name for that section', () => {
    expect(mayOpen('support', '/usersettings')).toBe(false);
  });
});
