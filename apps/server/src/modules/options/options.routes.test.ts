import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rowsOf } from '../../db/rows';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { balanceOf, deposit, ledgerOf } from '../ledger/test-ledger';
import { type OwnProduct, ownProductOf, settlementOf, storedOrder, tick, uniqueTag } from './test-options';

let sut: TestApp;
let superToken: string;

beforeAll(async () => {
  sut = await createTestApp();
  superToken = (await adminWithRole(sut, 'super_admin')).token;
});
afterAll(async () => {
  await sut?.close();
});

const db = () => sut.database.db;
let accounts = 0;

/** A signed-up user holding `amount` USDT in spot. */
async function trader(amount = '1000') {
  accounts += 1;
  const { token, user } = await registerAccount(
    sut,
    `options-${accounts}-${uniqueTag().toLowerCase()}@kestrel.test`,
  );
  if (amount !== '0') await deposit(ledgerOf(sut), user.id, 'USDT', amount);
  return { token, userId: user.id };
}

const spot = async (userId: number) =>
  (await balanceOf(ledgerOf(sut), userId, 'spot', 'USDT')).available ?? '0';

async function buy(
  token: string,
  body: Record<string, unknown>,
  options: { lang?: string; key?: string } = {},
) {
  const response = await sut.app.inject({
    method: 'POST',
    url: '/api/options/orders',
    payload: body,
    headers: {
      authorization: token,
      ...(options.lang ? { 'think-lang': options.lang } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
  });
  return { status: response.statusCode, body: response.json() };
}

async function orderCount(userId: number) {
  const [row] = await rowsOf<{ count: number }>(
    db(),
    sql`select count(*)::int as count from option_orders where user_id = ${userId}`,
  );
  return row?.count ?? 0;
}

describe('GET /api/options/products', () => {
  it('lists BTC and ETH with four periods each and the round on sale in each', async () => {
    const answer = await callApi(sut, 'GET', '/api/options/products');
    expect(answer.status).toBe(200);
    const items = answer.body.data.items as Array<Record<string, unknown>>;
    const btc = items.find((item) => item.symbol === 'BTCUSDT') as Record<string, unknown>;
    expect(items.some((item) => item.symbol === 'ETHUSDT')).toBe(true);
    expect(btc).toMatchObject({ asset: 'USDT', open: true, maxOpenOrders: 20, maxDailyLoss: '50000.000000' });
    const periods = btc.periods as Array<Record<string, unknown>>;
    expect(periods.map((period) => [period.seconds, period.payoutRate, period.buyCutoffSeconds])).toEqual([
      [60, '0.85', 10],
      [300, '0.85', 30],
      [900, '0.8', 60],
      [3600, '0.8', 300],
    ]);
    expect(periods[0]).toMatchObject({ minStake: '10.000000', maxStake: '10000.000000' });
    expect(btc.periodNumber).toBe(periods[0]?.periodNumber);
    expect(btc.closeTime).toBe(periods[0]?.closeTime);
    expect(Date.parse(btc.buyCutoffTime as string)).toBeGreaterThan(Date.now() - 1000);

    const one = await callApi(sut, 'GET', `/api/options/products/${btc.id}`);
    expect(one.body.data).toMatchObject({ id: btc.id, symbol: 'BTCUSDT' });
    const unknown = await callApi(sut, 'GET', '/api/options/products/999999', { lang: 'de' });
    expect(unknown).toMatchObject({ status: 404, body: { code: 7401, msg: 'Dieses Produkt gibt es nicht' } });
  });

  it('answers the recorded ticks oldest first, and those after one', async () => {
    const product = await ownProductOf(db(), uniqueTag());
    const first = await tick(db(), product, '100.5');
    const second = await tick(db(), product, '101');
    const all = await callApi(sut, 'GET', `/api/options/products/${product.productId}/ticks`);
    expect(all.body.data.items.map((item: { price: string }) => item.price)).toEqual(['100.5', '101']);
    const after = await callApi(
      sut,
      'GET',
      `/api/options/products/${product.productId}/ticks?after=${first.id}`,
    );
    expect(after.body.data.items).toEqual([
      { id: second.id, price: '101', time: second.recordedAt.toISOString() },
    ]);
  });
});

describe('POST /api/options/orders', () => {
  let product: OwnProduct;
  beforeAll(async () => {
    product = await ownProductOf(db(), uniqueTag(), { maxOpenOrders: 2, maxDailyLoss: '150' });
  });

  it('buys up for the round on sale, moves the stake to the pool and answers the order in progress', async () => {
    const { token, userId } = await trader();
    await tick(db(), product, '100');
    const answer = await buy(
      token,
      { productId: product.productId, periodSeconds: 300, direction: 'up', amount: '20' },
      { key: 'buy-once' },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 0, msg: 'Purchase successful' });
    expect(answer.body.data).toMatchObject({
      productId: product.productId,
      periodSeconds: 300,
      direction: 'up',
      amount: '20.000000',
      payoutRate: '0.85',
      status: 'inProgress',
      outcome: null,
      openPrice: null,
      profit: null,
    });
    const replay = await buy(
      token,
      { productId: product.productId, periodSeconds: 300, direction: 'up', amount: '20' },
      { key: 'buy-once' },
    );
    expect(replay.body.data.id).toBe(answer.body.data.id);
    expect(await spot(userId)).toBe('980.000000');
    expect(await orderCount(userId)).toBe(1);

    // The next tick is the open price, shown at read time.
    await tick(db(), product, '100.25');
    const open = await callApi(sut, 'GET', '/api/options/orders?state=open', { token });
    expect(open.body.data.items[0]).toMatchObject({ id: answer.body.data.id, openPrice: '100.25' });
    expect(open.body.data.next).toBeNull();
    const settled = await callApi(sut, 'GET', '/api/options/orders?state=settled', { token });
    expect(settled.body.data.items).toEqual([]);
  });

  it('refuses with translated messages and changes nothing', async () => {
    const { token, userId } = await trader('100');
    await tick(db(), product, '100');
    const body = { productId: product.productId, periodSeconds: 60, direction: 'down', amount: '20' };
    const cases: Array<[Record<string, unknown>, number, number, string]> = [
      [
        { ...body, amount: '5' },
        400,
        7405,
        'Der Betrag muss zwischen 10.000000 und 10000.000000 USDT liegen',
      ],
      [{ ...body, amount: '10.1234567' }, 400, 6002, ''],
      [{ ...body, periodSeconds: 120 }, 400, 7402, 'Dieses Produkt hat keine Periode dieser Länge'],
      [{ ...body, productId: '999999' }, 404, 7401, 'Dieses Produkt gibt es nicht'],
      [{ ...body, direction: undefined }, 400, 1000, 'Wählen Sie steigend oder fallend'],
      [{ ...body, periodNumber: 1 }, 409, 7406, ''],
      [{ ...body, amount: '120' }, 400, 6001, ''],
    ];
    for (const [request, status, code, msg] of cases) {
      const answer = await buy(token, request, { lang: 'de' });
      expect({ status: answer.status, code: answer.body.code }).toEqual({ status, code });
      if (msg) expect(answer.body.msg).toBe(msg);
      expect(answer.body.msg).not.toMatch(/^options\./);
    }
    expect(await spot(userId)).toBe('100.000000');
    expect(await orderCount(userId)).toBe(0);
  });

  it('refuses beyond the open orders cap and the daily loss cap', async () => {
    const { token, userId } = await trader();
    await tick(db(), product, '100');
    const body = { productId: product.productId, periodSeconds: 60, direction: 'up' };
    expect((await buy(token, { ...body, amount: '100' })).body.code).toBe(0);
    // 100 at stake and 60 more would pass the daily loss cap of 150.
    expect(await buy(token, { ...body, amount: '60' }, { lang: 'fr' })).toMatchObject({
      status: 409,
      body: {
        code: 7408,
        msg: 'Cet ordre porterait vos pertes du jour au-delà de la limite de 150.000000 USDT',
      },
    });
    expect((await buy(token, { ...body, amount: '50' })).body.code).toBe(0);
    expect(await buy(token, { ...body, amount: '10' })).toMatchObject({
      status: 409,
      body: { code: 7407, msg: 'You can have at most 2 open orders on this product' },
    });
    expect(await spot(userId)).toBe('850.000000');
    expect(await orderCount(userId)).toBe(2);
  });

  it('refuses while the feed is stale', async () => {
    const quiet = await ownProductOf(db(), uniqueTag());
    const { token, userId } = await trader();
    const answer = await buy(token, {
      productId: quiet.productId,
      periodSeconds: 60,
      direction: 'up',
      amount: '10',
    });
    expect(answer).toMatchObject({ status: 503, body: { code: 7003 } });
    expect(await spot(userId)).toBe('1000.000000');
  });
});

describe('GET /api/options/orders/:id/proof', () => {
  it("answers the ticks and the rule of one's own settled order, and another user's order is not found", async () => {
    const product = await ownProductOf(db(), uniqueTag());
    const owner = await trader();
    const other = await trader();
    await tick(db(), product, '100');
    const bought = await buy(owner.token, {
      productId: product.productId,
      periodSeconds: 60,
      direction: 'down',
      amount: '10',
    });
    const id = bought.body.data.id as string;
    const opening = await tick(db(), product, '99');
    const closing = await tick(db(), product, '98');
    // The round is made to close at the closing tick, as the owner of the product writes it.
    await db().execute(sql`update option_orders set epoch = ${String(product.epoch)}::bigint,
      close_time = (select recorded_at from option_ticks where id = ${closing.id}::bigint) where id = ${id}::bigint`);
    await tick(db(), product, '97');
    await settlementOf(sut, ledgerOf(sut)).settleDue(
      { id: product.productId, asset: 'USDT', staleSeconds: 10 },
      product.epoch,
    );

    const proof = await callApi(sut, 'GET', `/api/options/orders/${id}/proof`, { token: owner.token });
    expect(proof.body.data).toMatchObject({
      openTick: { id: opening.id, price: '99' },
      closeTick: { id: closing.id, price: '98' },
      staleSeconds: 10,
      rule: 'downWins',
      order: {
        id,
        status: 'completed',
        outcome: 'win',
        openPrice: '99',
        closePrice: '98',
        profit: '8.500000',
        payout: '18.500000',
      },
    });
    expect(await spot(owner.userId)).toBe('1008.500000');
    const settled = await callApi(sut, 'GET', '/api/options/orders?state=settled', { token: owner.token });
    expect(settled.body.data.items.map((item: { id: string }) => item.id)).toEqual([id]);

    const foreign = await callApi(sut, 'GET', `/api/options/orders/${id}/proof`, { token: other.token });
    expect(foreign).toMatchObject({ status: 404, body: { code: 7403, msg: 'This order does not exist' } });
  });
});

describe('the back office', () => {
  it('changes a product for new orders only, audited, and open orders keep their payout rate', async () => {
    const product = await ownProductOf(db(), uniqueTag());
    const { token } = await trader();
    await tick(db(), product, '100');
    const bought = await buy(token, {
      productId: product.productId,
      periodSeconds: 60,
      direction: 'up',
      amount: '10',
    });
    const update = await adminApi(sut, 'PUT', `/api/admin/options/products/${product.productId}`, {
      token: superToken,
      body: {
        periods: [{ seconds: 60, payoutRate: '0.5', minStake: '10', maxStake: '100', buyCutoffSeconds: 10 }],
        maxOpenOrders: 5,
        maxDailyLoss: '1000',
        open: true,
        reason: 'Lower the one-minute payout',
      },
    });
    expect(update.body).toMatchObject({ code: 0, msg: 'Product saved' });
    expect(update.body.data.periods).toEqual([
      expect.objectContaining({ seconds: 60, payoutRate: '0.5', maxStake: '100.000000' }),
    ]);
    expect((await storedOrder(db(), bought.body.data.id)).payoutRate).toBe('0.850000000000000000');
    const open = await callApi(sut, 'GET', '/api/options/orders?state=open', { token });
    expect(open.body.data.items[0]).toMatchObject({ id: bought.body.data.id, payoutRate: '0.85' });

    const audit = await adminApi(sut, 'GET', '/api/admin/audit?action=updateOptionProduct&pageSize=1', {
      token: superToken,
    });
    expect(audit.body.data.items[0]).toMatchObject({
      reason: 'Lower the one-minute payout',
      targetType: 'optionProduct',
      targetId: product.productId,
      before: expect.objectContaining({ maxOpenOrders: 20 }),
      after: expect.objectContaining({ maxOpenOrders: 5 }),
    });

    const exposure = await adminApi(sut, 'GET', '/api/admin/options/exposure', { token: superToken });
    const round = (exposure.body.data.rounds as Array<Record<string, unknown>>).find(
      (each) => each.productId === product.productId,
    );
    expect(round).toMatchObject({
      orders: 1,
      upStake: '10.000000',
      downStake: '0.000000',
      worstCase: '8.500000',
    });
    expect(exposure.body.data.asset).toBe('USDT');
  });

  it('adds a product on a known market only, and refuses periods that contradict each other', async () => {
    const settings = {
      periods: [{ seconds: 120, payoutRate: '0.9', minStake: '5', maxStake: '50', buyCutoffSeconds: 20 }],
      maxOpenOrders: 3,
      maxDailyLoss: '500',
      open: false,
      reason: 'Add SOL options',
    };
    const created = await adminApi(sut, 'POST', '/api/admin/options/products', {
      token: superToken,
      body: { ...settings, symbol: 'SOLUSDT' },
    });
    expect(created.body).toMatchObject({
      code: 0,
      data: { symbol: 'SOLUSDT', open: false, asset: 'USDT', maxOpenOrders: 3 },
    });
    const again = await adminApi(sut, 'POST', '/api/admin/options/products', {
      token: superToken,
      body: { ...settings, symbol: 'SOLUSDT' },
    });
    expect(again).toMatchObject({ status: 409, body: { code: 7409 } });
    const unknown = await adminApi(sut, 'POST', '/api/admin/options/products', {
      token: superToken,
      body: { ...settings, symbol: 'NOPEUSDT' },
    });
    expect(unknown.body.code).toBe(7001);
    const contradictory = await adminApi(sut, 'PUT', `/api/admin/options/products/${created.body.data.id}`, {
      token: superToken,
      body: {
        ...settings,
        periods: [{ seconds: 120, payoutRate: '0.9', minStake: '50', maxStake: '5', buyCutoffSeconds: 20 }],
      },
    });
    expect(contradictory).toMatchObject({ status: 400, body: { code: 7410 } });
    const list = await adminApi(sut, 'GET', '/api/admin/options/products', { token: superToken });
    expect(list.body.data.items.map((item: { symbol: string }) => item.symbol)).toContain('SOLUSDT');
  });
});
