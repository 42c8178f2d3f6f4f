import { endpoints, type MembershipLevel, type MembershipView } from '@kestrel/contract';

/*
 * A fake membership centre for the membership screen's tests: it answers the contract's getMembership from the
 * view a test sets. The app's client checks the answer against the contract's schema.
 */

export const LEVELS: MembershipLevel[] = [
  { level: 0, minVolume: '0', minHoldings: '0', makerDiscount: '0', takerDiscount: '0' },
  { level: 1, minVolume: '100000', minHoldings: '10000', makerDiscount: '0.1', takerDiscount: '0.05' },
  { level: 2, minVolume: '1000000', minHoldings: '100000', makerDiscount: '0.2', takerDiscount: '0.1' },
  { level: 3, minVolume: '5000000', minHoldings: '500000', makerDiscount: '0.3', takerDiscount: '0.15' },
];

/** A VIP 1 member a quarter of the way to VIP 2 by volume and 40 % by holdings, after a snapshot. */
export function membership(changes: Partial<MembershipView> = {}): MembershipView {
  return {
    level: 1,
    qualifiedLevel: 1,
    keptUntil: null,
    volume30d: '250000',
    holdings: '40000',
    snapshotAt: '2026-03-14T12:00:00.000Z',
    next: { level: 2, volumeNeeded: '750000', holdingsNeeded: '60000' },
    levels: LEVELS,
    graceDays: 30,
    ...changes,
  };
}

export type FakeMembershipCentre = { view: MembershipView; reads: number };

export function fakeMembershipCentre(view: MembershipView = membership()): FakeMembershipCentre {
  return { view, reads: 0 };
}

/** The centre's answer to one request, or null for a path that is not the centre's. */
export function answerMembership(centre: FakeMembershipCentre, url: URL): Response | null {
  if (url.pathname !== endpoints.getMembership.path) return null;
  centre.reads += 1;
  return new Response(JSON.stringify({ code: 0, msg: 'ok', data: centre.view }), { status: 200 });
}
