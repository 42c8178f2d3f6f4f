import { decimalOf, formatShortest, multiplyDecimals, subtractDecimals } from '@kestrel/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../test/database';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { LedgerService } from '../ledger';
import { balanceOf, createUsers, deposit } from '../ledger/test-ledger';
import { until } from '../spot/test-spot';
import { FundingSettlement } from './funding';
import { FundingRepository } from './funding.repository';
import type { FuturesMarkets } from './futures-markets';
import { FuturesOrdersRepository } from './futures-orders.repository';
import type { FuturesOrdersService } from './futures-orders.service';
import { type FakeIndex, type FakeTickers, futuresServiceOf, placerOf } from './test-futures-orders';

/*
 * Demo futures (decision 0055): a demo account's orders fill against the real book's depth without entering it,
 * and settle in the ledger's demo book. Every test leaves the real book without resting orders.
 */

let app: TestApp;
let sut: FuturesOrdersService;
let ledger: LedgerService;
let markets: Pick<FuturesMarkets, 'market' | 'all'>;
let tickers: FakeTickers;
let index: FakeIndex;
let repository: FuturesOrdersRepository;
const isolated = new Set<number>();
const started = new Date();

beforeAll(async () => {
  app = await createTestApp();
  ({ sut, ledger, markets, tickers, index } = await futuresServiceOf(app, { isolated }));
  repository = new FuturesOrdersRepository(app.database.db);
  tickers.move('BTCUSDT', '50000');
});
afterAll(async () => {
  await sut?.stop();
  await app?.close();
});

const place = placerOf(() => sut, 'demo-desk-test');
const short = (text: string | null | undefined) => formatShortest(decimalOf(text ?? 'NaN'));

async function realTrader(amount = '100000') {
  const [user = 0] = await createUsers(app, 1);
  await deposit(ledger, user, 'USDT', amount, 'futures');
  return user;
}

/** A demo account with `amount` virtual USDT in its futures account, given from `demo_grants`. */
async function demoTrader(amount = '100000', mode: 'cross' | 'isolated' = 'cross') {
  const [user = 0] = await createUsers(app, 1, 'demo');
  await ledger.execute({
    type: 'credit',
    kind: 'demo_grant',
    from: 'demo_grants',
    userId: user,
    account: 'futures',
    asset: 'USDT',
    amount,
    reference: `demo-desk-test:${user}`,
    actor: 'system',
  });
  if (mode === 'isolated') isolated.add(user);
  return user;
}

const futures = (user: number) => balanceOf(ledger, user, 'futures', 'USDT');
const depth = async () => {
  const { bids, asks } = await sut.depth('BTCUSDT', 50);
  return { bids, asks };
};
const realTrades = async () => (await sut.publicTrades('BTCUSDT')).items.length;

/** Cancels a real user's resting orders, so that the next test starts from an empty real book. */
async function clear(user: number) {
  for (const order of (await sut.orders(user, { state: 'open', limit: 100 })).items)
    await sut.cancel(user, order.id);
}

async function expectLedgerOk() {
  expect((await ledger.check()).problems).toEqual([]);
}

describe('a demo market order', () => {
  it('walks the real asks at their prices and opens a position, leaving the real book and its users as they were', async () => {
    const maker = await realTrader();
    for (const price of ['50000', '50010', '50020'])
      await place(maker, { action: 'openShort', price, size: '0.1' });
    const bookBefore = await depth();
    const tradesBefore = await realTrades();
    const makerBefore = await futures(maker);
    const realClearing = await ledger.systemBalance('futures_clearing', 'USDT');

    const demo = await demoTrader();
    const order = await place(demo, { action: 'openLong', type: 'market', size: '0.25' });
    expect(order.status).toBe('filled');
    expect(short(order.filledSize)).toBe('0.25');

    const [position] = await sut.positions(demo);
    // (0.1 × 50000 + 0.1 × 50010 + 0.05 × 50020) / 0.25 = 12502 / 0.25
    expect(short(position?.entryPrice)).toBe('50008');
    expect(short(position?.size)).toBe('0.25');
    // 10x cross: a tenth of the notional.
    expect(short(position?.margin)).toBe('1250.2');
    const takerFee = markets.market('BTCUSDT')?.takerFee ?? decimalOf('0');
    expect(short(order.fee)).toBe(formatShortest(multiplyDecimals(decimalOf('12502'), takerFee)));

    // The real book, its trades and its users are untouched.
    expect(await depth()).toEqual(bookBefore);
    expect(await realTrades()).toBe(tradesBefore);
    expect(await futures(maker)).toEqual(makerBefore);
    for (const resting of (await sut.orders(maker, { state: 'open', limit: 10 })).items)
      expect(short(resting.filledSize)).toBe('0');
    expect(await ledger.systemBalance('futures_clearing', 'USDT')).toBe(realClearing);
    await clear(maker);
    await expectLedgerOk();
  });

  it('closes at the real bids, realising its pnl in the demo book', async () => {
    const maker = await realTrader();
    await place(maker, { action: 'openShort', price: '50000', size: '0.2' });
    const demo = await demoTrader();
    await place(demo, { action: 'openLong', type: 'market', size: '0.2' });
    await clear(maker);
    await place(maker, { action: 'openLong', price: '50100', size: '0.1' });
    await place(maker, { action: 'openLong', price: '50050', size: '0.2' });
    const bookBefore = await depth();
    const demoClearing = decimalOf(await ledger.systemBalance('futures_clearing', 'USDT', 'demo'));
    const realClearing = await ledger.systemBalance('futures_clearing', 'USDT');

    const closed = await sut.closePosition(demo, { symbol: 'BTCUSDT', side: 'long' }, 'demo-desk-close');
    expect(closed.status).toBe('filled');
    // 0.1 × (50100 − 50000) + 0.1 × (50050 − 50000)
    expect(short(closed.realizedPnl)).toBe('15');
    expect(await sut.positions(demo)).toEqual([]);
    // The demo clearing account paid the profit.
    expect(short(await ledger.systemBalance('futures_clearing', 'USDT', 'demo'))).toBe(
      formatShortest(subtractDecimals(demoClearing, decimalOf('15'))),
    );
    expect(await ledger.systemBalance('futures_clearing', 'USDT')).toBe(realClearing);
    expect(await depth()).toEqual(bookBefore);
    await clear(maker);
    await expectLedgerOk();
  });
});

describe('a demo limit order', () => {
  it('rests outside the real book and fills at its own price once the real asks cross it', async () => {
    const demo = await demoTrader();
    const bookBefore = await depth();
    const order = await place(demo, { action: 'openLong', price: '49000', size: '0.1' });
    expect(order.status).toBe('open');
    expect(await depth()).toEqual(bookBefore);

    const maker = await realTrader();
    await place(maker, { action: 'openShort', price: '48900', size: '0.3' });
    const { asks } = await depth();
    expect(asks).toHaveLength(1);
    await until(async () => (await sut.positions(demo)).length === 1, 'the demo order fills');
    const [position] = await sut.positions(demo);
    expect(short(position?.entryPrice)).toBe('49000');
    expect(short(position?.size)).toBe('0.1');
    // The real ask is whole.
    expect((await depth()).asks).toEqual(asks);
    await clear(maker);
    await expectLedgerOk();
  });
});

describe('a demo take profit', () => {
  it('closes the demo position through the demo desk once the mark reaches it', async () => {
    tickers.move('BTCUSDT', '50000');
    const maker = await realTrader();
    await place(maker, { action: 'openShort', price: '50000', size: '0.1' });
    const demo = await demoTrader();
    await place(demo, { action: 'openLong', type: 'market', size: '0.1' });
    await sut.setTriggers(demo, { symbol: 'BTCUSDT', side: 'long', takeProfit: '50500', stopLoss: null });
    await clear(maker);

    const seller = await realTrader();
    const buyer = await realTrader();
    await place(buyer, { action: 'openLong', price: '50700', size: '0.01' });
    await place(seller, { action: 'openShort', price: '50700', size: '0.01' });
    await place(maker, { action: 'openLong', price: '50600', size: '0.5' });
    const bookBefore = await depth();
    index.tick('BTCUSDT', '50700');
    await until(async () => (await sut.positions(demo)).length === 0, 'the take profit closes the demo long');

    const [close] = (await sut.orders(demo, { state: 'history', limit: 1 })).items;
    expect(close?.origin).toBe('takeProfit');
    expect(short(close?.averagePrice)).toBe('50600');
    expect(await depth()).toEqual(bookBefore);
    await clear(maker);
    index.tick('BTCUSDT', '50000');
    await expectLedgerOk();
  });
});

describe('funding', () => {
  it('settles the real and the demo positions of a perpetual, each book in a journal of its own', async () => {
    const longMaker = await realTrader();
    const realShort = await realTrader();
    await place(longMaker, { action: 'openLong', price: '50000', size: '0.1' });
    await place(realShort, { action: 'openShort', price: '50000', size: '0.1' });
    const maker = await realTrader();
    await place(maker, { action: 'openShort', price: '50000', size: '0.1' });
    const demo = await demoTrader();
    await place(demo, { action: 'openLong', type: 'market', size: '0.1' });
    await clear(maker);

    const [lease] = await rowsOf<{ epoch: string }>(
      app.database.db,
      sql`select epoch::text as epoch from leadership where name = 'futures:BTCUSDT'`,
    );
    const fundingTime = new Date('2026-03-01T08:00:00Z');
    const funding = new FundingSettlement(new FundingRepository(app.database.db), ledger, markets);
    const { paid } = await funding.settle(
      'BTCUSDT',
      fundingTime,
      {
        symbol: 'BTCUSDT',
        markPrice: decimalOf('50000'),
        indexPrice: decimalOf('50000'),
        fundingRate: decimalOf('0.0001'),
        nextFundingTime: fundingTime,
        stale: false,
      },
      BigInt(lease?.epoch ?? '0'),
    );
    expect(paid).toBeGreaterThanOrEqual(3);

    const payments = await rowsOf<{ user_id: number; transaction_id: string; reference: string }>(
      app.database.db,
      sql`select p.user_id, p.transaction_id::text as transaction_id, t.reference
          from futures_funding_payments p join journal_transactions t on t.id = p.transaction_id
          where p.funding_time = ${fundingTime.toISOString()}::timestamptz and p.user_id in (${longMaker}, ${realShort}, ${demo})`,
    );
    const of = (user: number) => payments.find((row) => row.user_id === user);
    expect(of(longMaker)?.reference).toBe('funding:BTCUSDT:2026-03-01T08:00:00.000Z');
    expect(of(realShort)?.transaction_id).toBe(of(longMaker)?.transaction_id);
    expect(of(demo)?.reference).toBe('funding:BTCUSDT:2026-03-01T08:00:00.000Z:demo');
    expect(of(demo)?.transaction_id).not.toBe(of(longMaker)?.transaction_id);
    // 0.1 × 50000 × 0.0001
    expect((await sut.fundingPayments(demo, { limit: 10 })).items.map((item) => item.amount)).toEqual([
      '-0.5',
    ]);
    await expectLedgerOk();
  });
});

describe('liquidation of a demo position', () => {
  it('closes it in the demo book when the mark passes its liquidation price, without touching the real book', async () => {
    const maker = await realTrader();
    await place(maker, { action: 'openShort', price: '50000', size: '0.1' });
    const demo = await demoTrader('10000', 'isolated');
    await place(demo, { action: 'openLong', type: 'market', size: '0.1' });
    await clear(maker);
    const [position] = await sut.positions(demo);
    expect(position?.liquidationPrice).not.toBeNull();
    const realFund = await ledger.systemBalance('insurance_fund', 'USDT');
    const demoFund = decimalOf(await ledger.systemBalance('insurance_fund', 'USDT', 'demo'));

    // A real trade at 45100 and the index there: the mark falls below the demo long's liquidation price.
    const seller = await realTrader();
    const buyer = await realTrader();
    await place(buyer, { action: 'openLong', price: '45100', size: '0.01' });
    await place(seller, { action: 'openShort', price: '45100', size: '0.01' });
    await place(maker, { action: 'openLong', price: '45050', size: '0.5' });
    const bookBefore = await depth();
    const tradesBefore = await realTrades();
    index.tick('BTCUSDT', '45100');
    await until(async () => (await sut.positions(demo)).length === 0, 'the demo long is liquidated');

    const [liquidation] = (await sut.orders(demo, { state: 'history', limit: 10 })).items.filter(
      (order) => order.origin === 'liquidation',
    );
    expect(liquidation?.status).toBe('filled');
    expect(await depth()).toEqual(bookBefore);
    expect(await realTrades()).toBe(tradesBefore);
    expect(await ledger.systemBalance('insurance_fund', 'USDT')).toBe(realFund);
    // What the fill at the real bid got above the bankruptcy price is the clearance fee, paid to the demo fund.
    expect(decimalOf(await ledger.systemBalance('insurance_fund', 'USDT', 'demo')).units).toBeGreaterThan(
      demoFund.units,
    );
    await clear(maker);
    index.tick('BTCUSDT', '50000');
    await expectLedgerOk();
  });
});

describe('winding a demo account down', () => {
  it('cancels its orders and closes its positions, at the mark when the real book cannot take them; its orders are counted apart', async () => {
    const maker = await realTrader();
    tickers.move('BTCUSDT', '50000');
    await place(maker, { action: 'openShort', price: '50000', size: '0.1' });
    const demo = await demoTrader();
    const countedBefore = await sut.demoOrdersSince(started);
    expect((await place(demo, { action: 'openLong', type: 'market', size: '0.05' })).status).toBe('filled');
    await place(demo, { action: 'openLong', price: '40000', size: '0.05' });
    await clear(maker);
    expect(await sut.demoOrdersSince(started)).toBe(countedBefore + 2);

    // No real bids: the position closes at the mark against the demo market.
    expect((await depth()).bids).toEqual([]);
    expect(await sut.wind(demo)).toEqual({ cancelledOrders: 1, closedPositions: 1 });
    const [close] = (await sut.orders(demo, { state: 'history', limit: 1 })).items;
    expect(close?.action).toBe('closeLong');
    expect(close?.status).toBe('filled');
    expect(short(close?.averagePrice)).toBe('50000');
    expect(await sut.positions(demo)).toEqual([]);
    expect((await sut.orders(demo, { state: 'open', limit: 10 })).items).toEqual([]);
    expect(await repository.liveOrdersOf(demo)).toEqual([]);
    expect(short((await futures(demo)).frozen)).toBe('0');
    await clear(maker);
    await expectLedgerOk();
  });

  it('is refused for a real account', async () => {
    await expect(sut.wind(await realTrader())).rejects.toThrow();
  });
});
