import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { deposit, ledgerOf } from '../ledger/test-ledger';

let app: TestApp;

beforeAll(async () => {
  // The book here is the test's own: the market maker's quotes would take the other side first.
  app = await createTestApp({ env: { MARKET_MAKER: 'off' } });
});
afterAll(async () => {
  await app?.close();
});

async function funded(account: string, funds: Record<string, string>) {
  const { token, user } = await registerAccount(app, account);
  for (const [asset, amount] of Object.entries(funds)) await deposit(ledgerOf(app), user.id, asset, amount);
  return token;
}

async function placeOrder(token: string, body: Record<string, unknown>, key?: string) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/spot/orders',
    payload: { symbol: 'BTCUSDT', ...body },
    headers: { authorization: token, ...(key ? { 'idempotency-key': key } : {}), 'think-lang': 'en-US' },
  });
  return { status: response.statusCode, body: response.json() };
}

describe('spot orders over HTTP', () => {
  it('answers a placed sell as a sale, never as a purchase, and an order that did not trade as such', async () => {
    const seller = await funded('answers@spot.test', { BTC: '1' });

    const sell = await placeOrder(seller, { side: 'sell', type: 'limit', price: '990000', size: '0.01' });
    expect(sell.body).toMatchObject({
      code: 0,
      msg: 'Sale successful',
      data: { side: 'sell', status: 'open' },
    });

    const unfilled = await placeOrder(seller, {
      side: 'sell',
      type: 'limit',
      price: '990000',
      size: '0.01',
      timeInForce: 'IOC',
    });
    expect(unfilled.body).toMatchObject({
      code: 0,
      msg: 'Nothing could be filled at once, so the order was cancelled',
      data: { status: 'cancelled' },
    });
  });

  it('places, lists, fills, and cancels orders, with the public book and trades agreeing', async () => {
    const buyer = await funded('buyer@spot.test', { USDT: '1000' });
    const seller = await funded('seller@spot.test', { BTC: '1' });

    const bid = await placeOrder(
      buyer,
      { side: 'buy', type: 'limit', price: '1000', size: '0.1' },
      'bid-key-1',
    );
    expect(bid.status).toBe(200);
    expect(bid.body).toMatchObject({ code: 0, msg: 'Purchase successful', data: { status: 'open' } });
    const replay = await placeOrder(
      buyer,
      { side: 'buy', type: 'limit', price: '1000', size: '0.1' },
      'bid-key-1',
    );
    expect(replay.body.data.id).toBe(bid.body.data.id);

    const depth = await callApi(app, 'GET', '/api/markets/BTCUSDT/depth?levels=5');
    expect(depth.body.data.bids).toEqual([['1000.00', '0.10000']]);

    const ask = await placeOrder(seller, { side: 'sell', type: 'limit', price: '1000', size: '0.04' });
    expect(ask.body.data).toMatchObject({ status: 'filled', filledTotal: '40.000000' });

    const trades = await callApi(app, 'GET', '/api/markets/BTCUSDT/trades');
    expect(trades.body.data.items[0]).toMatchObject({ price: '1000.00', size: '0.04000', side: 'sell' });
    const latest = await callApi(app, 'GET', '/api/markets/trades/latest');
    expect(latest.body.data.items[0]).toMatchObject({ symbol: 'BTCUSDT', price: '1000.00' });

    const open = await callApi(app, 'GET', '/api/spot/orders?state=open', { token: buyer });
    expect(open.body.data.items).toEqual([expect.objectContaining({ status: 'partially_filled' })]);
    const mine = await callApi(app, 'GET', '/api/spot/trades', { token: seller });
    expect(mine.body.data.items).toEqual([
      expect.objectContaining({ side: 'sell', role: 'taker', feeAsset: 'USDT' }),
    ]);

    const records = await callApi(app, 'GET', '/api/wallet/records?type=trade', { token: seller });
    expect(records.body.data.items.map((item: { asset: string }) => item.asset).sort()).toEqual([
      'BTC',
      'USDT',
    ]);

    const other = await callApi(app, 'POST', `/api/spot/orders/${bid.body.data.id}/cancel`, {
      token: seller,
    });
    expect(other.status).toBe(404);
    const cancelled = await callApi(app, 'POST', `/api/spot/orders/${bid.body.data.id}/cancel`, {
      token: buyer,
    });
    expect(cancelled.body).toMatchObject({ msg: 'Cancel success', data: { status: 'cancelled' } });
    const all = await callApi(app, 'POST', '/api/spot/orders/cancel-all', { token: buyer, body: {} });
    expect(all.body.data).toEqual({ cancelled: 0 });
  });

  it('answers "credit is running low" and the market rules as translated errors', async () => {
    const poor = await funded('poor@spot.test', { USDT: '10' });
    const low = await placeOrder(poor, { side: 'buy', type: 'limit', price: '1000', size: '0.1' });
    expect(low.status).toBe(400);
    expect(low.body.code).toBe(6001);
    const tick = await placeOrder(poor, { side: 'buy', type: 'limit', price: '1000.001', size: '0.001' });
    expect(tick.body).toMatchObject({ code: 7102, msg: 'The price must be a multiple of 0.01' });
    const bySize = await placeOrder(poor, { side: 'buy', type: 'market', size: '0.001' });
    expect(bySize.body.code).toBe(7106);
    const unknown = await placeOrder(poor, {
      symbol: 'NOPEUSDT',
      side: 'buy',
      type: 'limit',
      price: '1',
      size: '1',
    });
    expect(unknown.status).toBe(404);
  });
});
