import type { OptionPeriod } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import {
  expectedProfitOf,
  formatPayoutRate,
  formatPeriod,
  maxStakeOf,
  productName,
  quickAmounts,
  roundShown,
} from './figures';

/** The 1-minute round 29,000,000 (buying closes 10 seconds before its close), as the server names it. */
const period: OptionPeriod = {
  seconds: 60,
  periodSeconds: 60,
  periodNumber: 29_000_000,
  openTime: new Date(29_000_000 * 60_000).toISOString(),
  closeTime: new Date(29_000_001 * 60_000).toISOString(),
  buyCutoffTime: new Date(29_000_001 * 60_000 - 10_000).toISOString(),
  buyCutoffSeconds: 10,
  payoutRate: '0.85',
  minStake: '10',
  maxStake: '1000',
};

describe('the round on sale', () => {
  it("is the server's round while buying for it is open", () => {
    const round = roundShown(period, new Date(29_000_000 * 60_000 + 30_000));
    expect(round.periodNumber).toBe(29_000_000);
    expect(round.buyCutoffTime.toISOString()).toBe(period.buyCutoffTime);
  });

  it('rolls on to the next round at the cutoff, by the same numbering, before any push', () => {
    const round = roundShown(period, new Date(29_000_001 * 60_000 - 10_000));
    expect(round.periodNumber).toBe(29_000_001);
    expect(round.closeTime.getTime()).toBe(29_000_002 * 60_000);
  });
});

describe('the figures of the buy screen', () => {
  it('expects a win to pay stake × rate, rounded down to the asset', () => {
    expect(expectedProfitOf('100', '0.85', 6)).toBe('85.000000');
    expect(expectedProfitOf('0.000003', '0.85', 6)).toBe('0.000002');
    expect(expectedProfitOf('', '0.85', 6)).toBeNull();
    expect(expectedProfitOf('.5', '0.85', 6)).toBeNull();
  });

  it('offers round quick amounts within the bounds, and the max as the smaller of the maximum and the balance', () => {
    expect(quickAmounts('10', '1000')).toEqual(['10', '20', '50', '100']);
    expect(quickAmounts('150', '300')).toEqual(['200']);
    expect(quickAmounts('3.5', '4')).toEqual(['3.5']);
    expect(maxStakeOf('1000.000000', '250.500000')).toBe('250.5');
    expect(maxStakeOf('1000', '5000.000000')).toBe('1000');
  });

  it('writes periods and rates as the locale does', () => {
    expect(formatPeriod(60, 'en-US')).toBe('1m');
    expect(formatPeriod(900, 'en-US')).toBe('15m');
    expect(formatPeriod(3600, 'en-US')).toBe('1h');
    expect(formatPayoutRate('0.85', 'en-US')).toBe('85%');
    expect(formatPayoutRate('0.875', 'en-US')).toBe('87.5%');
  });

  it('names a product by its market without the stake asset', () => {
    expect(productName({ symbol: 'BTCUSDT', asset: 'USDT' })).toBe('BTC');
    expect(productName({ symbol: 'USDT', asset: 'USDT' })).toBe('USDT');
  });
});
