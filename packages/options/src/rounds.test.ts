import { describe, expect, it } from 'vitest';
import { onSale, roundAt, roundOf, roundOnSale } from './rounds';

describe('rounds', () => {
  it('numbers rounds from the epoch so that a minute round opens and closes on the minute', () => {
    const round = roundAt(new Date('2026-11-27T10:15:42.500Z'), 60, 10);
    expect(round.periodNumber).toBe(Math.floor(Date.parse('2026-11-27T10:15:00Z') / 60_000));
    expect(round.openTime.toISOString()).toBe('2026-11-27T10:15:00.000Z');
    expect(round.closeTime.toISOString()).toBe('2026-11-27T10:16:00.000Z');
    expect(round.buyCutoffTime.toISOString()).toBe('2026-11-27T10:15:50.000Z');
  });

  it('sells the current round until its cutoff and the next one from the cutoff on', () => {
    const before = roundOnSale(new Date('2026-11-27T10:15:49.999Z'), 60, 10);
    const atCutoff = roundOnSale(new Date('2026-11-27T10:15:50.000Z'), 60, 10);
    expect(before.closeTime.toISOString()).toBe('2026-11-27T10:16:00.000Z');
    expect(atCutoff.periodNumber).toBe(before.periodNumber + 1);
    expect(atCutoff.closeTime.toISOString()).toBe('2026-11-27T10:17:00.000Z');
  });

  it('keeps an hour round on the hour and tells whether it is still on sale', () => {
    const round = roundOf(3600, 493_000, 60);
    expect(round.openTime.getTime()).toBe(493_000 * 3_600_000);
    expect(onSale(round, new Date(round.buyCutoffTime.getTime() - 1))).toBe(true);
    expect(onSale(round, round.buyCutoffTime)).toBe(false);
  });
});
