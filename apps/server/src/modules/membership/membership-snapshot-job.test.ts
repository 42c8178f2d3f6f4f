import { describe, expect, it } from 'vitest';
import type { Role } from '../../cluster/leadership';
import { MEMBERSHIP_SNAPSHOT_JOB, MembershipSnapshotJob } from './membership-snapshot-job';

/** A membership service that records the snapshots asked of it. */
function serviceWith(lastSnapshotAt: Date | null) {
  const taken: Date[] = [];
  return {
    taken,
    service: {
      lastSnapshotAt: async () => lastSnapshotAt,
      snapshot: async (at?: Date) => {
        taken.push(at as Date);
        return 0;
      },
    },
  };
}

const leadership = () => {
  const roles = new Map<string, Role>();
  return { roles, contend: (name: string, role: Role) => roles.set(name, role) };
};

describe('the daily membership snapshot job', () => {
  it('contends for its own job name, so that one node runs it', () => {
    const leader = leadership();
    const sut = new MembershipSnapshotJob({ service: serviceWith(null).service, leadership: leader });
    sut.start();
    expect([...leader.roles.keys()]).toEqual([MEMBERSHIP_SNAPSHOT_JOB]);
  });

  it('snapshots once a UTC day: not again the same day, again the next', async () => {
    const now = new Date('2026-11-27T23:59:00Z');
    const sameDay = serviceWith(new Date('2026-11-27T00:01:00Z'));
    const job = new MembershipSnapshotJob({
      service: sameDay.service,
      leadership: leadership(),
      now: () => now,
    });
    expect(await job.runIfDue()).toBe(false);
    expect(sameDay.taken).toEqual([]);

    const dayBefore = serviceWith(new Date('2026-11-26T23:59:00Z'));
    const next = new MembershipSnapshotJob({
      service: dayBefore.service,
      leadership: leadership(),
      now: () => now,
    });
    expect(await next.runIfDue()).toBe(true);
    expect(dayBefore.taken).toEqual([now]);
  });

  it('takes the first snapshot when none ran before', async () => {
    const now = new Date('2026-11-27T08:00:00Z');
    const never = serviceWith(null);
    const job = new MembershipSnapshotJob({
      service: never.service,
      leadership: leadership(),
      now: () => now,
    });
    expect(await job.runIfDue()).toBe(true);
    expect(never.taken).toEqual([now]);
  });
});
