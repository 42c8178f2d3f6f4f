import { describe, expect, it } from 'vitest';
import { checkAmount } from './index';

const withdrawal = { precision: 6, min: '10.000000', max: '100000.000000', available: '250.000000' };

describe('checkAmount', () => {
  it('accepts an amount within every bound, and nothing typed yet', () => {
    expect(checkAmount('250', withdrawal)).toBeNull();
    expect(checkAmount('10.5', withdrawal)).toBeNull();
    expect(checkAmount('', withdrawal)).toBeNull();
  });

  it('names the first rule an amount breaks, with its figure', () => {
    expect(checkAmount('9.999999', withdrawal)).toEqual({ kind: 'belowMinimum', limit: '10.000000' });
    expect(checkAmount('100000.000001', withdrawal)).toEqual({
      kind: 'aboveMaximum',
      limit: '100000.000000',
    });
    expect(checkAmount('250.000001', withdrawal)).toEqual({ kind: 'aboveAvailable', limit: '250.000000' });
    expect(checkAmount('10.1234567', withdrawal)).toEqual({ kind: 'tooManyDecimals', decimals: 6 });
    expect(checkAmount('1.2.3', withdrawal)).toEqual({ kind: 'invalid' });
  });

  it('applies only the bounds given, and refuses zero', () => {
    expect(checkAmount('0', { precision: 2 })).toEqual({ kind: 'invalid' });
    expect(checkAmount('12.', { precision: 2, available: '12.00' })).toBeNull();
    expect(checkAmount('12.01', { precision: 2, available: '12.00' })).toEqual({
      kind: 'aboveAvailable',
      limit: '12.00',
    });
  });
});
