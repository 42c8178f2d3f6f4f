import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { LedgerService } from '../ledger';
import { createUsers, deposit } from '../ledger/test-ledger';
import { until } from '../spot/test-spot';
import type { FuturesOrdersService } from './futures-orders.service';
import { type FakeIndex, type FakeTickers, futuresServiceOf, placerOf } from './test-futures-orders';

let app: TestApp;
let sut: FuturesOrdersService;
let ledger: LedgerService;
let tickers: FakeTickers;
let index: FakeIndex;

beforeAll(async () => {
  app = await createTestApp();
  ({ sut, ledger, tickers, index } = await futuresServiceOf(app));
  tickers.move('BTCUSDT', '50000');
});
afterAll(async () => {
  await sut?.stop();
  await app?.close();
});

const place = placerOf(() => sut, 'triggers-test');

async function trader() {
  const [user = 0] = await createUsers(app, 1);
  await deposit(ledger, user, 'USDT', '10000', 'futures');
  return user;
}

describe('a stop loss the book cannot fill', () => {
  it('is armed again on the position and closes it once there are bids', async () => {
    const long = await trader();
    await place(await trader(), { action: 'openShort', price: '50000', size: '0.01' });
    await place(long, { action: 'openLong', price: '50000', size: '0.01', stopLoss: '49000' });
    // A trade at 48000 takes the last price there; no bid is left to sell to.
    await place(await trader(), { action: 'openShort', price: '48000', size: '0.01' });
    await place(await trader(), { action: 'openLong', price: '48000', size: '0.01' });
    index.tick('BTCUSDT', '48000');

    await until(
      async () => (await sut.orders(long, { state: 'history', limit: 1 })).items[0]?.origin === 'stopLoss',
      'the stop loss tried to close',
    );
    const [tried] = (await sut.orders(long, { state: 'history', limit: 1 })).items;
    expect(tried).toMatchObject({ action: 'closeLong', status: 'cancelled', filledSize: '0' });
    await until(
      async () => (await sut.positions(long))[0]?.stopLoss === '49000',
      'the stop loss is armed again',
    );

    await place(await trader(), { action: 'openLong', price: '47900', size: '0.01' });
    await until(async () => {
      index.tick('BTCUSDT', '48000');
      return (await sut.positions(long)).length === 0;
    }, 'the stop loss closed the long');
    const [closed] = (await sut.orders(long, { state: 'history', limit: 1 })).items;
    expect(closed).toMatchObject({ origin: 'stopLoss', status: 'filled', averagePrice: '47900' });
    expect((await ledger.check()).problems).toEqual([]);
  });
});
