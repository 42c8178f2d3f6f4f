import { describe, expect, it } from 'vitest';
import { claimByOf, cycleOf, statusOf } from './mission-rules';

const at = (text: string) => new Date(text);

describe('mission cycles', () => {
  it('runs a once task over its whole window', () => {
    const task = { repeat: 'once' as const, startsAt: at('2030-01-01T00:00:00Z'), endsAt: null };
    expect(cycleOf(task, at('2030-05-05T12:00:00Z'))).toEqual({
      start: at('2030-01-01T00:00:00Z'),
      end: null,
    });
  });

  it('starts a daily cycle at midnight UTC, never before the task starts nor ending after it ends', () => {
    const task = {
      repeat: 'daily' as const,
      startsAt: at('2030-03-04T15:00:00Z'),
      endsAt: at('2030-03-06T12:00:00Z'),
    };
    expect(cycleOf(task, at('2030-03-04T18:00:00Z'))).toEqual({
      start: at('2030-03-04T15:00:00Z'),
      end: at('2030-03-05T00:00:00Z'),
    });
    expect(cycleOf(task, at('2030-03-06T08:00:00Z'))).toEqual({
      start: at('2030-03-06T00:00:00Z'),
      end: at('2030-03-06T12:00:00Z'),
    });
    // After its end, the last cycle stays the one shown.
    expect(cycleOf(task, at('2030-03-09T08:00:00Z'))).toEqual({
      start: at('2030-03-06T00:00:00Z'),
      end: at('2030-03-06T12:00:00Z'),
    });
  });

  it('starts a weekly cycle on Monday 00:00 UTC, a Sunday still being the week before', () => {
    const task = { repeat: 'weekly' as const, startsAt: at('2030-01-01T00:00:00Z'), endsAt: null };
    // 2030-03-10 is a Sunday, 2030-03-11 a Monday.
    expect(cycleOf(task, at('2030-03-10T23:59:59Z')).start).toEqual(at('2030-03-04T00:00:00Z'));
    expect(cycleOf(task, at('2030-03-11T00:00:00Z'))).toEqual({
      start: at('2030-03-11T00:00:00Z'),
      end: at('2030-03-18T00:00:00Z'),
    });
  });

  it('ends a claim window after its hours, or with its cycle when that comes first', () => {
    const cycle = { start: at('2030-03-04T00:00:00Z'), end: at('2030-03-05T00:00:00Z') };
    expect(claimByOf(at('2030-03-04T10:00:00Z'), 2, cycle)).toEqual(at('2030-03-04T12:00:00Z'));
    expect(claimByOf(at('2030-03-04T23:00:00Z'), 2, cycle)).toEqual(at('2030-03-05T00:00:00Z'));
  });

  it('expires a cycle whose window closed unfinished, and a reward not claimed in time', () => {
    const cycle = { start: at('2030-03-04T00:00:00Z'), end: at('2030-03-05T00:00:00Z') };
    const base = { reached: false, reachedAt: null, claimedAt: null, claimHours: 2, cycle };
    expect(statusOf(base, at('2030-03-04T10:00:00Z')).status).toBe('inProgress');
    expect(statusOf(base, at('2030-03-05T00:00:00Z')).status).toBe('expired');
    const reached = { ...base, reached: true, reachedAt: at('2030-03-04T10:00:00Z') };
    expect(statusOf(reached, at('2030-03-04T12:00:00Z'))).toEqual({
      status: 'claimable',
      claimBy: at('2030-03-04T12:00:00Z'),
    });
    expect(statusOf(reached, at('2030-03-04T12:00:01Z')).status).toBe('expired');
    expect(
      statusOf({ ...reached, claimedAt: at('2030-03-04T11:00:00Z') }, at('2030-03-06T00:00:00Z')).status,
    ).toBe('claimed');
  });
});
