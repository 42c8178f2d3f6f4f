import type { OrderView } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { checkDraft, type MarketRules, type OrderDraft, outcomeOf, stepOf, withPercent } from './orderForm';

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
const placedOrder: OrderView = {
  id: 'order-1',
  symbol: 'ETHUSDT',
  side: 'buy',
  type: 'limit',
  timeInForce: 'GTC',
  postOnly: false,
  price: '3300',
  size: '0.001',
  total: null,
  filledSize: '0',
  filledTotal: '0',
  averagePrice: null,
  status: 'open',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

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

describe('time in force and post-only', () => {
  const limit = draft({ price: '3300', amount: '0.002' });

  it('sends the chosen time in force with a limit order', () => {
    const check = checkDraft({ ...limit, timeInForce: 'IOC' }, rules, funds);
    expect(check.ok ? check.body : null).toMatchObject({
      type: 'limit',
      timeInForce: 'IOC',
      postOnly: false,
    });
  });

  it('sends a post-only order as good-till-cancelled whatever was chosen before', () => {
    const check = checkDraft({ ...limit, timeInForce: 'FOK', postOnly: true }, rules, funds);
    expect(check.ok ? check.body : null).toMatchObject({ timeInForce: 'GTC', postOnly: true });
  });

  it('leaves a market order without post-only', () => {
    const check = checkDraft(
      draft({ side: 'sell', type: 'market', amount: '0.25', postOnly: true, timeInForce: 'FOK' }),
      rules,
      funds,
    );
    expect(check.ok ? check.body : null).toMatchObject({ timeInForce: 'GTC', postOnly: false });
  });
});

describe('the outcome of a placed order', () => {
  const order = (overrides: Partial<OrderView>): OrderView => ({ ...placedOrder, ...overrides });

  it.each([
    [
      'a post-only order that would have crossed',
      { status: 'rejected', postOnly: true },
      'spot.notPlacedPostOnly',
    ],
    ['a fill-or-kill that could not fill', { status: 'rejected', timeInForce: 'FOK' }, 'spot.notPlacedFok'],
    [
      'an immediate-or-cancel that found nothing',
      { status: 'cancelled', timeInForce: 'IOC', filledSize: '0' },
      'spot.nothingFilled',
    ],
  ] as const)('explains %s', (_case, overrides, key) => {
    expect(outcomeOf(order(overrides))).toEqual({ key, positive: false });
  });

  it('reports a filled buy as a success', () => {
    expect(outcomeOf(order({ status: 'filled', filledSize: '0.001' }))).toEqual({
      key: 'orders.purchaseSuccessful',
      positive: true,
    });
  });
});
