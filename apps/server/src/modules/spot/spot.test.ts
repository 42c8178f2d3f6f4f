import { type PlaceOrderBody, placeOrderBody } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { LedgerService } from '../ledger/ledger.service';
import { balanceOf, createUsers, deposit } from '../ledger/test-ledger';
import type { SpotOrdersService } from './spot-orders.service';
import { type FakeMarkets, type RecordingPublisher, spotServiceOf } from './test-spot';

let app: TestApp;
let sut: SpotOrdersService;
let ledger: LedgerService;
let markets: FakeMarkets;
let publisher: RecordingPublisher;

beforeAll(async () => {
  app = await createTestApp();
  ({ sut, ledger, markets, publisher } = await spotServiceOf(app));
});
afterAll(async () => {
  await sut?.stop();
  await app?.close();
});

let references = 0;
function order(body: Partial<PlaceOrderBody> & Pick<PlaceOrderBody, 'side' | 'type'>): PlaceOrderBody {
  return placeOrderBody.parse({ symbol: 'BTCUSDT', ...body });
}
function place(userId: number, body: Partial<PlaceOrderBody> & Pick<PlaceOrderBody, 'side' | 'type'>) {
  references += 1;
  return sut.place(userId, order(body), `test-order-${references}`);
}

async function trader(funds: Record<string, string>) {
  const [user = 0] = await createUsers(app, 1);
  for (const [asset, amount] of Object.entries(funds)) await deposit(ledger, user, asset, amount);
  return user;
}

const spot = (user: number, asset: string) => balanceOf(ledger, user, 'spot', asset);

async function feesHeld(asset: string) {
  const report = await ledger.check();
  return report.systemPositions.find((row) => row.account === 'fees' && row.asset === asset)?.amount ?? '0';
}

async function expectLedgerOk() {
  const report = await ledger.check();
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}

/** Clears the book between cases so that each starts from no resting orders. */
async function clearBook(...users: number[]) {
  for (const user of users) await sut.cancelAll(user);
}

describe('limit orders', () => {
  it('rests a limit buy that crosses nothing, with price times size frozen', async () => {
    const buyer = await trader({ USDT: '1000' });
    const view = await place(buyer, { side: 'buy', type: 'limit', price: '50000', size: '0.01' });
    expect(view).toMatchObject({
      status: 'open',
      price: '50000.00',
      size: '0.01000',
      filledSize: '0.00000000',
    });
    expect(await spot(buyer, 'USDT')).toEqual({ available: '500.000000', frozen: '500.000000' });
    expect((await sut.depth('BTCUSDT', 5)).bids).toEqual([['50000.00', '0.01000']]);
    expect(publisher.private.some((entry) => entry.userId === buyer && entry.channel === 'orders')).toBe(
      true,
    );
    await clearBook(buyer);
    await expectLedgerOk();
  });

  it('fills a crossing sell at the resting price, fees to the fee account in what each side receives', async () => {
    const buyer = await trader({ USDT: '1000' });
    const seller = await trader({ BTC: '1' });
    const feesUsdt = Number(await feesHeld('USDT'));
    const feesBtc = Number(await feesHeld('BTC'));
    const resting = await place(buyer, { side: 'buy', type: 'limit', price: '50000', size: '0.01' });
    const taker = await place(seller, { side: 'sell', type: 'limit', price: '49000', size: '0.004' });

    expect(taker).toMatchObject({ status: 'filled', filledSize: '0.00400000', filledTotal: '200.000000' });
    expect(taker.averagePrice).toBe('50000.0000');
    // The seller is the taker: 0.2 % of 200 USDT. The buyer is the maker: 0.1 % of 0.004 BTC.
    expect(await spot(seller, 'USDT')).toEqual({ available: '199.600000', frozen: '0.000000' });
    expect(await spot(seller, 'BTC')).toEqual({ available: '0.99600000', frozen: '0.00000000' });
    expect(await spot(buyer, 'BTC')).toEqual({ available: '0.00399600', frozen: '0.00000000' });
    expect(await spot(buyer, 'USDT')).toEqual({ available: '500.000000', frozen: '300.000000' });
    expect(Number(await feesHeld('USDT')) - feesUsdt).toBeCloseTo(0.4, 9);
    expect(Number(await feesHeld('BTC')) - feesBtc).toBeCloseTo(0.000004, 12);

    const [open] = await sut.openOrders(buyer);
    expect(open).toMatchObject({ id: resting.id, status: 'partially_filled', filledSize: '0.00400000' });
    expect(markets.recorded.at(-1)).toEqual({ symbol: 'BTCUSDT', price: '50000.00', size: '0.00400' });
    const trades = publisher.published.filter((entry) => entry.channel === 'trades:BTCUSDT');
    expect(trades.at(-1)?.data).toEqual([expect.objectContaining({ price: '50000.00', side: 'sell' })]);

    const mine = await sut.trades(buyer, { limit: 10 });
    expect(mine.items).toEqual([
      expect.objectContaining({
        side: 'buy',
        role: 'maker',
        fee: '0.00000400',
        feeAsset: 'BTC',
        total: '200.000000',
      }),
    ]);
    await clearBook(buyer);
    // The cancel gives back exactly what the fills did not take.
    expect(await spot(buyer, 'USDT')).toEqual({ available: '800.000000', frozen: '0.000000' });
    await expectLedgerOk();
  });

  it('publishes new balances to a trader who follows them, and to no one else', async () => {
    const buyer = await trader({ USDT: '1000' });
    const seller = await trader({ BTC: '1' });
    publisher.followers = new Set([buyer]);
    try {
      await place(seller, { side: 'sell', type: 'limit', price: '50000', size: '0.01' });
      await place(buyer, { side: 'buy', type: 'limit', price: '50000', size: '0.01' });
      const btc = await spot(buyer, 'BTC');
      await vi.waitFor(() =>
        expect(
          publisher.private.some(
            (entry) =>
              entry.userId === buyer &&
              entry.channel === 'balances' &&
              (entry.data as Array<{ asset: string; available: string }>).some(
                (balance) => balance.asset === 'BTC' && balance.available === btc.available,
              ),
          ),
        ).toBe(true),
      );
      expect(btc.available).toBe('0.00998000');
      expect(publisher.private.some((entry) => entry.userId === seller && entry.channel === 'balances')).toBe(
        false,
      );
    } finally {
      publisher.followers = undefined;
    }
    await expectLedgerOk();
  });

  it('gives back the price improvement of a buy filled below its limit', async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({ USDT: '1000' });
    await place(seller, { side: 'sell', type: 'limit', price: '40000', size: '0.01' });
    const view = await place(buyer, { side: 'buy', type: 'limit', price: '50000', size: '0.01' });
    expect(view.status).toBe('filled');
    expect(await spot(buyer, 'USDT')).toEqual({ available: '600.000000', frozen: '0.000000' });
    await expectLedgerOk();
  });

  it('cancels an open order and gives its funds back; a second cancel is refused', async () => {
    const seller = await trader({ BTC: '1' });
    const view = await place(seller, { side: 'sell', type: 'limit', price: '70000', size: '0.5' });
    expect(await spot(seller, 'BTC')).toEqual({ available: '0.50000000', frozen: '0.50000000' });
    const cancelled = await sut.cancel(seller, view.id);
    expect(cancelled.status).toBe('cancelled');
    expect(await spot(seller, 'BTC')).toEqual({ available: '1.00000000', frozen: '0.00000000' });
    await expect(sut.cancel(seller, view.id)).rejects.toMatchObject({ reason: 'orderNotCancellable' });
    const history = await sut.orders(seller, { state: 'history', limit: 10 });
    expect(history.items.map((item) => item.id)).toContain(view.id);
    await expectLedgerOk();
  });

  it("answers 404 for another user's order and leaves it alone", async () => {
    const owner = await trader({ BTC: '1' });
    const other = await trader({ BTC: '1' });
    const view = await place(owner, { side: 'sell', type: 'limit', price: '70000', size: '0.1' });
    await expect(sut.cancel(other, view.id)).rejects.toMatchObject({ reason: 'orderNotFound' });
    await expect(sut.cancel(other, '999999999')).rejects.toMatchObject({ reason: 'orderNotFound' });
    expect((await sut.openOrders(owner)).map((item) => item.id)).toEqual([view.id]);
    await clearBook(owner);
  });
});

describe('market orders and time in force', () => {
  it('fills a market buy by total against the book and ends it filled when the budget is spent', async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({ USDT: '1000' });
    await place(seller, { side: 'sell', type: 'limit', price: '51000', size: '0.01' });
    const view = await place(buyer, { side: 'buy', type: 'market', total: '255' });
    expect(view).toMatchObject({
      status: 'filled',
      filledSize: '0.00500000',
      filledTotal: '255.000000',
      total: '255.000000',
    });
    expect(await spot(buyer, 'USDT')).toEqual({ available: '745.000000', frozen: '0.000000' });
    expect(await spot(buyer, 'BTC')).toEqual({ available: '0.00499000', frozen: '0.00000000' });
    await clearBook(seller);
    await expectLedgerOk();
  });

  it('sells at market what the book takes and gives back the rest', async () => {
    const buyer = await trader({ USDT: '1000' });
    const seller = await trader({ BTC: '1' });
    await place(buyer, { side: 'buy', type: 'limit', price: '49000', size: '0.002' });
    const view = await place(seller, { side: 'sell', type: 'market', size: '0.005' });
    expect(view).toMatchObject({ status: 'cancelled', filledSize: '0.00200000' });
    expect(await spot(seller, 'BTC')).toEqual({ available: '0.99800000', frozen: '0.00000000' });
    await expectLedgerOk();
  });

  it('refuses a market buy by size', async () => {
    const buyer = await trader({ USDT: '1000' });
    await expect(place(buyer, { side: 'buy', type: 'market', size: '0.01' })).rejects.toMatchObject({
      reason: 'orderMarketBuyBySize',
    });
  });

  it('cancels the rest of an IOC order after its fills', async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({ USDT: '1000' });
    await place(seller, { side: 'sell', type: 'limit', price: '50000', size: '0.001' });
    const view = await place(buyer, {
      side: 'buy',
      type: 'limit',
      price: '50000',
      size: '0.003',
      timeInForce: 'IOC',
    });
    expect(view).toMatchObject({ status: 'cancelled', filledSize: '0.00100000' });
    expect(await spot(buyer, 'USDT')).toEqual({ available: '950.000000', frozen: '0.000000' });
    expect(await sut.openOrders(buyer)).toEqual([]);
    await expectLedgerOk();
  });

  it('rejects a FOK order the book cannot fill whole, and a post-only order that would take', async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({ USDT: '1000' });
    await place(seller, { side: 'sell', type: 'limit', price: '50000', size: '0.001' });
    const fok = await place(buyer, {
      side: 'buy',
      type: 'limit',
      price: '50000',
      size: '0.002',
      timeInForce: 'FOK',
    });
    expect(fok).toMatchObject({ status: 'rejected', filledSize: '0.00000000' });
    const postOnly = await place(buyer, {
      side: 'buy',
      type: 'limit',
      price: '50000',
      size: '0.001',
      postOnly: true,
    });
    expect(postOnly.status).toBe('rejected');
    expect(await spot(buyer, 'USDT')).toEqual({ available: '1000.000000', frozen: '0.000000' });
    const resting = await place(buyer, {
      side: 'buy',
      type: 'limit',
      price: '49000',
      size: '0.001',
      postOnly: true,
    });
    expect(resting.status).toBe('open');
    await clearBook(seller, buyer);
    await expectLedgerOk();
  });

  it("does not trade a user's order against their own resting order", async () => {
    const user = await trader({ USDT: '1000', BTC: '1' });
    const resting = await place(user, { side: 'sell', type: 'limit', price: '50000', size: '0.001' });
    const taker = await place(user, { side: 'buy', type: 'limit', price: '50000', size: '0.001' });
    expect(taker.status).toBe('cancelled');
    expect((await sut.openOrders(user)).map((item) => item.id)).toEqual([resting.id]);
    await clearBook(user);
    await expectLedgerOk();
  });
});

describe('refusals', () => {
  it('refuses an order above the available balance with insufficientBalance and stores nothing', async () => {
    const buyer = await trader({ USDT: '100' });
    await expect(
      place(buyer, { side: 'buy', type: 'limit', price: '50000', size: '0.01' }),
    ).rejects.toMatchObject({
      reason: 'insufficientBalance',
      code: 6001,
    });
    expect(await sut.orders(buyer, { state: 'history', limit: 10 })).toEqual({ items: [], next: null });
    expect(await spot(buyer, 'USDT')).toEqual({ available: '100.000000', frozen: '0.000000' });
  });

  it('refuses orders on a closed, unknown or stale market', async () => {
    const user = await trader({ USDT: '1000' });
    await expect(
      place(user, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '3000', size: '0.01' }),
    ).rejects.toMatchObject({ reason: 'marketClosed' });
    await expect(
      place(user, { symbol: 'NOPEUSDT', side: 'buy', type: 'limit', price: '1', size: '10' }),
    ).rejects.toMatchObject({ reason: 'unknownMarket' });
    markets.stale.add('BTCUSDT');
    try {
      await expect(
        place(user, { side: 'buy', type: 'limit', price: '50000', size: '0.01' }),
      ).rejects.toMatchObject({
        reason: 'priceStale',
      });
    } finally {
      markets.stale.delete('BTCUSDT');
    }
  });

  it('refuses a price off the tick, a size off the lot and a total below the minimum', async () => {
    const user = await trader({ USDT: '1000' });
    await expect(
      place(user, { side: 'buy', type: 'limit', price: '50000.005', size: '0.01' }),
    ).rejects.toMatchObject({
      reason: 'orderPriceNotOnTick',
      params: { tick: { quantity: '0.01' } },
    });
    await expect(
      place(user, { side: 'buy', type: 'limit', price: '50000', size: '0.000015' }),
    ).rejects.toMatchObject({
      reason: 'orderSizeNotOnLot',
    });
    await expect(
      place(user, { side: 'buy', type: 'limit', price: '100', size: '0.01' }),
    ).rejects.toMatchObject({
      reason: 'orderBelowMinNotional',
    });
    await expect(place(user, { side: 'buy', type: 'market', total: '1' })).rejects.toMatchObject({
      reason: 'orderBelowMinNotional',
    });
  });

  it('answers the same order for the same reference, once', async () => {
    const user = await trader({ USDT: '1000' });
    const body = order({ side: 'buy', type: 'limit', price: '40000', size: '0.01' });
    const [first, second] = await Promise.all([
      sut.place(user, body, 'same-ref'),
      sut.place(user, body, 'same-ref'),
    ]);
    expect(second.id).toBe(first.id);
    const third = await sut.place(user, body, 'same-ref');
    expect(third.id).toBe(first.id);
    expect(await spot(user, 'USDT')).toEqual({ available: '600.000000', frozen: '400.000000' });
    await clearBook(user);
    await expectLedgerOk();
  });
});
