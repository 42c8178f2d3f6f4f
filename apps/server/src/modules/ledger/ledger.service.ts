import type { LedgerBook, LedgerCheckReport, UserAccount } from '@kestrel/contract';
import { fitsLedger, formatAmount, parseAmount, type Units, unitsFromNumeric } from '@kestrel/money';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { type JournalRow, LedgerRepository, type NewPosting } from './ledger.repository';
import type { JournalKind, SystemAccountPurpose } from './ledger.schema';
import {
  type Alongside,
  type FreezeOptions,
  type FreezeRequest,
  LedgerBatch,
  type TradeEntry,
} from './ledger-batch';

/** Who caused an entry, as the journal records it. */
export type LedgerActor = `user:${number}` | `admin:${number}` | 'system';

/**
 * `reference` is the identity of the business event (a deposit's id, a request's Idempotency-Key): the same
 * kind and reference is the same event, so running a command again returns the first outcome and moves nothing.
 */
type Recorded = { reference: string; actor: LedgerActor; memo?: string };
type UserFunds = { userId: number; account: UserAccount; asset: string; amount: string };

export type LedgerCommand =
  /** From a system account into a user's available funds: an approved deposit, an operator's system add. */
  | ({
      type: 'credit';
      kind: 'deposit' | 'system_add' | 'demo_grant';
      from: SystemAccountPurpose;
    } & UserFunds &
      Recorded)
  /** From a user's available funds to a system account: an operator's system debit, a fee. */
  | ({
      type: 'debit';
      kind: 'system_debit' | 'fee' | 'option_stake' | 'earn_subscription' | 'demo_return';
      to: SystemAccountPurpose;
    } & UserFunds &
      Recorded)
  /** Between two accounts of the same user, immediately. */
  | ({
      type: 'transfer';
      userId: number;
      from: UserAccount;
      to: UserAccount;
      asset: string;
      amount: string;
    } & Recorded)
  /** Moves available funds to frozen under a reservation named by (purpose, reference). */
  | ({ type: 'freeze'; purpose: string } & UserFunds & Recorded)
  /** Gives a reservation's funds back to available. */
  | { type: 'release'; purpose: string; reference: string }
  /** Pays a reservation's funds out into a system account, `fee` of it to the fees account. */
  | {
      type: 'consume';
      purpose: string;
      reference: string;
      kind: 'withdrawal';
      into: SystemAccountPurpose;
      fee?: string;
      actor: LedgerActor;
      memo?: string;
    }
  /**
   * One funding time of a perpetual (decision 0046), kind 'funding': each leg a position's payment (negative) or
   * receipt (positive) in its user's futures account, against `futures_clearing`; minus their sum, what rounding
   * against the traders left, to `rounding`. A receipt goes to the available funds. A payment comes from the
   * available funds and then the position's margin reservation (`from: 'account'`, cross margin), or from the
   * margin reservation only (`from: 'margin'`, isolated); what neither holds is paid by `insurance_fund`.
   */
  | ({ type: 'funding'; asset: string; legs: readonly FundingLeg[] } & Recorded);

/** A position's funding: `amount` signed and not zero; `margin` names the reservation holding its margin. */
export type FundingLeg = {
  userId: number;
  amount: string;
  from: 'account' | 'margin';
  margin?: { purpose: string; reference: string };
};

/** How each funding leg's payment was paid, in the legs' order: out of the margin reservation, and by the fund. */
export type FundingTaken = { fromMargin: string; shortfall: string };

export type LedgerOutcome = {
  /** The journal transaction written (or found, on a replay); none for a freeze or a release. */
  transactionId?: string;
  reservationId?: string;
  at: Date;
  /** True when the event had already happened and this command changed nothing. */
  replayed: boolean;
  /** For a funding command that moved money: how each leg was paid. */
  funding?: FundingTaken[];
};

type Posting = { accountId: number; asset: string; units: Units; precision: number };

/** The ledger's commands bound to a transaction another module opened: its unit of work (`LedgerService.within`). */
export type LedgerUnit = Pick<LedgerService, 'execute' | 'balancesOf'>;

/**
 * The one owner of every balance change. Each command is one database transaction: its journal entry, its
 * postings and the balance rows it touches commit together or not at all. Callers only see `execute`, so
 * batching several commands into one commit can be added here without changing them.
 */
export class LedgerService {
  private precisions = new Map<string, number>();
  /** Accounts never change owner or purpose once opened, so their ids are safe to keep. */
  private accountIds = new Map<string, number>();
  /** Balance rows (`account:asset`) known to exist; they are never deleted, so batches skip creating them. */
  private readonly balanceRows = new Set<string>();
  /** The ids of system accounts named so far, which carry no balance rows. */
  private readonly systemIds = new Set<number>();
  /** The book of each account named so far (decision 0055); an account's book never changes. */
  private readonly books = new Map<number, LedgerBook>();

  constructor(private readonly repository: LedgerRepository) {}

  /**
   * The ledger's commands inside a transaction another module opened (`tx`): each runs in a savepoint of it, so
   * that module's writes and the ledger's postings commit together or not at all. A fresh service each time, so
   * that nothing learnt inside a transaction that may roll back (an account opened in it) outlives it.
   */
  within(tx: Db): LedgerUnit {
    return new LedgerService(new LedgerRepository(tx));
  }

  async execute(command: LedgerCommand): Promise<LedgerOutcome> {
    switch (command.type) {
      case 'credit':
        return this.credit(command);
      case 'debit':
        return this.debit(command);
      case 'transfer':
        return this.transfer(command);
      case 'freeze':
        return this.freeze(command);
      case 'release':
        return this.release(command);
      case 'consume':
        return this.consume(command);
      case 'funding':
        return this.funding(command);
    }
  }

  /**
   * Runs `work` in one database transaction with the set-based commands of a LedgerBatch: many freezes or trades
   * written and committed together (group commit). The caller's own writes ride in the batch's statements
   * (`Alongside`), or go through `batch.connection`.
   */
  async batch<T>(work: (batch: LedgerBatch) => Promise<T>, book: LedgerBook = 'real'): Promise<T> {
    const batchOn = await this.batches(book);
    return this.repository.transaction((tx) => work(batchOn(tx.connection)));
  }

  /** `LedgerBatch.freezeAll` outside any transaction: every request frozen in one statement, or none. */
  async freezeAll<Row = never>(
    purpose: string,
    requests: readonly FreezeRequest[],
    options?: FreezeOptions,
  ): Promise<Row[] | undefined> {
    const batchOn = await this.batches();
    return batchOn(this.repository.connection).freezeAll<Row>(purpose, requests, options);
  }

  /**
   * `LedgerBatch.settle` outside any transaction: the batch's trades, releases and the caller's writes in one
   * statement, which is its own transaction (after one creating balance rows a trade credits for the first time).
   */
  async settle<Row = never>(
    purpose: string,
    trades: readonly TradeEntry[],
    close: readonly string[],
    alongside?: Alongside,
  ): Promise<Row[]> {
    const batchOn = await this.batches();
    return batchOn(this.repository.connection).settle<Row>(purpose, trades, close, alongside);
  }

  /**
   * Makes LedgerBatches over a connection, sharing what the service knows (assets, the book's fees account, balance
   * rows). A batch's entries are all in one book: the database refuses a journal that joins two.
   */
  private async batches(book: LedgerBook = 'real'): Promise<(connection: Db) => LedgerBatch> {
    const precisions = await this.assets();
    const fees = await this.systemAccountId('fees', book);
    return (connection) => new LedgerBatch(connection, precisions, fees, this.balanceRows, this.systemIds);
  }

  /** The ids of these users' accounts of a purpose, opened on first use (before any batch that needs them). */
  async userAccountIds(userIds: Iterable<number>, purpose: UserAccount): Promise<Map<number, number>> {
    const ids = new Map<number, number>();
    const missing: number[] = [];
    for (const userId of new Set(userIds)) {
      const known = this.accountIds.get(`${userId}:${purpose}`);
      if (known === undefined) missing.push(userId);
      else ids.set(userId, known);
    }
    // Many at once (an options round settles thousands of users): one lookup for all those not yet known.
    if (missing.length > 0) {
      const found = await this.repository.userAccountIdsOf(missing, purpose);
      for (const userId of missing) {
        const account = found.get(userId);
        if (account === undefined)
          throw new Error(`account ${purpose} of user ${userId} could not be opened`);
        this.accountIds.set(`${userId}:${purpose}`, account.id);
        this.books.set(account.id, account.book);
        ids.set(userId, account.id);
      }
    }
    return ids;
  }

  /** The id of a system account of a book, for a batch that pays into it (`LedgerBatch.move`). */
  async systemAccount(purpose: SystemAccountPurpose, book: LedgerBook = 'real'): Promise<number> {
    return this.systemAccountId(purpose, book);
  }

  /** The book a user's money is in: their accounts' (decision 0055). */
  async bookOfUser(userId: number): Promise<LedgerBook> {
    return this.bookOf(await this.userAccountId(userId, 'spot'));
  }

  /** What a system account of a book holds of an asset (the insurance fund's cover, for one), from its postings. */
  async systemBalance(
    purpose: SystemAccountPurpose,
    asset: string,
    book: LedgerBook = 'real',
  ): Promise<string> {
    const precision = await this.precisionOf(asset);
    const total = await this.repository.systemBalance(await this.systemAccountId(purpose, book), asset);
    return formatAmount(unitsFromNumeric(total, precision), precision);
  }

  /** The assets the ledger knows, with their precision, by code. */
  async assets(): Promise<ReadonlyMap<string, number>> {
    if (this.precisions.size === 0) await this.loadAssets();
    return this.precisions;
  }

  /** A user's balances as NUMERIC literals per account and asset; absent rows were never credited. */
  async balancesOf(userId: number) {
    const rows = await this.repository.userBalances(userId);
    return rows.map(({ precision, ...row }) => ({
      account: row.account as UserAccount,
      asset: row.asset,
      available: formatAmount(unitsFromNumeric(row.available, precision), precision),
      frozen: formatAmount(unitsFromNumeric(row.frozen, precision), precision),
    }));
  }

  /** Many users' balances of one account in one asset, by user; a user never credited there is absent. */
  async accountBalances(
    userIds: readonly number[],
    account: UserAccount,
    asset: string,
  ): Promise<Map<number, { available: string; frozen: string }>> {
    const precision = await this.precisionOf(asset);
    const text = (value: string) => formatAmount(unitsFromNumeric(value, precision), precision);
    const rows = await this.repository.accountBalances(userIds, account, asset);
    return new Map(
      rows.map((row) => [row.userId as number, { available: text(row.available), frozen: text(row.frozen) }]),
    );
  }

  /** Checks every invariant of the ledger and names each thing that breaks one. */
  async check(): Promise<LedgerCheckReport> {
    const findings = await this.repository.checkFindings();
    const problems: LedgerCheckReport['problems'] = [];
    for (const row of findings.unbalancedAssets) {
      problems.push({ rule: 'assetNotBalanced', detail: `postings in ${row.asset} sum to ${row.total}` });
    }
    for (const row of findings.unbalancedTransactions) {
      problems.push({
        rule: 'transactionNotBalanced',
        detail: `journal transaction ${row.transaction} sums to ${row.total} ${row.asset}`,
      });
    }
    for (const row of findings.balancesNotMatchingPostings) {
      const owner =
        row.userId === null ? `system account ${row.purpose}` : `user ${row.userId} ${row.purpose}`;
      problems.push({
        rule: 'balanceNotPostings',
        detail: `${owner} (account ${row.account}) holds ${row.held} ${row.asset} but its postings sum to ${row.posted}`,
      });
    }
    for (const row of findings.frozenNotMatchingReservations) {
      problems.push({
        rule: 'frozenNotReservations',
        detail: `account ${row.account} has ${row.frozen} ${row.asset} frozen but ${row.reserved} in open reservations`,
      });
    }
    for (const row of findings.negatives) {
      problems.push({
        rule: 'negative',
        detail: `${row.what} of account ${row.account}: ${row.amount} ${row.asset}`,
      });
    }
    return {
      ok: problems.length === 0,
      checkedAt: new Date().toISOString(),
      counts: findings.counts,
      problems,
      systemPositions: findings.systemPositions,
    };
  }

  private async credit(command: Extract<LedgerCommand, { type: 'credit' }>) {
    const amount = await this.amountOf(command.asset, command.amount);
    const userAccount = await this.userAccountId(command.userId, command.account);
    const systemAccount = await this.systemAccountId(command.from, await this.bookOf(userAccount));
    return this.repository.transaction(async (tx) => {
      const journal = await tx.openJournal(journalEntryOf(command));
      if (!journal) return replayOf(await tx.findJournal(command.kind, command.reference));
      await tx.insertPostings(
        journal.id,
        balanced([
          { accountId: systemAccount, ...amount, units: negate(amount.units) },
          { accountId: userAccount, ...amount },
        ]),
      );
      if (!(await tx.creditAvailable(userAccount, command.asset, amount.literal))) {
        throw new AppError('balanceLimitReached');
      }
      return outcomeOf(journal);
    });
  }

  private async debit(command: Extract<LedgerCommand, { type: 'debit' }>) {
    const amount = await this.amountOf(command.asset, command.amount);
    const userAccount = await this.userAccountId(command.userId, command.account);
    const systemAccount = await this.systemAccountId(command.to, await this.bookOf(userAccount));
    return this.repository.transaction(async (tx) => {
      const journal = await tx.openJournal(journalEntryOf(command));
      if (!journal) return replayOf(await tx.findJournal(command.kind, command.reference));
      if (!(await tx.debitAvailable(userAccount, command.asset, amount.literal))) {
        throw new AppError('insufficientBalance');
      }
      await tx.insertPostings(
        journal.id,
        balanced([
          { accountId: userAccount, ...amount, units: negate(amount.units) },
          { accountId: systemAccount, ...amount },
        ]),
      );
      return outcomeOf(journal);
    });
  }

  private async transfer(command: Extract<LedgerCommand, { type: 'transfer' }>) {
    if (command.from === command.to) throw new AppError('parameterError');
    const amount = await this.amountOf(command.asset, command.amount);
    const from = await this.userAccountId(command.userId, command.from);
    const to = await this.userAccountId(command.userId, command.to);
    return this.repository.transaction(async (tx) => {
      const journal = await tx.openJournal(journalEntryOf({ ...command, kind: 'transfer' }));
      if (!journal) return replayOf(await tx.findJournal('transfer', command.reference));
      // Balance rows are locked in account order by every command, so two opposite transfers cannot deadlock.
      for (const accountId of [from, to].sort((a, b) => a - b)) {
        if (accountId === to) {
          if (!(await tx.creditAvailable(to, command.asset, amount.literal))) {
            throw new AppError('balanceLimitReached');
          }
        } else if (!(await tx.debitAvailable(from, command.asset, amount.literal))) {
          throw new AppError('insufficientBalance');
        }
      }
      await tx.insertPostings(
        journal.id,
        balanced([
          { accountId: from, ...amount, units: negate(amount.units) },
          { accountId: to, ...amount },
        ]),
      );
      return outcomeOf(journal);
    });
  }

  private async freeze(command: Extract<LedgerCommand, { type: 'freeze' }>) {
    const amount = await this.amountOf(command.asset, command.amount);
    const accountId = await this.userAccountId(command.userId, command.account);
    return this.repository.transaction(async (tx) => {
      const reservation = await tx.openReservation({
        accountId,
        asset: command.asset,
        amount: amount.literal,
        purpose: command.purpose,
        reference: command.reference,
        actor: command.actor,
      });
      if (!reservation) {
        const existing = await tx.lockReservation(command.purpose, command.reference);
        if (!existing) throw new Error(`reservation ${command.purpose}/${command.reference} vanished`);
        return { reservationId: String(existing.id), at: existing.createdAt, replayed: true };
      }
      if (!(await tx.freezeAvailable(accountId, command.asset, amount.literal))) {
        throw new AppError('insufficientBalance');
      }
      return { reservationId: String(reservation.id), at: reservation.createdAt, replayed: false };
    });
  }

  private async release(command: Extract<LedgerCommand, { type: 'release' }>) {
    return this.repository.transaction(async (tx) => {
      const reservation = await tx.lockReservation(command.purpose, command.reference);
      if (!reservation) throw new AppError('notFound');
      const reservationId = String(reservation.id);
      if (reservation.status === 'released' && reservation.settledAt) {
        return { reservationId, at: reservation.settledAt, replayed: true };
      }
      if (reservation.status !== 'open') throw new AppError('reservationNotOpen');
      // Only what trades have not yet taken is still frozen.
      const precision = await this.precisionOf(reservation.asset);
      const remaining = (unitsFromNumeric(reservation.amount, precision) -
        unitsFromNumeric(reservation.consumed, precision)) as Units;
      const literal = formatAmount(remaining, precision);
      if (remaining > 0n && !(await tx.unfreeze(reservation.accountId, reservation.asset, literal))) {
        throw new Error(`reservation ${reservation.id} is open but its funds are not frozen`);
      }
      const at = await tx.settleReservation(reservation.id, { status: 'released' });
      return { reservationId, at, replayed: false };
    });
  }

  private async consume(command: Extract<LedgerCommand, { type: 'consume' }>) {
    return this.repository.transaction(async (tx) => {
      const reservation = await tx.lockReservation(command.purpose, command.reference);
      if (!reservation) throw new AppError('notFound');
      if (reservation.status === 'consumed' && reservation.transactionId !== null) {
        return replayOf(await tx.findJournalById(reservation.transactionId));
      }
      if (reservation.status !== 'open') throw new AppError('reservationNotOpen');
      // Looked up on the transaction's connection: the embedded database has only that one.
      const book = await this.bookOf(reservation.accountId, tx);
      const into = await this.systemAccountId(command.into, book, tx);
      const fees = await this.systemAccountId('fees', book, tx);
      const precision = await this.precisionOf(reservation.asset);
      const total = unitsFromNumeric(reservation.amount, precision);
      const fee =
        command.fee === undefined ? (0n as Units) : await this.feeOf(reservation.asset, command.fee);
      if (fee > total) throw new AppError('amountInvalid');
      const journal = await tx.openJournal({
        kind: command.kind,
        reference: `reservation:${reservation.id}`,
        memo: command.memo,
        actor: command.actor,
      });
      if (!journal) throw new Error(`reservation ${reservation.id} is open but already has a journal entry`);
      if (!(await tx.spendFrozen(reservation.accountId, reservation.asset, reservation.amount))) {
        throw new Error(`reservation ${reservation.id} is open but its funds are not frozen`);
      }
      const asset = reservation.asset;
      await tx.insertPostings(
        journal.id,
        balanced([
          { accountId: reservation.accountId, asset, precision, units: negate(total) },
          { accountId: into, asset, precision, units: (total - fee) as Units },
          { accountId: fees, asset, precision, units: fee },
        ]),
      );
      await tx.settleReservation(reservation.id, { status: 'consumed', transactionId: journal.id });
      return outcomeOf(journal);
    });
  }

  private async funding(command: Extract<LedgerCommand, { type: 'funding' }>): Promise<LedgerOutcome> {
    const precision = await this.precisionOf(command.asset);
    const asset = command.asset;
    const legs = await Promise.all(
      command.legs.map(async (leg) => {
        const units = parseAmount(leg.amount.replace(/^-/, ''), precision);
        if (units === undefined || units === 0n || !fitsLedger(units, precision)) {
          throw new AppError('amountInvalid');
        }
        const signed = (leg.amount.startsWith('-') ? -units : units) as Units;
        return { ...leg, units: signed, accountId: await this.userAccountId(leg.userId, 'futures') };
      }),
    );
    const books = new Set(await Promise.all(legs.map((leg) => this.bookOf(leg.accountId))));
    if (books.size > 1) throw new Error(`funding ${command.reference} joins the real and the demo books`);
    const [book = 'real'] = books;
    const clearing = await this.systemAccountId('futures_clearing', book);
    const rounding = await this.systemAccountId('rounding', book);
    const insurance = await this.systemAccountId('insurance_fund', book);
    return this.repository.transaction(async (tx) => {
      const journal = await tx.openJournal(journalEntryOf({ ...command, kind: 'funding' }));
      if (!journal) return replayOf(await tx.findJournal('funding', command.reference));
      const postings: Posting[] = [];
      const post = (accountId: number, units: bigint) =>
        postings.push({ accountId, asset, precision, units: units as Units });
      const taken: FundingTaken[] = legs.map(() => ({ fromMargin: '0', shortfall: '0' }));
      // Balance rows are locked in account order, as every command does, so that two fundings cannot deadlock.
      const order = legs
        .map((leg, index) => ({ leg, index }))
        .sort((a, b) => a.leg.accountId - b.leg.accountId);
      for (const { leg, index } of order) {
        if (leg.units > 0n) {
          if (!(await tx.creditAvailable(leg.accountId, asset, formatAmount(leg.units, precision)))) {
            throw new AppError('balanceLimitReached');
          }
          post(clearing, -leg.units);
          post(leg.accountId, leg.units);
          continue;
        }
        let owed = -leg.units;
        if (leg.from === 'account') {
          const available = await tx.availableOf(leg.accountId, asset);
          const fromAccount = minUnits(owed, unitsFromNumeric(available, precision));
          if (fromAccount > 0n) {
            await tx.debitAvailable(leg.accountId, asset, formatAmount(fromAccount as Units, precision));
            owed -= fromAccount;
          }
        }
        let fromMargin = 0n;
        const reservation =
          leg.margin && (await tx.lockReservation(leg.margin.purpose, leg.margin.reference));
        if (owed > 0n && reservation?.status === 'open') {
          const left =
            unitsFromNumeric(reservation.amount, precision) -
            unitsFromNumeric(reservation.consumed, precision);
          fromMargin = minUnits(owed, left);
          if (fromMargin > 0n) {
            await tx.spendFromReservation(reservation.id, formatAmount(fromMargin as Units, precision));
            owed -= fromMargin;
          }
        }
        const paid = -leg.units - owed;
        post(leg.accountId, -paid);
        post(clearing, paid);
        if (owed > 0n) {
          post(insurance, -owed);
          post(clearing, owed);
        }
        taken[index] = {
          fromMargin: formatAmount(fromMargin as Units, precision),
          shortfall: formatAmount(owed as Units, precision),
        };
      }
      const remainder = -legs.reduce((sum, leg) => sum + leg.units, 0n);
      post(clearing, -remainder);
      post(rounding, remainder);
      await tx.insertPostings(journal.id, balanced(postings));
      return { ...outcomeOf(journal), funding: taken };
    });
  }

  /** A positive amount of an asset, within its precision and the ledger's range; refused otherwise. */
  private async amountOf(asset: string, text: string) {
    const precision = await this.precisionOf(asset);
    const units = parseAmount(text, precision);
    if (units === undefined || units <= 0n || !fitsLedger(units, precision))
      throw new AppError('amountInvalid');
    return { asset, precision, units, literal: formatAmount(units, precision) };
  }

  private async feeOf(asset: string, text: string): Promise<Units> {
    const precision = await this.precisionOf(asset);
    const units = parseAmount(text, precision);
    if (units === undefined || units < 0n || !fitsLedger(units, precision))
      throw new AppError('amountInvalid');
    return units;
  }

  private async precisionOf(asset: string): Promise<number> {
    let precision = this.precisions.get(asset);
    // An asset the back office added since the last load is picked up on first use.
    if (precision === undefined) {
      await this.loadAssets();
      precision = this.precisions.get(asset);
    }
    if (precision === undefined) throw new AppError('assetUnknown');
    return precision;
  }

  private async loadAssets() {
    const rows = await this.repository.listAssets();
    this.precisions = new Map(rows.map((row) => [row.code, row.precision]));
  }

  // Accounts are opened outside the command's transaction: an id cached from a rolled-back insert would dangle.
  private async userAccountId(userId: number, purpose: UserAccount) {
    const key = `${userId}:${purpose}`;
    let id = this.accountIds.get(key);
    if (id === undefined) {
      const account = await this.repository.userAccountId(userId, purpose);
      id = account.id;
      this.accountIds.set(key, id);
      this.books.set(id, account.book);
    }
    return id;
  }

  private async bookOf(accountId: number, on = this.repository): Promise<LedgerBook> {
    let book = this.books.get(accountId);
    if (book === undefined) {
      book = await on.accountBook(accountId);
      this.books.set(accountId, book);
    }
    return book;
  }

  private async systemAccountId(
    purpose: SystemAccountPurpose,
    book: LedgerBook = 'real',
    on = this.repository,
  ) {
    const key = `system:${book}:${purpose}`;
    let id = this.accountIds.get(key);
    if (id === undefined) {
      id = await on.systemAccountId(purpose, book);
      this.accountIds.set(key, id);
      this.systemIds.add(id);
      this.books.set(id, book);
    }
    return id;
  }
}

const minUnits = (a: bigint, b: bigint) => (a < b ? a : b);

function negate(units: Units): Units {
  return -units as Units;
}

/**
 * The postings of one journal transaction, zero legs dropped, after proving they sum to zero per asset. The
 * database proves it again at commit (a deferred constraint trigger); this check names the bug sooner.
 */
function balanced(entries: readonly Posting[]): NewPosting[] {
  const sums = new Map<string, bigint>();
  for (const entry of entries) sums.set(entry.asset, (sums.get(entry.asset) ?? 0n) + entry.units);
  for (const [asset, sum] of sums) {
    if (sum !== 0n) throw new Error(`postings do not balance: ${sum} units of ${asset}`);
  }
  return entries
    .filter((entry) => entry.units !== 0n)
    .map((entry) => ({
      accountId: entry.accountId,
      asset: entry.asset,
      amount: formatAmount(entry.units, entry.precision),
    }));
}

function journalEntryOf(command: Recorded & { kind: JournalKind }) {
  return { kind: command.kind, reference: command.reference, memo: command.memo, actor: command.actor };
}

function outcomeOf(journal: JournalRow): LedgerOutcome {
  return { transactionId: String(journal.id), at: journal.createdAt, replayed: false };
}

function replayOf(journal: JournalRow | undefined): LedgerOutcome {
  if (!journal) throw new Error('a replayed journal transaction vanished');
  return { transactionId: String(journal.id), at: journal.createdAt, replayed: true };
}
