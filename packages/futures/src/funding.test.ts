import { type Decimal, decimalOf, formatDecimal, formatShortest } from '@kestrel/money';
import { describe, expect, it } from 'vitest';
import {
  averagePremium,
  DEFAULT_FUNDING_RULES,
  fundingPayment,
  fundingRate,
  impactMarginNotional,
  impactPrice,
  premiumIndex,
  settleFunding,
} from './index';

const d = (text: string): Decimal => decimalOf(text);
const rate = (premium: string, hours = 8) =>
  formatDecimal(fundingRate(d(premium), { ...DEFAULT_FUNDING_RULES, intervalHours: hours }));

describe('fundingRate', () => {
  it('equals the interest while the premium is within 0.05% of it', () => {
    expect(rate('0.0003')).toBe('0.00010000');
    expect(rate('-0.0002')).toBe('0.00010000');
  });

  it('keeps the premium less the clamp beyond it', () => {
    // 0.001 + clamp(0.0001 − 0.001 = −0.0009) = 0.001 − 0.0005
    expect(rate('0.001')).toBe('0.00050000');
    // −0.002 + clamp(0.0021) = −0.002 + 0.0005
    expect(rate('-0.002')).toBe('-0.00150000');
  });

  it("is capped at the market's cap and floor", () => {
    expect(rate('0.01')).toBe('0.00750000');
    expect(rate('-0.05')).toBe('-0.00750000');
  });

  it('scales by N/8 for an interval of N hours', () => {
    expect(rate('0.001', 4)).toBe('0.00025000');
    expect(rate('0.0003', 1)).toBe('0.00001250');
  });
});

describe('premium index', () => {
  it('is (max(0, impact bid − index) − max(0, index − impact ask)) / index', () => {
    expect(formatDecimal(premiumIndex(d('50100'), d('50120'), d('50000')))).toBe('0.00200000');
    expect(formatDecimal(premiumIndex(d('49900'), d('49950'), d('50000')))).toBe('-0.00100000');
    expect(formatDecimal(premiumIndex(d('49990'), d('50010'), d('50000')))).toBe('0.00000000');
  });

  it('counts a side without an impact price as no premium', () => {
    expect(formatDecimal(premiumIndex(null, d('49950'), d('50000')))).toBe('-0.00100000');
  });

  it('averages the samples time-weighted as Binance does: sample i weighs i', () => {
    // (1 × 0.0003 + 2 × 0.0006 + 3 × 0.0009) / 6 = 0.0007
    expect(formatDecimal(averagePremium([d('0.0003'), d('0.0006'), d('0.0009')]))).toBe('0.00070000');
    expect(formatShortest(averagePremium([]))).toBe('0');
  });
});

describe('impact prices', () => {
  it('uses 200 USDT of margin at the maximum leverage', () => {
    expect(formatDecimal(impactMarginNotional(125))).toBe('25000');
  });

  it('is the average fill price of the notional walked through the levels', () => {
    const asks = [
      { price: d('50000'), size: d('0.1') },
      { price: d('50010'), size: d('0.2') },
      { price: d('50020'), size: d('1') },
    ];
    // 5,000 at 50,000 (0.1) and 5,000 at 50,010 (0.09998…): 10,000 / 0.19998000399920016 = 50,004.9995…
    expect(formatDecimal(impactPrice(asks, d('10000')) ?? d('0'))).toBe('50004.999500049994992500');
    expect(impactPrice(asks, d('1000000'))).toBeNull();
  });
});

describe('funding payments', () => {
  it('makes longs pay shorts on a positive rate, each rounded against its holder', () => {
    // 0.3 × 50,000.3 × 0.00012345 = 1.851761…
    expect(formatDecimal(fundingPayment('long', d('0.3'), d('50000.3'), d('0.00012345'), 2))).toBe('-1.86');
    expect(formatDecimal(fundingPayment('short', d('0.3'), d('50000.3'), d('0.00012345'), 2))).toBe('1.85');
    expect(formatDecimal(fundingPayment('long', d('0.3'), d('50000.3'), d('-0.00012345'), 2))).toBe('1.85');
  });

  it('reports the remainder the rounding leaves for the rounding account', () => {
    const { payments, remainder } = settleFunding(
      [
        { id: 'a', side: 'long', size: d('0.3') },
        { id: 'b', side: 'short', size: d('0.3') },
      ],
      d('50000.3'),
      d('0.00012345'),
      2,
    );
    expect(payments.map((payment) => formatDecimal(payment.amount))).toEqual(['-1.86', '1.85']);
    expect(formatDecimal(remainder)).toBe('0.01');
  });
});
