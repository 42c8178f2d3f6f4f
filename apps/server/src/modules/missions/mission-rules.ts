import type { MissionRepeat, MissionStatus } from '@kestrel/contract';

/*
 * The mission hall's rules of time, pure so that tests can walk a task through its cycles with any clock.
 *
 * A cycle is the span a task counts in: a once task's whole window (its start to its end, or open-ended), a daily
 * task's UTC day, a weekly task's week from Monday 00:00 UTC; a repeated cycle never starts before the task nor
 * ends after it. A reward is claimed in the cycle it was earned in: `claimBy` is `claimHours` after the hall first
 * saw the task finished, but no later than the cycle's end (for a once task, its end date when it has one). Past
 * `claimBy` an unclaimed reward is expired; a task whose window closed unfinished is expired too.
 */

const DAY_MS = 86_400_000;

export type Cycle = { start: Date; end: Date | null };

type Timed = { repeat: MissionRepeat; startsAt: Date; endsAt: Date | null };

/** The cycle of `task` that `now` falls in (the task's first when it has not started). */
export function cycleOf(task: Timed, now: Date): Cycle {
  if (task.repeat === 'once') return { start: task.startsAt, end: task.endsAt };
  // Before its start a task shows its first cycle; after its end, its last.
  const latest = task.endsAt === null ? Number.POSITIVE_INFINITY : task.endsAt.getTime() - 1;
  const at = Math.min(Math.max(now.getTime(), task.startsAt.getTime()), latest);
  const day = Math.floor(at / DAY_MS) * DAY_MS;
  // getUTCDay: Sunday 0 … Saturday 6; a week starts on Monday.
  const periodStart = task.repeat === 'daily' ? day : day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
  const periodEnd = periodStart + (task.repeat === 'daily' ? DAY_MS : 7 * DAY_MS);
  const start = Math.max(periodStart, task.startsAt.getTime());
  const end = task.endsAt === null ? periodEnd : Math.min(periodEnd, task.endsAt.getTime());
  return { start: new Date(start), end: new Date(end) };
}

/** The last moment a reward reached at `reachedAt` is paid. */
export function claimByOf(reachedAt: Date, claimHours: number, cycle: Cycle): Date {
  const by = reachedAt.getTime() + claimHours * 3_600_000;
  return new Date(cycle.end === null ? by : Math.min(by, cycle.end.getTime()));
}

export type CycleState = {
  reached: boolean;
  reachedAt: Date | null;
  claimedAt: Date | null;
  claimHours: number;
  cycle: Cycle;
};

/** Where a user's cycle stands at `now`, and its claim deadline while it has one. */
export function statusOf(state: CycleState, now: Date): { status: MissionStatus; claimBy: Date | null } {
  if (state.claimedAt !== null) return { status: 'claimed', claimBy: null };
  if (state.reached && state.reachedAt !== null) {
    const claimBy = claimByOf(state.reachedAt, state.claimHours, state.cycle);
    return now.getTime() <= claimBy.getTime()
      ? { status: 'claimable', claimBy }
      : { status: 'expired', claimBy: null };
  }
  if (state.cycle.end !== null && now.getTime() >= state.cycle.end.getTime()) {
    return { status: 'expired', claimBy: null };
  }
  return { status: 'inProgress', claimBy: null };
}
