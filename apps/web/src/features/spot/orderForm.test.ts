import { describe, expect, it } from 'vitest';
import { checkDraft, type MarketRules, type OrderDraft, stepOf, withPercent } from './orderForm';

const rules: MarketRules = {
  symbol: 'ETHUSDT',
  base: 'ETH',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.0001',
  minNotional: '5',
};
const funds = { base: '0.50000000', quote: '20.000000' };
const draft = (overrides: Partial<OrderDraft>): OrderDraft => ({
  side: 'buy',
  type: 'limit',
  price: '',
  amount: '',
  total: '',
  timeInForce: 'GTC',
  postOnly: false,
  ...overrides,
});

describe('an order draft', () => {
  it('becomes a market sell by size', () => {
    expect(checkDraft(draft({ side: 'sell', type: 'market', amount: '0.25' }), rules, funds)).toEqual({
      ok: true,
      body: {
        symbol: 'ETHUSDT',
        side: 'sell',
        type: 'market',
        size: '0.25',
        timeInForce: 'GTC',
        postOnly: false,
      },
    });
  });

  it('refuses to sell more than the available base asset', () => {
    const check = checkDraft(draft({ side: 'sell', type: 'market', amount: '0.6' }), rules, funds);
    expect(check).toEqual({
      ok: false,
      errors: { amount: { key: 'money.errors.insufficientBalance' } },
      insufficient: true,
    });
  });

  it('refuses a limit price off the tick', () => {
    const check = checkDraft(draft({ price: '3300.005', amount: '0.01' }), rules, funds);
    expect(check.ok ? null : check.errors.price).toEqual({
      key: 'orders.errors.priceNotOnTick',
      params: { tick: '0.01' },
    });
  });

  it('spends a share of the quote on a market buy, down to the wallet step', () => {
    const next = withPercent(draft({ type: 'market' }), 75, rules, { base: '0', quote: '20.000001' });
    expect(next.total).toBe('15');
    expect(stepOf('20.000001')).toBe('0.000001');
    expect(stepOf('7')).toBe('1');
  });
});
