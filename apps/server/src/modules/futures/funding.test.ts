import { decimalOf, formatShortest } from '@kestrel/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../test/database';
import { scratchDatabase } from '../../../test/scratch-database';
import { refusedByFence } from '../../cluster/fence';
import type { Database } from '../../db/client';
import { LedgerRepository, LedgerService } from '../ledger';
import { balanceOf, deposit } from '../ledger/test-ledger';
import { FundingSettlement } from './funding';
import { FundingRepository } from './funding.repository';
import type { FuturesMarkets } from './futures-markets';
import type { FuturesMark } from './mark-price';
import { createUsers, futuresMarketsOf } from './test-futures';

const EPOCH = 7n;
const short = (text: string | undefined) => formatShortest(decimalOf(text ?? 'NaN'));
let database: Database;
let drop: () => Promise<void>;
let ledger: LedgerService;
let markets: FuturesMarkets;
let settlement: FundingSettlement;

beforeAll(async () => {
  ({ database, drop } = await scratchDatabase());
  ledger = new LedgerService(new LedgerRepository(database.db));
  markets = await futuresMarketsOf(database.db);
  settlement = new FundingSettlement(new FundingRepository(database.db), ledger, markets);
  await database.db.execute(
    sql`insert into leadership (name, holder, epoch) values ('futures:BTCUSDT', 'node-a', ${String(EPOCH)}::bigint)`,
  );
});
afterAll(async () => {
  await drop?.();
});

/** A position as its owner would have written it, its margin frozen by its reservation. */
async function openPosition(
  userId: number,
  side: 'long' | 'short',
  size: string,
  marginMode: 'cross' | 'isolated',
  margin: string,
) {
  const [row] = await rowsOf<{ id: string }>(
    database.db,
    sql`insert into futures_positions (user_id, symbol, side, margin_mode, leverage, size, entry_price, margin, epoch)
        values (${userId}, 'BTCUSDT', ${side}, ${marginMode}, 10, ${size}, 50000, ${margin}, ${String(EPOCH)}::bigint)
        returning id::text as id`,
  );
  if (!row) throw new Error('no position');
  await ledger.execute({
    type: 'freeze',
    purpose: 'futures_position',
    userId,
    account: 'futures',
    asset: 'USDT',
    amount: margin,
    reference: row.id,
    actor: 'system',
  });
  return row.id;
}

const markAt = (price: string, rate: string): FuturesMark => ({
  symbol: 'BTCUSDT',
  markPrice: decimalOf(price),
  indexPrice: decimalOf('50000'),
  fundingRate: decimalOf(rate),
  nextFundingTime: new Date('2026-02-01T16:00:00Z'),
  stale: false,
});

const systemAmount = async (account: string) =>
  (await ledger.check()).systemPositions.find((row) => row.account === account && row.asset === 'USDT')
    ?.amount;

describe('FundingSettlement', () => {
  let a: number;
  let b: number;
  let c: number;
  let shortId: string;
  let crossId: string;

  it('pays longs to shorts at the mark, rounded against each, the remainder to rounding, once', async () => {
    [a, b, c] = (await createUsers(database.db, 3)) as [number, number, number];
    await deposit(ledger, a, 'USDT', '1000', 'futures');
    await deposit(ledger, b, 'USDT', '200', 'futures');
    await deposit(ledger, c, 'USDT', '50.2', 'futures');
    await openPosition(a, 'long', '0.123', 'cross', '10');
    crossId = await openPosition(c, 'long', '0.5', 'cross', '50');
    shortId = await openPosition(b, 'short', '0.623', 'isolated', '100');
    const time = new Date('2026-02-01T08:00:00Z');
    // Longs pay 0.123 × 50,000.37 × 0.0001 = 0.615004551 → 0.615005 and 2.5000185 → 2.500019; the short receives
    // 0.623 × 50,000.37 × 0.0001 = 3.115023051 → 3.115023; one micro-USDT is left for the rounding account.
    expect(await settlement.settle('BTCUSDT', time, markAt('50000.37', '0.0001'), EPOCH)).toEqual({
      paid: 3,
    });
    const payments = await rowsOf<{ user_id: number; amount: string }>(
      database.db,
      sql`select user_id, amount::text as amount from futures_funding_payments where funding_time = ${time.toISOString()}::timestamptz order by id`,
    );
    expect(payments.map((row) => [row.user_id, short(row.amount)])).toEqual([
      [a, '-0.615005'],
      [c, '-2.500019'],
      [b, '3.115023'],
    ]);
    expect(await balanceOf(ledger, a, 'futures', 'USDT')).toEqual({
      available: '989.384995',
      frozen: '10.000000',
    });
    expect(await balanceOf(ledger, b, 'futures', 'USDT')).toEqual({
      available: '103.115023',
      frozen: '100.000000',
    });
    // C had 0.2 available: the other 2.300019 came out of its position's margin.
    expect(await balanceOf(ledger, c, 'futures', 'USDT')).toEqual({
      available: '0.000000',
      frozen: '47.699981',
    });
    const [cross] = await rowsOf<{ margin: string }>(
      database.db,
      sql`select margin::text as margin from futures_positions where id = ${crossId}::bigint`,
    );
    expect(short(cross?.margin)).toBe('47.699981');
    expect(await systemAmount('rounding')).toBe('0.000001000000000000');
    expect(Number(await systemAmount('futures_clearing'))).toBe(0);
    const [rate] = await rowsOf<{ rate: string; transaction_id: string | null }>(
      database.db,
      sql`select rate::text as rate, transaction_id::text as transaction_id from futures_funding_rates where symbol = 'BTCUSDT'`,
    );
    expect(short(rate?.rate)).toBe('0.0001');
    expect(rate?.transaction_id).not.toBeNull();
    const [journal] = await rowsOf<{ kind: string; reference: string }>(
      database.db,
      sql`select kind, reference from journal_transactions where id = ${rate?.transaction_id}::bigint`,
    );
    expect(journal).toEqual({ kind: 'funding', reference: 'funding:BTCUSDT:2026-02-01T08:00:00.000Z' });

    expect(await settlement.settle('BTCUSDT', time, markAt('50000.37', '0.0001'), EPOCH)).toEqual({
      paid: 0,
    });
    expect(await balanceOf(ledger, a, 'futures', 'USDT')).toEqual({
      available: '989.384995',
      frozen: '10.000000',
    });
    expect((await ledger.check()).ok).toBe(true);
  });

  it('takes an isolated position’s payment out of its margin', async () => {
    const time = new Date('2026-02-01T16:00:00Z');
    // Shorts pay at −0.0002: 0.623 × 50,000.37 × 0.0002 = 6.230046102 → 6.230047 from B's isolated margin.
    expect(await settlement.settle('BTCUSDT', time, markAt('50000.37', '-0.0002'), EPOCH)).toEqual({
      paid: 3,
    });
    expect(await balanceOf(ledger, b, 'futures', 'USDT')).toEqual({
      available: '103.115023',
      frozen: '93.769953',
    });
    const [isolated] = await rowsOf<{ margin: string }>(
      database.db,
      sql`select margin::text as margin from futures_positions where id = ${shortId}::bigint`,
    );
    expect(short(isolated?.margin)).toBe('93.769953');
    // The longs receive 1.230009102 → 1.230009 and 5.0000370 → 5.000037.
    expect(await balanceOf(ledger, c, 'futures', 'USDT')).toEqual({
      available: '5.000037',
      frozen: '47.699981',
    });
    expect(await systemAmount('rounding')).toBe('0.000002000000000000');
    expect((await ledger.check()).ok).toBe(true);
  });

  it('has the insurance fund pay what a position’s account and margin cannot', async () => {
    const [d] = (await createUsers(database.db, 1)) as [number];
    await deposit(ledger, d, 'USDT', '0.01', 'futures');
    await openPosition(d, 'long', '0.01', 'cross', '0.01');
    const before = Number((await systemAmount('insurance_fund')) ?? '0');
    // At the 0.75 % cap D owes 0.01 × 50,000 × 0.0075 = 3.75 and holds 0.01: the fund pays 3.74. C owes 187.5
    // and holds 5.000037 available and 47.699981 of margin: the fund pays 134.799982 more.
    await settlement.settle('BTCUSDT', new Date('2026-02-01T20:00:00Z'), markAt('50000', '0.0075'), EPOCH);
    expect(await balanceOf(ledger, d, 'futures', 'USDT')).toEqual({
      available: '0.000000',
      frozen: '0.000000',
    });
    expect(Number(await systemAmount('insurance_fund')) - before).toBeCloseTo(-138.539982, 6);
    const [payment] = await rowsOf<{ amount: string }>(
      database.db,
      sql`select amount::text as amount from futures_funding_payments where user_id = ${d}`,
    );
    expect(short(payment?.amount)).toBe('-3.75');
    expect(await balanceOf(ledger, c, 'futures', 'USDT')).toEqual({
      available: '0.000000',
      frozen: '0.000000',
    });
    expect((await ledger.check()).ok).toBe(true);
  });

  it('is refused by the fence with an epoch that is no longer the market’s, or with a stale mark, and writes nothing', async () => {
    const time = new Date('2026-02-02T00:00:00Z');
    const refused = await settlement
      .settle('BTCUSDT', time, markAt('50000', '0.0001'), EPOCH - 1n)
      .catch((error: unknown) => error);
    expect(refusedByFence(refused)).toBe(true);
    const stale = await settlement
      .settle('BTCUSDT', time, { ...markAt('50000', '0.0001'), stale: true }, EPOCH)
      .catch((error: unknown) => error);
    expect(stale).toMatchObject({ code: 7003 });
    const rows = await rowsOf<{ count: string }>(
      database.db,
      sql`select count(*)::text as count from futures_funding_rates where funding_time = ${time.toISOString()}::timestamptz`,
    );
    expect(rows[0]?.count).toBe('0');
  });

  it('records the rate alone when no position is open', async () => {
    const time = new Date('2026-02-01T08:00:00Z');
    expect(
      await settlement
        .settle('ETHUSDT', time, { ...markAt('3000', '0.0001'), symbol: 'ETHUSDT' }, EPOCH)
        .catch((error: unknown) => error),
    ).toBeInstanceOf(Error);
    await database.db.execute(
      sql`insert into leadership (name, holder, epoch) values ('futures:ETHUSDT', 'node-a', 1)`,
    );
    expect(
      await settlement.settle('ETHUSDT', time, { ...markAt('3000', '0.0001'), symbol: 'ETHUSDT' }, 1n),
    ).toEqual({ paid: 0 });
    const [rate] = await rowsOf<{ transaction_id: string | null }>(
      database.db,
      sql`select transaction_id::text as transaction_id from futures_funding_rates where symbol = 'ETHUSDT'`,
    );
    expect(rate).toEqual({ transaction_id: null });
  });
});
