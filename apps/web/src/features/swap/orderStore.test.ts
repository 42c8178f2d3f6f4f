import { afterEach, describe, expect, it } from 'vitest';
import { HELD_SWAP_ORDERS_MAX, heldSwapOrders, holdSwapOrder, secretOf } from './orderStore';

afterEach(() => localStorage.clear());

const id = (n: number) => `0000000000${String(n).padStart(6, '0')}`;

describe('the swap orders this device holds', () => {
  it('keeps each new order first, with its secret', () => {
    holdSwapOrder({ id: id(1), secret: 'secret-one-123456' });
    holdSwapOrder({ id: id(2), secret: 'secret-two-123456' });
    expect(heldSwapOrders().map((order) => order.id)).toEqual([id(2), id(1)]);
    expect(secretOf(id(1))).toBe('secret-one-123456');
    expect(secretOf(id(3))).toBeUndefined();
  });

  it(`forgets the oldest beyond ${HELD_SWAP_ORDERS_MAX}`, () => {
    for (let n = 1; n <= HELD_SWAP_ORDERS_MAX + 2; n += 1) holdSwapOrder({ id: id(n), secret: `s-${n}` });
    const held = heldSwapOrders();
    expect(held).toHaveLength(HELD_SWAP_ORDERS_MAX);
    expect(held[0]?.id).toBe(id(HELD_SWAP_ORDERS_MAX + 2));
    expect(held.some((order) => order.id === id(1))).toBe(false);
  });

  it('survives a damaged list', () => {
    localStorage.setItem('swapOrders', '{not json');
    expect(heldSwapOrders()).toEqual([]);
    localStorage.setItem('swapOrders', JSON.stringify([{ id: id(1), secret: 's' }, { id: 5 }]));
    expect(heldSwapOrders()).toEqual([{ id: id(1), secret: 's' }]);
  });
});
