import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { UserRow } from '../auth';
import { WalletRepository } from '../ledger';
import { journalTransactions } from '../ledger/ledger.schema';
import type { LedgerService } from '../ledger/ledger.service';
import { deposit, ledgerOf } from '../ledger/test-ledger';
import { WalletService } from './wallet.service';

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
  it('values stablecoins at one dollar and other assets at their index price, per account and overall', async () => {
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
    // Every listed asset has a USDT market, whose simulated index price is live from the start.
    expect([...overview.valuedAssets].sort()).toEqual([
      'BNB',
      'BTC',
      'DOGE',
      'ETH',
      'LTC',
      'SOL',
      'TRX',
      'USDT',
      'XRP',
    ]);
    const spot = overview.accounts.find((account: { account: string }) => account.account === 'spot');
    expect(spot.holdings).toContainEqual({
      asset: 'USDT',
      available: '60.000000',
      frozen: '0.500000',
      total: '60.500000',
      valued: true,
      usdValue: '60.50000000',
    });
    const btc = spot.holdings.find((holding: { asset: string }) => holding.asset === 'BTC');
    expect(btc).toMatchObject({ total: '0.25000000', valued: true });
    // A quarter of a price on a cent tick: a multiple of 0.0025, and somewhere near the simulation's start.
    const btcValue = Number(btc.usdValue);
    expect(btcValue).toBeGreaterThan(0.25 * 50_000);
    expect(btcValue).toBeLessThan(0.25 * 200_000);
    expect(BigInt(btc.usdValue.replace('.', '')) % 250_000n).toBe(0n);
    const cents = (text: string) => BigInt(text.replace('.', ''));
    expect(cents(spot.totals.total)).toBe(cents('60.50000000') + cents(btc.usdValue));
    expect(spot.totals).toMatchObject({ inUse: '0.50000000' });
    expect(cents(overview.totals.total)).toBe(cents(spot.totals.total) + cents('40.00000000'));
    expect(overview.totals.equity).toBe(overview.totals.total);
    const futures = overview.accounts.find((account: { account: string }) => account.account === 'futures');
    expect(futures.totals.total).toBe('40.00000000');
  });

  it('leaves an asset without a price unvalued and out of the totals', async () => {
    const { userId } = await newUser();
    await deposit(ledger, userId, 'USDT', '10');
    await deposit(ledger, userId, 'BTC', '0.5');
    await deposit(ledger, userId, 'DOGE', '1000');
    const prices = { indexPrice: (symbol: string) => (symbol === 'BTCUSDT' ? '90000.01' : null) };
    const wallet = new WalletService(ledger, new WalletRepository(sut.database.db), prices);
    const user = { id: userId } as UserRow;
    const overview = await wallet.overview(user);
    expect(overview.valuedAssets).toEqual(['BTC', 'USDT']);
    const spot = overview.accounts.find((account) => account.account === 'spot');
    expect(spot?.holdings.find((holding) => holding.asset === 'BTC')).toMatchObject({
      valued: true,
      usdValue: '45000.00500000',
    });
    expect(spot?.holdings.find((holding) => holding.asset === 'DOGE')).toMatchObject({
      total: '1000.00000000',
      valued: false,
      usdValue: null,
    });
    expect(overview.totals).toEqual({
      total: '45010.00500000',
      equity: '45010.00500000',
      inUse: '0.00000000',
      available: '45010.00500000',
    });
    const stablecoinsOnly = await new WalletService(ledger, new WalletRepository(sut.database.db)).overview(
      user,
    );
    expect(stablecoinsOnly.valuedAssets).toEqual(['USDT']);
    expect(stablecoinsOnly.totals.total).toBe('10.00000000');
  });

  it('needs a session', async () => {
    expect((await callApi(sut, 'GET', '/api/wallet/assets')).status).toBe(401);
  });
});

/** Moves a ledger entry to before today (00:00 UTC), as if it had been made yesterday. */
async function madeYesterday(entry: { transactionId?: string }) {
  const midnight = new Date();
  midnight.setUTCHours(0, 0, 0, 0);
  // The ledger refuses any change to its entries; this test's setting of the past goes around its trigger.
  await sut.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx
      .update(journalTransactions)
      .set({ createdAt: new Date(midnight.getTime() - 3_600_000) })
      .where(eq(journalTransactions.id, BigInt(entry.transactionId ?? '0')));
  });
}

function placeOrder(token: string, body: Record<string, unknown>) {
  return callApi(sut, 'POST', '/api/spot/orders', { token, body: { symbol: 'BTCUSDT', ...body } });
}

describe("today's figures on the assets overview", () => {
  it('counts a trade, a deposit and moved prices into the spot part of today', async () => {
    const trader = await newUser();
    const seller = await newUser();
    await madeYesterday(await deposit(ledger, trader.userId, 'USDT', '1000'));
    await madeYesterday(await deposit(ledger, trader.userId, 'BTC', '0.2'));
    await deposit(ledger, seller.userId, 'BTC', '1');
    // Today: 0.1 BTC deposited, 0.01 BTC bought for 500 USDT, and a buy left resting on the book.
    await deposit(ledger, trader.userId, 'BTC', '0.1');
    await placeOrder(seller.token, { side: 'sell', type: 'limit', price: '50000', size: '0.01' });
    const bought = await placeOrder(trader.token, {
      side: 'buy',
      type: 'limit',
      price: '50000',
      size: '0.01',
    });
    expect(bought.body.data).toMatchObject({ status: 'filled', filledTotal: '500.000000' });
    await placeOrder(trader.token, { side: 'buy', type: 'limit', price: '1000', size: '0.01' });
    const fills = await callApi(sut, 'GET', '/api/spot/trades', { token: trader.token });
    expect(fills.body.data.items).toEqual([expect.objectContaining({ fee: '0.00001000', feeAsset: 'BTC' })]);

    // The app's own answer: two orders placed today, 500 USDT bought with; its prices are the live simulation's.
    const answer = await callApi(sut, 'GET', '/api/wallet/assets', { token: trader.token });
    expect(answer.body.data.today).toMatchObject({
      orderCount: 2,
      investment: '500.00000000',
      parts: [
        expect.objectContaining({ product: 'spot', orderCount: 2, investment: '500.00000000' }),
        { product: 'earn', profit: '0.00000000', orderCount: 0, investment: '0.00000000' },
      ],
    });
    expect(answer.body.data.today.since).toMatch(/T00:00:00\.000Z$/);

    // BTC at 48,000 at 00:00, 49,000 when the deposit came in and 51,000 now.
    const midnight = new Date(answer.body.data.today.since);
    const prices = {
      indexPrice: (symbol: string) => (symbol === 'BTCUSDT' ? '51000' : null),
      priceAt: async (symbol: string, at: Date) =>
        symbol !== 'BTCUSDT' ? null : at.getTime() === midnight.getTime() ? '48000' : '49000',
    };
    const wallet = new WalletService(ledger, new WalletRepository(sut.database.db), prices);
    const { today } = await wallet.overview({ id: trader.userId } as UserRow);
    // 0.2 BTC held since yesterday: +600; the deposit, 49,000 → 51,000 on 0.1: +200; the trade, 500 USDT for
    // 0.01 BTC now worth 510: +10; its fee, 0.00001 BTC at 51,000: -0.51.
    expect(today.profit).toBe('809.49000000');
    expect(today.parts).toEqual([
      { product: 'spot', profit: '809.49000000', orderCount: 0, investment: '0.00000000' },
      { product: 'earn', profit: '0.00000000', orderCount: 0, investment: '0.00000000' },
    ]);
  });

  it('counts of a deposit today only what its price did since it came in, and nothing of a withdrawal', async () => {
    const { userId } = await newUser();
    await deposit(ledger, userId, 'USDT', '100');
    await deposit(ledger, userId, 'BTC', '0.5');
    await ledger.execute({
      type: 'debit',
      kind: 'system_debit',
      to: 'adjustments',
      userId,
      account: 'spot',
      asset: 'USDT',
      amount: '40',
      reference: `debit-${userId}`,
      actor: 'system',
    });
    const prices = {
      indexPrice: (symbol: string) => (symbol === 'BTCUSDT' ? '60000.5' : null),
      priceAt: async (symbol: string) => (symbol === 'BTCUSDT' ? '59000.5' : null),
    };
    const wallet = new WalletService(ledger, new WalletRepository(sut.database.db), prices);
    const { today } = await wallet.overview({ id: userId } as UserRow);
    expect(today).toMatchObject({ profit: '500.00000000', orderCount: 0, investment: '0.00000000' });
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
