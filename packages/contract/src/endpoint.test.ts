import { describe, expect, expectTypeOf, it } from 'vitest';
import type { EndpointData, EndpointInput } from './endpoint';
import { pathOf } from './endpoint';
import { endpoints } from './endpoints';

describe('an endpoint entry', () => {
  it('builds the path of a call from its parameters, encoded', () => {
    expect(pathOf(endpoints.getMarket, { symbol: 'BTCUSDT' })).toBe('/api/markets/BTCUSDT');
    expect(pathOf(endpoints.cancelSpotOrder, { id: '12' })).toBe('/api/spot/orders/12/cancel');
    expect(pathOf(endpoints.getUpload, { id: 'a/b' })).toBe('/api/uploads/a%2Fb');
    expect(pathOf(endpoints.getWalletBalances)).toBe('/api/wallet/balances');
  });

  it('gives a client the input and the data of a call', () => {
    expectTypeOf<EndpointInput<typeof endpoints.transferFunds>['body']>().toEqualTypeOf<{
      from: 'spot' | 'futures';
      to: 'spot' | 'futures';
      asset: string;
      amount: string;
    }>();
    expectTypeOf<EndpointInput<typeof endpoints.getMarket>['params']>().toEqualTypeOf<{ symbol: string }>();
    expectTypeOf<EndpointData<typeof endpoints.getWalletBalances>>().toHaveProperty('balances');
    expectTypeOf<EndpointData<typeof endpoints.getUpload>>().toEqualTypeOf<Uint8Array>();
  });
});
