import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { ledgerOf } from '../ledger/test-ledger';
import { get, post, SEEDED, saver, spotOf, subscribe, TestClock } from './test-earn';

let sut: TestApp;
let superToken: string;
const clock = new TestClock(new Date('2027-03-10T15:30:00Z'));

beforeAll(async () => {
  sut = await createTestApp({ earnClock: clock.now });
  superToken = (await adminWithRole(sut, 'super_admin')).token;
});
afterAll(async () => {
  await sut?.close();
});

/** A product made by the super admin; settings override the defaults. */
async function productWith(settings: Record<string, unknown>) {
  const answer = await adminApi(sut, 'POST', '/api/admin/earn/products', {
    token: superToken,
    body: {
      asset: 'USDT',
      termDays: 10,
      annualRate: '0.1',
      minAmount: '10',
      maxPerUser: '1000',
      quota: '5000',
      saleStartsAt: '2026-01-01T00:00:00.000Z',
      saleEndsAt: null,
      earlyRedemption: { allowed: true, penaltyRate: '0.02' },
      visible: true,
      reason: 'A product for the test',
      ...settings,
    },
  });
  expect(answer.body.code).toBe(0);
  return answer.body.data as { id: string };
}

describe('GET /api/earn/products', () => {
  it('lists the seeded products with rate, term, limits, quota left and what the caller holds', async () => {
    const { token } = await saver(sut, '1000');
    await subscribe(sut, token, SEEDED.thirtyDays, '200');
    const answer = await get(sut, '/api/earn/products', token);
    expect(answer.status).toBe(200);
    const items = answer.body.data.items as Array<Record<string, unknown>>;
    const thirty = items.find((item) => item.id === SEEDED.thirtyDays);
    expect(thirty).toMatchObject({
      asset: 'USDT',
      termDays: 30,
      annualRate: '0.06',
      minAmount: '100.000000',
      maxPerUser: '100000.000000',
      quota: '10000000.000000',
      state: 'onSale',
      held: '200.000000',
      earlyRedemption: { allowed: true, penaltyRate: '0.01' },
    });
    expect(items.find((item) => item.id === SEEDED.flexible)).toMatchObject({
      termDays: null,
      annualRate: '0.03',
    });
    expect(items.find((item) => item.id === SEEDED.btc)).toMatchObject({ asset: 'BTC', termDays: 60 });
  });

  it('asks for a session', async () => {
    expect((await callApi(sut, 'GET', '/api/earn/products')).status).toBe(401);
  });
});

describe('POST /api/earn/quotes', () => {
  it('shows the first accrual day, a day’s interest, the maturity and the whole term’s interest', async () => {
    const { token } = await saver(sut, '0');
    const answer = await post(sut, '/api/earn/quotes', token, {
      productId: SEEDED.thirtyDays,
      amount: '1000',
    });
    expect(answer.body.data).toEqual({
      productId: SEEDED.thirtyDays,
      asset: 'USDT',
      amount: '1000.000000',
      annualRate: '0.06',
      accrualStartsOn: '2027-03-11',
      // floor(1000 × 0.06 / 365) and floor(1000 × 0.06 × 30 / 365) at 6 places.
      dailyInterest: '0.164383',
      maturesAt: '2027-04-10T00:00:00.000Z',
      totalInterest: '4.931506',
    });
  });

  it('has no maturity nor total for a flexible product', async () => {
    const { token } = await saver(sut, '0');
    const answer = await post(sut, '/api/earn/quotes', token, { productId: SEEDED.flexible, amount: '500' });
    expect(answer.body.data).toMatchObject({
      maturesAt: null,
      totalInterest: null,
      dailyInterest: '0.041095',
    });
  });
});

describe('POST /api/earn/orders', () => {
  it('moves the amount from the spot account into an active order with the product’s rate and term', async () => {
    const { token, userId } = await saver(sut, '1000');
    const answer = await subscribe(sut, token, SEEDED.thirtyDays, '300');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      productId: SEEDED.thirtyDays,
      asset: 'USDT',
      principal: '300.000000',
      annualRate: '0.06',
      termDays: 30,
      status: 'active',
      interestPaid: '0.000000',
      paidThrough: null,
      accrualStartsOn: '2027-03-11',
      maturesAt: '2027-04-10T00:00:00.000Z',
      closedAt: null,
      returned: null,
    });
    expect(await spotOf(sut, userId)).toBe('700.000000');
    const records = await get(sut, '/api/wallet/records?type=investmentDeduction', token);
    expect(records.body.data.items[0]).toMatchObject({ amount: '-300.000000', asset: 'USDT' });
    const active = await get(sut, '/api/earn/orders?state=active', token);
    expect(active.body.data.items.map((item: { id: string }) => item.id)).toEqual([answer.body.data.id]);
    expect((await ledgerOf(sut).check()).problems).toEqual([]);
  });

  it('refuses what the product does not allow, and changes nothing', async () => {
    const { token, userId } = await saver(sut, '60000');
    const refusal = async (productId: string, amount: string) =>
      (await subscribe(sut, token, productId, amount)).body.code;
    expect(await refusal(SEEDED.thirtyDays, '150.1234567')).toBe(7610);
    expect(await refusal(SEEDED.thirtyDays, '99.99')).toBe(7604);
    expect(await refusal(SEEDED.flexible, '50000.01')).toBe(7605);
    expect(await refusal(SEEDED.thirtyDays, '70000')).toBe(6001);
    expect(await refusal('999', '100')).toBe(7601);
    expect(await refusal(SEEDED.thirtyDays, '0')).not.toBe(0);
    expect(await spotOf(sut, userId)).toBe('60000.000000');
  });

  it('counts what the user already holds against the product’s maximum per user', async () => {
    const { token } = await saver(sut, '2000');
    const product = await productWith({ maxPerUser: '500', quota: '5000' });
    expect((await subscribe(sut, token, product.id, '400')).body.code).toBe(0);
    const over = await subscribe(sut, token, product.id, '101');
    expect(over.body).toMatchObject({ code: 7605 });
    expect(over.body.msg).toContain('500.000000 USDT');
    expect((await subscribe(sut, token, product.id, '100')).body.code).toBe(0);
  });

  it('counts every user’s active orders against the quota', async () => {
    const product = await productWith({ maxPerUser: '600', quota: '1000' });
    const first = await saver(sut, '1000');
    const second = await saver(sut, '1000');
    expect((await subscribe(sut, first.token, product.id, '600')).body.code).toBe(0);
    const over = await subscribe(sut, second.token, product.id, '401');
    expect(over.body.code).toBe(7606);
    expect(over.body.msg).toContain('400.000000 USDT');
    expect((await subscribe(sut, second.token, product.id, '400')).body.code).toBe(0);
    const listed = await get(sut, '/api/earn/products', second.token);
    expect(listed.body.data.items.find((item: { id: string }) => item.id === product.id)).toMatchObject({
      quotaLeft: '0.000000',
      state: 'soldOut',
    });
  });

  it('refuses a hidden product and one whose sale has not started or has ended', async () => {
    const { token } = await saver(sut, '1000');
    const hidden = await productWith({ visible: false });
    const upcoming = await productWith({ saleStartsAt: '2028-01-01T00:00:00.000Z' });
    const ended = await productWith({
      saleStartsAt: '2026-01-01T00:00:00.000Z',
      saleEndsAt: '2027-01-01T00:00:00.000Z',
    });
    for (const product of [hidden, upcoming, ended]) {
      expect((await subscribe(sut, token, product.id, '100')).body.code).toBe(7603);
    }
    const listed = await get(sut, '/api/earn/products', token);
    expect(listed.body.data.items.some((item: { id: string }) => item.id === hidden.id)).toBe(false);
  });

  it('subscribes once for a replayed Idempotency-Key', async () => {
    const { token, userId } = await saver(sut, '1000');
    const body = { productId: SEEDED.flexible, amount: '100' };
    const first = await post(sut, '/api/earn/orders', token, body, 'earn-replay-1');
    const again = await post(sut, '/api/earn/orders', token, body, 'earn-replay-1');
    expect(again.body.data).toEqual(first.body.data);
    expect(await spotOf(sut, userId)).toBe('900.000000');
    const other = await post(sut, '/api/earn/orders', token, { ...body, amount: '200' }, 'earn-replay-1');
    expect(other.status).toBe(409);
  });
});

describe('the daily accrual', () => {
  it('pays each day once from the day after the subscription, however often it runs', async () => {
    const { token, userId } = await saver(sut, '1000');
    const order = (await subscribe(sut, token, SEEDED.flexible, '1000')).body.data;
    await sut.app.earn.job.runNow();
    expect((await get(sut, '/api/earn/orders', token)).body.data.items[0].interestPaid).toBe('0.000000');
    clock.days(3);
    await sut.app.earn.job.runNow();
    await sut.app.earn.job.runNow();
    const [paid] = (await get(sut, '/api/earn/orders', token)).body.data.items;
    // Day 1 pays floor(1000 × 0.03 / 365) = 0.082191; day 2 floor(1000 × 0.03 × 2 / 365) − 0.082191 = 0.082192.
    expect(paid).toMatchObject({ id: order.id, interestPaid: '0.164383', paidThrough: '2027-03-12' });
    expect(await spotOf(sut, userId)).toBe('0.164383');
    const summary = await get(sut, '/api/earn/summary', token);
    expect(summary.body.data).toEqual({
      holdings: [
        {
          asset: 'USDT',
          principal: '1000.000000',
          interestEarned: '0.164383',
          lastDayInterest: '0.082192',
        },
      ],
      principalValue: '1000.00000000',
      interestValue: '0.16438300',
    });
    const returns = await get(sut, '/api/wallet/records?type=returnOnInvestment', token);
    expect(returns.body.data.items.map((item: { amount: string }) => item.amount)).toEqual([
      '0.082192',
      '0.082191',
    ]);
    expect((await ledgerOf(sut).check()).problems).toEqual([]);
  });

  it('returns a fixed term’s principal at maturity with exactly the term’s interest', async () => {
    const { token, userId } = await saver(sut, '1000');
    const order = (await subscribe(sut, token, SEEDED.thirtyDays, '1000')).body.data;
    clock.days(31);
    await sut.app.earn.job.runNow();
    const closed = await get(sut, '/api/earn/orders?state=closed', token);
    expect(closed.body.data.items[0]).toMatchObject({
      id: order.id,
      status: 'matured',
      interestPaid: '4.931506',
      returned: '1000.000000',
    });
    expect(await spotOf(sut, userId)).toBe('1004.931506');
    const runs = await adminApi(sut, 'GET', '/api/admin/earn/accruals', { token: superToken });
    const items = runs.body.data.items as Array<{ day: string; matured: number; orders: number }>;
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]?.day).toBe('2027-04-12');
    expect(items.reduce((sum, run) => sum + run.matured, 0)).toBeGreaterThanOrEqual(1);
  });
});

describe('redemption', () => {
  it('shows an early redemption’s payout and pays exactly that, the interest and penalty kept', async () => {
    const { token, userId } = await saver(sut, '1000');
    const order = (await subscribe(sut, token, SEEDED.thirtyDays, '1000')).body.data;
    clock.days(3);
    await sut.app.earn.job.runNow();
    const quote = await get(sut, `/api/earn/orders/${order.id}/redemption`, token);
    // Two days paid: floor(1000 × 0.06 × 2 / 365) = 0.328767; penalty 1 % of the principal.
    expect(quote.body.data).toEqual({
      orderId: order.id,
      asset: 'USDT',
      principal: '1000.000000',
      interestPaid: '0.328767',
      interestReclaimed: '0.328767',
      penalty: '10.000000',
      payout: '989.671233',
      early: true,
    });
    const changed = await post(
      sut,
      `/api/earn/orders/${order.id}/redeem`,
      token,
      { expectedPayout: '990' },
      'r-1',
    );
    expect(changed.body.code).toBe(7608);
    const redeemed = await post(
      sut,
      `/api/earn/orders/${order.id}/redeem`,
      token,
      { expectedPayout: '989.671233' },
      'r-2',
    );
    expect(redeemed.body.data).toMatchObject({ status: 'redeemed', returned: '989.671233' });
    const replayed = await post(
      sut,
      `/api/earn/orders/${order.id}/redeem`,
      token,
      { expectedPayout: '989.671233' },
      'r-2',
    );
    expect(replayed.body.data).toEqual(redeemed.body.data);
    // The interest paid stays in spot and the payout is that much less: the user ends with the principal less the penalty.
    expect(await spotOf(sut, userId)).toBe('990.000000');
    const again = await post(
      sut,
      `/api/earn/orders/${order.id}/redeem`,
      token,
      { expectedPayout: '0' },
      'r-3',
    );
    expect(again.body.code).toBe(7609);
    expect((await ledgerOf(sut).check()).problems).toEqual([]);
  });

  it('gives a flexible order’s whole principal back, its interest kept', async () => {
    const { token, userId } = await saver(sut, '500');
    const order = (await subscribe(sut, token, SEEDED.flexible, '500')).body.data;
    clock.days(2);
    await sut.app.earn.job.runNow();
    const quote = (await get(sut, `/api/earn/orders/${order.id}/redemption`, token)).body.data;
    expect(quote).toMatchObject({
      interestReclaimed: '0.000000',
      penalty: '0.000000',
      payout: '500.000000',
      early: false,
    });
    const redeemed = await post(
      sut,
      `/api/earn/orders/${order.id}/redeem`,
      token,
      { expectedPayout: '500' },
      'f-1',
    );
    expect(redeemed.body.data.status).toBe('redeemed');
    expect(await spotOf(sut, userId)).toBe('500.041095');
  });

  it('refuses an early redemption the product does not allow', async () => {
    const { token } = await saver(sut, '500');
    const order = (await subscribe(sut, token, SEEDED.ninetyDays, '500')).body.data;
    expect((await get(sut, `/api/earn/orders/${order.id}/redemption`, token)).body.code).toBe(7607);
    const refused = await post(
      sut,
      `/api/earn/orders/${order.id}/redeem`,
      token,
      { expectedPayout: '500' },
      'n-1',
    );
    expect(refused.body.code).toBe(7607);
  });

  it('does not show or redeem another user’s order', async () => {
    const owner = await saver(sut, '500');
    const other = await saver(sut, '0');
    const order = (await subscribe(sut, owner.token, SEEDED.flexible, '500')).body.data;
    const quote = await get(sut, `/api/earn/orders/${order.id}/redemption`, other.token);
    expect(quote).toMatchObject({ status: 404, body: { code: 7602 } });
    const redeem = await post(
      sut,
      `/api/earn/orders/${order.id}/redeem`,
      other.token,
      { expectedPayout: '500' },
      'o-1',
    );
    expect(redeem).toMatchObject({ status: 404, body: { code: 7602 } });
    expect((await get(sut, '/api/earn/orders', other.token)).body.data.items).toEqual([]);
    expect(await spotOf(sut, owner.userId)).toBe('0.000000');
  });
});

describe('the back office', () => {
  it('changes a product for new orders only, and audits the change with its reason', async () => {
    const { token } = await saver(sut, '1000');
    const product = await productWith({ annualRate: '0.1', termDays: 10 });
    const before = (await subscribe(sut, token, product.id, '100')).body.data;
    const update = await adminApi(sut, 'PUT', `/api/admin/earn/products/${product.id}`, {
      token: superToken,
      body: {
        asset: 'USDT',
        termDays: 20,
        annualRate: '0.05',
        minAmount: '10',
        maxPerUser: '1000',
        quota: '5000',
        saleStartsAt: '2026-01-01T00:00:00.000Z',
        saleEndsAt: null,
        earlyRedemption: { allowed: false, penaltyRate: '0' },
        visible: true,
        reason: 'Rates fell',
      },
    });
    expect(update.body.data).toMatchObject({
      annualRate: '0.05',
      termDays: 20,
      subscribed: '100.000000',
      activeOrders: 1,
    });
    const after = (await subscribe(sut, token, product.id, '100')).body.data;
    expect([before.annualRate, before.termDays]).toEqual(['0.1', 10]);
    expect([after.annualRate, after.termDays]).toEqual(['0.05', 20]);
    const audit = await adminApi(sut, 'GET', '/api/admin/audit?action=updateEarnProduct&pageSize=1', {
      token: superToken,
    });
    expect(audit.body.data.items[0]).toMatchObject({ reason: 'Rates fell', targetId: product.id });
  });

  it('refuses settings that contradict each other', async () => {
    const answer = await adminApi(sut, 'POST', '/api/admin/earn/products', {
      token: superToken,
      body: {
        asset: 'USDT',
        termDays: null,
        annualRate: '0.02',
        minAmount: '100',
        maxPerUser: '50',
        quota: '5000',
        saleStartsAt: '2026-01-01T00:00:00.000Z',
        saleEndsAt: null,
        earlyRedemption: { allowed: true, penaltyRate: '0' },
        visible: true,
        reason: 'Contradiction',
      },
    });
    expect(answer.body.code).toBe(7611);
  });

  it('lists every user’s orders by user and product, and the products with what they hold', async () => {
    const { token, userId } = await saver(sut, '1000');
    await subscribe(sut, token, SEEDED.flexible, '100');
    const orders = await adminApi(
      sut,
      'GET',
      `/api/admin/earn/orders?userId=${userId}&productId=${SEEDED.flexible}`,
      {
        token: superToken,
      },
    );
    expect(orders.body.data.items).toHaveLength(1);
    expect(orders.body.data.items[0]).toMatchObject({ userId, account: 'spot', principal: '100.000000' });
    const products = await adminApi(sut, 'GET', '/api/admin/earn/products', { token: superToken });
    const flexible = products.body.data.items.find((item: { id: string }) => item.id === SEEDED.flexible);
    expect(flexible.activeOrders).toBeGreaterThan(0);
    expect(flexible.visible).toBe(true);
  });
});

describe('today’s figures', () => {
  it('add today’s subscriptions and interest as the earn part', async () => {
    const { token } = await saver(sut, '2000');
    await subscribe(sut, token, SEEDED.flexible, '1000');
    const overview = await get(sut, '/api/wallet/assets', token);
    const part = overview.body.data.today.parts.find((each: { product: string }) => each.product === 'earn');
    expect(part).toEqual({
      product: 'earn',
      profit: '0.00000000',
      orderCount: 1,
      investment: '1000.00000000',
    });
    clock.days(2);
    await sut.app.earn.job.runNow();
    const next = await get(sut, '/api/wallet/assets', token);
    const paid = next.body.data.today.parts.find((each: { product: string }) => each.product === 'earn');
    expect(paid).toEqual({ product: 'earn', profit: '0.08219100', orderCount: 0, investment: '0.00000000' });
  });
});
