import { describe, expect, it } from 'vitest';
import { landingPath, mayOpen, sectionsFor } from './sections';

describe('the sections of each role', () => {
  it.each([
    ['super_admin', ['users', 'outbox', 'audit', 'admins', 'security']],
    ['support', ['users', 'outbox', 'security']],
    ['reviewer', ['home', 'security']],
    ['content', ['home', 'security']],
  ] as const)('gives %s exactly %j', (role, expected) => {
    expect(sectionsFor(role).map((section) => section.id)).toEqual(expected);
  });

  it('lands support and super admins on the users and the others on their home page', () => {
    expect(landingPath('super_admin')).toBe('/users');
    expect(landingPath('support')).toBe('/users');
    expect(landingPath('reviewer')).toBe('/home');
    expect(landingPath('content')).toBe('/home');
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

  it('does not mistake a path that merely starts with a section name for that section', () => {
    expect(mayOpen('support', '/usersettings')).toBe(false);
  });
});
