import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onServer, rowsOf } from '../../../test/database';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { openDatabase } from '../../db/client';
import { adminApi, createAdmin, signInEnrolled } from '../admin/test-admins';
import { LedgerRepository } from './ledger.repository';
import { LedgerService } from './ledger.service';
import { balanceOf, createUsers, deposit, ledgerOf } from './test-ledger';

let app: TestApp;
let sut: LedgerService;

beforeAll(async () => {
  app = await createTestApp();
  sut = ledgerOf(app);
});
afterAll(async () => {
  await app?.close();
});

/** The database's own words for a refused statement, whichever driver wrapped them. */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
  return 'accepted';
}

describe('amounts', () => {
  it('adds 0.1 and 0.2 to exactly 0.3, and takes 0.3 back to exactly zero', async () => {
    const [user = 0] = await createUsers(app, 1);
    await deposit(sut, user, 'USDT', '0.1');
    await deposit(sut, user, 'USDT', '0.2');
    expect(await balanceOf(sut, user, 'spot', 'USDT')).toEqual({ available: '0.300000', frozen: '0.000000' });
    await sut.execute({
      type: 'debit',
      kind: 'system_debit',
      to: 'adjustments',
      userId: user,
      account: 'spot',
      asset: 'USDT',
      amount: '0.3',
      reference: 'amounts-debit',
      actor: 'admin:1',
    });
    expect(await balanceOf(sut, user, 'spot', 'USDT')).toEqual({ available: '0.000000', frozen: '0.000000' });
  });

  it('refuses more decimals than the asset allows instead of rounding them', async () => {
    const [user = 0] = await createUsers(app, 1);
    await expect(deposit(sut, user, 'USDT', '1.0000001')).rejects.toMatchObject({ reason: 'amountInvalid' });
    await expect(deposit(sut, user, 'BTC', '0.000000001')).rejects.toMatchObject({ reason: 'amountInvalid' });
    await deposit(sut, user, 'BTC', '0.00000001');
    expect(await balanceOf(sut, user, 'spot', 'BTC')).toEqual({
      available: '0.00000001',
      frozen: '0.00000000',
    });
    expect(await balanceOf(sut, user, 'spot', 'USDT')).toEqual({ available: null, frozen: null });
  });

  it.each([
    ['zero', '0'],
    ['negative', '-5'],
    ['beyond NUMERIC(36,18)', '1000000000000000000'],
    ['exponent notation', '1e3'],
    ['empty', ''],
    ['a JS number spelled out', 'Infinity'],
  ])('refuses a %s amount', async (_name, amount) => {
    const [user = 0] = await createUsers(app, 1);
    await expect(deposit(sut, user, 'USDT', amount)).rejects.toMatchObject({ reason: 'amountInvalid' });
  });

  it('keeps the largest amount the ledger holds exactly', async () => {
    const [user = 0] = await createUsers(app, 1);
    await deposit(sut, user, 'ETH', '999999999999999999.99999999');
    expect(await balanceOf(sut, user, 'spot', 'ETH')).toMatchObject({
      available: '999999999999999999.99999999',
    });
  });

  it('refuses an asset the platform does not list', async () => {
    const [user = 0] = await createUsers(app, 1);
    await expect(deposit(sut, user, 'PEPE', '1')).rejects.toMatchObject({ reason: 'assetUnknown' });
  });
});

describe('commands', () => {
  it('refuses a debit above the available balance and changes nothing', async () => {
    const [user = 0] = await createUsers(app, 1);
    await deposit(sut, user, 'USDT', '10');
    const debit = sut.execute({
      type: 'debit',
      kind: 'system_debit',
      to: 'adjustments',
      userId: user,
      account: 'spot',
      asset: 'USDT',
      amount: '10.000001',
      reference: `overdraft-${user}`,
      actor: 'admin:1',
    });
    await expect(debit).rejects.toMatchObject({ reason: 'insufficientBalance' });
    expect(await balanceOf(sut, user, 'spot', 'USDT')).toEqual({
      available: '10.000000',
      frozen: '0.000000',
    });
    expect((await sut.check()).ok).toBe(true);
  });

  it("moves funds between a user's accounts and refuses to move more than is available", async () => {
    const [user = 0] = await createUsers(app, 1);
    await deposit(sut, user, 'USDT', '100');
    const transfer = { type: 'transfer', userId: user, asset: 'USDT', actor: `user:${user}` } as const;
    await sut.execute({ ...transfer, from: 'spot', to: 'futures', amount: '40', reference: 'move-1' });
    await sut.execute({ ...transfer, from: 'futures', to: 'spot', amount: '15.5', reference: 'move-2' });
    await expect(
      sut.execute({ ...transfer, from: 'futures', to: 'spot', amount: '24.500001', reference: 'move-3' }),
    ).rejects.toMatchObject({ reason: 'insufficientBalance' });
    expect(await balanceOf(sut, user, 'spot', 'USDT')).toMatchObject({ available: '75.500000' });
    expect(await balanceOf(sut, user, 'futures', 'USDT')).toMatchObject({ available: '24.500000' });
  });

  it('happens once per reference: a replayed credit returns the first transaction and credits nothing', async () => {
    const [user = 0] = await createUsers(app, 1);
    const credit = {
      type: 'credit',
      kind: 'deposit',
      from: 'deposits_clearing',
      userId: user,
      account: 'spot',
      asset: 'USDT',
      amount: '5',
      reference: `deposit-once-${user}`,
      actor: 'admin:1',
    } as const;
    const first = await sut.execute(credit);
    const again = await sut.execute(credit);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await balanceOf(sut, user, 'spot', 'USDT')).toMatchObject({ available: '5.000000' });
  });

  it('freezes funds, releases them back, and pays a second freeze out with a fee', async () => {
    const [user = 0] = await createUsers(app, 1);
    await deposit(sut, user, 'BTC', '1');
    const freeze = {
      type: 'freeze',
      userId: user,
      account: 'spot',
      asset: 'BTC',
      actor: `user:${user}`,
    } as const;
    await sut.execute({ ...freeze, purpose: 'withdrawal', reference: `w1-${user}`, amount: '0.4' });
    await expect(
      sut.execute({ ...freeze, purpose: 'withdrawal', reference: `w2-${user}`, amount: '0.61' }),
    ).rejects.toMatchObject({ reason: 'insufficientBalance' });
    expect(await balanceOf(sut, user, 'spot', 'BTC')).toEqual({
      available: '0.60000000',
      frozen: '0.40000000',
    });

    const released = await sut.execute({ type: 'release', purpose: 'withdrawal', reference: `w1-${user}` });
    expect(released.replayed).toBe(false);
    expect(
      await sut.execute({ type: 'release', purpose: 'withdrawal', reference: `w1-${user}` }),
    ).toMatchObject({
      replayed: true,
    });
    expect(await balanceOf(sut, user, 'spot', 'BTC')).toEqual({
      available: '1.00000000',
      frozen: '0.00000000',
    });

    await sut.execute({ ...freeze, purpose: 'withdrawal', reference: `w3-${user}`, amount: '0.5' });
    const consume = {
      type: 'consume',
      purpose: 'withdrawal',
      reference: `w3-${user}`,
      kind: 'withdrawal',
      into: 'withdrawals_clearing',
      fee: '0.0005',
      actor: 'admin:1',
    } as const;
    const paid = await sut.execute(consume);
    expect(await sut.execute(consume)).toEqual({ ...paid, replayed: true });
    expect(await balanceOf(sut, user, 'spot', 'BTC')).toEqual({
      available: '0.50000000',
      frozen: '0.00000000',
    });
    await expect(
      sut.execute({ type: 'release', purpose: 'withdrawal', reference: `w3-${user}` }),
    ).rejects.toMatchObject({ reason: 'reservationNotOpen' });

    const report = await sut.check();
    expect(report.ok).toBe(true);
    expect(report.systemPositions).toEqual(
      expect.arrayContaining([
        { account: 'withdrawals_clearing', asset: 'BTC', amount: '0.499500000000000000' },
        { account: 'fees', asset: 'BTC', amount: '0.000500000000000000' },
      ]),
    );
  });
});

/** A user with `amount` USDT in the spot account, its id, and freeze requests of it (through `ledger`). */
async function userWithUsdt(amount: string, ledger = sut) {
  const [user = 0] = await createUsers(app, 1);
  await deposit(ledger, user, 'USDT', amount);
  const account = (await ledger.userAccountIds([user], 'spot')).get(user) as number;
  const request = (units: bigint, reference: string) => ({
    accountId: account,
    asset: 'USDT',
    units: units as never,
    reference,
    actor: `user:${user}` as const,
  });
  return { user, account, request };
}

describe('batches', () => {
  it('freezes in order what each balance covers, and commits without waiting for the disk only when asked', async () => {
    const { user, request } = await userWithUsdt('10');
    const commitSetting = async (flushedByLaterCommit: boolean, references: [string, string]) =>
      sut.batch(async (batch) => {
        const { frozen, rows } = await batch.freeze<{ reference: string }>(
          'batch_test',
          [request(6_000_000n, references[0]), request(6_000_000n, references[1])],
          {
            flushedByLaterCommit,
            // The caller's writes ride in the freeze's statement and see only what was frozen.
            alongside: (accepted) => ({
              returning: sql`select ${references[accepted.indexOf(true)]}::text as reference`,
            }),
          },
        );
        expect(rows).toEqual([{ reference: references[0] }]);
        const [setting] = await rowsOf<{ synchronous_commit: string }>(
          batch.connection,
          sql`show synchronous_commit`,
        );
        return { frozen, setting };
      });

    const waited = await commitSetting(false, ['batch-a', 'batch-b']);
    expect(waited.frozen).toEqual([true, false]);
    expect(waited.setting?.synchronous_commit).toBe('on');
    expect(await balanceOf(sut, user, 'spot', 'USDT')).toEqual({ available: '4.000000', frozen: '6.000000' });

    await deposit(sut, user, 'USDT', '2');
    const deferred = await commitSetting(true, ['batch-c', 'batch-d']);
    expect(deferred.frozen).toEqual([true, false]);
    expect(deferred.setting?.synchronous_commit).toBe('off');
    expect(await balanceOf(sut, user, 'spot', 'USDT')).toEqual({
      available: '0.000000',
      frozen: '12.000000',
    });
  });
});

describe('freezing all at once', () => {
  it('freezes every request in one statement, or changes nothing and leaves the refusals to a batch', async () => {
    const { user, request } = await userWithUsdt('10');
    const freezeAll = (units: bigint[], references: string[]) =>
      sut.freezeAll<{ frozen: number }>(
        'all_test',
        units.map((amount, index) => request(amount, references[index] as string)),
        { alongside: (frozen) => ({ returning: sql`select ${frozen.length}::int as frozen` }) },
      );

    // Not before a batch has seen the balance row: it might not exist yet.
    expect(await freezeAll([1_000_000n], ['all-a'])).toBeUndefined();
    await sut.batch((batch) => batch.freeze('all_test', [request(1_000_000n, 'all-b')]));

    expect(await freezeAll([2_000_000n, 3_000_000n], ['all-c', 'all-d'])).toEqual([{ frozen: 2 }]);
    expect(await balanceOf(sut, user, 'spot', 'USDT')).toEqual({ available: '4.000000', frozen: '6.000000' });

    // Together more than is available: the balances' check refuses the statement, and nothing changes.
    expect(await freezeAll([3_000_000n, 2_000_000n], ['all-e', 'all-f'])).toBeUndefined();
    expect(await balanceOf(sut, user, 'spot', 'USDT')).toEqual({ available: '4.000000', frozen: '6.000000' });
    const reserved = await rowsOf<{ reference: string }>(
      app.database.db,
      sql`select reference from reservations where purpose = 'all_test' order by reference`,
    );
    expect(reserved.map((row) => row.reference)).toEqual(['all-b', 'all-c', 'all-d']);
    expect((await sut.check()).ok).toBe(true);
  });
});

describe('batch settlement', () => {
  it("settles a trade with the caller's writes in its statement, and refuses to settle it twice", async () => {
    const [buyer = 0, seller = 0] = await createUsers(app, 2);
    await deposit(sut, buyer, 'USDT', '100');
    await deposit(sut, seller, 'BTC', '1');
    const accounts = await sut.userAccountIds([buyer, seller], 'spot');
    const buyerAccount = accounts.get(buyer) as number;
    const sellerAccount = accounts.get(seller) as number;
    await sut.batch((batch) =>
      batch.freeze('settle_test', [
        {
          accountId: buyerAccount,
          asset: 'USDT',
          units: 50_000_000n as never,
          reference: 'bid',
          actor: `user:${buyer}`,
        },
        {
          accountId: sellerAccount,
          asset: 'BTC',
          units: 100_000_000n as never,
          reference: 'ask',
          actor: `user:${seller}`,
        },
      ]),
    );
    const trade = {
      reference: 'settle-test-trade',
      actor: 'system' as const,
      base: 'BTC',
      quote: 'USDT',
      baseUnits: 50_000_000n as never,
      quoteUnits: 20_000_000n as never,
      buyerFee: 50_000n as never,
      sellerFee: 20_000n as never,
      buyer: { accountId: buyerAccount, reservation: 'bid' },
      seller: { accountId: sellerAccount, reservation: 'ask' },
    };
    const settle = (changes: Partial<typeof trade> = {}) =>
      sut.settle<{ reference: string; journalled: boolean }>('settle_test', [{ ...trade, ...changes }], [], {
        returning: sql`select reference, id is not null as journalled from journal`,
      });

    // Available and frozen of the buyer's and the seller's USDT and BTC.
    const holdings = async () =>
      Promise.all(
        (
          [
            [buyer, 'USDT'],
            [buyer, 'BTC'],
            [seller, 'USDT'],
            [seller, 'BTC'],
          ] as const
        ).map(async ([user, asset]) => {
          const { available, frozen } = await balanceOf(sut, user, 'spot', asset);
          return `${available}/${frozen}`;
        }),
      );
    const afterTrade = [
      '50.000000/30.000000',
      '0.49950000/0.00000000',
      '19.980000/0.000000',
      '0.00000000/0.50000000',
    ];

    // The caller's part reads the journal transactions of the same statement.
    expect(await settle()).toEqual([{ reference: 'settle-test-trade', journalled: true }]);
    expect(await holdings()).toEqual(afterTrade);

    // The same trade again: its journal transaction exists, so the whole batch is refused and changes nothing.
    await expect(settle()).rejects.toThrow(/already settled/);
    expect(await holdings()).toEqual(afterTrade);

    // A trade taking more than the bid still holds (30 USDT), or paying from the seller's BTC as if it were the
    // buyer's, is refused whole.
    expect(await refusal(settle({ reference: 'too-much', quoteUnits: 40_000_000n as never }))).toMatch(
      /reservations_consumed_range/,
    );
    await expect(
      settle({ reference: 'wrong-account', buyer: { accountId: sellerAccount, reservation: 'bid' } }),
    ).rejects.toThrow(/not of the account and asset/);
    expect(await holdings()).toEqual(afterTrade);

    // Closing the bid without a trade gives back what it still holds; closing it again is refused.
    await sut.settle('settle_test', [], ['bid']);
    expect(await balanceOf(sut, buyer, 'spot', 'USDT')).toEqual({
      available: '80.000000',
      frozen: '0.000000',
    });
    await expect(sut.settle('settle_test', [], ['bid'])).rejects.toThrow(/not open/);
    expect(await balanceOf(sut, buyer, 'spot', 'USDT')).toEqual({
      available: '80.000000',
      frozen: '0.000000',
    });

    // The caller's writes must find as many rows as it says, or nothing is settled.
    await expect(
      sut.settle('settle_test', [], ['ask'], {
        returning: sql`update reservations set actor = actor where reference = 'no-such-reference' returning 1`,
        rows: 1,
      }),
    ).rejects.toThrow(/did not find its row/);
    expect(await balanceOf(sut, seller, 'spot', 'BTC')).toEqual({
      available: '0.00000000',
      frozen: '0.50000000',
    });
    expect((await sut.check()).ok).toBe(true);
  });
});

/*
 * The trading connections keep one generic plan per statement shape, made when the shape first runs (decision
 * 0028); PGlite has no such plans, so this runs only when DATABASE_URL names a server.
 */
onServer('settlement on the trading connections', () => {
  it('looks each reservation up by its key, with a plan made while the table held a few', async () => {
    let fetched: number | undefined;
    await app.database.trading
      .transaction(async (tx) => {
        const ledger = new LedgerService(new LedgerRepository(tx));
        const { account, request } = await userWithUsdt('10', ledger);
        const references = ['plan-a', 'plan-b', 'plan-c', 'plan-d'];
        await ledger.batch((batch) =>
          batch.freeze(
            'plan_test',
            references.map((reference) => request(1_000_000n, reference)),
          ),
        );
        // Closing two reservations makes this connection's plan for the shape, with few reservations about.
        await ledger.settle('plan_test', [], ['plan-a', 'plan-b']);
        await tx.execute(sql`
          insert into reservations (account_id, asset, amount, purpose, reference, actor)
          select ${account}, 'USDT', 1, 'plan_test', 'other-' || n, 'system'
          from generate_series(1, 3000) as n`);
        const fetches = async () =>
          Number(
            (
              await rowsOf<{ idx_tup_fetch: string }>(
                tx,
                sql`select idx_tup_fetch from pg_stat_xact_user_tables where relname = 'reservations'`,
              )
            )[0]?.idx_tup_fetch,
          );
        const before = await fetches();
        await ledger.settle('plan_test', [], ['plan-c', 'plan-d']);
        fetched = (await fetches()) - before;
        // The reservations of this test are not the ledger's: none of it stays.
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(fetched).toBeLessThanOrEqual(4);
  });
});

describe('the database', () => {
  it('refuses to change or remove postings and journal transactions', async () => {
    const [user = 0] = await createUsers(app, 1);
    await deposit(sut, user, 'USDT', '1');
    const { db } = app.database;
    expect(await refusal(db.execute(sql`update postings set amount = amount * 2`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`delete from postings`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`update journal_transactions set memo = 'edited'`))).toMatch(
      /append-only/,
    );
    expect(await refusal(db.execute(sql`delete from journal_transactions`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`truncate postings, journal_transactions cascade`))).toMatch(
      /append-only/,
    );
  });

  it('refuses at commit a journal transaction whose postings do not sum to zero', async () => {
    const { db } = app.database;
    const write = db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into journal_transactions (kind, reference, actor) values ('system_add', 'lopsided', 'system')`);
      await tx.execute(sql`
        insert into postings (transaction_id, account_id, asset, amount)
        select id, (select id from ledger_accounts where purpose = 'fees' and book = 'real'), 'USDT', 1
        from journal_transactions where reference = 'lopsided'`);
    });
    expect(await refusal(write)).toMatch(/does not balance/);
  });

  it('refuses a negative balance', async () => {
    const [user = 0] = await createUsers(app, 1);
    await deposit(sut, user, 'USDT', '1');
    expect(
      await refusal(app.database.db.execute(sql`update balances set available = available - 2`)),
    ).toMatch(/balances_not_negative/);
  });
});

describe('the ledger check', () => {
  it('is answered to reviewers in the back office', async () => {
    await createAdmin(app, 'reviewer');
    const { token } = await signInEnrolled(app, 'reviewer@kestrel.test');
    const answer = await adminApi(app, 'GET', '/api/admin/ledger/check', { token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ ok: true, problems: [] });
    expect(answer.body.data.counts.transactions).toBeGreaterThan(0);
  });
});

describe('npm run ledger:check', () => {
  const script = fileURLToPath(new URL('../../cli/ledger-check.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../../../../../node_modules/.bin/tsx', import.meta.url));
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-ledger-cli-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function run() {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    try {
      const { stdout } = await promisify(execFile)(tsx, [script], { env });
      return { exitCode: 0, stdout };
    } catch (failure) {
      const { code, stdout } = failure as { code: number; stdout: string };
      return { exitCode: code, stdout };
    }
  }

  /** Works on the embedded database the command checks, then closes it so the command can open it. */
  async function onDatabase(work: (ledger: LedgerService, db: TestApp['database']['db']) => Promise<void>) {
    const database = await openDatabase({ dataDir });
    try {
      await work(new LedgerService(new LedgerRepository(database.db)), database.db);
    } finally {
      await database.close();
    }
  }

  it('exits 0 on a sound ledger and 1 naming each broken rule on a tampered one', async () => {
    await onDatabase(async (ledger, db) => {
      const [row] = (
        (await db.execute(sql`
          insert into users (email, password_hash, invite_code) values ('cli@ledger.test', 'x', 'CLI1') returning id`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows;
      const user = Number(row?.id);
      await deposit(ledger, user, 'USDT', '25');
      await ledger.execute({
        type: 'freeze',
        userId: user,
        account: 'spot',
        asset: 'USDT',
        amount: '5',
        purpose: 'withdrawal',
        reference: 'cli',
        actor: `user:${user}`,
      });
    });
    const sound = await run();
    expect(sound.exitCode).toBe(0);
    expect(sound.stdout).toMatch(/OK: every invariant holds/);

    await onDatabase(async (_ledger, db) => {
      await db.execute(sql`update balances set available = available + 4, frozen = frozen - 1`);
    });
    const tampered = await run();
    expect(tampered.exitCode).toBe(1);
    expect(tampered.stdout).toMatch(/FAILED: balanceNotPostings, frozenNotReservations/);
    expect(tampered.stdout).toMatch(
      /BROKEN balanceNotPostings: user \d+ spot \(account \d+\) holds 28\.0+ USDT but its postings sum to 25\.0+/,
    );
    expect(tampered.stdout).toMatch(
      /BROKEN frozenNotReservations: account \d+ has 4\.0+ USDT frozen but 5\.0+ in open reservations/,
    );
  }, 60_000);
});
