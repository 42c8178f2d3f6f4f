import type { LedgerBook } from '@kestrel/contract';
import { LEDGER_WHOLE_DIGITS } from '@kestrel/money';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { inList } from '../../db/check-list';
import type { Db } from '../../db/client';
import {
  assets,
  balances,
  type JournalKind,
  journalTransactions,
  ledgerAccounts,
  postings,
  RECEIVING_SYSTEM_PURPOSES,
  reservations,
} from './ledger.schema';

/** The first amount a balance row cannot hold: NUMERIC(36,18) keeps 18 whole digits. */
const LEDGER_LIMIT = `1${'0'.repeat(LEDGER_WHOLE_DIGITS)}`;

export type AssetRow = typeof assets.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;
export type JournalRow = { id: bigint; createdAt: Date };
/** A posting as written: a signed NUMERIC literal ("-12.5"). */
/** An account and the book it is in. */
export type AccountRef = { id: number; book: LedgerBook };
export type NewPosting = { accountId: number; asset: string; amount: string };

/**
 * Every SQL statement of the ledger. Amounts go in and come out as NUMERIC literals and PostgreSQL does the
 * arithmetic exactly; balance changes are conditional updates, so a check and its debit are one atomic step.
 */
export class LedgerRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: LedgerRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new LedgerRepository(tx)));
  }

  /** The connection this repository talks through: inside `transaction`, the transaction's. */
  get connection(): Db {
    return this.db;
  }

  listAssets(): Promise<AssetRow[]> {
    return this.db.select().from(assets).orderBy(assets.code);
  }

  /** The id and book of a user's account for a purpose, opened on first use (in its user's book). */
  async userAccountId(userId: number, purpose: string): Promise<AccountRef> {
    await this.db.insert(ledgerAccounts).values({ userId, purpose }).onConflictDoNothing();
    const [row] = await this.db
      .select({ id: ledgerAccounts.id, book: ledgerAccounts.book })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.purpose, purpose)));
    if (!row) throw new Error(`account ${purpose} of user ${userId} could not be opened`);
    return row;
  }

  /** The ids and books of many users' accounts of a purpose, opening those missing, in two statements. */
  async userAccountIdsOf(userIds: readonly number[], purpose: string): Promise<Map<number, AccountRef>> {
    if (userIds.length === 0) return new Map();
    const list = `{${userIds.join(',')}}`;
    await this.db.execute(sql`insert into ledger_accounts (user_id, purpose)
      select unnest(${list}::int[]), ${purpose}::text on conflict do nothing`);
    const rows = await this.db
      .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId, book: ledgerAccounts.book })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.purpose, purpose), sql`${ledgerAccounts.userId} = any(${list}::int[])`));
    return new Map(rows.map((row) => [row.userId as number, { id: row.id, book: row.book }]));
  }

  /** The book an account is in. */
  async accountBook(accountId: number): Promise<LedgerBook> {
    const [row] = await this.db
      .select({ book: ledgerAccounts.book })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, accountId));
    if (!row) throw new Error(`account ${accountId} is missing`);
    return row.book;
  }

  /** A system account of a book; every one the books may have is opened by the migrations. */
  async systemAccountId(purpose: string, book: LedgerBook): Promise<number> {
    const [row] = await this.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          isNull(ledgerAccounts.userId),
          eq(ledgerAccounts.purpose, purpose),
          eq(ledgerAccounts.book, book),
        ),
      );
    if (!row) throw new Error(`system account ${purpose} of the ${book} book is missing`);
    return row.id;
  }

  /** What a system account holds of an asset: the sum of its postings, as a NUMERIC literal (it may be negative). */
  async systemBalance(accountId: number, asset: string): Promise<string> {
    const [row] = await this.db
      .select({ total: sql<string>`coalesce(sum(${postings.amount}), 0)::text` })
      .from(postings)
      .where(and(eq(postings.accountId, accountId), eq(postings.asset, asset)));
    return row?.total ?? '0';
  }

  /** Opens a journal transaction; undefined when (kind, reference) already exists, i.e. this is a replay. */
  async openJournal(entry: {
    kind: JournalKind;
    reference: string;
    memo?: string;
    actor: string;
  }): Promise<JournalRow | undefined> {
    const [row] = await this.db
      .insert(journalTransactions)
      .values(entry)
      .onConflictDoNothing()
      .returning({ id: journalTransactions.id, createdAt: journalTransactions.createdAt });
    return row;
  }

  async findJournal(kind: JournalKind, reference: string): Promise<JournalRow | undefined> {
    const [row] = await this.db
      .select({ id: journalTransactions.id, createdAt: journalTransactions.createdAt })
      .from(journalTransactions)
      .where(and(eq(journalTransactions.kind, kind), eq(journalTransactions.reference, reference)));
    return row;
  }

  async findJournalById(id: bigint): Promise<JournalRow | undefined> {
    const [row] = await this.db
      .select({ id: journalTransactions.id, createdAt: journalTransactions.createdAt })
      .from(journalTransactions)
      .where(eq(journalTransactions.id, id));
    return row;
  }

  async insertPostings(transactionId: bigint, entries: readonly NewPosting[]) {
    await this.db.insert(postings).values(entries.map((entry) => ({ transactionId, ...entry })));
  }

  /** Adds to the available funds, creating the balance row on the first credit. */
  /**
   * Adds to the available funds while the balance (available and frozen together) stays within what
   * NUMERIC(36,18) holds; false (and no change) when it would not, so the caller refuses instead of the
   * database failing on an overflow.
   */
  async creditAvailable(accountId: number, asset: string, amount: string): Promise<boolean> {
    const rows = await this.db
      .insert(balances)
      .values({ accountId, asset, available: amount })
      .onConflictDoUpdate({
        target: [balances.accountId, balances.asset],
        set: { available: sql`${balances.available} + excluded.available` },
        setWhere: sql`${balances.available} + ${balances.frozen} + excluded.available < ${LEDGER_LIMIT}::numeric`,
      })
      .returning({ accountId: balances.accountId });
    return rows.length === 1;
  }

  /** The available funds of a balance, locked until the end of the transaction; zero when there is no row. */
  async availableOf(accountId: number, asset: string): Promise<string> {
    const [row] = await this.db
      .select({ available: balances.available })
      .from(balances)
      .where(onBalance(accountId, asset))
      .for('update');
    return row?.available ?? '0';
  }

  /** Takes from the available funds if they suffice; false (and no change) when they do not. */
  async debitAvailable(accountId: number, asset: string, amount: string): Promise<boolean> {
    const rows = await this.db
      .update(balances)
      .set({ available: sql`${balances.available} - ${amount}::numeric` })
      .where(and(onBalance(accountId, asset), gte(balances.available, sql`${amount}::numeric`)))
      .returning({ accountId: balances.accountId });
    return rows.length === 1;
  }

  /** Moves available funds to frozen if they suffice; false (and no change) when they do not. */
  async freezeAvailable(accountId: number, asset: string, amount: string): Promise<boolean> {
    const rows = await this.db
      .update(balances)
      .set({
        available: sql`${balances.available} - ${amount}::numeric`,
        frozen: sql`${balances.frozen} + ${amount}::numeric`,
      })
      .where(and(onBalance(accountId, asset), gte(balances.available, sql`${amount}::numeric`)))
      .returning({ accountId: balances.accountId });
    return rows.length === 1;
  }

  /** Moves frozen funds back to available. */
  async unfreeze(accountId: number, asset: string, amount: string): Promise<boolean> {
    const rows = await this.db
      .update(balances)
      .set({
        available: sql`${balances.available} + ${amount}::numeric`,
        frozen: sql`${balances.frozen} - ${amount}::numeric`,
      })
      .where(and(onBalance(accountId, asset), gte(balances.frozen, sql`${amount}::numeric`)))
      .returning({ accountId: balances.accountId });
    return rows.length === 1;
  }

  /** Takes frozen funds out of the balance, as a consumed reservation's postings do. */
  async spendFrozen(accountId: number, asset: string, amount: string): Promise<boolean> {
    const rows = await this.db
      .update(balances)
      .set({ frozen: sql`${balances.frozen} - ${amount}::numeric` })
      .where(and(onBalance(accountId, asset), gte(balances.frozen, sql`${amount}::numeric`)))
      .returning({ accountId: balances.accountId });
    return rows.length === 1;
  }

  /**
   * Spends part of an open reservation's frozen funds (a funding payment out of a position's margin): its
   * `consumed` grows and the account's frozen funds shrink by the amount; false (and no change) when less is left.
   */
  async spendFromReservation(id: bigint, amount: string): Promise<boolean> {
    const rows = await this.db
      .update(reservations)
      .set({ consumed: sql`${reservations.consumed} + ${amount}::numeric` })
      .where(
        and(
          eq(reservations.id, id),
          eq(reservations.status, 'open'),
          sql`${reservations.amount} - ${reservations.consumed} >= ${amount}::numeric`,
        ),
      )
      .returning({ accountId: reservations.accountId, asset: reservations.asset });
    const [row] = rows;
    return row !== undefined && this.spendFrozen(row.accountId, row.asset, amount);
  }

  /** Records a new freeze; undefined when (purpose, reference) already exists, i.e. this is a replay. */
  async openReservation(entry: {
    accountId: number;
    asset: string;
    amount: string;
    purpose: string;
    reference: string;
    actor: string;
  }): Promise<ReservationRow | undefined> {
    const [row] = await this.db.insert(reservations).values(entry).onConflictDoNothing().returning();
    return row;
  }

  /** The reservation, locked until the end of the transaction so that only one command settles it. */
  async lockReservation(purpose: string, reference: string): Promise<ReservationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.purpose, purpose), eq(reservations.reference, reference)))
      .for('update');
    return row;
  }

  /** Marks an open reservation released or consumed; answers when. */
  async settleReservation(
    id: bigint,
    outcome: { status: 'released' } | { status: 'consumed'; transactionId: bigint },
  ): Promise<Date> {
    const [row] = await this.db
      .update(reservations)
      .set({ ...outcome, settledAt: sql`now()` })
      .where(and(eq(reservations.id, id), eq(reservations.status, 'open')))
      .returning({ settledAt: reservations.settledAt });
    if (!row?.settledAt) throw new Error(`reservation ${id} was not open`);
    return row.settledAt;
  }

  /** The balances of many users' accounts of one purpose in one asset, as NUMERIC text; none where never credited. */
  async accountBalances(userIds: readonly number[], purpose: string, asset: string) {
    if (userIds.length === 0) return [];
    return this.db
      .select({
        userId: ledgerAccounts.userId,
        available: sql<string>`${balances.available}::text`,
        frozen: sql<string>`${balances.frozen}::text`,
      })
      .from(balances)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, balances.accountId))
      .where(
        and(
          inArray(ledgerAccounts.userId, [...userIds]),
          eq(ledgerAccounts.purpose, purpose),
          eq(balances.asset, asset),
        ),
      );
  }

  /** A user's balances per account and asset, with the asset's precision; none where never credited. */
  userBalances(userId: number) {
    return this.db
      .select({
        account: ledgerAccounts.purpose,
        asset: balances.asset,
        available: balances.available,
        frozen: balances.frozen,
        precision: assets.precision,
      })
      .from(balances)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, balances.accountId))
      .innerJoin(assets, eq(assets.code, balances.asset))
      .where(eq(ledgerAccounts.userId, userId));
  }

  /**
   * Everything the ledger check looks at, in one statement so that it sees one snapshot: each rule's query
   * returns what breaks it (at most PROBLEM_LIMIT rows), beside the counts and the system positions. Amounts
   * are cast to text inside, so no NUMERIC passes through a JSON number.
   */
  async checkFindings(): Promise<CheckFindings> {
    const result = (await this.db.execute(sql`
      with posted as (
        select account_id, asset, sum(amount) as total from postings group by account_id, asset
      ),
      reserved as (
        select account_id, asset, sum(amount - consumed) as total from reservations where status = 'open'
        group by account_id, asset
      )
      select json_build_object(
        'unbalancedAssets', (select coalesce(json_agg(x), '[]') from (
          select asset, sum(total)::text as total from posted group by asset having sum(total) <> 0
        ) x),
        'unbalancedTransactions', (select coalesce(json_agg(x), '[]') from (
          select transaction_id::text as transaction, asset, sum(amount)::text as total from postings
          group by transaction_id, asset having sum(amount) <> 0 order by transaction_id limit ${PROBLEM_LIMIT}
        ) x),
        'balancesNotMatchingPostings', (select coalesce(json_agg(x), '[]') from (
          select a.id as account, a.user_id as "userId", a.purpose, coalesce(b.asset, p.asset) as asset,
            coalesce(b.available + b.frozen, 0)::text as held, coalesce(p.total, 0)::text as posted
          from balances b full join posted p on p.account_id = b.account_id and p.asset = b.asset
          join ledger_accounts a on a.id = coalesce(b.account_id, p.account_id)
          where (a.user_id is not null or b.account_id is not null)
            and coalesce(b.available + b.frozen, 0) <> coalesce(p.total, 0)
          order by a.id limit ${PROBLEM_LIMIT}
        ) x),
        'frozenNotMatchingReservations', (select coalesce(json_agg(x), '[]') from (
          select coalesce(b.account_id, r.account_id) as account, coalesce(b.asset, r.asset) as asset,
            coalesce(b.frozen, 0)::text as frozen, coalesce(r.total, 0)::text as reserved
          from balances b full join reserved r on r.account_id = b.account_id and r.asset = b.asset
          where coalesce(b.frozen, 0) <> coalesce(r.total, 0)
          order by 1 limit ${PROBLEM_LIMIT}
        ) x),
        'negatives', (select coalesce(json_agg(x), '[]') from (
          select 'balance' as what, account_id as account, asset, least(available, frozen)::text as amount
            from balances where available < 0 or frozen < 0
          union all
          select 'reservation', account_id, asset, amount::text from reservations where amount <= 0
          union all
          select 'position of ' || a.purpose, a.id, p.asset, sum(p.total)::text
            from posted p join ledger_accounts a on a.id = p.account_id
            where a.user_id is null and a.purpose in (${inList(RECEIVING_SYSTEM_PURPOSES)})
            group by a.purpose, a.id, p.asset having sum(p.total) < 0
          limit ${PROBLEM_LIMIT}
        ) x),
        'counts', json_build_object(
          'transactions', (select count(*) from journal_transactions),
          'postings', (select count(*) from postings),
          'balances', (select count(*) from balances),
          'openReservations', (select count(*) from reservations where status = 'open')
        ),
        'systemPositions', (select coalesce(json_agg(x), '[]') from (
          select case when a.book = 'demo' then 'demo ' || a.purpose else a.purpose end as account,
            p.asset, sum(p.total)::text as amount
          from posted p join ledger_accounts a on a.id = p.account_id
          where a.user_id is null group by a.book, a.purpose, p.asset order by a.book desc, a.purpose, p.asset
        ) x)
      ) as findings
    `)) as unknown as { rows: { findings: CheckFindings | string }[] };
    const findings = result.rows[0]?.findings;
    if (findings === undefined) throw new Error('the ledger check returned nothing');
    return typeof findings === 'string' ? (JSON.parse(findings) as CheckFindings) : findings;
  }
}

export type CheckFindings = {
  unbalancedAssets: { asset: string; total: string }[];
  unbalancedTransactions: { transaction: string; asset: string; total: string }[];
  balancesNotMatchingPostings: {
    account: number;
    userId: number | null;
    purpose: string;
    asset: string;
    held: string;
    posted: string;
  }[];
  frozenNotMatchingReservations: { account: number; asset: string; frozen: string; reserved: string }[];
  negatives: { what: string; account: number; asset: string; amount: string }[];
  counts: { transactions: number; postings: number; balances: number; openReservations: number };
  systemPositions: { account: string; asset: string; amount: string }[];
};

/** Each rule of the check names at most this many problems; one is enough to fail it. */
const PROBLEM_LIMIT = 100;

function onBalance(accountId: number, asset: string) {
  return and(eq(balances.accountId, accountId), eq(balances.asset, asset));
}
