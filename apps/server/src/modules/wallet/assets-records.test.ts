import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { LedgerService } from '../ledger/ledger.service';
import { deposit, ledgerOf } from '../ledger/test-ledger';

let sut: TestApp;
let ledger: LedgerService;
let accounts = 0;

beforeAll(async () => {
  sut = await createTestApp();
  ledger = ledgerOf(sut);
});
afterAll(async () => {
  await sut?.close();
});

async function newUser() {
  accounts += 1;
  const { token, user } = await registerAccount(sut, `assets${accounts}@example.com`, {
    ip: `10.2.0.${accounts}`,
  });
  return { token, userId: user.id };
}

function transfer(token: string, amount: string, from = 'spot', to = 'futures') {
  return callApi(sut, 'POST', '/api/wallet/transfer', { token, body: { from, to, asset: 'USDT', amount } });
}

describe('GET /api/wallet/assets', () => {
  it('values stablecoins at one dollar and totals only valued assets, per account and overall', async () => {
    const { token, userId } = await newUser();
    await deposit(ledger, userId, 'USDT', '100.5');
    await deposit(ledger, userId, 'BTC', '0.25');
    await ledger.execute({
      type: 'freeze',
      purpose: 'test',
      userId,
      account: 'spot',
      asset: 'USDT',
      amount: '0.5',
      reference: `freeze-${userId}`,
      actor: 'system',
    });
    await transfer(token, '40');

    const answer = await callApi(sut, 'GET', '/api/wallet/assets', { token });
    expect(answer.status).toBe(200);
    const overview = answer.body.data;
    expect(overview.valuedAssets).toEqual(['USDT']);
    expect(overview.totals).toEqual({
      total: '100.50000000',
      equity: '100.50000000',
      inUse: '0.50000000',
      available: '100.00000000',
    });
    const spot = overview.accounts.find((account: { account: string }) => account.account === 'spot');
    expect(spot.totals).toMatchObject({
      total: '60.50000000',
      inUse: '0.50000000',
      available: '60.00000000',
    });
    expect(spot.holdings).toContainEqual({
      asset: 'USDT',
      available: '60.000000',
      frozen: '0.500000',
      total: '60.500000',
      valued: true,
      usdValue: '60.50000000',
    });
    expect(spot.holdings).toContainEqual({
      asset: 'BTC',
      available: '0.25000000',
      frozen: '0.00000000',
      total: '0.25000000',
      valued: false,
      usdValue: null,
    });
    const futures = overview.accounts.find((account: { account: string }) => account.account === 'futures');
    expect(futures.totals.total).toBe('40.00000000');
  });

  it('needs a session', async () => {
    expect((await callApi(sut, 'GET', '/api/wallet/assets')).status).toBe(401);
  });
});

type Item = { id: string; type: string; asset: string; account: string; amount: string; reference: string };

async function records(token: string, query = '') {
  const answer = await callApi(sut, 'GET', `/api/wallet/records${query}`, { token });
  return answer as { status: number; body: { code: number; data: { items: Item[]; next: string | null } } };
}

describe('GET /api/wallet/records', () => {
  it('lists the ledger postings of the user newest first, signed, with their journal transaction', async () => {
    const { token, userId } = await newUser();
    const credited = await deposit(ledger, userId, 'USDT', '10');
    await transfer(token, '2.5');

    const { body } = await records(token);
    expect(body.data.next).toBeNull();
    expect(body.data.items.map(({ type, account, amount }) => ({ type, account, amount }))).toEqual([
      { type: 'transfer', account: 'futures', amount: '2.500000' },
      { type: 'transfer', account: 'spot', amount: '-2.500000' },
      { type: 'deposit', account: 'spot', amount: '10.000000' },
    ]);
    expect(body.data.items[2]?.reference).toBe(credited.transactionId);
  });

  it('filters by type and by asset', async () => {
    const { token, userId } = await newUser();
    await deposit(ledger, userId, 'USDT', '10');
    await deposit(ledger, userId, 'BTC', '1');
    await transfer(token, '1');

    const deposits = (await records(token, '?type=deposit')).body.data.items;
    expect(deposits.map((item) => item.asset).sort()).toEqual(['BTC', 'USDT']);
    const bitcoin = (await records(token, '?asset=BTC')).body.data.items;
    expect(bitcoin.map((item) => item.type)).toEqual(['deposit']);
    expect((await records(token, '?type=systemDebit')).body.data.items).toEqual([]);
  });

  it('pages with a cursor that stays put while new entries arrive', async () => {
    const { token, userId } = await newUser();
    for (const amount of ['1', '2', '3', '4', '5']) await deposit(ledger, userId, 'USDT', amount);

    const first = (await records(token, '?limit=2')).body.data;
    expect(first.items.map((item) => item.amount)).toEqual(['5.000000', '4.000000']);
    await deposit(ledger, userId, 'USDT', '6');
    const second = (await records(token, `?limit=2&cursor=${first.next}`)).body.data;
    expect(second.items.map((item) => item.amount)).toEqual(['3.000000', '2.000000']);
    const third = (await records(token, `?limit=2&cursor=${second.next}`)).body.data;
    expect(third.items.map((item) => item.amount)).toEqual(['1.000000']);
    expect(third.next).toBeNull();
  });

  it("never shows another user's entries", async () => {
    const alice = await newUser();
    const bob = await newUser();
    await deposit(ledger, alice.userId, 'USDT', '7');
    expect((await records(bob.token)).body.data.items).toEqual([]);
  });

  it('refuses a cursor it did not hand out and an unknown type', async () => {
    const { token } = await newUser();
    expect((await records(token, '?cursor=bm90LWEtbnVtYmVy')).status).toBe(400);
    expect((await records(token, '?type=investment')).status).toBe(400);
  });
});
