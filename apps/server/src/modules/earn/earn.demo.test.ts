import type { LedgerBook } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rowsOf } from '../../db/rows';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { startDemo } from '../demo/test-demo';
import { ledgerOf } from '../ledger/test-ledger';
import { get, SEEDED, saver, spotOf, subscribe, TestClock } from './test-earn';

/* Earn for demo accounts (decision 0055): the same products, principal and interest in the demo book. */

let sut: TestApp;
const clock = new TestClock(new Date('2027-05-10T15:30:00Z'));

beforeAll(async () => {
  sut = await createTestApp({ earnClock: clock.now });
});
afterAll(async () => {
  await sut?.close();
});

let demos = 0;
async function demo() {
  demos += 1;
  const started = await startDemo(sut, `10.32.0.${demos}`);
  return { token: started.token, userId: started.user.id };
}

async function systemUsdt(purpose: 'earn_principal' | 'earn_interest', book: LedgerBook) {
  return Number(await ledgerOf(sut).systemBalance(purpose, 'USDT', book));
}

async function held(productId: string) {
  const [row] = await rowsOf<{ held: string }>(
    sut.database.db,
    sql`select held::text as held from earn_products where id = ${productId}::bigint`,
  );
  return Number(row?.held);
}

describe('a demo account in earn', () => {
  it('subscribes and is paid each day from the demo book, beside a real saver paid from the real one', async () => {
    const real = await saver(sut, '1000');
    const virtual = await demo();
    const principal = {
      real: await systemUsdt('earn_principal', 'real'),
      demo: await systemUsdt('earn_principal', 'demo'),
    };
    const interest = {
      real: await systemUsdt('earn_interest', 'real'),
      demo: await systemUsdt('earn_interest', 'demo'),
    };
    const quotaHeld = await held(SEEDED.flexible);
    expect((await subscribe(sut, real.token, SEEDED.flexible, '1000')).body.code).toBe(0);
    expect((await subscribe(sut, virtual.token, SEEDED.flexible, '1000')).body.code).toBe(0);
    expect(await systemUsdt('earn_principal', 'real')).toBe(principal.real + 1000);
    expect(await systemUsdt('earn_principal', 'demo')).toBe(principal.demo + 1000);
    // Virtual principal takes none of the product's quota.
    expect(await held(SEEDED.flexible)).toBe(quotaHeld + 1000);

    clock.days(3);
    await sut.app.earn.job.runNow();

    // Two days paid: 0.082191 + 0.082192, to each from its own book.
    expect(await spotOf(sut, real.userId)).toBe('0.164383');
    expect(await spotOf(sut, virtual.userId)).toBe('99000.164383');
    expect(await systemUsdt('earn_interest', 'real')).toBeCloseTo(interest.real - 0.164383, 6);
    expect(await systemUsdt('earn_interest', 'demo')).toBeCloseTo(interest.demo - 0.164383, 6);
    const orders = await get(sut, '/api/earn/orders', virtual.token);
    expect(orders.body.data.items[0]).toMatchObject({ interestPaid: '0.164383' });
    // The back office lists customers' orders: a demo account's are counted apart.
    const { token } = await adminWithRole(sut, 'support');
    for (const userId of [real.userId, virtual.userId]) {
      const listed = await adminApi(sut, 'GET', `/api/admin/earn/orders?userId=${userId}`, { token });
      expect(listed.body.data.items).toHaveLength(userId === real.userId ? 1 : 0);
    }
    expect((await ledgerOf(sut).check()).problems).toEqual([]);
  });

  it('redeems and matures from the demo book’s principal', async () => {
    const virtual = await demo();
    const fixed = (await subscribe(sut, virtual.token, SEEDED.thirtyDays, '1000')).body.data;
    const flexible = (await subscribe(sut, virtual.token, SEEDED.flexible, '500')).body.data;
    const principal = await systemUsdt('earn_principal', 'demo');
    const quote = await get(sut, `/api/earn/orders/${flexible.id}/redemption`, virtual.token);
    const redeemed = await sut.app.inject({
      method: 'POST',
      url: `/api/earn/orders/${flexible.id}/redeem`,
      payload: { expectedPayout: quote.body.data.payout },
      headers: { authorization: virtual.token, 'idempotency-key': `demo-redeem-${flexible.id}` },
    });
    expect(redeemed.json()).toMatchObject({ code: 0, data: { status: 'redeemed', returned: '500.000000' } });
    expect(await systemUsdt('earn_principal', 'demo')).toBe(principal - 500);

    clock.days(31);
    await sut.app.earn.job.runNow();
    const closed = await get(sut, '/api/earn/orders?state=closed', virtual.token);
    expect(closed.body.data.items).toContainEqual(
      expect.objectContaining({ id: fixed.id, status: 'matured', interestPaid: '4.931506' }),
    );
    expect(await spotOf(sut, virtual.userId)).toBe('100004.931506');
    expect(await systemUsdt('earn_principal', 'demo')).toBe(principal - 1500);
    expect((await ledgerOf(sut).check()).problems).toEqual([]);
  });

  it('is wound down at a reset: open orders redeemed early, and the reset finds the principal back', async () => {
    const virtual = await demo();
    const fixed = (await subscribe(sut, virtual.token, SEEDED.thirtyDays, '1000')).body.data;
    await subscribe(sut, virtual.token, SEEDED.flexible, '2000');
    clock.days(3);
    await sut.app.earn.job.runNow();
    const principal = await systemUsdt('earn_principal', 'demo');

    const reset = await callApi(sut, 'POST', '/api/user/demo/reset', { token: virtual.token });

    expect(reset.body.data).toMatchObject({ account: { resets: 1 }, cancelledOrders: 2, closedPositions: 0 });
    expect((await get(sut, '/api/earn/orders', virtual.token)).body.data.items).toEqual([]);
    const closed = await get(sut, '/api/earn/orders?state=closed', virtual.token);
    // The fixed term is redeemed early as its rule says: the interest paid reclaimed and 1 % kept.
    expect(closed.body.data.items).toContainEqual(
      expect.objectContaining({ id: fixed.id, status: 'redeemed', returned: '989.671233' }),
    );
    expect(await systemUsdt('earn_principal', 'demo')).toBe(principal - 3000);
    expect(await spotOf(sut, virtual.userId)).toBe('100000.000000');
    expect((await ledgerOf(sut).check()).problems).toEqual([]);
  });
});
