import { type Decimal, decimalOf, formatDecimal, formatShortest } from '@kestrel/money';
import { describe, expect, it } from 'vitest';
import {
  ALT_BRACKETS,
  bracketFor,
  MAJOR_BRACKETS,
  maintenanceAmountsOf,
  maintenanceMargin,
  maxLeverageFor,
  notionalLimitAt,
} from './index';

const d = (text: string): Decimal => decimalOf(text);
const amounts = (brackets: typeof MAJOR_BRACKETS) => brackets.map((b) => formatShortest(b.maintenanceAmount));

describe('maintenance amounts', () => {
  it("derives Binance's published BTCUSDT maintenance amounts from the rates", () => {
    expect(amounts(MAJOR_BRACKETS)).toEqual([
      '0',
      '50',
      '1300',
      '16300',
      '266300',
      '1266300',
      '2516300',
      '5016300',
      '25016300',
      '100016300',
    ]);
  });

  it("derives Binance's published 75x alt maintenance amounts from the rates", () => {
    expect(amounts(ALT_BRACKETS)).toEqual(['0', '35', '535', '8035', '58035', '108035', '233035', '1233035']);
  });

  it("matches the docs' level example: 250,000 × (1% − 0.5%) + 50 = 1,300", () => {
    const [first, second, third] = maintenanceAmountsOf([
      { notionalFloor: d('0'), notionalCap: d('50000'), maxLeverage: 125, maintenanceMarginRate: d('0.004') },
      {
        notionalFloor: d('50000'),
        notionalCap: d('250000'),
        maxLeverage: 100,
        maintenanceMarginRate: d('0.005'),
      },
      {
        notionalFloor: d('250000'),
        notionalCap: d('1000000'),
        maxLeverage: 50,
        maintenanceMarginRate: d('0.01'),
      },
    ]);
    expect(formatDecimal(first?.maintenanceAmount ?? d('-1'))).toBe('0');
    expect(formatDecimal(second?.maintenanceAmount ?? d('-1'))).toBe('50.000');
    expect(formatShortest(third?.maintenanceAmount ?? d('-1'))).toBe('1300');
  });

  it('keeps the maintenance margin continuous where one bracket meets the next', () => {
    for (const [index, bracket] of MAJOR_BRACKETS.entries()) {
      const next = MAJOR_BRACKETS[index + 1];
      if (!next) continue;
      const cap = bracket.notionalCap;
      const below = formatShortest(maintenanceMargin(cap, MAJOR_BRACKETS));
      const above = formatShortest(maintenanceMargin(cap, [next]));
      expect(above).toBe(below);
    }
  });
});

describe('bracketFor', () => {
  it("finds the docs' examples: 264,000 USDT at 1%, 500,000 USDT with 1,300 maintenance amount", () => {
    expect(formatDecimal(bracketFor(MAJOR_BRACKETS, d('264000')).maintenanceMarginRate)).toBe('0.01');
    expect(formatShortest(bracketFor(MAJOR_BRACKETS, d('500000')).maintenanceAmount)).toBe('1300');
  });

  it('counts a notional at a cap in the lower bracket and one above the last cap in the last', () => {
    expect(bracketFor(MAJOR_BRACKETS, d('50000')).maxLeverage).toBe(125);
    expect(bracketFor(MAJOR_BRACKETS, d('50000.01')).maxLeverage).toBe(100);
    expect(bracketFor(MAJOR_BRACKETS, d('900000000')).maxLeverage).toBe(1);
  });
});

describe('maintenanceMargin', () => {
  it('is notional × rate − maintenance amount of its bracket', () => {
    expect(formatDecimal(maintenanceMargin(d('40000'), MAJOR_BRACKETS))).toBe('160.000');
    expect(formatShortest(maintenanceMargin(d('500000'), MAJOR_BRACKETS))).toBe('3700');
  });
});

describe('leverage limits', () => {
  it('allows the bracket leverage up to its cap and none beyond the last cap', () => {
    expect(maxLeverageFor(MAJOR_BRACKETS, d('1000'))).toBe(125);
    expect(maxLeverageFor(MAJOR_BRACKETS, d('260000'))).toBe(50);
    expect(maxLeverageFor(MAJOR_BRACKETS, d('500000001'))).toBe(0);
  });

  it('finds the largest notional a leverage may reach', () => {
    expect(formatDecimal(notionalLimitAt(MAJOR_BRACKETS, 125))).toBe('50000');
    expect(formatDecimal(notionalLimitAt(MAJOR_BRACKETS, 20))).toBe('10000000');
    expect(formatDecimal(notionalLimitAt(MAJOR_BRACKETS, 126))).toBe('0');
  });
});
