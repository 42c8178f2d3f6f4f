import { LEDGER_BOOKS, type LedgerBook } from '@kestrel/contract';
import { decimalOf, type Units, unitsFromNumeric } from '@kestrel/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from '../../cluster/leadership';
import { LedRounds } from '../../cluster/led-rounds';
import type { LedgerService } from '../ledger';
import type { EarnRepository } from './earn.repository';
import type { EarnClock } from './earn.service';
import { addDays, dayInterest, daysBetween, utcDayOf } from './earn-interest';
import { unitsText } from './earn-views';

/** The job's name in `leadership` (decision 0044): one node runs it. */
export const EARN_ACCRUAL_JOB = 'job:earn-accrual';

/** Orders paid in one transaction: a few statements whatever their number (LedgerBatch.payOut). */
export const ACCRUAL_CHUNK = 5_000;

export type EarnAccrualJobParts = {
  repository: EarnRepository;
  ledger: LedgerService;
  leadership: Pick<Leadership, 'contend'>;
  clock: EarnClock;
  log?: FastifyBaseLogger;
  chunk?: number;
  everyMs?: number;
};

/** What one run did. */
export type AccrualReport = { days: string[]; accruals: number; matured: number };

/**
 * The daily accrual (docs/decisions/0049-earn.md), led by one node (`job:earn-accrual`): for every UTC day up to
 * yesterday that an active order has not been paid, oldest first, it pays the day's interest from `earn_interest`
 * to the orders' spot accounts a chunk at a time, each chunk one transaction holding its orders' locks: an accrual
 * row per (order, day), the orders' interest and day paid through, one journal entry per order
 * (`earn-interest:<order>:<day>`) and the day's run record. Then it returns the principal of fixed terms whose
 * every day is paid and whose maturity has come. A rerun, or a run after a crash, finds only what is still unpaid:
 * an order is due on a day only while it is paid through the day before, so nothing is paid twice or skipped,
 * whichever node runs it (a deposed leader's chunk waits for the locks, then finds its orders paid).
 */
export class EarnAccrualJob {
  private readonly rounds: LedRounds;

  constructor(private readonly parts: EarnAccrualJobParts) {
    this.rounds = new LedRounds({
      leadership: parts.leadership,
      name: EARN_ACCRUAL_JOB,
      round: () => this.runNow(),
      pauseMs: () => parts.everyMs ?? 60_000,
      first: 'atOnce',
      log: parts.log,
    });
  }

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** Pays every day due up to yesterday and closes matured orders, now, whoever leads; for tests and each round. */
  async runNow(): Promise<AccrualReport> {
    const now = this.parts.clock();
    const yesterday = addDays(utcDayOf(now), -1);
    const first = await this.parts.repository.firstUnpaidDay();
    const from = first !== undefined && first < yesterday ? first : yesterday;
    const days: string[] = [];
    let accruals = 0;
    for (let day = from; daysBetween(day, yesterday) >= 0; day = addDays(day, 1)) {
      accruals += await this.payDay(day, now);
      days.push(day);
    }
    const matured = await this.mature(now);
    return { days, accruals, matured };
  }

  /** Pays one day to every order due on it, each book's apart (decision 0055); records the day's run. */
  async payDay(day: string, now: Date): Promise<number> {
    let paid = 0;
    for (const book of LEDGER_BOOKS) paid += await this.payDayOf(day, now, book);
    return paid;
  }

  /**
   * Pays one day to a book's orders due on it, a chunk at a time, from that book's `earn_interest`. The day's run
   * record is the real book's (recorded even when none was due): demo interest is virtual.
   */
  private async payDayOf(day: string, now: Date, book: LedgerBook): Promise<number> {
    const { ledger, repository } = this.parts;
    const record = book === 'real';
    const interestAccount = await ledger.systemAccount('earn_interest', book);
    const places = await ledger.assets();
    const size = this.parts.chunk ?? ACCRUAL_CHUNK;
    let after = 0n;
    let paid = 0;
    for (;;) {
      const count = await ledger.batch(async (batch) => {
        const orders = repository.on(batch.connection);
        const due = await orders.dueOn(day, book, after, size);
        const last = due.at(-1);
        if (!last) {
          if (record) await orders.addToRun(day, now, { orders: 0, matured: 0 }, new Map());
          return 0;
        }
        after = BigInt(last.id);
        const byAsset = new Map<
          string,
          Array<{ reference: string; accountId: number; units: Units; actor: 'system' }>
        >();
        const accruals: Array<{ orderId: string; amount: string }> = [];
        const interest = new Map<string, bigint>();
        for (const order of due) {
          const precision = places.get(order.asset);
          if (precision === undefined) throw new Error(`asset ${order.asset} is unknown to the ledger`);
          const units = dayInterest(
            unitsFromNumeric(order.principal, precision),
            decimalOf(order.annualRate),
            daysBetween(order.accrualStartsOn, day) + 1,
          );
          accruals.push({ orderId: order.id, amount: unitsText(units, precision) });
          if (units === 0n) continue;
          interest.set(order.asset, (interest.get(order.asset) ?? 0n) + units);
          const payouts = byAsset.get(order.asset) ?? [];
          payouts.push({
            reference: `earn-interest:${order.id}:${day}`,
            accountId: order.accountId,
            units: units as Units,
            actor: 'system',
          });
          byAsset.set(order.asset, payouts);
        }
        await orders.recordAccruals(day, now, accruals);
        for (const [asset, payouts] of byAsset) {
          await batch.payOut('earn_interest', interestAccount, asset, payouts);
        }
        if (record) {
          await orders.addToRun(
            day,
            now,
            { orders: due.length, matured: 0 },
            new Map([...interest].map(([asset, units]) => [asset, unitsText(units, places.get(asset) ?? 0)])),
          );
        }
        return due.length;
      }, book);
      // Only an empty chunk ends the day: rows another run paid while this one waited for them drop out of a chunk.
      if (count === 0) return paid;
      paid += count;
    }
  }

  /** Returns the principal of every fixed term whose maturity has come and whose days are all paid. */
  async mature(now: Date): Promise<number> {
    let closed = 0;
    for (const book of LEDGER_BOOKS) closed += await this.matureOf(now, book);
    return closed;
  }

  /** A book's maturities, from its `earn_principal`; the run record counts the real book's. */
  private async matureOf(now: Date, book: LedgerBook): Promise<number> {
    const { ledger, repository } = this.parts;
    const principalAccount = await ledger.systemAccount('earn_principal', book);
    const places = await ledger.assets();
    const size = this.parts.chunk ?? ACCRUAL_CHUNK;
    let after = 0n;
    let closed = 0;
    for (;;) {
      const count = await ledger.batch(async (batch) => {
        const orders = repository.on(batch.connection);
        const due = await orders.dueToMature(now, book, after, size);
        const last = due.at(-1);
        if (!last) return 0;
        after = BigInt(last.id);
        // Orders, then products, then balances: the order every earn transaction locks them in.
        const matured = await orders.closeMatured(
          due.map((order) => order.id),
          now,
        );
        if (matured !== due.length) throw new Error('a maturing order was not active under its lock');
        const byAsset = new Map<
          string,
          Array<{ reference: string; accountId: number; units: Units; actor: 'system' }>
        >();
        const byDay = new Map<string, number>();
        for (const order of due) {
          const precision = places.get(order.asset);
          if (precision === undefined) throw new Error(`asset ${order.asset} is unknown to the ledger`);
          const payouts = byAsset.get(order.asset) ?? [];
          payouts.push({
            reference: `earn-redemption:${order.id}`,
            accountId: order.accountId,
            units: unitsFromNumeric(order.principal, precision),
            actor: 'system',
          });
          byAsset.set(order.asset, payouts);
          byDay.set(order.lastDay, (byDay.get(order.lastDay) ?? 0) + 1);
        }
        for (const [asset, payouts] of byAsset) {
          await batch.payOut('earn_redemption', principalAccount, asset, payouts);
        }
        if (book === 'real') {
          for (const [day, count] of byDay) {
            await orders.addToRun(day, now, { orders: 0, matured: count }, new Map());
          }
        }
        return due.length;
      }, book);
      if (count === 0) return closed;
      closed += count;
    }
  }
}
