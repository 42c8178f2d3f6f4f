import { and, eq, gt, sql } from 'drizzle-orm';
import { FENCE_REFUSED } from '../../cluster/fence';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  type FuturesPositionRow,
  futuresFundingPayments,
  futuresFundingRates,
  futuresPositions,
} from './futures.schema';

export type NewFundingPayment = typeof futuresFundingPayments.$inferInsert;
export type NewFundingRate = typeof futuresFundingRates.$inferInsert;

/** The owner wrote with an epoch that is no longer its market's: the fence's refusal (decision 0044). */
export class FencedOut extends Error {
  readonly code = FENCE_REFUSED;
  constructor(name: string) {
    super(`the leadership of ${name} has passed to another node`);
  }
}

/** Every SQL statement of funding settlements. */
export class FundingRepository {
  constructor(readonly db: Db) {}

  transaction<T>(work: (repository: FundingRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new FundingRepository(tx)));
  }

  /**
   * Refuses (FencedOut) unless `name` is still led with `epoch`; the lease row stays share-locked until the
   * transaction ends, so a node taking the name over waits for this work and then reads it.
   */
  async fence(name: string, epoch: bigint): Promise<void> {
    const [lease] = await rowsOf<{ epoch: string }>(
      this.db,
      sql`select epoch::text as epoch from leadership where name = ${name} and epoch = ${String(epoch)}::bigint for share`,
    );
    if (!lease) throw new FencedOut(name);
  }

  async settled(symbol: string, fundingTime: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ symbol: futuresFundingRates.symbol })
      .from(futuresFundingRates)
      .where(and(eq(futuresFundingRates.symbol, symbol), eq(futuresFundingRates.fundingTime, fundingTime)));
    return row !== undefined;
  }

  /** The market's open positions (size above zero), locked until the end of the transaction. */
  openPositions(symbol: string): Promise<FuturesPositionRow[]> {
    return this.db
      .select()
      .from(futuresPositions)
      .where(and(eq(futuresPositions.symbol, symbol), gt(futuresPositions.size, '0')))
      .orderBy(futuresPositions.id)
      .for('update');
  }

  /** Lowers positions' margin by what their funding took from it, written with the owner's epoch. */
  async takeFromMargins(updates: readonly { id: bigint; amount: string }[], epoch: bigint): Promise<void> {
    for (const update of updates) {
      await this.db
        .update(futuresPositions)
        .set({
          margin: sql`${futuresPositions.margin} - ${update.amount}::numeric`,
          epoch,
          updatedAt: sql`now()`,
        })
        .where(eq(futuresPositions.id, update.id));
    }
  }

  async insertRate(row: NewFundingRate): Promise<void> {
    await this.db.insert(futuresFundingRates).values(row);
  }

  async insertPayments(rows: readonly NewFundingPayment[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(futuresFundingPayments).values([...rows]);
  }
}
