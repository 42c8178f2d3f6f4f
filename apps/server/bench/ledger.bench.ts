/**
 * Transfers per second through the ledger with durable commits, beside the ceiling: the same writes as
 * hand-written SQL over the same number of connections, measured in the same run against the same server.
 *
 *   DATABASE_URL=postgres://… npm run bench:ledger      (BENCH_SECONDS per phase, default 5)
 *
 * Works in a scratch database it creates and drops. The phases alternate (ceiling, ledger, ceiling, ledger) so
 * that a busy machine weighs on both alike. The last line is JSON: {"ops_per_s","ceiling_ops_per_s","ratio"}.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { users } from '../src/modules/auth/auth.schema';
import { LedgerRepository } from '../src/modules/ledger/ledger.repository';
import { LedgerService } from '../src/modules/ledger/ledger.service';
import { scratchDatabase } from './scratch-database';

/** The server pool's size in openDatabase: both phases use this many connections, one worker each. */
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

type Worker = (index: number, iteration: number) => Promise<void>;

/** Runs `connections` loops for `seconds` and answers the completed operations per second. */
async function measure(work: Worker): Promise<number> {
  const stopAt = Date.now() + SECONDS * 1000;
  const started = performance.now();
  const counts = await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, index) => {
      let done = 0;
      while (Date.now() < stopAt) {
        await work(index, done);
        done += 1;
      }
      return done;
    }),
  );
  const total = counts.reduce((sum, count) => sum + count, 0);
  return total / ((performance.now() - started) / 1000);
}

async function main() {
  const scratch = await scratchDatabase();
  const { name } = scratch;
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  const raw = new pg.Pool({ connectionString: scratch.url, max: CONNECTIONS });
  try {
    const durability = await raw.query<{ synchronous_commit: string; fsync: string }>(
      `select current_setting('synchronous_commit') as synchronous_commit, current_setting('fsync') as fsync`,
    );
    const settings = durability.rows[0];
    process.stdout.write(
      `PostgreSQL ${name}: synchronous_commit=${settings?.synchronous_commit} fsync=${settings?.fsync}, ${CONNECTIONS} connections, ${SECONDS} s per phase\n`,
    );

    const ledger = new LedgerService(new LedgerRepository(database.db));
    const owners = await database.db
      .insert(users)
      .values(
        Array.from({ length: CONNECTIONS }, (_, index) => ({
          email: `bench${index}@bench.test`,
          passwordHash: 'not-a-hash',
          inviteCode: `BENCH${index}`,
        })),
      )
      .returning({ id: users.id });
    const userIds = owners.map((row) => row.id);
    for (const userId of userIds) {
      for (const account of ['spot', 'futures'] as const) {
        await ledger.execute({
          type: 'credit',
          kind: 'deposit',
          from: 'deposits_clearing',
          userId,
          account,
          asset: 'USDT',
          amount: '1000000',
          reference: `bench-seed-${userId}-${account}`,
          actor: 'system',
        });
      }
    }
    const accountIds = await raw.query<{ id: number; user_id: number; purpose: string }>(
      'select id, user_id, purpose from ledger_accounts where user_id = any($1)',
      [userIds],
    );
    const accountOf = (userId: number, purpose: string) => {
      const row = accountIds.rows.find((item) => item.user_id === userId && item.purpose === purpose);
      if (!row) throw new Error(`no ${purpose} account for ${userId}`);
      return row.id;
    };

    // Each worker moves 1 USDT of its own user back and forth, so funds never run out.
    const throughLedger: Worker = async (index, iteration) => {
      const userId = userIds[index] ?? 0;
      const outbound = iteration % 2 === 0;
      await ledger.execute({
        type: 'transfer',
        userId,
        from: outbound ? 'spot' : 'futures',
        to: outbound ? 'futures' : 'spot',
        asset: 'USDT',
        amount: '1',
        reference: `bench-ledger-${index}-${iteration}-${randomBytes(4).toString('hex')}`,
        actor: `user:${userId}`,
      });
    };

    // The same statements the ledger issues for a transfer, written by hand on a bare connection.
    const handWritten: Worker = async (index, iteration) => {
      const userId = userIds[index] ?? 0;
      const outbound = iteration % 2 === 0;
      const from = accountOf(userId, outbound ? 'spot' : 'futures');
      const to = accountOf(userId, outbound ? 'futures' : 'spot');
      const client = await raw.connect();
      try {
        await client.query('begin');
        const journal = await client.query<{ id: string }>(
          `insert into journal_transactions (kind, reference, actor) values ('transfer', $1, $2)
           on conflict do nothing returning id, created_at`,
          [`bench-raw-${index}-${iteration}-${randomBytes(4).toString('hex')}`, `user:${userId}`],
        );
        for (const accountId of [from, to].sort((a, b) => a - b)) {
          if (accountId === to) {
            await client.query(
              `insert into balances (account_id, asset, available) values ($1, 'USDT', 1)
               on conflict (account_id, asset) do update set available = balances.available + excluded.available`,
              [to],
            );
          } else {
            const debited = await client.query(
              `update balances set available = available - 1::numeric
               where account_id = $1 and asset = 'USDT' and available >= 1::numeric returning account_id`,
              [from],
            );
            if (debited.rowCount !== 1) throw new Error('the hand-written transfer ran out of funds');
          }
        }
        await client.query(
          `insert into postings (transaction_id, account_id, asset, amount) values ($1, $2, 'USDT', -1), ($1, $3, 'USDT', 1)`,
          [journal.rows[0]?.id, from, to],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    };

    const ceilings: number[] = [];
    const ledgers: number[] = [];
    for (let round = 1; round <= 2; round++) {
      ceilings.push(await measure(handWritten));
      process.stdout.write(`round ${round} hand-written SQL: ${ceilings.at(-1)?.toFixed(0)} transfers/s\n`);
      ledgers.push(await measure(throughLedger));
      process.stdout.write(`round ${round} ledger service:   ${ledgers.at(-1)?.toFixed(0)} transfers/s\n`);
    }
    const report = await ledger.check();
    process.stdout.write(
      `ledger check after the run: ${report.ok ? 'ok' : 'FAILED'} (${report.counts.transactions} journal transactions)\n`,
    );
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const opsPerS = Math.round(mean(ledgers));
    const ceilingOpsPerS = Math.round(mean(ceilings));
    const ratio = Math.round((opsPerS / ceilingOpsPerS) * 100) / 100;
    process.stdout.write(
      `${JSON.stringify({ ops_per_s: opsPerS, ceiling_ops_per_s: ceilingOpsPerS, ratio })}\n`,
    );
    if (!report.ok) process.exitCode = 1;
  } finally {
    await raw.end();
    await database.close();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:ledger failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
