import { describe, expect, it } from 'vitest';
import { formatCountdown, formatTimeLeft, secondsUntil } from './countdown';

describe('countdowns', () => {
  it('count whole seconds up to a moment, never below zero', () => {
    const now = new Date('2026-01-01T00:00:00.000Z');
    expect(secondsUntil(new Date('2026-01-01T00:00:01.200Z'), now)).toBe(2);
    expect(secondsUntil(new Date('2025-12-31T23:59:00.000Z'), now)).toBe(0);
  });

  it('read as minutes and seconds under an hour, with the hours beyond', () => {
    expect(formatCountdown(299, 'en-US')).toBe('04:59');
    expect(formatCountdown(3_725, 'en-US')).toBe('1:02:05');
  });

  it('read in days and hours from a day on', () => {
    expect(formatTimeLeft(3_725, 'en-US')).toBe('1:02:05');
    expect(formatTimeLeft(3 * 86_400 + 4 * 3_600 + 59, 'en-US')).toBe('3d 4h');
    expect(formatTimeLeft(2 * 86_400 + 120, 'en-US')).toBe('2d');
  });
});
