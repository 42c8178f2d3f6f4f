import { describe, expect, it } from 'vitest';
import { formatUsd } from './usd';

describe('a $ figure', () => {
  it('drops the cents of whole dollars and keeps them otherwise, in the reader’s locale', () => {
    expect(formatUsd('1000', 'en-US')).toBe('$1,000');
    expect(formatUsd('1000.00', 'en-US')).toBe('$1,000');
    expect(formatUsd('1234.5', 'en-US')).toBe('$1,234.50');
    expect(formatUsd('1000', 'de')).toBe('1.000\u00a0$');
  });
});
