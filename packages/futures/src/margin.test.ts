import { type Decimal, decimalOf, formatDecimal } from '@kestrel/money';
import { describe, expect, it } from 'vitest';
import {
  initialMargin,
  MAJOR_BRACKETS,
  maxLongAndShort,
  maxOpen,
  type OpenDraft,
  openLoss,
  orderCost,
} from './index';

const d = (text: string): Decimal => decimalOf(text);
const draft: OpenDraft = {
  side: 'long',
  price: d('50010'),
  size: d('0.3'),
  leverage: 20,
  markPrice: d('50000'),
  takerFeeRate: d('0.0005'),
};
const limits = { lotSize: d('0.001'), brackets: MAJOR_BRACKETS, places: 8 };

describe('initialMargin', () => {
  it('is the notional over the leverage, rounded up', () => {
    expect(formatDecimal(initialMargin(d('1000'), 3, 2))).toBe('333.34');
    expect(formatDecimal(initialMargin(d('1000'), 4, 2))).toBe('250.00');
  });
});

describe('openLoss', () => {
  it('charges a buy above the mark and a sell below it, and nothing otherwise', () => {
    expect(formatDecimal(openLoss('long', d('50010'), d('0.3'), d('50000')))).toBe('3.0');
    expect(formatDecimal(openLoss('short', d('49990'), d('0.3'), d('50000')))).toBe('3.0');
    expect(formatDecimal(openLoss('long', d('49990'), d('0.3'), d('50000')))).toBe('0.0');
    expect(formatDecimal(openLoss('short', d('50010'), d('0.3'), d('50000')))).toBe('0.0');
  });
});

describe('orderCost', () => {
  it('adds initial margin, open loss and the taker fee bound', () => {
    // 15,003 notional: 750.15 margin + 3 open loss + 7.5015 fee
    const cost = orderCost(draft, 8);
    expect(formatDecimal(cost.notional)).toBe('15003.0');
    expect(formatDecimal(cost.initialMargin)).toBe('750.15000000');
    expect(formatDecimal(cost.openLoss)).toBe('3.00000000');
    expect(formatDecimal(cost.fee)).toBe('7.50150000');
    expect(formatDecimal(cost.cost)).toBe('760.65150000');
  });
});

describe('maxOpen', () => {
  it('opens what the balance pays for, open loss and fee included, down to the lot', () => {
    // Per BTC: 2,500.5 margin + 10 open loss + 25.005 fee = 2,535.505; 1,000 / 2,535.505 = 0.3944…
    expect(formatDecimal(maxOpen(draft, { ...limits, available: d('1000') }))).toBe('0.394');
    // A short at 50,010 above the mark has no open loss: 1,000 / 2,525.505 = 0.3959…
    expect(formatDecimal(maxOpen({ ...draft, side: 'short' }, { ...limits, available: d('1000') }))).toBe(
      '0.395',
    );
  });

  it('stays within the brackets that allow the leverage', () => {
    // 125x is allowed up to 50,000 of notional: 0.999 BTC at 50,010, however large the balance.
    const high = { ...draft, leverage: 125 };
    expect(formatDecimal(maxOpen(high, { ...limits, available: d('1000000') }))).toBe('0.999');
  });

  it('gives the largest long and short together for the order form', () => {
    const { maxLong, maxShort } = maxLongAndShort(draft, { ...limits, available: d('1000') });
    expect([formatDecimal(maxLong), formatDecimal(maxShort)]).toEqual(['0.394', '0.395']);
  });

  it('opens nothing without a balance', () => {
    expect(formatDecimal(maxOpen(draft, { ...limits, available: d('0') }))).toBe('0');
  });
});
