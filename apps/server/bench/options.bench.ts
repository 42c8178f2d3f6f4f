/**
 * How fast a round of timed up/down options settles (issue 19), beside the ceiling of the same writes, against
 * PostgreSQL:
 *
 *   DATABASE_URL=postgres://… npm run bench:options      (BENCH_OPTION_ORDERS per round, default 100,000;
 *                                                      BENCH_OPTION_USERS, default 20,000)
 *
 * Works in a scratch database it creates and drops. Each of the two default products, BTC and ETH, gets one
 * one-minute round that has just closed, with BENCH_OPTION_ORDERS open orders (up and down, stakes of 10 to 100
 * USDT) spread over the users, bought during the round's first ten seconds, and ticks recorded every second of
 * the round from a random walk, so that the orders open at different ticks and win, lose and tie against the
 * close (untimed; the pool is funded with the stakes by one entry).
 *
 * - The settlement, on BTCUSDT: from the first tick after the close (when the round becomes ready) to its last
 *   order committed, by `OptionSettlement.settleDue` as the product's owner runs it on PostgreSQL: which rounds
 *   are due, the open orders a chunk at a time, the ticks, the rule and the payouts, each chunk one transaction,
 *   SETTLEMENTS_AT_ONCE of them in flight. The owner looks for due rounds every OWNER_POLL_MS, so a round waits
 *   at most that long before this starts.
 * - The ceiling, on ETHUSDT: the same decisions made beforehand (untimed), then only their writes in the same
 *   chunks, as many in flight, through the same statements (the orders' settlement update and the ledger's
 *   `payOut`).
 *
 * Afterwards every order must be settled once and the ledger check must hold. The last line is JSON:
 * {"orders","settled_per_s","ceiling_per_s","ratio","close_to_last_ms"}; the goals are a ratio of at least 0.5
 * and every order settled within 10 seconds of the close.
 */
import { decimalOf, formatDecimal, type Units, unitsAt } from '@kestrel/money';
import { decide, settlementOf } from '@kestrel/options';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { users } from '../src/modules/auth/auth.schema';
import { LedgerRepository } from '../src/modules/ledger/ledger.repository';
import { LedgerService } from '../src/modules/ledger/ledger.service';
import {
  OptionOrdersRepository,
  type OrderSettlement,
} from '../src/modules/options/option-orders.repository';
import {
  OptionSettlement,
  SETTLEMENT_CHUNK,
  SETTLEMENTS_AT_ONCE,
} from '../src/modules/options/option-settlement';
import { scratchDatabase } from './scratch-database';

const ORDERS = Number(process.env.BENCH_OPTION_ORDERS ?? 100_000);
const USERS = Number(process.env.BENCH_OPTION_USERS ?? 20_000);
const PERIOD = 60;
const EPOCH = 1n;
/** How often a product's owner looks for rounds due (option-owner.ts). */
const OWNER_POLL_MS = 250;
const GOAL_MS = 10_000;

type Product = { id: string; symbol: string };

async function main() {
  const scratch = await scratchDatabase();
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  try {
    // As app.ts builds the options module: its ledger and orders on the main pool, planned by cost.
    const db = database.db;
    const ledger = new LedgerService(new LedgerRepository(db));
    const repository = new OptionOrdersRepository(db);
    const places = (await ledger.assets()).get('USDT') as number;
    const products = await rowsOf<Product>(
      db,
      sql`select id::text as id, symbol from option_products where symbol in ('BTCUSDT', 'ETHUSDT') order by symbol`,
    );
    const btc = products.find((product) => product.symbol === 'BTCUSDT') as Product;
    const eth = products.find((product) => product.symbol === 'ETHUSDT') as Product;
    const userIds = await seedUsers(db);
    // The round that closed at the start of this minute.
    const closeMs = Math.floor(Date.now() / 60_000) * 60_000;
    for (const product of [btc, eth]) await seedRound(db, product, userIds, closeMs);
    await fundPool(db, ledger);
    process.stdout.write(
      `PostgreSQL ${scratch.name}: ${ORDERS} open orders of ${USERS} users in one ${PERIOD} s round of each of BTCUSDT and ETHUSDT, chunks of ${SETTLEMENT_CHUNK}\n`,
    );

    // The ceiling: ETHUSDT's decisions first (untimed), then only their writes.
    const chunks = await decidedChunks(db, repository, eth, closeMs, places, ledger);
    const ceilingStarted = performance.now();
    const pool = await ledger.systemAccount('options_pool');
    const queue = [...chunks];
    const writer = async () => {
      for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
        const { settlements, payouts, closeTickId } = chunk;
        await ledger.batch(async (batch) => {
          await repository.on(batch.connection).settle(settlements, closeTickId, EPOCH);
          await batch.payOut('option_payout', pool, 'USDT', payouts);
        });
      }
    };
    await Promise.all(Array.from({ length: SETTLEMENTS_AT_ONCE }, writer));
    const ceilingMs = performance.now() - ceilingStarted;

    // The settlement, as the owner runs it, from the tick that makes the round ready.
    const settlement = new OptionSettlement(
      repository,
      ledger,
      () => {},
      SETTLEMENT_CHUNK,
      SETTLEMENTS_AT_ONCE,
    );
    await recordTick(db, btc, new Date(closeMs + 1000), '50000');
    const started = performance.now();
    const settled = await settlement.settleDue({ id: btc.id, asset: 'USDT', staleSeconds: 10 }, EPOCH);
    const settleMs = performance.now() - started;

    const [left] = await rowsOf<{ open: number; payouts: number; paid: number }>(
      db,
      sql`select (select count(*)::int from option_orders where status = 'open') as open,
          (select count(*)::int from option_orders where payout > 0) as payouts,
          (select count(*)::int from journal_transactions where kind = 'option_payout'
            and reference like 'option-payout:%') as paid`,
    );
    const report = await ledger.check();
    const settledPerSecond = Math.round(settled / (settleMs / 1000));
    const ceilingPerSecond = Math.round(ORDERS / (ceilingMs / 1000));
    const closeToLastMs = Math.round(settleMs + OWNER_POLL_MS);
    process.stdout.write(
      `settlement: ${settled} orders in ${Math.round(settleMs)} ms (${settledPerSecond}/s); ceiling: ${ORDERS} in ${Math.round(ceilingMs)} ms (${ceilingPerSecond}/s)\n` +
        `close to last settlement: at most ${closeToLastMs} ms (the owner's look every ${OWNER_POLL_MS} ms, then the settlement); goal ${GOAL_MS} ms\n` +
        `orders left open: ${left?.open}; payouts: ${left?.paid} journal entries for ${left?.payouts} orders paid; ledger check: ${report.ok ? 'ok' : 'FAILED'}\n`,
    );
    if (!report.ok || left?.open !== 0 || left.paid !== left.payouts || settled !== ORDERS)
      process.exitCode = 1;
    process.stdout.write(
      `${JSON.stringify({
        orders: ORDERS,
        settled_per_s: settledPerSecond,
        ceiling_per_s: ceilingPerSecond,
        ratio: Number((settledPerSecond / ceilingPerSecond).toFixed(2)),
        close_to_last_ms: closeToLastMs,
      })}\n`,
    );
  } finally {
    await database.close();
    await scratch.drop();
  }
}

async function seedUsers(db: Db): Promise<number[]> {
  const ids: number[] = [];
  for (let from = 0; from < USERS; from += 5000) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(5000, USERS - from) }, (_, index) => ({
          email: `option${from + index}@bench.test`,
          passwordHash: 'not-a-hash',
          inviteCode: `OPT${from + index}`,
        })),
      )
      .returning({ id: users.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/**
 * One round of `product` closing at `closeMs`: the owner's lease, a tick every second of the round from a random
 * walk (the last one at the close itself), and the orders, bought during the first ten seconds.
 */
async function seedRound(db: Db, product: Product, userIds: readonly number[], closeMs: number) {
  await db.execute(sql`insert into leadership (name, holder, epoch, expires_at)
    values (${`options:${product.id}`}, 'bench', ${String(EPOCH)}::bigint, now() + interval '1 hour')`);
  let price = 50_000;
  let seed = Number(product.id) * 7919;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const ticks: { at: Date; price: string }[] = [];
  for (let second = PERIOD; second >= 0; second--) {
    price += Math.round((random() - 0.5) * 4) / 2;
    ticks.push({ at: new Date(closeMs - second * 1000), price: price.toFixed(2) });
  }
  for (const tick of ticks) await recordTick(db, product, tick.at, tick.price);
  const users = `{${userIds.join(',')}}`;
  const openMs = closeMs - PERIOD * 1000;
  await db.execute(sql`insert into option_orders (user_id, product_id, period_seconds, period_number, direction,
      amount, payout_rate, accepted_at, buy_cutoff_time, close_time)
    select (${users}::int[])[1 + (i % ${userIds.length})], ${product.id}::bigint, ${PERIOD}, ${closeMs / 60_000 - 1},
      case when i % 2 = 0 then 'up' else 'down' end, 10 + (i * 37 % 9001) / 100.0, 0.85,
      to_timestamp(${openMs / 1000} + (i % 10000) / 1000.0), to_timestamp(${(closeMs - 10_000) / 1000}),
      to_timestamp(${closeMs / 1000})
    from generate_series(1, ${ORDERS}) as i`);
}

async function recordTick(db: Db, product: Product, at: Date, price: string) {
  await db.execute(sql`insert into option_ticks (product_id, price, recorded_at, epoch)
    values (${product.id}::bigint, ${price}::numeric, ${at.toISOString()}::timestamptz, ${String(EPOCH)}::bigint)`);
}

/** The pool holds every stake, as the orders' purchases would have left it. */
async function fundPool(db: Db, ledger: LedgerService) {
  const [stakes] = await rowsOf<{ total: string }>(
    db,
    sql`select sum(amount)::text as total from option_orders`,
  );
  const places = (await ledger.assets()).get('USDT') as number;
  const units = unitsAt(decimalOf(stakes?.total ?? '0'), places, 'down') as Units;
  const pool = await ledger.systemAccount('options_pool');
  const adjustments = await ledger.systemAccount('adjustments');
  await ledger.batch((batch) =>
    batch.move(
      [
        {
          kind: 'system_add',
          reference: 'bench-options-pool',
          actor: 'system',
          postings: [
            { accountId: adjustments, asset: 'USDT', units: -units as Units },
            { accountId: pool, asset: 'USDT', units },
          ],
        },
      ],
      [],
    ),
  );
}

type Payout = { reference: string; accountId: number; units: Units; actor: 'system' };
type DecidedChunk = { settlements: OrderSettlement[]; payouts: Payout[]; closeTickId: string };

/** The ceiling's input: every order of the round decided by the published rule, chunk by chunk, with its payout. */
async function decidedChunks(
  db: Db,
  repository: OptionOrdersRepository,
  product: Product,
  closeMs: number,
  places: number,
  ledger: LedgerService,
): Promise<DecidedChunk[]> {
  const closeTime = new Date(closeMs);
  const ticks = await repository.ticksBetween(product.id, 0n, closeTime.toISOString());
  const closeTick = ticks.at(-1);
  if (!closeTick) throw new Error('the round has no close tick');
  const orders = await rowsOf<{
    id: string;
    userId: number;
    direction: 'up' | 'down';
    amount: string;
    accepted: string;
  }>(
    db,
    sql`select id::text as id, user_id as "userId", direction, amount::text as amount,
        (extract(epoch from accepted_at) * 1000000)::bigint::text as accepted
      from option_orders where product_id = ${product.id}::bigint order by id`,
  );
  const accounts = await ledger.userAccountIds(
    orders.map((order) => order.userId),
    'spot',
  );
  const chunks: DecidedChunk[] = [];
  for (let from = 0; from < orders.length; from += SETTLEMENT_CHUNK) {
    const settlements: OrderSettlement[] = [];
    const payouts: Payout[] = [];
    for (const order of orders.slice(from, from + SETTLEMENT_CHUNK)) {
      const open = ticks.find((tick) => tick.micros > BigInt(order.accepted));
      const decision = decide(
        order.direction,
        open ? { price: decimalOf(open.price), time: open.recordedAt } : null,
        { price: decimalOf(closeTick.price), time: closeTick.recordedAt },
        closeTime,
        10,
      );
      const money = settlementOf(decimalOf(order.amount), decimalOf('0.85'), decision.outcome, places);
      settlements.push({
        id: order.id,
        outcome: decision.outcome,
        rule: decision.rule,
        openTickId: open?.id ?? null,
        payout: formatDecimal(money.payout),
        profit: formatDecimal(money.profit),
      });
      const units = unitsAt(money.payout, places, 'down') as Units;
      if (units > 0n) {
        const accountId = accounts.get(order.userId) as number;
        payouts.push({ reference: `option-payout:${order.id}`, accountId, units, actor: 'system' });
      }
    }
    chunks.push({ settlements, payouts, closeTickId: closeTick.id });
  }
  return chunks;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:options failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
