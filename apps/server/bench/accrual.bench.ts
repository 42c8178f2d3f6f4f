/**
 * How fast earn's daily accrual pays a day (issue 21), beside the ceiling of the same writes, against PostgreSQL:
 *
 *   DATABASE_URL=postgres://… npm run bench:accrual      (BENCH_EARN_ORDERS, default 1,000,000;
 *                                                        BENCH_EARN_USERS, default 100,000)
 *
 * Works in a scratch database it creates and drops. BENCH_EARN_ORDERS active USDT orders (half flexible at 3 %,
 * half 90 days at 8 %, principals of 100 to 10,000) spread over the users, all accruing from day D, are inserted
 * set-based (untimed).
 *
 * - The ceiling pays day D: for each chunk of ACCRUAL_CHUNK orders, one bare SQL statement that locks them,
 *   computes each interest in SQL and writes what the job writes (the accrual rows, the orders' interest and
 *   day, a journal entry and two postings per order, the balances), chunk after chunk.
 * - The job pays day D + 1, as the leader runs it (`EarnAccrualJob.runNow` with the clock at D + 2): which days
 *   are due, each chunk's orders, the formula in TypeScript, its writes through the repository and
 *   `LedgerBatch.payOut`, and the day's run record.
 * - The rerun: `runNow` again at the same clock, which must write nothing (counted in rows).
 *
 * Afterwards every order must hold exactly the formula's two days and the ledger check must hold. The last line is
 * JSON: {"orders","job_per_s","ceiling_per_s","ratio","rerun_ms","rerun_rows"}; the goal is a ratio of at least 0.5.
 */
import { decimalOf, unitsFromNumeric } from '@kestrel/money';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { ACCRUAL_CHUNK, EarnAccrualJob, EarnRepository } from '../src/modules/earn';
import { cumulativeInterest } from '../src/modules/earn/earn-interest';
import { LedgerRepository } from '../src/modules/ledger/ledger.repository';
import { LedgerService } from '../src/modules/ledger/ledger.service';
import { scratchDatabase } from './scratch-database';

const ORDERS = Number(process.env.BENCH_EARN_ORDERS ?? 1_000_000);
const USERS = Number(process.env.BENCH_EARN_USERS ?? 100_000);
const DAY = '2027-01-01';
const NEXT = '2027-01-02';

async function main() {
  const scratch = await scratchDatabase();
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  try {
    const db = database.db;
    const ledger = new LedgerService(new LedgerRepository(db));
    const repository = new EarnRepository(db);
    const seeded = performance.now();
    await seed(db);
    process.stdout.write(
      `PostgreSQL ${scratch.name}: ${ORDERS} active orders of ${USERS} users, chunks of ${ACCRUAL_CHUNK} (seeded in ${Math.round(performance.now() - seeded)} ms)\n`,
    );

    const interest = await ledger.systemAccount('earn_interest');
    const ceilingStarted = performance.now();
    const ceilingPaid = await ceiling(db, interest);
    const ceilingMs = performance.now() - ceilingStarted;
    await db.execute(sql`vacuum analyze earn_orders`);
    await db.execute(sql`vacuum analyze balances`);

    const job = new EarnAccrualJob({
      repository,
      ledger,
      leadership: { contend: () => {} },
      // The day after NEXT: yesterday is NEXT.
      clock: () => new Date('2027-01-03T06:00:00Z'),
    });
    const started = performance.now();
    const run = await job.runNow();
    const jobMs = performance.now() - started;

    const before = await writtenRows(db);
    const rerunStarted = performance.now();
    const rerun = await job.runNow();
    const rerunMs = performance.now() - rerunStarted;
    const after = await writtenRows(db);
    const rerunRows = after - before;

    const wrong = await wrongOrders(db);
    const report = await ledger.check();
    const jobPerSecond = Math.round(run.accruals / (jobMs / 1000));
    const ceilingPerSecond = Math.round(ceilingPaid / (ceilingMs / 1000));
    process.stdout.write(
      `ceiling (bare SQL, day ${DAY}): ${ceilingPaid} orders in ${Math.round(ceilingMs)} ms (${ceilingPerSecond}/s)\n` +
        `job (EarnAccrualJob.runNow, day ${NEXT}): ${run.accruals} orders in ${Math.round(jobMs)} ms (${jobPerSecond}/s), days ${run.days.join(', ')}\n` +
        `rerun of the same day: ${rerun.accruals} orders paid, ${rerunRows} rows written, in ${Math.round(rerunMs)} ms\n` +
        `orders not holding exactly two days of the formula: ${wrong}; ledger check: ${report.ok ? 'ok' : 'FAILED'}\n`,
    );
    if (!report.ok || wrong !== 0 || rerunRows !== 0 || run.accruals !== ORDERS || ceilingPaid !== ORDERS) {
      process.exitCode = 1;
    }
    process.stdout.write(
      `${JSON.stringify({
        orders: ORDERS,
        job_per_s: jobPerSecond,
        ceiling_per_s: ceilingPerSecond,
        ratio: Number((jobPerSecond / ceilingPerSecond).toFixed(2)),
        rerun_ms: Math.round(rerunMs),
        rerun_rows: rerunRows,
      })}\n`,
    );
  } finally {
    await database.close();
    await scratch.drop();
  }
}

/** Users, their spot accounts and USDT balance rows, and the orders, all set-based. */
async function seed(db: Db) {
  await db.execute(sql`insert into users (email, password_hash, invite_code)
    select 'saver' || i || '@bench.test', 'not-a-hash', 'EARN' || i from generate_series(1, ${USERS}) as i`);
  await db.execute(sql`insert into ledger_accounts (user_id, purpose) select id, 'spot' from users`);
  await db.execute(sql`insert into balances (account_id, asset)
    select id, 'USDT' from ledger_accounts where purpose = 'spot'`);
  const products = await rowsOf<{ id: string; term: number | null; rate: string }>(
    db,
    sql`select id::text as id, term_days as term, annual_rate::text as rate from earn_products
      where asset = 'USDT' and (term_days is null or term_days = 90) order by earn_products.id`,
  );
  const [flexible, fixed] = products;
  if (!flexible || !fixed) throw new Error('the seeded USDT products are missing');
  await db.execute(sql`
    with spot as (select row_number() over (order by a.user_id) as n, a.user_id, a.id
      from ledger_accounts a where a.purpose = 'spot')
    insert into earn_orders (user_id, account_id, product_id, asset, principal, annual_rate, term_days,
      early_redemption_allowed, penalty_rate, accrual_starts_on, matures_at, created_at)
    select spot.user_id, spot.id, p.id, 'USDT', 100 + (i::bigint * 7919 % 990001) / 100.0, p.annual_rate, p.term_days,
      p.early_redemption_allowed, p.penalty_rate, ${DAY}::date,
      case when p.term_days is null then null else (${DAY}::date + p.term_days)::timestamptz end,
      ${DAY}::timestamptz - interval '1 hour'
    from generate_series(1, ${ORDERS}) as i
    join spot on spot.n = 1 + (i % ${USERS})
    join earn_products p on p.id = case when i % 2 = 0 then ${flexible.id}::bigint else ${fixed.id}::bigint end`);
  // The principal the orders hold, as their subscriptions left it (one entry, untimed).
  await db.execute(sql`update earn_products p set held = s.total
    from (select product_id, sum(principal) as total from earn_orders group by product_id) s where p.id = s.product_id`);
  await db.execute(sql`
    with j as (insert into journal_transactions (kind, reference, actor)
      values ('system_add', 'bench-earn-principal', 'system') returning id),
    total as (select sum(principal) as amount from earn_orders)
    insert into postings (transaction_id, account_id, asset, amount)
    select j.id, a.id, 'USDT', case when a.purpose = 'earn_principal' then total.amount else -total.amount end
    from j, total, ledger_accounts a
    where a.user_id is null and a.book = 'real' and a.purpose in ('earn_principal', 'adjustments')`);
  await db.execute(sql`vacuum analyze`);
}

/** The same writes as the job's, for day DAY, as one bare statement per chunk; answers the orders paid. */
async function ceiling(db: Db, interestAccount: number): Promise<number> {
  let after = '0';
  let paid = 0;
  for (;;) {
    const [row] = await rowsOf<{ count: number; last: string | null }>(
      db,
      sql`with due as (
          select id, account_id, principal, annual_rate, (${DAY}::date - accrual_starts_on) as d from earn_orders
          where status = 'active' and id > ${after}::bigint
            and coalesce(paid_through + 1, accrual_starts_on) = ${DAY}::date
          order by id limit ${ACCRUAL_CHUNK} for update
        ), v as (
          select id, account_id, floor(principal * annual_rate * (d + 1) / 365 * 1000000) / 1000000
            - floor(principal * annual_rate * d / 365 * 1000000) / 1000000 as amount from due
        ), accrued as (
          insert into earn_accruals (order_id, day, amount, paid_at)
          select id, ${DAY}::date, amount, now() from v returning 1
        ), orders as (
          update earn_orders o set interest_paid = o.interest_paid + v.amount, paid_through = ${DAY}::date
          from v where o.id = v.id returning 1
        ), journal as (
          insert into journal_transactions (kind, reference, actor)
          select 'earn_interest', 'earn-interest:' || id || ':' || ${DAY}, 'system' from v where amount > 0
          returning id, reference
        ), posted as (
          insert into postings (transaction_id, account_id, asset, amount)
          select journal.id, leg.account_id, 'USDT', leg.amount
          from v join journal on journal.reference = 'earn-interest:' || v.id || ':' || ${DAY}
          cross join lateral (values (v.account_id, v.amount), (${interestAccount}::int, -v.amount))
            as leg(account_id, amount)
          returning 1
        ), credited as (
          update balances b set available = b.available + s.amount
          from (select account_id, sum(amount) as amount from v group by account_id) s
          where b.account_id = s.account_id and b.asset = 'USDT' returning 1
        )
        select (select count(*) from v)::int as count, (select max(id) from v)::text as last,
          (select count(*) from accrued) + (select count(*) from orders) + (select count(*) from posted)
            + (select count(*) from credited) as written`,
    );
    paid += row?.count ?? 0;
    if (!row?.last || row.count < ACCRUAL_CHUNK) return paid;
    after = row.last;
  }
}

/** Accrual rows, journal entries and postings: what a rerun must not add to. */
async function writtenRows(db: Db): Promise<number> {
  const [row] = await rowsOf<{ rows: string }>(
    db,
    sql`select ((select count(*) from earn_accruals) + (select count(*) from journal_transactions)
      + (select count(*) from postings))::text as rows`,
  );
  return Number(row?.rows ?? 0);
}

/** Orders whose interest paid is not exactly the formula's first two days (checked in TypeScript, in pages). */
async function wrongOrders(db: Db): Promise<number> {
  let wrong = 0;
  let after = '0';
  for (;;) {
    const rows = await rowsOf<{ id: string; principal: string; rate: string; paid: string; through: string }>(
      db,
      sql`select id::text as id, principal::text as principal, annual_rate::text as rate,
          interest_paid::text as paid, paid_through::text as through
        from earn_orders where id > ${after}::bigint order by earn_orders.id limit 100000`,
    );
    for (const row of rows) {
      const expected = cumulativeInterest(unitsFromNumeric(row.principal, 6), decimalOf(row.rate), 2);
      if (unitsFromNumeric(row.paid, 6) !== expected || row.through !== NEXT) wrong += 1;
    }
    const last = rows.at(-1);
    if (!last) return wrong;
    after = last.id;
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
