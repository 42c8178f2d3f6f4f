import { type PlaceOrderBody, placeOrderBody } from '@kestrel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { futuresOrders, futuresTrades } from '../futures/futures.schema';
import type { FuturesOrdersService } from '../futures/futures-orders.service';
import { type FakeTickers, futuresServiceOf, placerOf } from '../futures/test-futures-orders';
import type { LedgerService } from '../ledger';
import { balanceOf, createUsers, deposit, tradingLedgerOf } from '../ledger/test-ledger';
import { spotOrders, spotTrades } from '../spot/spot.schema';
import type { SpotOrdersService } from '../spot/spot-orders.service';
import { spotServiceOf } from '../spot/test-spot';
import type { MembershipService } from './membership.service';
import { DEFAULT_LEVELS, membershipOf, SYSTEM } from './test-membership';

/*
 * The discounts in real trades: spot and futures services wired to the membership service as app.ts wires them.
 * With the seeded table, 60,000 $ of holdings is VIP 2 (maker 20 % off, taker 10 % off); 5,000 $ is VIP 0.
 */

let app: TestApp;
let ledger: LedgerService;
let membership: MembershipService;

beforeAll(async () => {
  app = await createTestApp();
  ledger = tradingLedgerOf(app);
  ({ sut: membership } = membershipOf(app, ledger));
});
afterAll(async () => {
  await app?.close();
});

async function holder(asset: string, amount: string, account: 'spot' | 'futures' = 'spot') {
  const [user = 0] = await createUsers(app, 1);
  await deposit(ledger, user, asset, amount, account);
  return user;
}

describe('spot fees by level', () => {
  let spot: SpotOrdersService;
  let references = 0;
  const place = (userId: number, body: Partial<PlaceOrderBody> & Pick<PlaceOrderBody, 'side' | 'type'>) => {
    references += 1;
    return spot.place(userId, placeOrderBody.parse({ symbol: 'BTCUSDT', ...body }), `vip-spot-${references}`);
  };
  const takerFeeOf = async (userId: number) =>
    (await app.database.db.select().from(spotTrades).where(eq(spotTrades.takerUserId, userId))).map(
      (trade) => trade.takerFee,
    );

  beforeAll(async () => {
    ({ sut: spot } = await spotServiceOf(app, { ledger, discounts: membership }));
  });
  afterAll(async () => {
    await spot?.stop();
  });

  it('charges a VIP 2 taker 10 % less than a VIP 0 taker on the same book, in the trade row and the ledger', async () => {
    // The market (test-spot's BTC): maker 0.001, taker 0.002; fees in what each side receives.
    const seller = await holder('BTC', '0.1');
    const vip = await holder('USDT', '60000');
    const plain = await holder('USDT', '1000');
    await membership.snapshot();
    expect((await membership.view(vip)).level).toBe(2);
    expect((await membership.view(plain)).level).toBe(0);

    await place(seller, { side: 'sell', type: 'limit', price: '50000', size: '0.02' });
    const vipOrder = await place(vip, { side: 'buy', type: 'limit', price: '50000', size: '0.01' });
    const plainOrder = await place(plain, { side: 'buy', type: 'limit', price: '50000', size: '0.01' });
    expect([vipOrder.status, plainOrder.status]).toEqual(['filled', 'filled']);

    const [stored] = await app.database.db.select().from(spotOrders).where(eq(spotOrders.userId, vip));
    expect(stored).toMatchObject({
      makerFeeRate: '0.000800000000000000',
      takerFeeRate: '0.001800000000000000',
    });
    // 0.01 BTC bought: 0.000018 BTC of fee at 0.0018 against 0.00002 at 0.002.
    expect(await takerFeeOf(vip)).toEqual(['0.000018000000000000']);
    expect(await takerFeeOf(plain)).toEqual(['0.000020000000000000']);
    expect(await balanceOf(ledger, vip, 'spot', 'BTC')).toEqual({
      available: '0.00998200',
      frozen: '0.00000000',
    });
    expect(await balanceOf(ledger, plain, 'spot', 'BTC')).toEqual({
      available: '0.00998000',
      frozen: '0.00000000',
    });
    // The VIP 0 maker pays its full 0.001 on both: 0.5 USDT of each 500.
    expect(await balanceOf(ledger, seller, 'spot', 'USDT')).toEqual({
      available: '999.000000',
      frozen: '0.000000',
    });
    expect((await ledger.check()).problems).toEqual([]);
  });

  it('keeps the rates a resting order was accepted with through a restart, whatever the level becomes', async () => {
    const vip = await holder('USDT', '60000');
    const taker = await holder('BTC', '0.1');
    await membership.snapshot();
    const resting = await place(vip, { side: 'buy', type: 'limit', price: '49000', size: '0.01' });
    expect(resting.status).toBe('open');
    await spot.stop();
    // A table without discounts: orders placed from now on pay full fees, the resting one its own 20 % off.
    const flat = DEFAULT_LEVELS.map((level, index) => ({
      ...level,
      makerDiscount: '0',
      takerDiscount: '0',
      minVolume: String(index),
    }));
    await membership.update({ levels: flat, graceDays: 7, reason: 'No discounts for a while' }, SYSTEM);
    try {
      ({ sut: spot } = await spotServiceOf(app, { ledger, discounts: membership }));
      await place(taker, { side: 'sell', type: 'limit', price: '49000', size: '0.01' });
      const [trade] = await app.database.db.select().from(spotTrades).where(eq(spotTrades.makerUserId, vip));
      // The maker (the VIP's bid) receives 0.01 BTC less 0.0008 of it; the new taker pays the full 0.002 of 490.
      expect(trade).toMatchObject({ makerFee: '0.000008000000000000', takerFee: '0.980000000000000000' });
      expect(await balanceOf(ledger, vip, 'spot', 'BTC')).toEqual({
        available: '0.00999200',
        frozen: '0.00000000',
      });
    } finally {
      await membership.update(
        { levels: DEFAULT_LEVELS, graceDays: 7, reason: 'Back to the seeded table' },
        SYSTEM,
      );
    }
  });
});

describe('futures fees by level', () => {
  let futures: FuturesOrdersService;
  let tickers: FakeTickers;
  const place = placerOf(() => futures, 'vip-futures');

  beforeAll(async () => {
    ({ sut: futures, tickers } = await futuresServiceOf(app, { ledger, discounts: membership }));
  });
  afterAll(async () => {
    await futures?.stop();
  });

  it('freezes and charges a VIP 2 taker 10 % less fee than a VIP 0 taker, in the trade row and the ledger', async () => {
    // The perpetual's fees: maker 0.0002, taker 0.0005; users trade 10x cross.
    tickers.move('BTCUSDT', '50000');
    const maker = await holder('USDT', '5000', 'futures');
    const vip = await holder('USDT', '60000', 'futures');
    const plain = await holder('USDT', '5000', 'futures');
    await membership.snapshot();
    expect((await membership.view(vip)).level).toBe(2);

    // A resting open long of the VIP freezes 400 of margin and its own taker rate's bound: 1.8, not 2.
    const resting = await place(vip, { action: 'openLong', price: '40000', size: '0.1' });
    expect(await balanceOf(ledger, vip, 'futures', 'USDT')).toEqual({
      available: '59598.200000',
      frozen: '401.800000',
    });
    await futures.cancel(vip, resting.id);

    await place(maker, { action: 'openShort', price: '50000', size: '0.2' });
    const vipOrder = await place(vip, { action: 'openLong', type: 'market', size: '0.1' });
    const plainOrder = await place(plain, { action: 'openLong', type: 'market', size: '0.1' });
    // 5,000 of notional each: 2.25 at 0.00045 against 2.5 at 0.0005.
    expect(vipOrder).toMatchObject({ status: 'filled', fee: '2.25' });
    expect(plainOrder).toMatchObject({ status: 'filled', fee: '2.5' });
    const [stored] = await app.database.db
      .select()
      .from(futuresOrders)
      .where(eq(futuresOrders.id, BigInt(vipOrder.id)));
    expect(stored).toMatchObject({
      makerFeeRate: '0.000160000000000000',
      takerFeeRate: '0.000450000000000000',
    });
    const [trade] = await app.database.db
      .select()
      .from(futuresTrades)
      .where(eq(futuresTrades.takerOrderId, BigInt(vipOrder.id)));
    expect(trade).toMatchObject({ takerFee: '2.250000000000000000', makerFee: '1.000000000000000000' });
    expect(await balanceOf(ledger, vip, 'futures', 'USDT')).toEqual({
      available: '59497.750000',
      frozen: '500.000000',
    });
    expect(await balanceOf(ledger, plain, 'futures', 'USDT')).toEqual({
      available: '4497.500000',
      frozen: '500.000000',
    });
    expect((await ledger.check()).problems).toEqual([]);
  });
});
