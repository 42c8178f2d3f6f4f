import { formatAmount, type Units, unitsFromNumeric } from '@kestrel/money';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import type { JournalKind } from './ledger.schema';
import type { LedgerActor } from './ledger.service';

/*
 * Set-based ledger commands for the trading path (group commit, docs/decisions/0019 and 0027). A LedgerBatch runs
 * inside a database transaction of its caller, or outside any, where each statement is its own transaction. It
 * writes many freezes, or many trades, in one statement whatever their number (`freeze` reads the balances it
 * locks first), which may carry the caller's own writes (`Alongside`). Balance rows are locked once, in
 * (account, asset) order like every other command, so batches of different markets touching the same user cannot
 * deadlock. Each statement checks its own figures before it ends (the database's `ledger_check`), so a refused
 * statement changes nothing. The same invariants hold as for `LedgerService.execute`: postings sum to zero per
 * transaction and asset (checked here and at commit), each balance is the sum of its postings, frozen is what open
 * reservations have not yet had consumed. Its statements are prepared once per connection (`executeNamed`), for
 * the connections of `Database.trading`.
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

/** One leg of a `MoveEntry`: what an account gains (positive) or gives (negative) of an asset. */
export type MovePosting = { accountId: number; asset: string; units: Units };

/** A journal transaction of `move`: its postings sum to zero per asset. */
export type MoveEntry = { kind: JournalKind; reference: string; actor: LedgerActor; postings: MovePosting[] };

/**
 * What `move` does to one reservation (purpose, reference) of an account's asset: `add` frozen to it (it is
 * opened with that amount when it does not exist), then `take` of what it holds, and with `close` it ends, what
 * it still holds given back. `entry` names the move's journal transaction it then points at.
 */
export type HoldChange = {
  purpose: string;
  reference: string;
  accountId: number;
  asset: string;
  actor: LedgerActor;
  add: Units;
  take: Units;
  close: boolean;
  entry?: string;
};

/**
 * A caller's own writes, riding in the ledger's statement of a batch so that both cost one round trip and commit
 * together: `returning` is a data-modifying statement with a RETURNING list, whose rows the ledger answers, and
 * `with` any common table expressions it needs (`name as (…)`, separated by commas). In a settlement with trades
 * they may read `journal (id, reference)`, the journal transactions of the batch's trades.
 */
export type Alongside = {
  with?: SQL;
  returning: SQL;
  /** How many rows `returning` must give; otherwise the whole statement is refused. */
  rows?: number;
};

/** How `freeze` and `freezeAll` commit, and the caller's writes for the requests that were frozen. */
export type FreezeOptions = {
  /** See `freeze`. */
  flushedByLaterCommit?: boolean;
  /** Given, per request, whether it was frozen (at least one was). */
  alongside?: (frozen: readonly boolean[]) => Alongside;
};

type Precisions = ReadonlyMap<string, number>;

type BalanceDelta = { accountId: number; asset: string; available: bigint; frozen: bigint };

/**
 * What a settlement does to one reservation: what its trades take of it (of the account and asset they pay from,
 * unknown for one that only closes), whether it closes, and the last of those trades.
 */
type ReservationUse = {
  accountId?: number;
  asset?: string;
  consumed: bigint;
  closes: boolean;
  last?: string;
};

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
    /**
     * The system accounts the service has named (`LedgerService.systemAccount`): they carry no balance rows, their
     * position being the sum of their postings, so `move` posts to them without a balance change.
     */
    private readonly systemAccounts: ReadonlySet<number> = new Set(),
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
    const rows = await this.withAlongside<Row>(
      sql`updated as (${update.statement} returning 1), ${this.reservationsInsert(purpose, accepted)}`,
      [balancesUpdated(update.count)],
      alongside?.(frozen),
    );
    return { frozen, rows };
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
      return await this.withAlongside<Row>(
        sql`${this.lockedUpdate(this.keyValues(update.rows), update.statement, commit)}, ${this.reservationsInsert(purpose, requests)}`,
        [balancesUpdated(update.count)],
        alongside?.(requests.map(() => true)),
      );
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
   * Settles trades and closes reservations whose orders have ended, giving back what they still hold, in one
   * statement. Every reservation named must be open, of the account and asset its trades pay from, and hold what
   * they take; a trade whose reference was already journalled is a bug. Either refuses the whole statement, so
   * nothing is settled twice or in part. Balance rows that a trade credits for the first time are created first,
   * by a statement of their own (an empty balance row changes no figure).
   */
  async settle<Row = never>(
    purpose: string,
    trades: readonly TradeEntry[],
    close: readonly string[],
    /** The caller's own writes of the batch (its trade and order rows); its rows are answered. */
    alongside?: Alongside,
  ): Promise<Row[]> {
    const uses = new Map<string, ReservationUse>();
    const use = (reference: string) => {
      let found = uses.get(reference);
      if (!found) {
        found = { consumed: 0n, closes: false };
        uses.set(reference, found);
      }
      return found;
    };
    for (const reference of close) use(reference).closes = true;

    const deltas = new Map<string, BalanceDelta>();
    const postings: SQL[] = [];
    for (const trade of trades) {
      const buyer = payingFrom(use(trade.buyer.reservation), trade.buyer.accountId, trade.quote, trade);
      const seller = payingFrom(use(trade.seller.reservation), trade.seller.accountId, trade.base, trade);
      buyer.consumed += trade.quoteUnits;
      seller.consumed += trade.baseUnits;
      buyer.last = trade.reference;
      seller.last = trade.reference;
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
    if (uses.size === 0) return this.withAlongside<Row>(undefined, [], alongside);

    // Per reservation: what the batch's trades take of it, whether it closes, and the last trade that took of
    // it, which it then points at (even while still open). A closing one whose trades took nothing is released.
    const used = sql.join(
      [...uses].map(
        ([reference, { accountId, asset, consumed, closes, last }]) =>
          sql`(${purpose}::text, ${reference}::text, ${accountId ?? null}::int, ${asset ?? null}::text,
            ${asset === undefined ? '0' : this.literal(asset, consumed)}::numeric, ${closes}::boolean,
            ${last ?? null}::text)`,
      ),
      sql`, `,
    );
    const journalled = trades.length > 0;
    const reserved = sql`reserved as (
      update reservations r set consumed = r.consumed + v.consumed,
        status = case when not v.closes then 'open' when r.consumed + v.consumed > 0 then 'consumed' else 'released' end,
        settled_at = case when v.closes then now() end
        ${journalled ? sql`, transaction_id = coalesce(journal.id, r.transaction_id)` : sql``}
      from (values ${used}) as v(purpose, reference, account_id, asset, consumed, closes, last_trade)
        ${journalled ? sql`left join journal on journal.reference = v.last_trade` : sql``}
      -- Looked up by the (purpose, reference) index, one row of v at a time: the purpose is v's too, so that no
      -- condition on the reservations alone matches that index, and "open" is said as settled_at is null (the
      -- reservations' check ties the two), which the index of open reservations does not match. Otherwise a plan
      -- made while the table is small (decision 0028) may scan every reservation of the purpose.
      where r.purpose = v.purpose and r.reference = v.reference and r.settled_at is null
        and r.account_id = coalesce(v.account_id, r.account_id) and r.asset = coalesce(v.asset, r.asset)
      returning r.account_id, r.asset, r.amount - r.consumed as rest, r.status
    )`;
    // A trade reference already journalled inserts nothing, which the journal's check refuses.
    const journal = sql`journal as (
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
    )`;
    // The trades' balance changes and what closing reservations give back, per balance row.
    const traded = changedBalances(deltas);
    await this.createBalanceRows(traded);
    const tradedValues =
      traded.length === 0
        ? sql``
        : sql`select * from (values ${this.deltaValues(traded)}) as t(account_id, asset, available, frozen)
            union all`;
    const balances = sql`deltas as (
      select account_id, asset, sum(available) as available, sum(frozen) as frozen
      from (
        ${tradedValues}
        select account_id, asset, rest as available, -rest as frozen from reserved where status <> 'open' and rest > 0
      ) as delta
      group by account_id, asset
      having sum(available) <> 0 or sum(frozen) <> 0
    ), ${this.lockedUpdate(
      sql`select account_id, asset from deltas`,
      sql`update balances b set available = b.available + d.available, frozen = b.frozen + d.frozen
        from deltas d where b.account_id = d.account_id and b.asset = d.asset`,
    )}`;
    return this.withAlongside<Row>(
      journalled ? sql`${journal}, ${reserved}, ${balances}` : sql`${reserved}, ${balances}`,
      [
        sql`ledger_check((select count(*) from reserved) = ${uses.size},
          'a reservation of the batch is not open, or not of the account and asset its trades pay from')`,
        ...(journalled
          ? [
              sql`ledger_check((select count(*) from journal) = ${trades.length},
                'a trade of this batch was already settled')`,
            ]
          : []),
        sql`ledger_check((select count(*) from updated) = (select count(*) from deltas),
          'a balance row of the batch is missing')`,
      ],
      alongside,
    );
  }

  /**
   * Journal transactions and reservation changes that settle together, for settlements whose money does not
   * follow a buyer and a seller (futures: margins moved between reservations, fees, realised profit and loss).
   * The balances follow from them: an account's frozen funds change by what its reservations gain and lose, its
   * available funds by its postings less that, so what a reservation loses without a posting paying it out goes
   * back to the balance, and what it gains without one comes from it. Runs as several statements in the caller's
   * transaction (`LedgerService.batch`); the balances' own check refuses a balance below zero, the reservations'
   * a take beyond what one holds. Answers the journal transactions' ids by reference.
   */
  async move(entries: readonly MoveEntry[], holds: readonly HoldChange[]): Promise<Map<string, bigint>> {
    const deltas = new Map<string, BalanceDelta>();
    for (const entry of entries) {
      const sums = new Map<string, bigint>();
      for (const posting of entry.postings) {
        sums.set(posting.asset, (sums.get(posting.asset) ?? 0n) + posting.units);
        if (posting.accountId === this.feesAccountId || this.systemAccounts.has(posting.accountId)) continue;
        addDelta(deltas, posting.accountId, posting.asset, posting.units, 0n);
      }
      for (const [asset, sum] of sums) {
        if (sum !== 0n)
          throw new Error(`entry ${entry.reference} does not balance: ${sum} units of ${asset}`);
      }
    }
    for (const hold of holds) {
      if (hold.add < 0n || hold.take < 0n)
        throw new Error(`hold ${hold.reference} changes by a negative amount`);
      addDelta(deltas, hold.accountId, hold.asset, hold.take - hold.add, hold.add - hold.take);
    }
    const touched = uniqueKeys([...deltas.values()].map((delta) => [delta.accountId, delta.asset] as const));
    if (touched.length === 0 && entries.length === 0) return new Map();
    // Entries between system accounts alone (the swap desk's legs) touch no balance row.
    if (touched.length > 0) {
      await this.createBalanceRows(touched.map(([accountId, asset]) => ({ accountId, asset })));
      await this.rows(sql`
        select 1 from balances where (account_id, asset) in (${sql.join(
          touched.map(([account, asset]) => sql`(${account}::int, ${asset}::text)`),
          sql`, `,
        )}) order by account_id, asset for update`);
    }
    const journal = new Map<string, bigint>();
    if (entries.length > 0) {
      const opened = await this.rows<{ id: string; reference: string }>(sql`
        insert into journal_transactions (kind, reference, actor)
        values ${sql.join(
          entries.map((entry) => sql`(${entry.kind}, ${entry.reference}, ${entry.actor})`),
          sql`, `,
        )}
        on conflict do nothing returning id, reference`);
      if (opened.length !== entries.length) throw new Error('an entry of this move was already journalled');
      for (const row of opened) journal.set(row.reference, BigInt(row.id));
      const postings = entries.flatMap((entry) =>
        entry.postings.map(
          (posting) =>
            sql`(${journal.get(entry.reference)}::bigint, ${posting.accountId}::int, ${posting.asset}::text,
              ${this.literal(posting.asset, posting.units)}::numeric)`,
        ),
      );
      if (postings.length > 0) {
        await this.rows(sql`insert into postings (transaction_id, account_id, asset, amount)
          values ${sql.join(postings, sql`, `)}`);
      }
    }
    if (holds.length > 0) await this.changeHolds(holds, journal, deltas);
    const update = this.balanceUpdate(deltas);
    if (update.count > 0) {
      const updated = await this.rows(sql`${update.statement} returning 1`);
      if (updated.length !== update.count) throw new Error('a balance row of the move is missing');
    }
    return journal;
  }

  /**
   * Pays many amounts out of one system account (`from`) into user accounts' available funds: a journal
   * transaction of `kind` for each payout, under its own reference, in a few statements whatever their number (the
   * values travel as arrays, not as rows of parameters), so that a settlement of thousands of orders stays one
   * quick transaction. A reference already journalled refuses the whole batch. Runs in the caller's transaction
   * (`LedgerService.batch`).
   */
  async payOut(
    kind: JournalKind,
    from: number,
    asset: string,
    payouts: ReadonlyArray<{ reference: string; accountId: number; units: Units; actor: LedgerActor }>,
  ): Promise<void> {
    if (payouts.length === 0) return;
    if (!this.systemAccounts.has(from))
      throw new Error(`account ${from} is not a system account of the ledger`);
    const deltas = new Map<string, BalanceDelta>();
    for (const payout of payouts) {
      if (payout.units <= 0n) throw new Error(`payout ${payout.reference} is not positive`);
      addDelta(deltas, payout.accountId, asset, payout.units, 0n);
    }
    const rows = changedBalances(deltas);
    await this.createBalanceRows(rows);
    const references = sql.param(payouts.map((payout) => payout.reference));
    const [journalled] = await this.rows<{ count: string }>(sql`
      with journal as (
        insert into journal_transactions (kind, reference, actor)
        select ${kind}::text, p.reference, p.actor
        from unnest(${references}::text[], ${sql.param(payouts.map((payout) => payout.actor))}::text[])
          as p(reference, actor)
        on conflict do nothing
        returning id, reference
      ), posted as (
        insert into postings (transaction_id, account_id, asset, amount)
        select journal.id, leg.account_id, ${asset}::text, leg.amount
        from unnest(${references}::text[], ${sql.param(payouts.map((payout) => payout.accountId))}::int[],
            ${sql.param(payouts.map((payout) => this.literal(asset, payout.units)))}::numeric[])
          as p(reference, account_id, amount)
        join journal on journal.reference = p.reference
        cross join lateral (values (p.account_id, p.amount), (${from}::int, -p.amount)) as leg(account_id, amount)
        returning 1
      )
      select (select count(*) from journal)::text as count, (select count(*) from posted) as posted`);
    if (Number(journalled?.count ?? 0) !== payouts.length) {
      throw new Error('a payout of this batch was already journalled');
    }
    const accounts = sql.param(rows.map((row) => row.accountId));
    const amounts = sql.param(rows.map((row) => this.literal(asset, row.available)));
    const updated = await this.rows(sql`
      with locked as (
        select b.account_id from balances b
        where b.asset = ${asset}::text and b.account_id = any(${accounts}::int[])
        order by b.account_id for update
      )
      update balances b set available = b.available + v.amount
      from unnest(${accounts}::int[], ${amounts}::numeric[]) as v(account_id, amount)
      where b.asset = ${asset}::text and b.account_id = v.account_id
        and b.account_id in (select account_id from locked)
      returning 1`);
    if (updated.length !== rows.length) throw new Error('a balance row of the payout is missing');
  }

  /** Applies `move`'s reservation changes; what closing ones still hold goes back to available (`deltas`). */
  private async changeHolds(
    holds: readonly HoldChange[],
    journal: ReadonlyMap<string, bigint>,
    deltas: Map<string, BalanceDelta>,
  ) {
    const values = sql.join(
      holds.map(
        (hold) =>
          sql`(${hold.purpose}::text, ${hold.reference}::text, ${hold.accountId}::int, ${hold.asset}::text,
            ${this.literal(hold.asset, hold.add)}::numeric, ${this.literal(hold.asset, hold.take)}::numeric,
            ${hold.close}::boolean, ${hold.entry === undefined ? null : journal.get(hold.entry)}::bigint)`,
      ),
      sql`, `,
    );
    const changed = await this.rows<{ reference: string; purpose: string; rest: string; asset: string }>(sql`
      update reservations r set amount = r.amount + v.add, consumed = r.consumed + v.take,
        transaction_id = coalesce(v.entry, r.transaction_id),
        status = case when not v.closes then 'open' when r.consumed + v.take > 0 then 'consumed' else 'released' end,
        settled_at = case when v.closes then now() end
      from (values ${values}) as v(purpose, reference, account_id, asset, add, take, closes, entry)
      where r.purpose = v.purpose and r.reference = v.reference and r.settled_at is null
        and r.account_id = v.account_id and r.asset = v.asset
      returning r.purpose, r.reference, r.asset,
        (case when v.closes then r.amount - r.consumed else 0 end)::text as rest`);
    const found = new Set(changed.map((row) => `${row.purpose}:${row.reference}`));
    const opening = holds.filter((hold) => !found.has(`${hold.purpose}:${hold.reference}`));
    for (const hold of opening) {
      if (hold.add <= hold.take || hold.close) {
        throw new Error(`reservation ${hold.purpose}/${hold.reference} is not open`);
      }
    }
    if (opening.length > 0) {
      await this.rows(sql`
        insert into reservations (account_id, asset, amount, consumed, purpose, reference, actor)
        values ${sql.join(
          opening.map(
            (hold) =>
              sql`(${hold.accountId}::int, ${hold.asset}::text, ${this.literal(hold.asset, hold.add)}::numeric,
                ${this.literal(hold.asset, hold.take)}::numeric, ${hold.purpose}::text, ${hold.reference}::text,
                ${hold.actor}::text)`,
          ),
          sql`, `,
        )}`);
    }
    const byKey = new Map(holds.map((hold) => [`${hold.purpose}:${hold.reference}`, hold]));
    for (const row of changed) {
      const hold = byKey.get(`${row.purpose}:${row.reference}`);
      const rest = unitsFromNumeric(row.rest, this.precision(row.asset));
      if (hold && rest > 0n) addDelta(deltas, hold.accountId, hold.asset, rest, -rest);
    }
  }

  /**
   * Creates the balance rows not yet known to exist, each empty (a first credit's), by a statement of its own
   * (the settlement's cannot update a row it inserts).
   */
  private async createBalanceRows(rows: ReadonlyArray<{ accountId: number; asset: string }>) {
    const unknown = rows.filter((row) => !this.existing.has(`${row.accountId}:${row.asset}`));
    if (unknown.length === 0) return;
    const created = await this.rows<{ account_id: number; asset: string }>(sql`
      insert into balances (account_id, asset)
      values ${sql.join(
        unknown.map((row) => sql`(${row.accountId}::int, ${row.asset}::text)`),
        sql`, `,
      )}
      on conflict (account_id, asset) do nothing returning account_id, asset`);
    // Rows that were there before stay there (balance rows are never deleted); a row created here is only
    // remembered on a later batch, as a caller's transaction may still roll back.
    const fresh = new Set(created.map((row) => `${row.account_id}:${row.asset}`));
    for (const row of unknown) {
      const key = `${row.accountId}:${row.asset}`;
      if (!fresh.has(key)) this.existing.add(key);
    }
  }

  /**
   * Common table expressions that lock the balance rows `keys` selects in (account, asset) order, like every other
   * command, and apply `update` to them (`updated` has a row per balance changed). `extra` adds to the locking
   * select's list.
   */
  private lockedUpdate(keys: SQL, update: SQL, extra: SQL = sql``): SQL {
    // The update only touches rows `locked` holds, and `locked` takes them in order.
    return sql`locked as (
        select account_id, asset${extra} from balances where (account_id, asset) in (${keys})
        order by account_id, asset for update
      ), updated as (${update} and (b.account_id, b.asset) in (select account_id, asset from locked)
        returning 1)`;
  }

  /**
   * Runs the ledger's common table expressions and the caller's writes as one statement, whose `checks` (calls of
   * `ledger_check`), and the count of the caller's rows where it gives one, refuse it before it ends; answers the
   * caller's rows.
   */
  private async withAlongside<Row>(
    ledger: SQL | undefined,
    checks: SQL[],
    alongside: Alongside | undefined,
  ): Promise<Row[]> {
    const ctes = [
      ...(ledger ? [ledger] : []),
      ...(alongside?.with ? [alongside.with] : []),
      ...(alongside ? [sql`alongside as (${alongside.returning})`] : []),
    ];
    if (ctes.length === 0) return [];
    const all =
      alongside?.rows === undefined
        ? checks
        : [
            ...checks,
            sql`ledger_check((select count(*) from alongside) = ${alongside.rows},
              'a write of the batch did not find its row')`,
          ];
    const named = all.map((check, index) => sql`${check} as ${sql.raw(`ledger_check_${index}`)}`);
    // Each of the caller's rows carries the checks; without any, one row of nulls carries them alone.
    const select = alongside
      ? sql`select ${sql.join([...named, sql`caller.*`], sql`, `)} from (select 1) as one
          left join (select true as ledger_alongside, alongside.* from alongside) as caller on true`
      : sql`select ${named.length > 0 ? sql.join(named, sql`, `) : sql`1 as ledger_done`}`;
    const rows = await this.rows<Record<string, unknown>>(sql`with ${sql.join(ctes, sql`, `)} ${select}`);
    return rows
      .filter((row) => row.ledger_alongside === true)
      .map((row) => {
        const own: Record<string, unknown> = {};
        for (const column in row) if (!column.startsWith('ledger_')) own[column] = row[column];
        return own as Row;
      });
  }

  /** The statement adding the non-zero deltas to their balance rows, which the caller locks; its rows in order. */
  private balanceUpdate(deltas: Map<string, BalanceDelta>) {
    const rows = changedBalances(deltas);
    const statement = sql`
      update balances b set available = b.available + v.available, frozen = b.frozen + v.frozen
      from (values ${this.deltaValues(rows)}) as v(account_id, asset, available, frozen)
      where b.account_id = v.account_id and b.asset = v.asset`;
    return { rows, count: rows.length, statement };
  }

  /** Balance deltas as VALUES rows (account_id, asset, available, frozen). */
  private deltaValues(rows: readonly BalanceDelta[]): SQL {
    return sql.join(
      rows.map(
        (row) =>
          sql`(${row.accountId}::int, ${row.asset}::text, ${this.literal(row.asset, row.available)}::numeric,
            ${this.literal(row.asset, row.frozen)}::numeric)`,
      ),
      sql`, `,
    );
  }

  /** Balance rows as (account_id, asset) pairs for `in (…)`. */
  private keyValues(rows: readonly BalanceDelta[]): SQL {
    return sql.join(
      rows.map((row) => sql`(${row.accountId}::int, ${row.asset}::text)`),
      sql`, `,
    );
  }

  /** Runs a statement; a refusal of the ledger's own checks is thrown with the check's words. */
  private async rows<T>(query: SQL): Promise<T[]> {
    try {
      return await executeNamed<T>(this.db, query);
    } catch (error) {
      const refusal = ledgerRefusal(error);
      throw refusal === undefined ? error : new Error(refusal, { cause: error });
    }
  }

  private precision(asset: string): number {
    const precision = this.precisions.get(asset);
    if (precision === undefined) throw new Error(`asset ${asset} is unknown to the ledger`);
    return precision;
  }

  private literal(asset: string, units: bigint): string {
    return formatAmount(units as Units, this.precision(asset));
  }
}

/** The deltas that change a balance, in (account, asset) order. */
function changedBalances(deltas: Map<string, BalanceDelta>): BalanceDelta[] {
  return [...deltas.values()]
    .filter((delta) => delta.available !== 0n || delta.frozen !== 0n)
    .sort((a, b) => a.accountId - b.accountId || (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0));
}

/** The words of a `ledger_check` that refused a statement (SQLSTATE KL001), if one did. */
function ledgerRefusal(error: unknown): string | undefined {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (code === 'KL001' && typeof message === 'string') return message;
  }
  return undefined;
}

/** The check that a statement's balance update found every one of its `count` rows. */
function balancesUpdated(count: number): SQL {
  return sql`ledger_check((select count(*) from updated) = ${count}, 'a balance row of the batch is missing')`;
}

/**
 * Records that a trade pays from a reservation of this account and asset; two trades of a batch paying from one
 * reservation must agree on them (the statement checks the reservation itself).
 */
function payingFrom(
  use: ReservationUse,
  accountId: number,
  asset: string,
  trade: TradeEntry,
): ReservationUse {
  if (use.accountId !== undefined && (use.accountId !== accountId || use.asset !== asset)) {
    throw new Error(`trade ${trade.reference} pays from a reservation of another account or asset`);
  }
  use.accountId = accountId;
  use.asset = asset;
  return use;
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
