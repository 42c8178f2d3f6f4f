import { describe, expect, it } from 'vitest';
import { placeOptionOrderBody } from './options';

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
