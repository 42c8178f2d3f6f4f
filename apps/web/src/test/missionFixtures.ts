import { endpoints, type MissionView } from '@kestrel/contract';

/*
 * A fake mission hall for the missions screen's tests: it answers the contract's mission endpoints from the
 * state a test sets, and records every claim with its Idempotency-Key. The app's client checks every answer
 * against the contract's schemas, so a fake that drifts from the contract fails the tests.
 */

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();

/** A task in progress, with its cycle running for another 2 hours 5 minutes; `changes` makes it any other. */
export function mission(id: string, changes: Partial<MissionView> = {}): MissionView {
  return {
    id,
    event: 'spotVolume',
    threshold: '1000',
    progress: '350',
    reward: { asset: 'USDT', amount: '5' },
    repeat: 'once',
    cycleStartsAt: at(Date.now() - 24 * HOUR),
    cycleEndsAt: at(Date.now() + 2 * HOUR + 5 * 60_000),
    status: 'inProgress',
    claimBy: null,
    claimedAt: null,
    ...changes,
  };
}

/** A finished task that may be claimed for another 30 minutes. */
export function claimableMission(id: string, changes: Partial<MissionView> = {}): MissionView {
  return mission(id, {
    progress: '1000',
    status: 'claimable',
    claimBy: at(Date.now() + 30 * 60_000),
    ...changes,
  });
}

export type FakeMissionHall = {
  missions: MissionView[];
  identityVerified: boolean;
  /** Every claim sent: the task and its Idempotency-Key. */
  claims: { id: string; key: string | null }[];
  /** How many times the list was read. */
  reads: number;
};

export function fakeMissionHall(missions: MissionView[] = []): FakeMissionHall {
  return { missions, identityVerified: true, claims: [], reads: 0 };
}

function envelope(data: unknown, code = 0, msg = 'ok', status = code === 0 ? 200 : 400) {
  return new Response(JSON.stringify({ code, msg, data }), { status });
}

/** The hall's answer to one request, or null for a path that is not the hall's. */
export function answerMissions(
  hall: FakeMissionHall,
  url: URL,
  init: RequestInit | undefined,
): Response | null {
  const method = init?.method ?? 'GET';
  if (url.pathname === endpoints.listMissions.path && method === endpoints.listMissions.method) {
    hall.reads += 1;
    return envelope({ items: hall.missions, identityVerified: hall.identityVerified });
  }
  const claim = new RegExp(`^${endpoints.claimMission.path.replace(':id', '([^/]+)')}$`).exec(url.pathname);
  if (claim?.[1] && method === endpoints.claimMission.method) {
    const id = decodeURIComponent(claim[1]);
    hall.claims.push({ id, key: new Headers(init?.headers).get('Idempotency-Key') });
    const found = hall.missions.find((each) => each.id === id);
    if (found?.status !== 'claimable') return envelope(null, 400, 'This reward cannot be claimed');
    const claimed: MissionView = { ...found, status: 'claimed', claimBy: null, claimedAt: at(Date.now()) };
    hall.missions = hall.missions.map((each) => (each.id === id ? claimed : each));
    return envelope(claimed);
  }
  return null;
}
