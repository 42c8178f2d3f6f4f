import { compareDecimals, decimalOf, formatDecimal } from '@kestrel/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CheckedOrder,
  checkOrder,
  notionalOf,
  ORDER_REFUSAL_CODES,
  type OrderDraft,
  type OrderRules,
  priceOf,
  sizeOf,
} from './index';

const btc: OrderRules = { tickSize: '0.01', lotSize: '0.00001', minNotional: '5', quoteDecimals: 6 };
const limitBuy = (price: string | undefined, size: string | undefined): OrderDraft => ({
  side: 'buy',
  type: 'limit',
  price,
  size,
});
const refusalsOf = (draft: OrderDraft, rules = btc) => {
  const check = checkOrder(rules, draft);
  return check.ok ? [] : check.refusals;
};
const orderOf = (draft: OrderDraft, rules = btc): CheckedOrder => {
  const check = checkOrder(rules, draft);
  if (!check.ok) throw new Error(`refused: ${JSON.stringify(check.refusals)}`);
  return check.order;
};

describe('checkOrder: a limit order', () => {
  it('becomes ticks and lots with its exact notional', () => {
    const order = orderOf(limitBuy('65432.10', '0.00012'));
    expect(order).toMatchObject({ type: 'limit', side: 'buy', price: 6543210, size: 12 });
    expect(order.type === 'limit' && formatDecimal(order.notional)).toBe('7.8518520');
  });

  it('reads half-typed figures as a person means them', () => {
    expect(orderOf(limitBuy('65432.', '.001'))).toMatchObject({ price: 6543200, size: 100 });
  });

  it.each([
    [undefined, 'priceMissing'],
    ['  ', 'priceMissing'],
    ['abc', 'priceInvalid'],
    ['-1', 'priceInvalid'],
    ['0', 'priceInvalid'],
    ['0.00', 'priceInvalid'],
    ['1e3', 'priceInvalid'],
    ['65432.105', 'priceOffTick'],
    ['90071992547409.92', 'priceOutOfRange'],
  ] as const)('refuses the price %j as %s', (price, reason) => {
    const [refusal] = refusalsOf(limitBuy(price, '1'));
    expect(refusal).toMatchObject({ reason, field: 'price', code: ORDER_REFUSAL_CODES[reason] });
  });

  it('accepts the largest price the engine can count, and names the tick it missed', () => {
    expect(orderOf(limitBuy('90071992547409.91', '1'))).toMatchObject({ price: Number.MAX_SAFE_INTEGER });
    expect(refusalsOf(limitBuy('100.001', '1'))).toEqual([
      { reason: 'priceOffTick', field: 'price', code: 103, tick: '0.01' },
    ]);
  });

  it.each([
    [undefined, 'sizeMissing'],
    ['', 'sizeMissing'],
    ['x', 'sizeInvalid'],
    ['0', 'sizeInvalid'],
    ['0.000015', 'sizeOffLot'],
  ] as const)('refuses the size %j as %s', (size, reason) => {
    const [refusal] = refusalsOf(limitBuy('100', size));
    expect(refusal).toMatchObject({ reason, field: 'size', code: ORDER_REFUSAL_CODES[reason] });
  });

  it('refuses a size beyond the engine range', () => {
    expect(refusalsOf(limitBuy('100', '9007199254740992'), { ...btc, lotSize: '1' })).toMatchObject([
      { reason: 'sizeOutOfRange', code: 204 },
    ]);
  });

  it('names every figure that is wrong at once, price first, and the size lot', () => {
    expect(refusalsOf(limitBuy('100.001', '0.000015'))).toEqual([
      { reason: 'priceOffTick', field: 'price', code: 103, tick: '0.01' },
      { reason: 'sizeOffLot', field: 'size', code: 203, lot: '0.00001' },
    ]);
  });

  it('holds the notional to the minimum, the minimum itself included', () => {
    expect(orderOf(limitBuy('100', '0.05'))).toMatchObject({ type: 'limit' });
    expect(refusalsOf(limitBuy('100', '0.04999'))).toEqual([
      { reason: 'belowMinNotional', field: 'size', code: 401, minimum: '5' },
    ]);
  });

  it('leaves the minimum notional until the price and size are right', () => {
    expect(refusalsOf(limitBuy('0.001', '0.00001')).map((refusal) => refusal.reason)).toEqual([
      'priceOffTick',
    ]);
  });
});

describe('checkOrder: a market sell', () => {
  const sell = (size: string, referencePrice?: string): OrderDraft => ({
    side: 'sell',
    type: 'market',
    size,
    referencePrice,
  });

  it('becomes lots, whatever price is written in the draft', () => {
    expect(orderOf({ ...sell('0.25'), price: 'ignored' })).toEqual({
      type: 'market',
      side: 'sell',
      size: 25000,
    });
  });

  it('is held to the minimum notional at the reference price', () => {
    expect(orderOf(sell('0.05', '100'))).toMatchObject({ size: 5000 });
    expect(refusalsOf(sell('0.04999', '100'))).toMatchObject([{ reason: 'belowMinNotional', field: 'size' }]);
  });

  it('has no minimum without a reference price, or with one between ticks', () => {
    expect(orderOf(sell('0.00001'))).toMatchObject({ size: 1 });
    expect(orderOf(sell('0.00001', '100.005'))).toMatchObject({ size: 1 });
  });

  it('refuses a size off the lot', () => {
    expect(refusalsOf(sell('0.000001'))).toMatchObject([{ reason: 'sizeOffLot', lot: '0.00001' }]);
  });
});

describe('checkOrder: a market buy', () => {
  const buy = (total: string | undefined): OrderDraft => ({ side: 'buy', type: 'market', total });

  it('spends its total at the quote decimals', () => {
    const order = orderOf(buy('12.5'));
    expect(order).toMatchObject({ type: 'market', side: 'buy' });
    expect(order.type === 'market' && order.side === 'buy' && order.total).toEqual({
      units: 12_500_000n,
      scale: 6,
    });
  });

  it('keeps the total as typed where the quote decimals are not known', () => {
    const { quoteDecimals: _, ...rules } = btc;
    expect(orderOf(buy('12.5000001'), rules)).toMatchObject({ total: { units: 125_000_001n, scale: 7 } });
  });

  it.each([
    [undefined, 'totalMissing'],
    ['', 'totalMissing'],
    ['0', 'totalInvalid'],
    ['1.2.3', 'totalInvalid'],
    ['12.5000000', 'totalTooPrecise'],
  ] as const)('refuses the total %j as %s', (total, reason) => {
    expect(refusalsOf(buy(total))).toMatchObject([
      { reason, field: 'total', code: ORDER_REFUSAL_CODES[reason] },
    ]);
  });

  it('names the decimals a total may have', () => {
    expect(refusalsOf(buy('5.0000001'))).toEqual([
      { reason: 'totalTooPrecise', field: 'total', code: 303, decimals: 6 },
    ]);
  });

  it('holds the total to the minimum notional and to one lot at one tick', () => {
    expect(orderOf(buy('5'))).toMatchObject({ side: 'buy' });
    expect(refusalsOf(buy('4.999999'))).toEqual([
      { reason: 'belowMinNotional', field: 'total', code: 401, minimum: '5' },
    ]);
    const coarse: OrderRules = { tickSize: '10', lotSize: '1', minNotional: '1' };
    expect(orderOf(buy('10'), coarse)).toMatchObject({ side: 'buy' });
    expect(refusalsOf(buy('9.99'), coarse)).toMatchObject([{ reason: 'belowMinNotional', minimum: '1' }]);
  });
});

describe('checkOrder: any price and size on the grid', () => {
  it('gives back the ticks and lots they were written from, refused only below the minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (ticks, lots) => {
          const check = checkOrder(btc, limitBuy(priceOf(ticks, btc.tickSize), sizeOf(lots, btc.lotSize)));
          const notional = decimalOf(notionalOf(ticks, lots, btc.tickSize, btc.lotSize));
          if (compareDecimals(notional, decimalOf(btc.minNotional)) < 0) {
            expect(check).toMatchObject({ ok: false, refusals: [{ reason: 'belowMinNotional' }] });
          } else {
            expect(check).toMatchObject({ ok: true, order: { price: ticks, size: lots } });
          }
        },
      ),
    );
  });
});

describe('refusal codes', () => {
  it('sit in named bands: price, size, spend, then the order as a whole', () => {
    for (const [reason, code] of Object.entries(ORDER_REFUSAL_CODES)) {
      const band = reason.startsWith('price')
        ? 100
        : reason.startsWith('size')
          ? 200
          : reason.startsWith('total')
            ? 300
            : 400;
      expect(Math.floor(code / 100) * 100).toBe(band);
    }
  });
});
