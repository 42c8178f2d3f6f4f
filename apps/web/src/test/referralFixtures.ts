import {
  endpoints,
  type ReferralOverview,
  type referralCommission,
  type referralInvitee,
} from '@kestrel/contract';
import type { z } from 'zod';

/*
 * A fake referral desk for the share screen's tests: it answers the contract's referral endpoints from the state a
 * test sets and reads every query with the contract's own schemas. The app's client checks every answer.
 */

export type ReferralInvitee = z.infer<typeof referralInvitee>;
export type ReferralCommission = z.infer<typeof referralCommission>;

export function invitee(n: number, changes: Partial<ReferralInvitee> = {}): ReferralInvitee {
  return {
    account: `f***${n}@example.com`,
    joinedAt: new Date(Date.UTC(2026, 10, 20, 12, 0, 0) - n * 3_600_000).toISOString(),
    verified: n % 2 === 0,
    commission: n % 2 === 0 ? [{ asset: 'USDT', amount: '1.250000' }] : [],
    ...changes,
  };
}

export function commission(n: number, changes: Partial<ReferralCommission> = {}): ReferralCommission {
  return {
    id: String(500 + n),
    source: n % 2 === 0 ? 'spot' : 'futures',
    asset: 'USDT',
    fee: '5.000000',
    amount: '1.000000',
    invitee: 'f***2@example.com',
    feePaidAt: '2026-11-26T10:00:00.000Z',
    creditedAt: '2026-11-26T10:05:00.000Z',
    ...changes,
  };
}

export type FakeReferralDesk = {
  overview: ReferralOverview;
  invitees: ReferralInvitee[];
  commissions: ReferralCommission[];
  pageSize: number;
  pagesAsked: { list: 'invitees' | 'commissions'; query: URLSearchParams }[];
};

export function fakeReferralDesk(): FakeReferralDesk {
  return {
    overview: {
      inviteCode: 'KESTREL7',
      commissionRate: '0.2',
      invitees: 3,
      verifiedInvitees: 1,
      earned: [{ asset: 'USDT', amount: '12.500000' }],
      earnedValue: '12.50',
    },
    invitees: [invitee(1), invitee(2), invitee(3)],
    commissions: [commission(1), commission(2)],
    pageSize: 20,
    pagesAsked: [],
  };
}

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: 0, msg: 'ok', data }));
}

function page<Item>(
  desk: FakeReferralDesk,
  items: Item[],
  key: (item: Item) => string,
  query: { cursor?: string | undefined; limit: number },
) {
  const start = query.cursor ? items.findIndex((item) => key(item) === query.cursor) + 1 : 0;
  const shown = items.slice(start, start + Math.min(query.limit, desk.pageSize));
  const last = shown.at(-1);
  const more = start + shown.length < items.length;
  return envelope({ items: shown, next: more && last !== undefined ? key(last) : null });
}

/** The desk's answer to one request, or null for a path that is not the desk's. */
export function answerReferral(
  desk: FakeReferralDesk,
  url: URL,
  init: RequestInit | undefined,
): Response | null {
  if ((init?.method ?? 'GET') !== 'GET') return null;
  const params = Object.fromEntries(url.searchParams);
  if (url.pathname === endpoints.getReferral.path) return envelope(desk.overview);
  if (url.pathname === endpoints.listReferralInvitees.path) {
    desk.pagesAsked.push({ list: 'invitees', query: url.searchParams });
    const query = endpoints.listReferralInvitees.query.parse(params);
    // A cursor names the last invitee shown by the hour they joined, as an opaque token would.
    return page(desk, desk.invitees, (item) => String(Date.parse(item.joinedAt)), query);
  }
  if (url.pathname === endpoints.listReferralCommissions.path) {
    desk.pagesAsked.push({ list: 'commissions', query: url.searchParams });
    const query = endpoints.listReferralCommissions.query.parse(params);
    return page(desk, desk.commissions, (item) => item.id, query);
  }
  return null;
}
