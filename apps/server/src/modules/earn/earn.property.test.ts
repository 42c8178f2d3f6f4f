import { decimalOf, formatAmount, type Units, unitsFromNumeric } from '@kestrel/money';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../http/app-error';
import type { UserRow } from '../auth';
import { createUsers, deposit, ledgerOf } from '../ledger/test-ledger';
import { EarnRepository } from './earn.repository';
import { EarnAccrualJob } from './earn-accrual-job';
import {
  addDays,
  cumulativeInterest,
  dayInterest,
  daysBetween,
  earlyRedemption,
  utcDayOf,
} from './earn-interest';
import { TestClock } from './test-earn';

/*
 * Random sequences of subscriptions, days passing, accrual runs (again for the same day, and crashing halfway
 * through a day), redemptions and maturities, against a model of plain bigints. After every step the ledger check
 * must hold, every order must have been paid exactly the formula's days (each accrual row the formula's day,
 * each journal entry once), and each user's spot balance must be what the model says.
 */

const RUNS = Number(process.env.EARN_PROPERTY_RUNS ?? 15);
const SEED = Number(process.env.EARN_PROPERTY_SEED ?? Date.now() % 2 ** 31);
const PLACES = 6;
const DEPOSIT = 5_000_000_000n; // 5,000 USDT

type Step =
  | { op: 'subscribe'; user: number; product: number; units: bigint }
  | { op: 'pass'; days: number }
  | { op: 'rerun' }
  | { op: 'crash'; after: number }
  | { op: 'redeem'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('subscribe' as const),
      user: fc.integer({ min: 0, max: 1 }),
      product: fc.integer({ min: 0, max: 2 }),
      // Up to 3,000 USDT, some of them below one unit of a day's interest.
      units: fc.oneof(fc.bigInt({ min: 1n, max: 3_000_000_000n }), fc.bigInt({ min: 1n, max: 20_000n })),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('pass' as const), days: fc.integer({ min: 1, max: 4 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('rerun' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('crash' as const), after: fc.integer({ min: 0, max: 3 }) }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('redeem' as const), pick: fc.nat() }) },
);

/** Three products of a run: flexible, a short fixed term with early redemption, one without. */
const products = fc.record({
  flexibleRate: fc.integer({ min: 1, max: 300_000 }),
  fixedRate: fc.integer({ min: 1, max: 300_000 }),
  term: fc.integer({ min: 1, max: 6 }),
  penalty: fc.integer({ min: 0, max: 500_000 }),
  lockedTerm: fc.integer({ min: 1, max: 4 }),
});

type ModelOrder = {
  id: string;
  user: number;
  principal: bigint;
  rate: string;
  term: number | null;
  startsOn: string;
  allowed: boolean;
  penaltyRate: string;
  /** Days paid when it closed; undefined while active. */
  closedAfter?: number;
  returned?: bigint;
};

let sut: TestApp;
const clock = new TestClock(new Date('2028-01-01T09:00:00Z'));

beforeAll(async () => {
  sut = await createTestApp({ earnClock: clock.now });
});
afterAll(async () => {
  await sut?.close();
});

/** A repository whose recording of a day's accruals fails after `left` chunks: a crash halfway through a day. */
class CrashingRepository extends EarnRepository {
  constructor(
    db: Db,
    private readonly budget: { left: number },
  ) {
    super(db);
  }
  override on(db: Db) {
    return new CrashingRepository(db, this.budget);
  }
  override async recordAccruals(
    day: string,
    paidAt: Date,
    accruals: ReadonlyArray<{ orderId: string; amount: string }>,
  ) {
    this.budget.left -= 1;
    if (this.budget.left < 0) throw new Error('the node stopped');
    return super.recordAccruals(day, paidAt, accruals);
  }
}

function jobWith(repository: EarnRepository) {
  // Chunks of two orders: every day runs through several, and their ids pass 10 (paged by number, not text).
  return new EarnAccrualJob({
    repository,
    ledger: ledgerOf(sut),
    leadership: { contend: () => {} },
    clock: clock.now,
    chunk: 2,
  });
}

/** Days an order has earned by `today` (a fixed term stops at its last day). */
function daysEarned(order: ModelOrder, today: string): number {
  const days = Math.max(0, daysBetween(order.startsOn, today));
  return order.term === null ? days : Math.min(days, order.term);
}

async function createProduct(settings: {
  term: number | null;
  rate: number;
  allowed: boolean;
  penalty: number;
}) {
  const rate = formatAmount(BigInt(settings.rate) as Units, 6);
  const product = await sut.app.earn.service.createProduct(
    {
      asset: 'USDT',
      termDays: settings.term,
      annualRate: rate,
      minAmount: '0.000001',
      maxPerUser: '1000000',
      quota: '1000000000',
      saleStartsAt: '2020-01-01T00:00:00.000Z',
      saleEndsAt: null,
      earlyRedemption: {
        allowed: settings.allowed,
        penaltyRate: formatAmount(BigInt(settings.penalty) as Units, 6),
      },
      visible: true,
      reason: 'property test',
    },
    { adminId: null, action: 'createEarnProduct', ip: null },
  );
  return product.id;
}

async function checkAll(users: number[], orders: ModelOrder[]) {
  const report = await ledgerOf(sut).check();
  expect(report.problems).toEqual([]);
  const today = utcDayOf(clock.now());
  const repository = new EarnRepository(sut.database.db);
  for (const order of orders) {
    const row = await repository.findOrder(BigInt(order.id));
    if (!row) throw new Error(`order ${order.id} is missing`);
    const rate = decimalOf(order.rate);
    const days = order.closedAfter ?? daysEarned(order, today);
    expect({ id: order.id, paid: unitsFromNumeric(row.interestPaid, PLACES) }).toEqual({
      id: order.id,
      paid: cumulativeInterest(order.principal, rate, days),
    });
    expect(row.paidThrough).toBe(days === 0 ? null : addDays(order.startsOn, days - 1));
    const accruals = await rowsOf<{ day: string; amount: string }>(
      sut.database.db,
      sql`select day::text as day, amount::text as amount from earn_accruals where order_id = ${order.id}::bigint order by day`,
    );
    expect(accruals.map((each) => [each.day, unitsFromNumeric(each.amount, PLACES)])).toEqual(
      Array.from({ length: days }, (_, index) => [
        addDays(order.startsOn, index),
        dayInterest(order.principal, rate, index + 1),
      ]),
    );
    const [journal] = await rowsOf<{ count: number }>(
      sut.database.db,
      sql`select count(*)::int as count from journal_transactions where reference like ${`earn-interest:${order.id}:%`}`,
    );
    expect(journal?.count).toBe(accruals.filter((each) => unitsFromNumeric(each.amount, PLACES) > 0n).length);
    const matured = order.closedAfter === undefined && order.term !== null && days === order.term;
    expect(row.status).toBe(order.closedAfter !== undefined ? 'redeemed' : matured ? 'matured' : 'active');
  }
  for (const [index, userId] of users.entries()) {
    const mine = orders.filter((order) => order.user === index);
    let expected = DEPOSIT;
    for (const order of mine) {
      const days = order.closedAfter ?? daysEarned(order, today);
      expected += cumulativeInterest(order.principal, decimalOf(order.rate), days) - order.principal;
      if (order.returned !== undefined) expected += order.returned;
      else if (order.term !== null && days === order.term) expected += order.principal;
    }
    const balance = (await ledgerOf(sut).balancesOf(userId)).find(
      (row) => row.account === 'spot' && row.asset === 'USDT',
    );
    expect(unitsFromNumeric(balance?.available ?? '0', PLACES)).toBe(expected);
  }
}

async function accrualRows() {
  const [row] = await rowsOf<{ count: number }>(
    sut.database.db,
    sql`select count(*)::int as count from earn_accruals`,
  );
  return row?.count ?? 0;
}

describe('earn against a model', () => {
  it('pays every order exactly its formula, once per day, through reruns, crashes, redemptions and maturities', async () => {
    process.stdout.write(`earn property test: ${RUNS} runs, seed ${SEED} (EARN_PROPERTY_SEED to replay)\n`);
    await fc.assert(
      fc.asyncProperty(products, fc.array(step, { minLength: 4, maxLength: 14 }), async (settings, steps) => {
        const ledger = ledgerOf(sut);
        const users = await createUsers(sut, 2);
        for (const userId of users)
          await deposit(ledger, userId, 'USDT', formatAmount(DEPOSIT as Units, PLACES));
        const productIds = [
          {
            id: await createProduct({ term: null, rate: settings.flexibleRate, allowed: true, penalty: 0 }),
            term: null,
            allowed: true,
            rate: settings.flexibleRate,
            penalty: 0,
          },
          {
            id: await createProduct({
              term: settings.term,
              rate: settings.fixedRate,
              allowed: true,
              penalty: settings.penalty,
            }),
            term: settings.term,
            allowed: true,
            rate: settings.fixedRate,
            penalty: settings.penalty,
          },
          {
            id: await createProduct({
              term: settings.lockedTerm,
              rate: settings.fixedRate,
              allowed: false,
              penalty: 0,
            }),
            term: settings.lockedTerm,
            allowed: false,
            rate: settings.fixedRate,
            penalty: 0,
          },
        ];
        const orders: ModelOrder[] = [];
        const job = jobWith(new EarnRepository(sut.database.db));
        // Whatever earlier runs left due is paid before this one starts.
        await job.runNow();
        for (const each of steps) {
          if (each.op === 'subscribe') {
            const product = productIds[each.product] as (typeof productIds)[number];
            const amount = formatAmount(each.units as Units, PLACES);
            const held = (await ledger.balancesOf(users[each.user] as number)).find(
              (row) => row.account === 'spot' && row.asset === 'USDT',
            );
            const available = unitsFromNumeric(held?.available ?? '0', PLACES);
            try {
              const view = await sut.app.earn.service.subscribe(
                { id: users[each.user], frozenAt: null } as UserRow,
                { productId: String(product.id), amount },
              );
              expect(each.units <= available).toBe(true);
              orders.push({
                id: view.id,
                user: each.user,
                principal: each.units,
                rate: view.annualRate,
                term: product.term,
                startsOn: view.accrualStartsOn,
                allowed: product.allowed,
                penaltyRate: formatAmount(BigInt(product.penalty) as Units, 6),
              });
            } catch (error) {
              expect(error).toBeInstanceOf(AppError);
              expect((error as AppError).reason).toBe('insufficientBalance');
              expect(each.units > available).toBe(true);
            }
          } else if (each.op === 'pass') {
            clock.days(each.days);
            await job.runNow();
          } else if (each.op === 'rerun') {
            const before = await accrualRows();
            const report = await job.runNow();
            expect(report.accruals).toBe(0);
            expect(await accrualRows()).toBe(before);
          } else if (each.op === 'crash') {
            clock.days(1);
            // It stops after `after` chunks (if the day has that many), the chunks before committed.
            await jobWith(new CrashingRepository(sut.database.db, { left: each.after }))
              .runNow()
              .catch((error: Error) => expect(error.message).toBe('the node stopped'));
            await job.runNow();
          } else {
            const active = orders.filter(
              (order) =>
                order.closedAfter === undefined &&
                !(order.term !== null && daysEarned(order, utcDayOf(clock.now())) === order.term),
            );
            const order = active[each.pick % Math.max(1, active.length)];
            if (!order) continue;
            const userId = users[order.user] as number;
            if (order.term !== null && !order.allowed) {
              await expect(sut.app.earn.service.redemptionQuote(userId, order.id)).rejects.toMatchObject({
                reason: 'earnRedemptionNotAllowed',
              });
              continue;
            }
            const quote = await sut.app.earn.service.redemptionQuote(userId, order.id);
            const days = daysEarned(order, utcDayOf(clock.now()));
            const paid = cumulativeInterest(order.principal, decimalOf(order.rate), days);
            const expected =
              order.term === null
                ? order.principal
                : earlyRedemption(order.principal, paid, decimalOf(order.penaltyRate)).payout;
            expect(quote.payout).toBe(formatAmount(expected as Units, PLACES));
            await sut.app.earn.service.redeem(userId, order.id, quote.payout);
            order.closedAfter = days;
            order.returned = expected;
          }
          await checkAll(users, orders);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
