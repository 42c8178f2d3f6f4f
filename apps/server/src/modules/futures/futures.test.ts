import { placeFuturesOrderBody } from '@kestrel/contract';
import { compareDecimals, decimalOf } from '@kestrel/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { LedgerService } from '../ledger';
import { balanceOf, createUsers, deposit } from '../ledger/test-ledger';
import { type RecordingPublisher, until } from '../spot/test-spot';
import type { FuturesOrdersService } from './futures-orders.service';
import { type FakeIndex, type FakeTickers, futuresServiceOf, placerOf } from './test-futures-orders';

let app: TestApp;
let sut: FuturesOrdersService;
let ledger: LedgerService;
let tickers: FakeTickers;
let index: FakeIndex;
let publisher: RecordingPublisher;
/** Users trading in isolated margin; every other one is 10x cross. */
const isolated = new Set<number>();

beforeAll(async () => {
  app = await createTestApp();
  ({ sut, ledger, tickers, index, publisher } = await futuresServiceOf(app, { isolated }));
});
afterAll(async () => {
  await sut?.stop();
  await app?.close();
});

const place = placerOf(() => sut, 'futures-test');

async function trader(amount: string) {
  const [user = 0] = await createUsers(app, 1);
  await deposit(ledger, user, 'USDT', amount, 'futures');
  return user;
}

const futures = (user: number) => balanceOf(ledger, user, 'futures', 'USDT');

async function expectLedgerOk() {
  const report = await ledger.check();
  expect(report.problems).toEqual([]);
}

describe('a 10x long against a short', () => {
  it('opens, shows pnl at a new mark, closes half and then the rest, with every amount through the ledger', async () => {
    tickers.move('BTCUSDT', '50000');
    const long = await trader('10000');
    const short = await trader('10000');
    // Margin 500, no open loss at the mark, taker fee bound 2.5.
    const resting = await place(short, { action: 'openShort', price: '50000', size: '0.1' });
    expect(resting.status).toBe('open');
    expect(await futures(short)).toEqual({ available: '9497.500000', frozen: '502.500000' });
    const depth = await sut.depth('BTCUSDT', 5);
    expect(depth.asks[0]?.[1]).toBe('0.10000');

    const opened = await place(long, { action: 'openLong', type: 'market', size: '0.1' });
    expect(opened).toMatchObject({ status: 'filled', filledSize: '0.1', averagePrice: '50000', fee: '2.5' });
    // The long paid the taker fee 2.5 and holds 500 of margin; the short the maker fee 1.
    expect(await futures(long)).toEqual({ available: '9497.500000', frozen: '500.000000' });
    expect(await futures(short)).toEqual({ available: '9499.000000', frozen: '500.000000' });
    await expectLedgerOk();

    tickers.move('BTCUSDT', '51000');
    const [position] = await sut.positions(long);
    expect(position).toMatchObject({
      side: 'long',
      size: '0.1',
      entryPrice: '50000',
      markPrice: '51000',
      margin: '500',
      leverage: 10,
      unrealizedPnl: '100',
      pnlPercent: '20',
    });
    // In cross margin the whole balance backs the long: it covers a fall of the price to zero.
    expect(position?.liquidationPrice).toBeNull();
    const [shortPosition] = await sut.positions(short);
    expect(shortPosition).toMatchObject({ side: 'short', unrealizedPnl: '-100', pnlPercent: '-20' });
    // The short's balance runs out near three times the entry price.
    const liquidation = decimalOf(shortPosition?.liquidationPrice ?? '0');
    expect(compareDecimals(liquidation, decimalOf('140000'))).toBe(1);
    expect(compareDecimals(liquidation, decimalOf('151000'))).toBe(-1);

    // Half: 50 realised for the long, taker fee 1.275; the short loses 50 and pays 0.51 as maker.
    await place(short, { action: 'closeShort', price: '51000', size: '0.05' });
    const half = await sut.closePosition(
      long,
      { symbol: 'BTCUSDT', side: 'long', size: '0.05' },
      'close-half',
    );
    expect(half).toMatchObject({ status: 'filled', realizedPnl: '50', fee: '1.275' });
    expect(await futures(long)).toEqual({ available: '9796.225000', frozen: '250.000000' });
    expect(await futures(short)).toEqual({ available: '9698.490000', frozen: '250.000000' });

    await place(short, { action: 'closeShort', price: '51000', size: '0.05' });
    const rest = await sut.closePosition(long, { symbol: 'BTCUSDT', side: 'long' }, 'close-rest');
    expect(rest.status).toBe('filled');
    expect(await futures(long)).toEqual({ available: '10094.950000', frozen: '0.000000' });
    expect(await futures(short)).toEqual({ available: '9897.980000', frozen: '0.000000' });
    expect(await sut.positions(long)).toEqual([]);
    expect(await sut.positions(short)).toEqual([]);
    await expectLedgerOk();
    const trades = await sut.publicTrades('BTCUSDT');
    expect(trades.items.map((trade) => trade.price)).toEqual(['51000', '51000', '50000']);
    expect(publisher.private.some((entry) => entry.userId === long && entry.channel === 'positions')).toBe(
      true,
    );
  });
});

describe('orders that give back or change nothing', () => {
  it('gives the frozen cost back on cancel', async () => {
    tickers.move('BTCUSDT', '50000');
    const user = await trader('1000');
    const order = await place(user, { action: 'openLong', price: '40000', size: '0.1' });
    // Margin 400 and a taker fee bound of 2.
    expect(await futures(user)).toEqual({ available: '598.000000', frozen: '402.000000' });
    const cancelled = await sut.cancel(user, order.id);
    expect(cancelled.status).toBe('cancelled');
    expect(await futures(user)).toEqual({ available: '1000.000000', frozen: '0.000000' });
    await expect(sut.cancel(user, order.id)).rejects.toMatchObject({ reason: 'orderNotCancellable' });
    await expectLedgerOk();
  });

  it('refuses an order the balance cannot pay, and a close without a position, changing nothing', async () => {
    const user = await trader('100');
    await expect(place(user, { action: 'openLong', price: '50000', size: '0.1' })).rejects.toMatchObject({
      reason: 'insufficientBalance',
    });
    await expect(place(user, { action: 'closeShort', price: '50000', size: '0.1' })).rejects.toMatchObject({
      reason: 'futuresNoPosition',
    });
    await expect(place(user, { action: 'openLong', price: '50000.001', size: '0.1' })).rejects.toMatchObject({
      reason: 'orderPriceNotOnTick',
    });
    expect(await futures(user)).toEqual({ available: '100.000000', frozen: '0.000000' });
    expect((await sut.orders(user, { state: 'history', limit: 10 })).items).toEqual([]);
  });

  it('answers the same reference with the same order, frozen once', async () => {
    const user = await trader('1000');
    const body = placeFuturesOrderBody.parse({
      symbol: 'BTCUSDT',
      action: 'openShort',
      type: 'limit',
      price: '60000',
      size: '0.01',
    });
    const [first, second] = await Promise.all([
      sut.place(user, body, 'same-key'),
      sut.place(user, body, 'same-key'),
    ]);
    const third = await sut.place(user, body, 'same-key');
    expect(second?.id).toBe(first?.id);
    expect(third.id).toBe(first?.id);
    // Margin 60 and a taker fee bound of 0.3.
    expect(await futures(user)).toEqual({ available: '939.700000', frozen: '60.300000' });
    await sut.cancel(user, first.id);
    await expectLedgerOk();
  });
});

describe('an isolated position', () => {
  it('takes added margin from the balance, gives back what it does not need, and checks its triggers', async () => {
    tickers.move('BTCUSDT', '50000');
    const long = await trader('2000');
    const short = await trader('2000');
    isolated.add(long);
    await place(short, { action: 'openShort', price: '50000', size: '0.02' });
    await place(long, {
      action: 'openLong',
      price: '50000',
      size: '0.02',
      takeProfit: '56000',
      stopLoss: '47000',
    });
    expect((await sut.positions(long))[0]).toMatchObject({ takeProfit: '56000', stopLoss: '47000' });
    // Margin 100 at 10x, taker fee 0.5.
    expect(await futures(long)).toEqual({ available: '1899.500000', frozen: '100.000000' });
    const added = await sut.changeMargin(long, {
      symbol: 'BTCUSDT',
      side: 'long',
      direction: 'add',
      amount: '50',
    });
    expect(added).toMatchObject({ margin: '150', marginMode: 'isolated' });
    expect(await futures(long)).toEqual({ available: '1849.500000', frozen: '150.000000' });
    await expect(
      sut.changeMargin(long, { symbol: 'BTCUSDT', side: 'long', direction: 'remove', amount: '60' }),
    ).rejects.toMatchObject({ reason: 'futuresMarginTooLow' });
    await sut.changeMargin(long, { symbol: 'BTCUSDT', side: 'long', direction: 'remove', amount: '50' });
    expect(await futures(long)).toEqual({ available: '1899.500000', frozen: '100.000000' });
    await expect(
      sut.changeMargin(short, { symbol: 'BTCUSDT', side: 'short', direction: 'add', amount: '1' }),
    ).rejects.toMatchObject({ reason: 'futuresMarginNotIsolated' });

    const [position] = await sut.positions(long);
    expect(position?.liquidationPrice).not.toBeNull();
    await expect(
      sut.setTriggers(long, { symbol: 'BTCUSDT', side: 'long', takeProfit: '49000', stopLoss: null }),
    ).rejects.toMatchObject({ reason: 'futuresTriggerWrongSide' });
    // 10x isolated: the liquidation price lies a little above 45000.
    await expect(
      sut.setTriggers(long, { symbol: 'BTCUSDT', side: 'long', takeProfit: null, stopLoss: '45000' }),
    ).rejects.toMatchObject({ reason: 'futuresTriggerBeyondLiquidation' });
    const set = await sut.setTriggers(long, {
      symbol: 'BTCUSDT',
      side: 'long',
      takeProfit: '55000',
      stopLoss: '48000',
    });
    expect(set).toMatchObject({ takeProfit: '55000', stopLoss: '48000' });

    const explained = await sut.explain(long, { symbol: 'BTCUSDT', side: 'long' });
    expect(explained.subject).toBe('position');
    expect(explained.figures.find((figure) => figure.name === 'entryPrice')?.value).toBe('50000');
    expect(explained.figures.find((figure) => figure.name === 'entryPrice')?.formula).toBeNull();
    expect(explained.figures.find((figure) => figure.name === 'notional.atMark')?.formula).toBe(
      'size × markPrice',
    );
    // Nobody bids: the market close finds nothing to fill and the position stays.
    const close = await sut.closePosition(long, { symbol: 'BTCUSDT', side: 'long' }, 'close-isolated');
    expect(close).toMatchObject({ status: 'cancelled', filledSize: '0' });
    await expectLedgerOk();
  });
});

describe('the owner of a perpetual', () => {
  it('publishes a mark price from each index tick and the book', async () => {
    tickers.marks.clear();
    index.tick('BTCUSDT', '50000');
    expect(tickers.latest('BTCUSDT')?.indexPrice).toEqual(decimalOf('50000'));
  });

  it('closes a position at the market once the mark reaches its take profit', async () => {
    tickers.move('BTCUSDT', '50000');
    const long = await trader('10000');
    const short = await trader('10000');
    const buyer = await trader('10000');
    await place(short, { action: 'openShort', price: '50000', size: '0.01' });
    await place(long, { action: 'openLong', price: '50000', size: '0.01', takeProfit: '51000' });
    await place(buyer, { action: 'openLong', price: '51000', size: '0.01' });
    // The mark follows the index up, held back by the book's basis: above 51000 all the same.
    index.tick('BTCUSDT', '53000');
    await until(async () => (await sut.positions(long)).length === 0, 'the take profit closed the long');
    const [closed] = (await sut.orders(long, { state: 'history', limit: 1 })).items;
    // Sold to the resting bid at 51000: 10 of profit.
    expect(closed).toMatchObject({ action: 'closeLong', status: 'filled', realizedPnl: '10' });
    index.tick('BTCUSDT', '50000');
    await expectLedgerOk();
  });
});
