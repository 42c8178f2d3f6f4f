import { formatAmount, type Units, unitsFromNumeric } from '@kestrel/money';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { LedgerActor } from './ledger.service';

/*
 * Set-based ledger commands for the trading path (group commit, docs/decisions/0019). A LedgerBatch runs inside
 * one database transaction of its caller and writes many freezes, or many trades, with two statements whatever
 * their number (a read that locks, then one statement of writes, which may carry the caller's own writes, see
 * `Alongside`): balance rows are locked once, in (account, asset) order like every other command, so
 * batches of different markets touching the same user cannot deadlock. The same invariants hold as for
 * `LedgerService.execute`: postings sum to zero per transaction and asset (checked here and at commit), each
 * balance is the sum of its postings, frozen is what open reservations have not yet had consumed.
 */

/** Freeze `units` of a user account's asset under (purpose, reference). */
export type FreezeRequest = {
  accountId: number;
  asset: string;
  units: Units;
  reference: string;
  actor: LedgerActor;
};

/**
 * One trade between a buyer and a seller, each paying from an open reservation: the buyer's quote reservation
 * gives `quoteUnits`, the seller's base reservation gives `baseUnits`. The buyer receives the base less its fee
 * (in base), the seller the quote less its fee (in quote); the fees go to the fees account.
 */
export type TradeEntry = {
  reference: string;
  actor: LedgerActor;
  base: string;
  quote: string;
  baseUnits: Units;
  quoteUnits: Units;
  buyerFee: Units;
  sellerFee: Units;
  buyer: { accountId: number; reservation: string };
  seller: { accountId: number; reservation: string };
};

/**
 * A caller's own writes, riding in the ledger's statement of a batch so that both cost one round trip and commit
 * together: `returning` is a data-modifying statement with a RETURNING list, whose rows the ledger answers, and
 * `with` any common table expressions it needs (`name as (…)`, separated by commas). In a settlement with trades
 * they may read `journal (id, reference)`, the journal transactions of the batch's trades.
 */
export type Alongside = { with?: SQL; returning: SQL };

/** How `freeze` and `freezeAll` commit, and the caller's writes for the requests that were frozen. */
export type FreezeOptions = {
  /** See `freeze`. */
  flushedByLaterCommit?: boolean;
  /** Given, per request, whether it was frozen (at least one was). */
  alongside?: (frozen: readonly boolean[]) => Alongside;
};

type Precisions = ReadonlyMap<string, number>;

type BalanceDelta = { accountId: number; asset: string; available: bigint; frozen: bigint };

export class LedgerBatch {
  constructor(
    private readonly db: Db,
    private readonly precisions: Precisions,
    private readonly feesAccountId: number,
    /**
     * Balance rows known to exist, as `account:asset` (the ledger service's, shared by its batches): rows a freeze
     * has locked, and rows a settlement found already there. Balance rows are never deleted.
     */
    private readonly existing: Set<string> = new Set(),
  ) {}

  /** The connection of the batch's transaction, for the caller's own statements in the same commit. */
  get connection(): Db {
    return this.db;
  }

  /**
   * Freezes what it can, in the order given: a request whose available funds (after the earlier requests of the
   * batch) do not suffice is refused and changes nothing. Answers, per request, whether it was frozen, and the
   * rows of the caller's writes.
   *
   * With `flushedByLaterCommit`, the transaction's commit returns before its write-ahead log reaches the disk
   * (`synchronous_commit` off for this transaction only). That is only for a caller that acts on the freeze, and
   * answers anyone, only after a later transaction of its own has committed synchronously: the log is flushed in
   * order, so that commit makes this one durable too, and a crash before it loses a freeze nobody was told of.
   */
  async freeze<Row = never>(
    purpose: string,
    requests: readonly FreezeRequest[],
    { flushedByLaterCommit = false, alongside }: FreezeOptions = {},
  ): Promise<{ frozen: boolean[]; rows: Row[] }> {
    if (requests.length === 0) return { frozen: [], rows: [] };
    const keys = uniqueKeys(requests.map((request) => [request.accountId, request.asset] as const));
    // The setting rides on the first statement rather than costing a round trip of its own.
    const commit = flushedByLaterCommit
      ? sql`, (select set_config('synchronous_commit', 'off', true)) as commit`
      : sql``;
    const locked = await this.rows<{ account_id: number; asset: string; available: string }>(sql`
      select account_id, asset, available::text as available from balances${commit}
      where (account_id, asset) in (${sql.join(
        keys.map(([account, asset]) => sql`(${account}::int, ${asset}::text)`),
        sql`, `,
      )})
      order by account_id, asset for update`);
    const available = new Map<string, bigint>();
    for (const row of locked) {
      // It existed before this transaction, and balance rows are never deleted.
      this.existing.add(`${row.account_id}:${row.asset}`);
      available.set(
        `${row.account_id}:${row.asset}`,
        unitsFromNumeric(row.available, this.precision(row.asset)),
      );
    }
    const frozen: boolean[] = [];
    const deltas = new Map<string, BalanceDelta>();
    for (const request of requests) {
      const key = `${request.accountId}:${request.asset}`;
      const left = available.get(key) ?? 0n;
      const fits = request.units > 0n && left >= request.units;
      frozen.push(fits);
      if (!fits) continue;
      available.set(key, left - request.units);
      addDelta(deltas, request.accountId, request.asset, -request.units, request.units);
    }
    const accepted = requests.filter((_, index) => frozen[index]);
    if (accepted.length === 0) return { frozen, rows: [] };
    // The rows are locked already: the balance update, the reservations and the caller's writes are one statement.
    const update = this.balanceUpdate(deltas);
    const result = await this.withAlongside<Row>(
      sql`updated as (${update.statement} returning 1), ${this.reservationsInsert(purpose, accepted)}`,
      [sql`(select count(*) from updated)::int as ledger_balances`],
      alongside?.(frozen),
    );
    if (result.counts.ledger_balances !== update.count)
      throw new Error('a balance row of the batch is missing');
    return { frozen, rows: result.rows };
  }

  /**
   * Freezes every request or none, in one statement that is its own transaction, which saves the round trips of a
   * lock, a `begin` and a `commit`. Only through `LedgerService.freezeAll`, never inside `LedgerService.batch`: a
   * refused statement would abort the batch's transaction. Answers the rows of the
   * caller's writes, or undefined, having changed nothing, when a request does not fit (the balances' own check
   * refuses the statement) or a balance row of the batch is not yet known to exist; the caller then freezes in a
   * batch, which refuses the requests that do not fit one by one. `flushedByLaterCommit` is as for `freeze`.
   */
  async freezeAll<Row = never>(
    purpose: string,
    requests: readonly FreezeRequest[],
    { flushedByLaterCommit = false, alongside }: FreezeOptions = {},
  ): Promise<Row[] | undefined> {
    if (requests.length === 0) return [];
    const deltas = new Map<string, BalanceDelta>();
    for (const request of requests) {
      if (request.units <= 0n || !this.existing.has(`${request.accountId}:${request.asset}`))
        return undefined;
      addDelta(deltas, request.accountId, request.asset, -request.units, request.units);
    }
    const update = this.balanceUpdate(deltas);
    const commit = flushedByLaterCommit ? sql`, set_config('synchronous_commit', 'off', true)` : sql``;
    try {
      const result = await this.withAlongside<Row>(
        sql`${this.lockedUpdate(update, commit)}, ${this.reservationsInsert(purpose, requests)}`,
        [sql`(select count(*) from updated)::int as ledger_balances`],
        alongside?.(requests.map(() => true)),
      );
      if (result.counts.ledger_balances !== update.count) {
        throw new Error('a balance row of the batch is missing');
      }
      return result.rows;
    } catch (error) {
      if (belowZero(error)) return undefined;
      throw error;
    }
  }

  /** The reservations of frozen requests, as a common table expression. */
  private reservationsInsert(purpose: string, requests: readonly FreezeRequest[]): SQL {
    return sql`reserved as (
      insert into reservations (account_id, asset, amount, purpose, reference, actor)
      values ${sql.join(
        requests.map(
          (request) =>
            sql`(${request.accountId}::int, ${request.asset}::text, ${this.literal(request.asset, request.units)}::numeric,
              ${purpose}::text, ${request.reference}::text, ${request.actor}::text)`,
        ),
        sql`, `,
      )}
    )`;
  }

  /**
   * Settles trades and closes reservations whose orders have ended, giving back what they still hold. Every
   * reservation named must be open; a trade whose reference was already journalled is a bug and aborts the
   * whole batch, so nothing is settled twice.
   */
  async settle<Row = never>(
    purpose: string,
    trades: readonly TradeEntry[],
    close: readonly string[],
    /** The caller's own writes of the batch (its trade and order rows); its rows are answered. */
    alongside?: Alongside,
  ): Promise<Row[]> {
    const references = new Set<string>(close);
    for (const trade of trades) {
      references.add(trade.buyer.reservation);
      references.add(trade.seller.reservation);
    }
    if (references.size === 0) {
      return (await this.withAlongside<Row>(undefined, [], alongside)).rows;
    }
    const reservations = await this.rows<{
      id: string;
      reference: string;
      account_id: number;
      asset: string;
      amount: string;
      consumed: string;
      status: string;
    }>(sql`
      select id::text as id, reference, account_id, asset, amount::text as amount, consumed::text as consumed, status
      from reservations where purpose = ${purpose}
        and reference in (${sql.join(
          [...references].map((reference) => sql`${reference}`),
          sql`, `,
        )})
      order by id for update`);
    type Held = {
      id: string;
      accountId: number;
      asset: string;
      amount: bigint;
      consumed: bigint;
      last?: string;
    };
    const held = new Map<string, Held>();
    for (const row of reservations) {
      if (row.status !== 'open') throw new Error(`reservation ${purpose}/${row.reference} is not open`);
      const precision = this.precision(row.asset);
      held.set(row.reference, {
        id: row.id,
        accountId: row.account_id,
        asset: row.asset,
        amount: unitsFromNumeric(row.amount, precision),
        consumed: unitsFromNumeric(row.consumed, precision),
      });
    }
    const need = (reference: string) => {
      const found = held.get(reference);
      if (!found) throw new Error(`reservation ${purpose}/${reference} is missing`);
      return found;
    };

    const deltas = new Map<string, BalanceDelta>();
    const postings: SQL[] = [];
    if (trades.length > 0) {
      for (const trade of trades) {
        const buyer = need(trade.buyer.reservation);
        const seller = need(trade.seller.reservation);
        if (buyer.asset !== trade.quote || seller.asset !== trade.base) {
          throw new Error(`trade ${trade.reference} pays from reservations of the wrong assets`);
        }
        buyer.consumed += trade.quoteUnits;
        seller.consumed += trade.baseUnits;
        buyer.last = trade.reference;
        seller.last = trade.reference;
        if (buyer.consumed > buyer.amount || seller.consumed > seller.amount) {
          throw new Error(`trade ${trade.reference} takes more than its reservations hold`);
        }
        const legs: Array<[number, string, bigint]> = [
          [trade.buyer.accountId, trade.quote, -trade.quoteUnits],
          [trade.seller.accountId, trade.quote, trade.quoteUnits - trade.sellerFee],
          [this.feesAccountId, trade.quote, trade.sellerFee],
          [trade.seller.accountId, trade.base, -trade.baseUnits],
          [trade.buyer.accountId, trade.base, trade.baseUnits - trade.buyerFee],
          [this.feesAccountId, trade.base, trade.buyerFee],
        ];
        const sums = new Map<string, bigint>();
        for (const [account, asset, units] of legs) {
          sums.set(asset, (sums.get(asset) ?? 0n) + units);
          if (units !== 0n) {
            postings.push(
              sql`(${trade.reference}::text, ${account}::int, ${asset}::text, ${this.literal(asset, units)}::numeric)`,
            );
          }
        }
        for (const [asset, sum] of sums) {
          if (sum !== 0n)
            throw new Error(`trade ${trade.reference} does not balance: ${sum} units of ${asset}`);
        }
        addDelta(deltas, trade.buyer.accountId, trade.quote, 0n, -trade.quoteUnits);
        addDelta(deltas, trade.seller.accountId, trade.quote, trade.quoteUnits - trade.sellerFee, 0n);
        addDelta(deltas, trade.seller.accountId, trade.base, 0n, -trade.baseUnits);
        addDelta(deltas, trade.buyer.accountId, trade.base, trade.baseUnits - trade.buyerFee, 0n);
      }
    }

    const closing = new Set(close);
    const updates: SQL[] = [];
    for (const [reference, reservation] of held) {
      const closes = closing.has(reference);
      const rest = reservation.amount - reservation.consumed;
      if (closes && rest > 0n) addDelta(deltas, reservation.accountId, reservation.asset, rest, -rest);
      const status = !closes ? 'open' : reservation.consumed > 0n ? 'consumed' : 'released';
      // A reservation points at the journal transaction of the last trade that consumed part of it, even while
      // still open.
      updates.push(
        sql`(${reservation.id}::bigint, ${this.literal(reservation.asset, reservation.consumed as Units)}::numeric,
          ${status}::text, ${reservation.last ?? null}::text)`,
      );
    }
    const values = sql`(values ${sql.join(updates, sql`, `)}) as v(id, consumed, status, last_trade)`;
    const settled = sql`consumed = v.consumed, status = v.status,
      settled_at = case when v.status = 'open' then null else now() end`;
    // The journal transactions with their postings, the reservations, the balances and the caller's writes in
    // one statement. A trade reference already journalled inserts nothing, which the count below turns into an
    // error that aborts the batch.
    const journalled =
      trades.length === 0
        ? sql`reserved as (update reservations r set ${settled} from ${values} where r.id = v.id)`
        : sql`journal as (
            insert into journal_transactions (kind, reference, actor)
            values ${sql.join(
              trades.map((trade) => sql`('trade', ${trade.reference}, ${trade.actor})`),
              sql`, `,
            )}
            on conflict do nothing
            returning id, reference
          ), posted as (
            insert into postings (transaction_id, account_id, asset, amount)
            select journal.id, leg.account_id, leg.asset, leg.amount
            from (values ${sql.join(postings, sql`, `)}) as leg(reference, account_id, asset, amount)
            join journal on journal.reference = leg.reference
          ), reserved as (
            update reservations r set ${settled}, transaction_id = coalesce(journal.id, r.transaction_id)
            from ${values} left join journal on journal.reference = v.last_trade
            where r.id = v.id
          )`;
    const update = await this.balancesToUpdate(deltas);
    const result = await this.withAlongside<Row>(
      update.count === 0 ? journalled : sql`${journalled}, ${update.ctes}`,
      [
        ...(trades.length === 0 ? [] : [sql`(select count(*) from journal)::int as ledger_journals`]),
        ...(update.count === 0 ? [] : [sql`(select count(*) from updated)::int as ledger_balances`]),
      ],
      alongside,
    );
    if (trades.length > 0 && result.counts.ledger_journals !== trades.length) {
      throw new Error('a trade of this batch was already settled');
    }
    if (update.count > 0 && result.counts.ledger_balances !== update.count) {
      throw new Error('a balance row of the batch is missing');
    }
    return result.rows;
  }

  /**
   * The balance deltas as common table expressions that lock their rows in (account, asset) order, like every
   * other command, and add the deltas (`updated` has a row per balance changed). Rows missing for a first credit
   * are created first, by a statement of their own.
   */
  private async balancesToUpdate(deltas: Map<string, BalanceDelta>) {
    const update = this.balanceUpdate(deltas);
    if (update.count === 0) return { count: 0, ctes: sql`` };
    const unknown = update.rows.filter((row) => !this.existing.has(`${row.accountId}:${row.asset}`));
    if (unknown.length > 0) {
      const created = await this.rows<{ account_id: number; asset: string }>(sql`
        insert into balances (account_id, asset)
        values ${sql.join(
          unknown.map((row) => sql`(${row.accountId}::int, ${row.asset}::text)`),
          sql`, `,
        )}
        on conflict (account_id, asset) do nothing returning account_id, asset`);
      // Rows that were there before this transaction stay there (balance rows are never deleted); a row
      // created here is only remembered on a later batch, as this transaction may still roll back.
      const fresh = new Set(created.map((row) => `${row.account_id}:${row.asset}`));
      for (const row of unknown) {
        const key = `${row.accountId}:${row.asset}`;
        if (!fresh.has(key)) this.existing.add(key);
      }
    }
    return { count: update.count, ctes: this.lockedUpdate(update) };
  }

  /**
   * Common table expressions that lock the update's balance rows in (account, asset) order, like every other
   * command, and apply it (`updated` has a row per balance changed). `extra` adds to the locking select's list.
   */
  private lockedUpdate(update: ReturnType<LedgerBatch['balanceUpdate']>, extra: SQL = sql``): SQL {
    // The update only touches rows `locked` holds, and `locked` takes them in order.
    return sql`locked as (
        select account_id, asset${extra} from balances where (account_id, asset) in (${sql.join(
          update.rows.map((row) => sql`(${row.accountId}::int, ${row.asset}::text)`),
          sql`, `,
        )}) order by account_id, asset for update
      ), updated as (${update.statement} and (b.account_id, b.asset) in (select account_id, asset from locked)
        returning 1)`;
  }

  /**
   * Runs the ledger's common table expressions and the caller's writes as one statement; answers the ledger's
   * figures (`counts`: select-list items named `ledger_…`) and the caller's rows.
   */
  private async withAlongside<Row>(
    ledger: SQL | undefined,
    counts: SQL[],
    alongside: Alongside | undefined,
  ): Promise<{ counts: Record<string, unknown>; rows: Row[] }> {
    const ctes = [
      ...(ledger ? [ledger] : []),
      ...(alongside?.with ? [alongside.with] : []),
      ...(alongside ? [sql`alongside as (${alongside.returning})`] : []),
    ];
    if (ctes.length === 0) return { counts: {}, rows: [] };
    // Each of the caller's rows carries the ledger's figures; without any, one row of nulls carries them alone.
    const select = alongside
      ? sql`select ${sql.join([...counts, sql`caller.*`], sql`, `)} from (select 1) as one
          left join (select true as ledger_alongside, alongside.* from alongside) as caller on true`
      : sql`select ${counts.length > 0 ? sql.join(counts, sql`, `) : sql`1 as ledger_done`}`;
    const rows = await this.rows<Record<string, unknown>>(sql`with ${sql.join(ctes, sql`, `)} ${select}`);
    const caller = rows.filter((row) => row.ledger_alongside === true);
    return {
      counts: rows[0] ?? {},
      rows: caller.map((row) => {
        const own: Record<string, unknown> = {};
        for (const column in row) if (!column.startsWith('ledger_')) own[column] = row[column];
        return own as Row;
      }),
    };
  }

  /** The statement adding the non-zero deltas to their balance rows, which the caller locks. */
  private balanceUpdate(deltas: Map<string, BalanceDelta>) {
    const rows = [...deltas.values()]
      .filter((delta) => delta.available !== 0n || delta.frozen !== 0n)
      .sort((a, b) => a.accountId - b.accountId || (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0));
    const values = sql.join(
      rows.map(
        (row) =>
          sql`(${row.accountId}::int, ${row.asset}::text, ${this.literal(row.asset, row.available as Units)}::numeric,
            ${this.literal(row.asset, row.frozen as Units)}::numeric)`,
      ),
      sql`, `,
    );
    const statement = sql`
      update balances b set available = b.available + v.available, frozen = b.frozen + v.frozen
      from (values ${values}) as v(account_id, asset, available, frozen)
      where b.account_id = v.account_id and b.asset = v.asset`;
    return { rows, count: rows.length, statement };
  }

  private async rows<T>(query: SQL): Promise<T[]> {
    const result = (await this.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }

  private precision(asset: string): number {
    const precision = this.precisions.get(asset);
    if (precision === undefined) throw new Error(`asset ${asset} is unknown to the ledger`);
    return precision;
  }

  private literal(asset: string, units: Units | bigint): string {
    return formatAmount(units as Units, this.precision(asset));
  }
}

/** Whether the database refused a statement for taking a balance below zero (the balances' own check). */
function belowZero(error: unknown): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23514' && constraint === 'balances_not_negative') return true;
  }
  return false;
}

function uniqueKeys(keys: ReadonlyArray<readonly [number, string]>) {
  const seen = new Map<string, readonly [number, string]>();
  for (const key of keys) seen.set(`${key[0]}:${key[1]}`, key);
  return [...seen.values()];
}

function addDelta(
  deltas: Map<string, BalanceDelta>,
  accountId: number,
  asset: string,
  available: bigint,
  frozen: bigint,
) {
  const key = `${accountId}:${asset}`;
  const delta = deltas.get(key);
  if (delta) {
    delta.available += available;
    delta.frozen += frozen;
  } else {
    deltas.set(key, { accountId, asset, available, frozen });
  }
}
