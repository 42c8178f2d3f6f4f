import { describe, expect, it } from 'vitest';
import {
  fitsLedger,
  formatAmount,
  formatMoney,
  formatQuantity,
  parseAmount,
  type Units,
  unitsFromNumeric,
} from './index';

describe('parseAmount', () => {
  it('reads decimal strings into exact units', () => {
    expect(parseAmount('1234.56', 4)).toBe(12345600n);
    expect(parseAmount('0.000001', 6)).toBe(1n);
    expect(parseAmount('-2.5', 2)).toBe(-250n);
    expect(parseAmount('90071992547409931234.5', 1)).toBe(900719925474099312345n);
  });

  it('refuses more decimals than the asset allows instead of rounding', () => {
    expect(parseAmount('0.123', 2)).toBeUndefined();
  });

  it('refuses an amount written with more places than the asset has, even zeros', () => {
    expect(parseAmount('0.120', 2)).toBeUndefined();
  });

  it.each(['', 'abc', '1e5', '1.', '.5', '1,000', 'NaN', '0x10'])('refuses %j', (text) => {
    expect(parseAmount(text, 8)).toBeUndefined();
  });
});

describe('formatAmount', () => {
  it('writes exactly the asset precision', () => {
    expect(formatAmount(12345600n as Units, 4)).toBe('1234.5600');
    expect(formatAmount(1n as Units, 6)).toBe('0.000001');
    expect(formatAmount(-250n as Units, 2)).toBe('-2.50');
    expect(formatAmount(42n as Units, 0)).toBe('42');
  });

  it('round-trips every amount it writes', () => {
    for (const units of [0n, 1n, 999n, 10n ** 30n + 7n, -123456789n]) {
      expect(parseAmount(formatAmount(units as Units, 8), 8)).toBe(units);
    }
  });
});

describe('formatMoney', () => {
  it('uses $ and the grouping of the locale', () => {
    expect(formatMoney('1234.5', 'en-US')).toBe('$1,234.50');
    expect(formatMoney('1234.5', 'de')).toMatch(/^1\.234,50\s\$$/);
  });

  it('writes the dollar as $ where the locale would write US$', () => {
    for (const locale of ['ar', 'ko', 'id', 'th-TH'] as const) {
      const shown = formatMoney('1234.5', locale);
      expect(shown).toContain('$');
      expect(shown).not.toContain('US');
    }
  });

  it('keeps digits beyond the range of a JS number and never rounds up', () => {
    expect(formatMoney('9007199254740993.999', 'en-US')).toBe('$9,007,199,254,740,993.99');
  });
});

describe('ledger amounts', () => {
  it('reads NUMERIC(36,18) values back into the units of the asset', () => {
    expect(unitsFromNumeric('1.500000000000000000', 6)).toBe(1_500_000n);
    expect(unitsFromNumeric('-0.000001000000000000', 6)).toBe(-1n);
    expect(unitsFromNumeric('42', 0)).toBe(42n);
    expect(unitsFromNumeric('0.000000000000000000', 8)).toBe(0n);
  });

  it('refuses a stored amount finer than its asset instead of rounding it', () => {
    expect(() => unitsFromNumeric('0.000000100000000000', 6)).toThrow();
  });

  it('knows the range NUMERIC(36,18) holds', () => {
    expect(fitsLedger((10n ** 26n - 1n) as Units, 8)).toBe(true);
    expect(fitsLedger((10n ** 26n) as Units, 8)).toBe(false);
    expect(fitsLedger(-(10n ** 26n) as Units, 8)).toBe(false);
  });
});

describe('formatQuantity', () => {
  it('drops trailing zeros and keeps every significant digit, grouped for the locale', () => {
    expect(formatQuantity('250.500000', 'en-US')).toBe('250.5');
    expect(formatQuantity('1234.000000', 'en-US')).toBe('1,234');
    expect(formatQuantity('-0.000000010000', 'en-US')).toBe('-0.00000001');
    expect(formatQuantity('1234.5', 'de')).toBe('1.234,5');
    expect(formatQuantity('123456789012345678.123456789012345678', 'en-US')).toBe(
      '123,456,789,012,345,678.123456789012345678',
    );
  });
});
