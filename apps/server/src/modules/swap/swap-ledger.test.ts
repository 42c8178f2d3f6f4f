import {
  addDecimals,
  type Decimal,
  decimalOf,
  formatShortest,
  multiplyDecimals,
  type Units,
} from '@kestrel/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rowsOf } from '../../db/rows';
import { ledgerOf } from '../ledger/test-ledger';
import type { SwapService } from './swap.service';
import { ADDRESSES, pastDeadline, readyCoins } from './test-swap';

let sut: TestApp;
let service: SwapService;

beforeAll(async () => {
  sut = await createTestApp({ env: { SWAP_WATCHER_MODE: 'manual' } });
  await readyCoins(sut);
  service = sut.app.swap.service;
});
afterAll(async () => {
  await sut?.close();
});

/** A small seeded generator, so that a failing run can be repeated from the seed it prints. */
function randomOf(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const PATHS = [
  'paid',
  'paidTwice',
  'wrongAmountRefunded',
  'wrongAmountExchanged',
  'lateRefunded',
  'floating',
  'cancelled',
  'expired',
] as const;

describe('the ledger after many swap orders', () => {
  it('holds, with each leg posted once, after random orders through every path', async () => {
    const seed = Number(process.env.SWAP_LEDGER_SEED ?? Date.now() % 100_000);
    const random = randomOf(seed);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    const pairs = (await service.pairs()).items;
    const system = { adminId: null };
    const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
    const deposited = new Map<string, Decimal>();
    const seen = new Map<string, number>();
    let hashes = 0;

    for (let count = 0; count < 80; count += 1) {
      const pair = pick(pairs);
      const path = pick(PATHS);
      seen.set(path, (seen.get(path) ?? 0) + 1);
      const factor = { units: BigInt(11 + Math.floor(random() * 39)), scale: 1 };
      const amount = formatShortest(multiplyDecimals(decimalOf(pair.min), factor));
      const rateType = path === 'floating' ? 'floating' : 'fixed';
      const sent = await service.quote({ ...pair, amount, amountSide: 'send', rateType });
      // Half the orders are asked as what to receive: the amount the same send would give.
      const quote =
        random() < 0.5
          ? sent
          : await service.quote({ ...pair, amount: sent.receiveAmount, amountSide: 'receive', rateType });
      const order = await service.createOrder(
        {
          quoteId: quote.quoteId,
          receiveAddress: ADDRESSES[pair.toNetwork],
          refundAddress: ADDRESSES[pair.fromNetwork],
          ...(pair.toNetwork === 'solana' ? { receiveMemo: '42' } : {}),
        },
        undefined,
      );
      const id = order.id;
      const pay = async (sent: string) => {
        hashes += 1;
        await service.deposit(id, { amount: sent, txHash: tx(hashes) }, system);
        const key = pair.fromAsset;
        deposited.set(key, addDecimals(deposited.get(key) ?? { units: 0n, scale: 0 }, decimalOf(sent)));
      };
      const payOut = async () => {
        const row = await service.adminOrder(id);
        if (row.needsApproval) {
          await sut.database.db.execute(sql`update swap_orders set payout_approved_by = 1 where id = ${id}`);
        }
        await service.payout(id, tx(hashes), system);
      };
      const wrong = formatShortest(addDecimals(decimalOf(order.sendAmount), decimalOf(pair.min)));
      // A failure names the seed that repeats the run.
      switch (path) {
        case 'paid':
          await pay(order.sendAmount);
          await payOut();
          break;
        case 'paidTwice':
          await pay(order.sendAmount);
          await expect(
            service.deposit(id, { amount: order.sendAmount, txHash: tx(0) }, system),
          ).rejects.toThrow('swapStateConflict');
          await payOut();
          await expect(service.payout(id, tx(0), system)).rejects.toThrow('swapStateConflict');
          break;
        case 'wrongAmountRefunded':
          await pay(wrong);
          await service.review(id, 'refund', system);
          await service.refund(id, tx(hashes), system);
          await expect(service.refund(id, tx(0), system)).rejects.toThrow('swapStateConflict');
          break;
        case 'wrongAmountExchanged':
          await pay(wrong);
          await service.review(id, 'exchange', system);
          await payOut();
          break;
        case 'lateRefunded':
          await pastDeadline(sut, id);
          await service.expireDue();
          await pay(order.sendAmount);
          await service.review(id, 'refund', system);
          await service.refund(id, tx(hashes), system);
          break;
        case 'floating':
          await pay(order.sendAmount);
          await payOut();
          break;
        case 'cancelled':
          await service.cancel(id, { secret: order.secret });
          break;
        case 'expired':
          await pastDeadline(sut, id);
          await service.expireDue();
          break;
      }
    }

    expect(seen.size).toBe(PATHS.length);
    const report = await ledgerOf(sut).check();
    expect(report.problems, `seed ${seed} (SWAP_LEDGER_SEED repeats it)`).toEqual([]);
    expect(report.ok).toBe(true);
    // What arrived is exactly what swap deposits clearing gave, per asset.
    const positions = await rowsOf<{ asset: string; total: string }>(
      sut.database.db,
      sql`select p.asset, sum(p.amount)::text as total from postings p
        join ledger_accounts a on a.id = p.account_id
        where a.user_id is null and a.purpose = 'swap_deposits_clearing' group by p.asset`,
    );
    for (const [asset, total] of deposited) {
      const position = positions.find((row) => row.asset === asset);
      expect(formatShortest(decimalOf(position?.total ?? '0')), asset).toBe(
        formatShortest({ units: -total.units, scale: total.scale }),
      );
    }
    // Each leg once: no order has two journal transactions of one leg (the references are unique anyway).
    const [legs] = await rowsOf<{ orders: number; references: number; transactions: number }>(
      sut.database.db,
      sql`select count(distinct split_part(reference, ':', 2))::int as orders, count(distinct reference)::int as references,
        count(*)::int as transactions from journal_transactions where kind = 'swap'`,
    );
    expect(legs?.references).toBe(legs?.transactions);
  }, 120_000);

  it('names a desk account that only receives when its position goes below zero', async () => {
    const ledger = ledgerOf(sut);
    const revenue = await ledger.systemAccount('swap_revenue');
    const inventory = await ledger.systemAccount('swap_inventory_tron');
    await ledger.batch((batch) =>
      batch.move(
        [
          {
            kind: 'swap',
            reference: 'swap:TEST:wrong-way',
            actor: 'system',
            postings: [
              { accountId: revenue, asset: 'TRX', units: -1_000_000_000_000n as Units },
              { accountId: inventory, asset: 'TRX', units: 1_000_000_000_000n as Units },
            ],
          },
        ],
        [],
      ),
    );
    const report = await ledger.check();
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      expect.objectContaining({
        rule: 'negative',
        detail: expect.stringContaining('position of swap_revenue'),
      }),
    ]);
  });
});
