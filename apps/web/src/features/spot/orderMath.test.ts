import { describe, expect, it } from 'vitest';
import {
  add,
  amountForTotal,
  compareDecimals,
  decimalsOf,
  floorToStep,
  isOnStep,
  multiply,
  onTick,
  percentage,
  percentOf,
  stepPrice,
} from './orderMath';

describe('the order form arithmetic', () => {
  it('multiplies price and amount exactly, where floats would not', () => {
    expect(multiply('0.1', '0.2')).toBe('0.02');
    expect(multiply('64321.57', '0.00123')).toBe('79.1155311');
    expect(multiply('99999999999.99', '123456.789')).toBe('12345678899998765.43211');
  });

  it('turns a total into an amount rounded down to the lot', () => {
    expect(amountForTotal('100', '64321.57', '0.00001')).toBe('0.00155');
    expect(amountForTotal('79.1155311', '64321.57', '0.00001')).toBe('0.00123');
    expect(amountForTotal('10', '3', '1')).toBe('3');
    expect(amountForTotal('10', '0', '1')).toBe('0');
  });

  it('steps a price by one tick and never below one tick', () => {
    expect(stepPrice('100.00', '0.01', 1)).toBe('100.01');
    expect(stepPrice('100.01', '0.01', -1)).toBe('100.00');
    expect(onTick('64321.5', '0.01')).toBe('64321.50');
    expect(onTick('64321.567', '0.01')).toBe('64321.56');
    expect(stepPrice('100.005', '0.01', 1)).toBe('100.01');
    expect(stepPrice('0.01', '0.01', -1)).toBe('0.01');
    expect(stepPrice('', '0.5', 1)).toBe('0.5');
    expect(stepPrice('0.000012', '0.000001', -1)).toBe('0.000011');
  });

  it('takes a percentage of the available balance, down to the step', () => {
    expect(percentOf('120.500000', 25, '0.000001')).toBe('30.125');
    expect(percentOf('0.00123', 50, '0.00001')).toBe('0.00061');
    expect(percentOf('7', 100, '1')).toBe('7');
    expect(percentOf('7', 0, '1')).toBe('0');
    expect(percentOf('7', 101, '1')).toBe('0');
  });

  it('places a share of a balance on the slider', () => {
    expect(percentage('30.125', '120.5')).toBe(25);
    expect(percentage('200', '120.5')).toBe(100);
    expect(percentage('1', '0')).toBe(0);
  });

  it('checks steps and compares without rounding', () => {
    expect(isOnStep('100.25', '0.05')).toBe(true);
    expect(isOnStep('100.26', '0.05')).toBe(false);
    expect(floorToStep('0.123456', '0.0001')).toBe('0.1234');
    expect(compareDecimals('120.500000', '120.5')).toBe(0);
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(add('0.00001', '12')).toBe('12.00001');
    expect(compareDecimals('0.30000000000000001', '0.3')).toBe(1);
    expect(decimalsOf('0.00001')).toBe(5);
    expect(decimalsOf('1')).toBe(0);
  });
});
