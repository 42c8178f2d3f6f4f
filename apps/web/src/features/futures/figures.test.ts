import { describe, expect, it } from 'vitest';
import { formatPnl } from './figures';

describe('formatPnl', () => {
  it('signs profit and loss and cuts them toward zero at two places', () => {
    expect(formatPnl('12.349', 'en-US')).toBe('+12.34');
    expect(formatPnl('-1234.5', 'en-US')).toBe('-1,234.50');
    expect(formatPnl('0', 'en-US')).toBe('+0.00');
  });

  it('keeps four places below one, so a small position does not read as zero', () => {
    expect(formatPnl('-0.003812', 'en-US')).toBe('-0.0038');
    expect(formatPnl('0.5', 'en-US')).toBe('+0.50');
    expect(formatPnl('-0.00001', 'en-US')).toBe('-0.00');
  });
});
