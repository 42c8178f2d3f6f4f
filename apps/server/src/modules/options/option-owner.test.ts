import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rowsOf } from '../../db/rows';
import { balanceOf, createUsers, deposit, ledgerOf } from '../ledger/test-ledger';
import { until } from '../spot/test-spot';
import {
  FakeOptionMarkets,
  GivenLeadership,
  optionsServiceOf,
  ownProductOf,
  storedOrder,
  storeOrder,
  takeOver,
  tickTime,
  uniqueTag,
} from './test-options';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the owner of a product', () => {
  it('records every tick it hears with its epoch, publishes the round clock and settles the rounds due', async () => {
    const db = app.database.db;
    const product = await ownProductOf(db, uniqueTag());
    const markets = new FakeOptionMarkets([product.symbol]);
    const leadership = new GivenLeadership(new Map([[`options:${product.productId}`, product.epoch]]));
    const { sut, publisher } = optionsServiceOf(app, { markets, leadership });
    await sut.start();
    await until(() => sut.owner.owns(product.productId), 'the owner holds the product');
    const ledger = ledgerOf(app);
    const [userId = 0] = await createUsers(app, 1);
    await deposit(ledger, userId, 'USDT', '100');

    markets.tick(product.symbol, '100');
    markets.tick('BTCUSDT', '50000');
    await sut.owner.ticksWritten();
    const [first] = await rowsOf<{ id: string; epoch: string }>(
      db,
      sql`select id::text as id, epoch::text as epoch from option_ticks
        where product_id = ${product.productId}::bigint order by id`,
    );
    expect(first?.epoch).toBe('1');
    const id = await storeOrder(db, ledger, product, {
      userId,
      direction: 'up',
      amount: '10',
      acceptedAt: tickTime(first?.id ?? '0'),
      closeTime: sql`clock_timestamp()`,
    });
    markets.tick(product.symbol, '101');
    markets.tick(product.symbol, '102');
    await sut.owner.ticksWritten();
    await db.execute(sql`update option_orders set epoch = 1,
      close_time = (select max(recorded_at) from option_ticks where product_id = ${product.productId}::bigint)
      where id = ${id}::bigint`);
    markets.tick(product.symbol, '103');
    await sut.owner.ticksWritten();

    const clock = publisher.published.filter((frame) => frame.channel === `optionClock:${product.productId}`);
    expect(clock).toHaveLength(4);
    expect(clock.at(-1)?.data).toMatchObject({
      productId: product.productId,
      symbol: product.symbol,
      stale: false,
      lastTick: { price: '103' },
      rounds: [
        expect.objectContaining({ periodSeconds: 60 }),
        expect.objectContaining({ periodSeconds: 300 }),
      ],
    });

    await sut.owner.settleNow();
    expect(await storedOrder(db, id)).toMatchObject({ status: 'settled', outcome: 'win' });
    expect((await balanceOf(ledger, userId, 'spot', 'USDT')).available).toBe('108.500000');
    // Pushed to the user once the chunk has committed.
    await until(() => publisher.private.length > 0, 'the settled order is pushed');
    expect(publisher.private).toEqual([
      expect.objectContaining({ userId, channel: 'optionOrders', data: expect.objectContaining({ id }) }),
    ]);

    // Deposed without being told, the owner's next write is refused and it stops writing.
    await takeOver(db, product);
    markets.tick(product.symbol, '104');
    await sut.owner.ticksWritten();
    expect(sut.owner.owns(product.productId)).toBe(false);
    const [count] = await rowsOf<{ count: number }>(
      db,
      sql`select count(*)::int as count from option_ticks where product_id = ${product.productId}::bigint`,
    );
    expect(count?.count).toBe(4);
    await sut.stop();
  });
});
