import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rowsOf } from '../../db/rows';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { startDemo } from '../demo/test-demo';
import type { LedgerService } from '../ledger';
import { balanceOf, createUsers, deposit, ledgerOf } from '../ledger/test-ledger';
import { OptionOrdersRepository } from './option-orders.repository';
import {
  type OwnProduct,
  ownProductOf,
  settlementOf,
  storedOrder,
  storeOrder,
  tick,
  tickTime,
  uniqueTag,
} from './test-options';

/* Options for demo accounts (decision 0055): same products, ticks and index; stakes and payouts in the demo book. */

let app: TestApp;
let ledger: LedgerService;
let product: OwnProduct;

beforeAll(async () => {
  app = await createTestApp();
  ledger = ledgerOf(app);
  product = await ownProductOf(app.database.db, uniqueTag());
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.database.db;
const spot = async (userId: number) => (await balanceOf(ledger, userId, 'spot', 'USDT')).available;
const pools = async () => ({
  real: await ledger.systemBalance('options_pool', 'USDT', 'real'),
  demo: await ledger.systemBalance('options_pool', 'USDT', 'demo'),
});

describe('a demo account buying options', () => {
  it('buys with the same endpoint: the stake goes to the demo book’s pool, counted apart for the back office', async () => {
    const demo = await startDemo(app, '10.31.0.1');
    const before = await pools();
    await tick(db(), product, '100');
    const answer = await app.app.inject({
      method: 'POST',
      url: '/api/options/orders',
      payload: { productId: product.productId, periodSeconds: 300, direction: 'up', amount: '20' },
      headers: { authorization: demo.token, 'idempotency-key': `demo-buy-${uniqueTag()}` },
    });
    expect(answer.json()).toMatchObject({ code: 0, data: { status: 'inProgress', amount: '20.000000' } });
    expect(await spot(demo.user.id)).toBe('99980.000000');
    const after = await pools();
    expect(Number(after.demo) - Number(before.demo)).toBe(20);
    expect(after.real).toBe(before.real);
    const [row] = await rowsOf<{ book: string }>(
      db(),
      sql`select book from option_orders where user_id = ${demo.user.id}`,
    );
    expect(row?.book).toBe('demo');

    // A real order is not a demo one: the count is of demo orders only.
    const [real = 0] = await createUsers(app, 1);
    await deposit(ledger, real, 'USDT', '100');
    await storeOrder(db(), ledger, product, {
      userId: real,
      direction: 'up',
      amount: '10',
      acceptedAt: sql`now()`,
      closeTime: sql`now() + interval '1 minute'`,
    });
    expect(await new OptionOrdersRepository(db()).demoOrdersSince(new Date(Date.now() - 60_000))).toBe(1);
    const { token } = await adminWithRole(app, 'super_admin');
    const summary = await adminApi(app, 'GET', '/api/admin/demo', { token });
    expect(summary.body.data.ordersLastDay.options).toBe(1);
    // The back office's exposure is the real pool's and real orders': the real 60 s round, not the demo 300 s one.
    const exposure = await adminApi(app, 'GET', '/api/admin/options/exposure', { token });
    expect(exposure.body.data.poolBalance).toBe((await pools()).real);
    const rounds = exposure.body.data.rounds as Array<{ productId: string; periodSeconds: number }>;
    expect(
      rounds.filter((round) => round.productId === product.productId).map((round) => round.periodSeconds),
    ).toEqual([60]);
  });
});

describe('settling a round with real and demo orders', () => {
  it('pays each order from its own book’s pool, in journals of one book each', async () => {
    const [real = 0] = await createUsers(app, 1);
    await deposit(ledger, real, 'USDT', '1000');
    const demo = (await startDemo(app, '10.31.0.2')).user.id;
    const accepted = await tick(db(), product, '200');
    await tick(db(), product, '201');
    const closing = await tick(db(), product, '205');
    const ids = [];
    for (const [userId, book] of [
      [real, 'real'],
      [demo, 'demo'],
    ] as const) {
      ids.push(
        await storeOrder(db(), ledger, product, {
          userId,
          book,
          direction: 'up',
          amount: '100',
          acceptedAt: tickTime(accepted.id),
          closeTime: tickTime(closing.id),
        }),
      );
    }
    await tick(db(), product, '206');
    const before = await pools();

    // Both orders are in one chunk: each book's are paid in a transaction of their own.
    const settled = await settlementOf(app, ledger).settleDue(
      { id: product.productId, asset: 'USDT', staleSeconds: 10 },
      product.epoch,
    );

    expect(settled).toBe(2);
    for (const id of ids)
      expect(await storedOrder(db(), id)).toMatchObject({ status: 'settled', outcome: 'win' });
    expect(await spot(real)).toBe('1085.000000');
    expect(await spot(demo)).toBe('100085.000000');
    const after = await pools();
    expect(Number(before.real) - Number(after.real)).toBe(185);
    expect(Number(before.demo) - Number(after.demo)).toBe(185);
    expect((await ledger.check()).problems).toEqual([]);
  });

  it('voids a stale round and returns each stake from its own book’s pool', async () => {
    const own = await ownProductOf(db(), uniqueTag());
    const [real = 0] = await createUsers(app, 1);
    await deposit(ledger, real, 'USDT', '1000');
    const demo = (await startDemo(app, '10.31.0.3')).user.id;
    // The round closed 30 s ago and no tick was recorded in the 10 s before its close.
    for (const [userId, book] of [
      [real, 'real'],
      [demo, 'demo'],
    ] as const) {
      await storeOrder(db(), ledger, own, {
        userId,
        book,
        direction: 'down',
        amount: '50',
        acceptedAt: sql`clock_timestamp() - interval '40 seconds'`,
        closeTime: sql`clock_timestamp() - interval '30 seconds'`,
      });
    }
    expect(await spot(demo)).toBe('99950.000000');
    await tick(db(), own, '100');

    const settled = await settlementOf(app, ledger).settleDue(
      { id: own.productId, asset: 'USDT', staleSeconds: 10 },
      own.epoch,
    );

    expect(settled).toBe(2);
    expect(await spot(real)).toBe('1000.000000');
    expect(await spot(demo)).toBe('100000.000000');
    expect((await ledger.check()).problems).toEqual([]);
  });
});
