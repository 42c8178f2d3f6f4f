import { decimalOf, formatDecimal, formatShortest } from '@kestrel/money';
import { describe, expect, it } from 'vitest';
import { rateOf, receiveFor, refundOf, sendFor, significant, spreadAmountOf } from './swap-pricing';

const d = decimalOf;

describe('the desk arithmetic', () => {
  it('takes the spread from the index ratio and keeps eight significant digits, rounded down', () => {
    expect(formatShortest(rateOf('1', '3300', '0.005'))).toBe('0.00030151515');
    expect(formatShortest(rateOf('95000', '1', '0.005'))).toBe('94525');
    expect(formatShortest(rateOf('0.25', '95000', '0'))).toBe('0.0000026315789');
    // Whole units are never cut: a rate above 10^8 keeps them all.
    expect(formatShortest(significant(d('123456789.987'), 8))).toBe('123456789');
  });

  it('floors what arrives and ceils what to send, at each asset places', () => {
    const rate = d('0.00030151515');
    const receive = receiveFor(d('1000'), rate, d('0.002'), 8);
    expect(receive && formatDecimal(receive)).toBe('0.29951515');
    expect(formatDecimal(sendFor(d('0.29951515'), rate, d('0.002'), 6))).toBe('1000.000000');
    expect(receiveFor(d('1'), rate, d('0.002'), 8)).toBeUndefined();
  });

  it('takes the desk share of a deposit, and refunds it less the sending network fee', () => {
    expect(formatDecimal(spreadAmountOf(d('999.999999'), d('0.005'), 6))).toBe('4.999999');
    const refund = refundOf(d('999'), d('1'), 6);
    expect([formatDecimal(refund.refund), formatDecimal(refund.fee)]).toEqual(['998.000000', '1.000000']);
    const small = refundOf(d('0.5'), d('1'), 6);
    expect([formatDecimal(small.refund), formatDecimal(small.fee)]).toEqual(['0.000000', '0.500000']);
  });
});
