import { describe, expect, it } from 'vitest';
import { adminOptionProductBody, placeOptionOrderBody } from './options';

const period = { seconds: 60, payoutRate: '0.85', minStake: '10', maxStake: '10000', buyCutoffSeconds: 10 };
const settings = (periods: unknown[]) => ({
  periods,
  maxOpenOrders: 20,
  maxDailyLoss: '50000',
  open: true,
  reason: 'Tuning the payout',
});
const accepted = (periods: unknown[]) => adminOptionProductBody.safeParse(settings(periods)).success;

describe("an option product's settings", () => {
  it('take periods whose buying closes inside the round and whose stakes form a range', () => {
    expect(accepted([period, { ...period, seconds: 300, buyCutoffSeconds: 299 }])).toBe(true);
    expect(accepted([{ ...period, minStake: '10', maxStake: '10.00' }])).toBe(true);
  });

  it('refuse a cutoff as long as the round, a smallest stake above the largest, and a period twice', () => {
    expect(accepted([{ ...period, buyCutoffSeconds: 60 }])).toBe(false);
    expect(accepted([{ ...period, minStake: '10.5', maxStake: '10.25' }])).toBe(false);
    expect(accepted([{ ...period, minStake: '100', maxStake: '99.999' }])).toBe(false);
    expect(accepted([period, { ...period, payoutRate: '0.8' }])).toBe(false);
  });
});

describe('buying an option', () => {
  it('names its product, period, direction and an amount, with the round seen optional', () => {
    const body = { productId: '1', periodSeconds: 60, direction: 'up', amount: '10' };
    expect(placeOptionOrderBody.safeParse(body).success).toBe(true);
    expect(placeOptionOrderBody.safeParse({ ...body, periodNumber: 29_413_000 }).success).toBe(true);
    expect(placeOptionOrderBody.safeParse({ ...body, direction: 'sideways' }).success).toBe(false);
    expect(placeOptionOrderBody.safeParse({ ...body, periodSeconds: 30 }).success).toBe(false);
    expect(placeOptionOrderBody.safeParse({ ...body, amount: '-1' }).success).toBe(false);
  });
});
