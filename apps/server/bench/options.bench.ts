/**
 * How fast one options round settles (issue 19), against PostgreSQL:
 *
 *   DATABASE_URL=postgres://… npm run bench:options      (BENCH_ORDERS, default 100,000; BENCH_USERS, 20,000;
 *   BENCH_PARALLEL chunks at once, 3)
 *
 * Works in a scratch database it creates and drops. Untimed: users funded through the ledger, and as many open
 * orders on BTCUSDT's 60-second period as BENCH_ORDERS, half up and half down, their stakes moved to the options
 * pool; ticks before acceptance, at the open, before the close and after it. Timed: `OptionSettlement.settleDue`
 * of the owner, from the round found due to every order settled and paid, in chunks, with the ledger's check after.
 *
 * The last line is JSON: {"orders","seconds","settled_per_s"}; the goal is every order settled within 10 s.
 * Not measured yet: the SQL ceiling of the same writes that the issue asks to print beside it.
 */
import { randomBytes } from 'node:crypto';
import type { Units } from '@kestrel/money';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { LedgerRepository } from '../src/modules/ledger/ledger.repository';
import { LedgerService } from '../src/modules/ledger/ledger.service';
import { OptionOrdersRepository } from '../src/modules/options/option-orders.repository';
import { OptionSettlement } from '../src/modules/options/option-settlement';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const CHUNK = 5000;
/** Chunks settled at once, as app.ts settles on PostgreSQL. */
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 3);
const USDT_UNITS = 1_000_000n;

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error('set DATABASE_URL to a PostgreSQL server; the bench makes and drops a database there');
  const name = `kestrel_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  try {
    const db = database.db;
    const ledger = new LedgerService(new LedgerRepository(db));
    const [product] = await rowsOf<{ id: string }>(
      db,
      sql`select id::text as id from option_products where symbol = 'BTCUSDT'`,
    );
    if (!product) throw new Error('the seeded BTCUSDT product is missing');
    await db.execute(sql`insert into leadership (name, holder, epoch, expires_at)
      values (${`options:${product.id}`}, 'bench', 1, now() + interval '1 hour')`);

    const users = await rowsOf<{ id: number }>(
      db,
      sql`insert into users (email, password_hash, invite_code)
        select 'u' || g || '-' || ${name} || '@bench.test', 'not-a-hash', substr(md5(random()::text), 1, 12)
        from generate_series(1, ${USERS}::int) g returning id`,
    );
    const userIds = users.map((user) => user.id);
    const accounts = await ledger.userAccountIds(userIds, 'spot');
    const clearing = await ledger.systemAccount('deposits_clearing');
    const pool = await ledger.systemAccount('options_pool');
    const perUser = Math.ceil(ORDERS / USERS);
    for (let start = 0; start < userIds.length; start += CHUNK) {
      await ledger.batch((batch) =>
        batch.move(
          userIds.slice(start, start + CHUNK).map((userId) => ({
            kind: 'deposit',
            reference: `bench-deposit:${userId}`,
            actor: 'system',
            postings: [
              { accountId: clearing, asset: 'USDT', units: (-BigInt(perUser) * 100n * USDT_UNITS) as Units },
              {
                accountId: accounts.get(userId) ?? 0,
                asset: 'USDT',
                units: (BigInt(perUser) * 100n * USDT_UNITS) as Units,
              },
            ],
          })),
          [],
        ),
      );
    }
    const opened = await tick(db, product.id, '50000');
    await db.execute(sql`select pg_sleep(0.01)`);
    const orders = await rowsOf<{ id: string; userId: number }>(
      db,
      sql`insert into option_orders (user_id, product_id, period_seconds, period_number, direction, amount,
          payout_rate, accepted_at, buy_cutoff_time, close_time)
        select (${`{${userIds.join(',')}}`}::int[])[1 + (g % ${USERS}::int)], ${product.id}::bigint, 60, 1,
          case when g % 2 = 0 then 'up' else 'down' end, 100, 0.85, t.at, t.at, t.at + interval '1 second'
        from generate_series(1, ${ORDERS}::int) g,
          (select recorded_at as at from option_ticks where id = ${opened}::bigint) t
        returning id::text as id, user_id as "userId"`,
    );
    for (let start = 0; start < orders.length; start += CHUNK) {
      await ledger.batch((batch) =>
        batch.move(
          orders.slice(start, start + CHUNK).map((order) => ({
            kind: 'option_stake',
            reference: `option-stake:${order.id}`,
            actor: `user:${order.userId}`,
            postings: [
              {
                accountId: accounts.get(order.userId) ?? 0,
                asset: 'USDT',
                units: (-100n * USDT_UNITS) as Units,
              },
              { accountId: pool, asset: 'USDT', units: (100n * USDT_UNITS) as Units },
            ],
          })),
          [],
        ),
      );
    }
    await tick(db, product.id, '50010');
    // The round closes at the last tick before it, then one tick after the close makes it due.
    await db.execute(sql`select pg_sleep(1.1)`);
    await tick(db, product.id, '50020');
    await db.execute(sql`analyze`);

    const settlement = new OptionSettlement(
      new OptionOrdersRepository(db),
      ledger,
      () => {},
      CHUNK,
      PARALLEL,
    );
    const started = performance.now();
    const settled = await settlement.settleDue({ id: product.id, asset: 'USDT', staleSeconds: 10 }, 1n);
    const seconds = (performance.now() - started) / 1000;
    const check = await ledger.check();
    console.log(
      `settled ${settled} of ${ORDERS} orders in ${seconds.toFixed(2)} s; ledger ${check.ok ? 'balances' : 'BROKEN'}`,
    );
    console.log(
      JSON.stringify({
        orders: settled,
        seconds: Number(seconds.toFixed(3)),
        settled_per_s: Math.round(settled / seconds),
      }),
    );
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function tick(db: Parameters<typeof rowsOf>[0], productId: string, price: string): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into option_ticks (product_id, price, epoch) values (${productId}::bigint, ${price}::numeric, 1)
      returning id::text as id`,
  );
  if (!row) throw new Error('a tick was not recorded');
  return row.id;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
