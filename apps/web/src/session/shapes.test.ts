import { banner, publicUser } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { asPublicUser, isBanner } from './shapes';

const user = {
  id: 100234,
  email: 'ann@example.com',
  phone: null,
  nickname: 'Ann',
  avatarUrl: null,
  inviteCode: 'K7Q2XZ',
  creditScore: 100,
  hasSecurityPassword: false,
  demo: false,
  createdAt: '2026-03-01T10:20:30.123Z',
  identityStatus: 'verified',
};

const userCases: unknown[] = [
  user,
  { ...user, identityStatus: undefined },
  { ...user, createdAt: '2026-03-01T10:20:30Z' },
  { ...user, extra: 'dropped' },
  { ...user, id: 1.5 },
  { ...user, id: '100234' },
  { ...user, email: 7 },
  { ...user, nickname: undefined },
  { ...user, creditScore: Number.NaN },
  { ...user, hasSecurityPassword: 'yes' },
  { ...user, createdAt: 'yesterday' },
  { ...user, createdAt: '2026-03-01T10:20Z' },
  { ...user, createdAt: '2026-03-01T10:20:30+02:00' },
  { ...user, identityStatus: 'approved' },
  { ...user, inviteCode: null },
  null,
  'user',
  [user],
];

describe('asPublicUser', () => {
  it('accepts and returns exactly what the contract schema accepts and returns', () => {
    for (const value of userCases) {
      const parsed = publicUser.safeParse(value);
      expect(asPublicUser(value), JSON.stringify(value)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});

describe('isBanner', () => {
  const item = { id: 3, imageUrl: '/api/banners/images/a', title: 'Hello', link: null };
  it('agrees with the contract schema', () => {
    const cases: unknown[] = [
      item,
      { ...item, link: '/trade/detail?symbol=BTCUSDT' },
      { ...item, id: 3.5 },
      { ...item, imageUrl: undefined },
      { ...item, title: 5 },
      { ...item, link: undefined },
      null,
      [],
    ];
    for (const value of cases)
      expect(isBanner(value), JSON.stringify(value)).toBe(banner.safeParse(value).success);
  });
});
