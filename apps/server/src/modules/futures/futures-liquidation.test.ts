import { decimalOf, formatDecimal, subtractDecimals } from '@kestrel/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { LedgerService } from '../ledger';
import { balanceOf, createUsers, deposit } from '../ledger/test-ledger';
import { until } from '../spot/test-spot';
import type { FuturesOrdersService } from './futures-orders.service';
import { type FakeIndex, type FakeTickers, futuresServiceOf, placerOf } from './test-futures-orders';

let app: TestApp;
let sut: FuturesOrdersService;
let ledger: LedgerService;
let tickers: FakeTickers;
let index: FakeIndex;
/** Users trading in isolated margin; every other one is 10x cross. */
const isolated = new Set<number>();

beforeAll(async () => {
  app = await createTestApp();
  ({ sut, ledger, tickers, index } = await futuresServiceOf(app, { isolated }));
  tickers.move('BTCUSDT', '50000');
});
afterAll(async () => {
  await sut?.stop();
  await app?.close();
});

const place = placerOf(() => sut, 'liquidation-test');

async function trader(amount: string, mode: 'cross' | 'isolated' = 'cross') {
  const [user = 0] = await createUsers(app, 1);
  await deposit(ledger, user, 'USDT', amount, 'futures');
  if (mode === 'isolated') isolated.add(user);
  return user;
}

const futures = (user: number) => balanceOf(ledger, user, 'futures', 'USDT');
const fund = () => ledger.systemBalance('insurance_fund', 'USDT');

/** A 10x long of 0.1 BTC at 50000 (margin 500, taker fee 2.5), against a cross short resting there. */
async function longAt50000(user: number) {
  const short = await trader('10000');
  await place(short, { action: 'openShort', price: '50000', size: '0.1' });
  const opened = await place(user, { action: 'openLong', price: '50000', size: '0.1' });
  expect(opened.status).toBe('filled');
  return short;
}

/**
 * A small trade at `price` between two well-funded cross traders: the last price, so that the owner's mark is
 * about `price` once the index ticks there.
 */
async function tradeAt(price: string) {
  const seller = await trader('10000');
  const buyer = await trader('10000');
  await place(seller, { action: 'openShort', price, size: '0.01' });
  await place(buyer, { action: 'openLong', price, size: '0.01' });
}

/** The index ticks: the owner samples a new mark from it, the book and the last price, and liquidates. */
const indexAt = (price: string) => index.tick('BTCUSDT', price);

const liquidated = (user: number) =>
  until(async () => (await sut.positions(user)).length === 0, `user ${user} is liquidated`);

async function expectLedgerOk() {
  expect((await ledger.check()).problems).toEqual([]);
}

describe('liquidation of an isolated long', () => {
  it('is taken over at the bankruptcy price; what its fill gets above it is the clearance fee', async () => {
    const long = await trader('10000', 'isolated');
    await longAt50000(long);
    const [position] = await sut.positions(long);
    // (500 − 0.1 × 50000) / (0.1 × 0.004 − 0.1), rounded up to the tick.
    expect(position?.liquidationPrice).toBe('45180.73');

    const bidder = await trader('10000');
    await tradeAt('45100');
    await place(bidder, { action: 'openLong', price: '45050', size: '0.1' });
    indexAt('45100');
    await liquidated(long);

    // The long loses its margin and nothing else: the fill at 45050 lost 495, the 5 left is the clearance fee.
    expect(await futures(long)).toEqual({ available: '9497.500000', frozen: '0.000000' });
    expect(await fund()).toBe('5.000000');
    const [order] = (await sut.orders(long, { state: 'history', limit: 1 })).items;
    expect(order).toMatchObject({
      status: 'filled',
      filledSize: '0.1',
      averagePrice: '45050',
      fee: '0',
      origin: 'liquidation',
    });
    expect((await sut.positions(bidder))[0]).toMatchObject({
      side: 'long',
      size: '0.1',
      entryPrice: '45050',
    });
    await expectLedgerOk();
  });

  it('fills through the bankruptcy price as far as the insurance fund covers, and the fund pays the difference', async () => {
    const long = await trader('10000', 'isolated');
    await longAt50000(long);
    await tradeAt('45100');
    // The fund holds 5: it covers 50 a unit of the 0.1, so the order may sell down to 44950.
    const bidder = await trader('10000');
    await place(bidder, { action: 'openLong', price: '44980', size: '0.1' });
    indexAt('45100');
    await liquidated(long);

    expect(await futures(long)).toEqual({ available: '9497.500000', frozen: '0.000000' });
    // Sold at 44980: a loss of 502, of which the margin pays 500 and the fund 2.
    expect(await fund()).toBe('3.000000');
    await expectLedgerOk();
  });
});

describe('auto-deleveraging', () => {
  it('closes the most profitable opposite positions at the bankruptcy price when the book cannot take the position', async () => {
    // A short opened at 55500 is the most profitable in percent times leverage when the mark is at 45100.
    await tradeAt('55000');
    const profitable = await trader('10000');
    await place(profitable, { action: 'openShort', price: '55500', size: '0.1' });
    await place(await trader('10000'), { action: 'openLong', price: '55500', size: '0.1' });
    const long = await trader('10000', 'isolated');
    const lesser = await longAt50000(long);
    const before = await fund();

    await tradeAt('45100');
    indexAt('45100');
    await liquidated(long);

    expect(await futures(long)).toEqual({ available: '9497.500000', frozen: '0.000000' });
    // It closes its 0.1 at the bankruptcy price 45000: a profit of 1050, and no fee (its opening paid 1.11).
    expect(await sut.positions(profitable)).toEqual([]);
    expect(await futures(profitable)).toEqual({ available: '11048.890000', frozen: '0.000000' });
    expect((await sut.positions(lesser))[0]).toMatchObject({ side: 'short', size: '0.1' });
    const [adl] = (await sut.orders(profitable, { state: 'history', limit: 1 })).items;
    expect(adl).toMatchObject({
      action: 'closeShort',
      status: 'filled',
      averagePrice: '45000',
      fee: '0',
      origin: 'adl',
    });
    expect(await fund()).toBe(before);
    await expectLedgerOk();
  });
});

describe('liquidation of a cross long', () => {
  it('takes the whole cross balance and cancels the account’s orders on the market', async () => {
    await tradeAt('50000');
    indexAt('50000');
    const long = await trader('600');
    await longAt50000(long);
    // An order resting far below freezes 9.045 of the 97.5 left; it is cancelled before the takeover.
    await place(long, { action: 'openLong', price: '30000', size: '0.003' });
    const [position] = await sut.positions(long);
    const liquidation = Number(position?.liquidationPrice);
    expect(liquidation).toBeGreaterThan(44000);
    expect(liquidation).toBeLessThan(44300);

    const bidder = await trader('10000');
    const before = await fund();
    await tradeAt('44000');
    await place(bidder, { action: 'openLong', price: '44100', size: '0.1' });
    indexAt('44000');
    await liquidated(long);

    // The account is left with nothing: the loss at the bankruptcy price 44025 is its whole balance of 597.5,
    // and the fill at 44100 lost 590, so the fund gets 7.5.
    expect(await futures(long)).toEqual({ available: '0.000000', frozen: '0.000000' });
    expect(formatDecimal(subtractDecimals(decimalOf(await fund()), decimalOf(before)))).toBe('7.500000');
    expect((await sut.orders(long, { state: 'open', limit: 5 })).items).toEqual([]);
    await expectLedgerOk();
  });
});
