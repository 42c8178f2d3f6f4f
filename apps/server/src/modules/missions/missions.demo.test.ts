import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { rowsOf } from '../../../test/database';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startDemo } from '../demo/test-demo';
import { deposit, ledgerOf } from '../ledger/test-ledger';
import { ownProductOf, tick, uniqueTag } from '../options/test-options';

/* A demo account's activity (decision 0055) is virtual: it counts toward no mission, and nothing is recorded. */

let sut: TestApp;

beforeAll(async () => {
  sut = await createTestApp({ env: { MARKET_MAKER: 'off' } });
});
afterAll(async () => {
  await sut?.close();
});

async function buyOption(token: string, productId: string) {
  const response = await sut.app.inject({
    method: 'POST',
    url: '/api/options/orders',
    payload: { productId, periodSeconds: 300, direction: 'up', amount: '20' },
    headers: { authorization: token, 'idempotency-key': `missions-${randomBytes(4).toString('hex')}` },
  });
  expect(response.json().code).toBe(0);
}

async function optionsTask(token: string) {
  const answer = await callApi(sut, 'GET', '/api/missions', { token });
  const items = answer.body.data.items as Array<{ event: string; progress: string; status: string }>;
  return items.find((item) => item.event === 'optionsBought');
}

describe('missions and demo accounts', () => {
  it('count a real user’s option bought, and not a demo account’s', async () => {
    const product = await ownProductOf(sut.database.db, uniqueTag());
    await tick(sut.database.db, product, '100');
    const real = await registerAccount(sut, `missions-${uniqueTag().toLowerCase()}@demo.test`, {
      ip: '10.36.0.1',
    });
    await deposit(ledgerOf(sut), real.user.id, 'USDT', '100');
    const demo = await startDemo(sut, '10.36.0.2');

    await buyOption(real.token, product.productId);
    await buyOption(demo.token, product.productId);

    expect(await optionsTask(real.token)).toMatchObject({ progress: '1' });
    expect(await optionsTask(demo.token)).toMatchObject({ progress: '0', status: 'inProgress' });
    const recorded = await rowsOf<{ count: number }>(
      sut.database.db,
      sql`select count(*)::int as count from mission_cycles where user_id = ${demo.user.id}`,
    );
    expect(recorded[0]?.count).toBe(0);
  });
});
