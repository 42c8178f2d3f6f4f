import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl';

describe('Intl formatters', () => {
  it('builds one formatter per locale and options and hands it out again', () => {
    const options = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    const first = numberFormat('de', options);
    expect(numberFormat('de', { ...options })).toBe(first);
    expect(numberFormat('de', { ...options, maximumFractionDigits: 3 })).not.toBe(first);
    expect(numberFormat('en-US', options)).not.toBe(first);
    expect(dateTimeFormat('de', { hour: '2-digit' })).toBe(dateTimeFormat('de', { hour: '2-digit' }));
    expect(relativeTimeFormat('de', { numeric: 'auto' })).toBe(relativeTimeFormat('de', { numeric: 'auto' }));
  });

  it('formats in the locale and with the options it was asked for', () => {
    expect(numberFormat('de', { minimumFractionDigits: 2 }).format(1234.5)).toBe('1.234,50');
    expect(numberFormat('en-US', { minimumFractionDigits: 2 }).format(1234.5)).toBe('1,234.50');
    expect(dateTimeFormat('en-US', { year: 'numeric', timeZone: 'UTC' }).format(new Date(0))).toBe('1970');
    expect(relativeTimeFormat('en-US', { numeric: 'auto' }).format(-1, 'day')).toBe('yesterday');
  });
});
