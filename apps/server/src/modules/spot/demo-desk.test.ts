import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rowsOf } from '../../db/rows';
import { startDemo } from '../demo/test-demo';
import { deposit, ledgerOf } from '../ledger/test-ledger';

let sut: TestApp;
/** Real accounts whose orders a test leaves in the book, cancelled after it. */
const reals: string[] = [];
let demoIps = 0;

beforeAll(async () => {
  // The book here is the test's own: the market maker's quotes would be in it.
  sut = await createTestApp({ env: { MARKET_MAKER: 'off' } });
});
afterEach(async () => {
  for (const token of reals.splice(0))
    await callApi(sut, 'POST', '/api/spot/orders/cancel-all', { token, body: {} });
});
afterAll(async () => {
  await sut?.close();
});

async function real(account: string, funds: Record<string, string>) {
  const { token, user } = await registerAccount(sut, account);
  for (const [asset, amount] of Object.entries(funds)) await deposit(ledgerOf(sut), user.id, asset, amount);
  reals.push(token);
  return token;
}

async function demo() {
  demoIps += 1;
  return (await startDemo(sut, `10.8.0.${demoIps}`)).token;
}

async function place(token: string, body: Record<string, unknown>) {
  const answer = await callApi(sut, 'POST', '/api/spot/orders', {
    token,
    body: { symbol: 'BTCUSDT', ...body },
  });
  expect(answer.body.code, answer.body.msg).toBe(0);
  return answer.body.data;
}

async function depth() {
  return (await callApi(sut, 'GET', '/api/markets/BTCUSDT/depth?levels=50')).body.data;
}

async function balances(token: string) {
  const answer = await callApi(sut, 'GET', '/api/wallet/balances', { token });
  const rows = answer.body.data.balances as {
    account: string;
    asset: string;
    available: string;
    frozen: string;
  }[];
  return Object.fromEntries(
    rows
      .filter((row) => row.account === 'spot' && (Number(row.available) !== 0 || Number(row.frozen) !== 0))
      .map((row) => [row.asset, `${Number(row.available)}/${Number(row.frozen)}`]),
  );
}

async function openOrders(token: string) {
  return (await callApi(sut, 'GET', '/api/spot/orders?state=open', { token })).body.data.items;
}

async function count(table: 'spot_trades' | 'spot_orders') {
  const [row] = await rowsOf<{ count: number }>(
    sut.database.db,
    sql`select count(*)::int as count from ${sql.identifier(table)}`,
  );
  return Number(row?.count);
}

describe('demo spot trading', () => {
  it('fills a large market buy across the real asks at their prices, leaving the real book as it was', async () => {
    const seller = await real('asks@demo-spot.test', { BTC: '1' });
    await place(seller, { side: 'sell', type: 'limit', price: '1000', size: '0.01' });
    await place(seller, { side: 'sell', type: 'limit', price: '1010', size: '0.02' });
    await place(seller, { side: 'sell', type: 'limit', price: '1020', size: '0.05' });
    const book = await depth();
    const sellerBefore = await balances(seller);
    const sellerOrders = await openOrders(seller);
    const [trades, orders] = [await count('spot_trades'), await count('spot_orders')];
    const token = await demo();

    const order = await place(token, { side: 'buy', type: 'market', total: '40.4' });

    expect(order).toMatchObject({
      status: 'filled',
      filledSize: '0.04000000',
      filledTotal: '40.400000',
      averagePrice: '1010.0000',
    });
    const fills = (await callApi(sut, 'GET', '/api/spot/trades', { token })).body.data.items;
    expect(fills.map((fill: { price: string; size: string }) => [fill.price, fill.size]).reverse()).toEqual([
      ['1000.00', '0.01000'],
      ['1010.00', '0.02000'],
      ['1020.00', '0.01000'],
    ]);
    expect(fills.every((fill: { role: string }) => fill.role === 'taker')).toBe(true);
    const fees = fills.reduce((sum: number, fill: { fee: string }) => sum + Number(fill.fee), 0);
    expect(fees).toBeGreaterThan(0);
    expect(await balances(token)).toEqual({ USDT: '99959.6/0', BTC: `${0.04 - fees}/0` });
    // The real book, its trades, orders and users are untouched.
    expect(await depth()).toEqual(book);
    expect(await count('spot_trades')).toBe(trades);
    expect(await count('spot_orders')).toBe(orders);
    expect(await balances(seller)).toEqual(sellerBefore);
    expect(await openOrders(seller)).toEqual(sellerOrders);
    expect((await callApi(sut, 'GET', '/api/markets/BTCUSDT/trades')).body.data.items).toEqual([]);
  });

  it('fills a limit order at once only as far as the asks cross it, and refuses what the account cannot pay', async () => {
    const seller = await real('cross@demo-spot.test', { BTC: '1' });
    await place(seller, { side: 'sell', type: 'limit', price: '1000', size: '0.01' });
    await place(seller, { side: 'sell', type: 'limit', price: '1100', size: '0.01' });
    const token = await demo();

    const order = await place(token, { side: 'buy', type: 'limit', price: '1050', size: '0.03' });
    expect(order).toMatchObject({
      status: 'partially_filled',
      filledSize: '0.01000000',
      filledTotal: '10.000000',
    });
    // As for a real order, the reservation holds the limit price's 31.5 less what was paid until the order ends.
    expect((await balances(token)).USDT).toBe('99968.5/21.5');

    const tooBig = await callApi(sut, 'POST', '/api/spot/orders', {
      token,
      body: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', size: '1000' },
    });
    expect(tooBig.body.code).toBe(6001);
    await callApi(sut, 'POST', '/api/spot/orders/cancel-all', { token, body: {} });
  });

  it('rests a limit buy below the asks with its funds frozen, and fills it at its price as the real asks come down to it', async () => {
    const seller = await real('rest@demo-spot.test', { BTC: '1' });
    await place(seller, { side: 'sell', type: 'limit', price: '1000', size: '0.01' });
    const token = await demo();
    const order = await place(token, { side: 'buy', type: 'limit', price: '990', size: '0.02' });
    expect(order).toMatchObject({ status: 'open', filledSize: '0.00000000' });
    expect(await balances(token)).toEqual({ USDT: '99980.2/19.8' });
    await sut.app.spotDemo.cross('BTCUSDT');
    expect(await openOrders(token)).toEqual([expect.objectContaining({ id: order.id, status: 'open' })]);

    // A real ask below the demo bid: the demo order takes what it shows, at its own price, as a maker.
    const lower = await real('lower@demo-spot.test', { BTC: '1' });
    const ask = await place(lower, { side: 'sell', type: 'limit', price: '985', size: '0.008' });
    expect(ask).toMatchObject({ status: 'open' });
    await sut.app.spotDemo.cross('BTCUSDT');
    expect(await openOrders(token)).toEqual([
      expect.objectContaining({ id: order.id, status: 'partially_filled', filledSize: '0.00800000' }),
    ]);
    // The same ask is still there, but the demo order has taken it already: nothing more fills.
    await sut.app.spotDemo.cross('BTCUSDT');
    expect((await openOrders(token))[0]).toMatchObject({ filledSize: '0.00800000' });

    // More comes down to its price: the rest fills.
    await place(lower, { side: 'sell', type: 'limit', price: '990', size: '0.02' });
    await sut.app.spotDemo.cross('BTCUSDT');
    expect(await openOrders(token)).toEqual([]);
    const history = (await callApi(sut, 'GET', '/api/spot/orders?state=history', { token })).body.data.items;
    expect(history[0]).toMatchObject({ id: order.id, status: 'filled', filledTotal: '19.800000' });
    const fills = (await callApi(sut, 'GET', '/api/spot/trades', { token })).body.data.items;
    expect(fills).toEqual([
      expect.objectContaining({ price: '990.00', size: '0.01200', role: 'maker' }),
      expect.objectContaining({ price: '990.00', size: '0.00800', role: 'maker' }),
    ]);
    expect((await balances(token)).USDT).toBe('99980.2/0');
    // The real asks are as they were placed: neither the demo fills nor the demo bid touched them.
    expect((await depth()).asks.slice(0, 2)).toEqual([
      ['985.00', '0.00800'],
      ['990.00', '0.02000'],
    ]);
    expect(await openOrders(lower)).toHaveLength(2);
  });

  it('never fills a real order against a demo one', async () => {
    const token = await demo();
    await place(token, { side: 'buy', type: 'limit', price: '500', size: '0.02' });
    const seller = await real('nofill@demo-spot.test', { BTC: '1' });
    const sell = await place(seller, { side: 'sell', type: 'market', size: '0.01' });
    expect(sell).toMatchObject({ status: 'cancelled', filledSize: '0.00000000' });
    const ask = await place(seller, { side: 'sell', type: 'limit', price: '500', size: '0.01' });
    expect(ask).toMatchObject({ status: 'open', filledSize: '0.00000000' });
    expect(await balances(seller)).toEqual({ BTC: '0.99/0.01' });
    await callApi(sut, 'POST', '/api/spot/orders/cancel-all', { token, body: {} });
  });

  it('cancels one demo order and all of them, giving their funds back', async () => {
    const token = await demo();
    const first = await place(token, { side: 'buy', type: 'limit', price: '100', size: '0.1' });
    await place(token, { side: 'buy', type: 'limit', price: '200', size: '0.1' });
    await place(token, { side: 'buy', type: 'limit', price: '300', size: '0.1' });
    expect(await balances(token)).toEqual({ USDT: '99940/60' });

    const cancelled = await callApi(sut, 'POST', `/api/spot/orders/${first.id}/cancel`, { token });
    expect(cancelled.body.data).toMatchObject({ id: first.id, status: 'cancelled' });
    const again = await callApi(sut, 'POST', `/api/spot/orders/${first.id}/cancel`, { token });
    expect(again.body.code).toBe(7105);
    // Another account's order is not found, as a real one would not be.
    const other = await callApi(sut, 'POST', `/api/spot/orders/${first.id}/cancel`, { token: await demo() });
    expect(other.body.code).toBe(7101);

    const all = await callApi(sut, 'POST', '/api/spot/orders/cancel-all', { token, body: {} });
    expect(all.body.data).toEqual({ cancelled: 2 });
    expect(await openOrders(token)).toEqual([]);
    expect(await balances(token)).toEqual({ USDT: '100000/0' });
  });

  it('winds a demo account down at its reset: open orders cancelled, counted apart for the back office', async () => {
    const token = await demo();
    await place(token, { side: 'buy', type: 'limit', price: '100', size: '0.1' });
    await place(token, { side: 'buy', type: 'limit', price: '100', size: '0.2' });
    const since = new Date(Date.now() - 60_000);
    expect(await sut.app.spotDemo.placedSince(since)).toBeGreaterThanOrEqual(2);

    const reset = await callApi(sut, 'POST', '/api/user/demo/reset', { token });
    expect(reset.body.data).toMatchObject({ cancelledOrders: 2, closedPositions: 0 });
    expect(await openOrders(token)).toEqual([]);
    expect(await balances(token)).toEqual({ USDT: '100000/0' });
  });

  it('leaves the ledger check whole, every demo fill in the demo book', async () => {
    const check = await ledgerOf(sut).check();
    expect(check.problems).toEqual([]);
    const [mixed] = await rowsOf<{ count: number }>(
      sut.database.db,
      sql`select count(*)::int as count from postings p join ledger_accounts a on a.id = p.account_id
        join journal_transactions j on j.id = p.transaction_id
        where j.reference like 'spot-demo:%' and a.book <> 'demo'`,
    );
    expect(Number(mixed?.count)).toBe(0);
  });
});
