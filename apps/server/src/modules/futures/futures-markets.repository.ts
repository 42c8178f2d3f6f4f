import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { futuresMarkets } from './futures.schema';

export type FuturesMarketRow = typeof futuresMarkets.$inferSelect;
export type NewFuturesMarketRow = typeof futuresMarkets.$inferInsert;

/** A bracket as stored: its floor is the previous bracket's cap and its maintenance amount follows from the rates. */
export type StoredBracket = { notionalCap: string; maxLeverage: number; maintenanceMarginRate: string };

/** Every SQL statement of the directory of perpetuals. */
export class FuturesMarketsRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<FuturesMarketRow[]> {
    return this.db.select().from(futuresMarkets).orderBy(asc(futuresMarkets.symbol));
  }

  /** Adds the perpetuals not there yet; an existing one is left as operators made it. */
  async insertMissing(rows: readonly NewFuturesMarketRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insert(futuresMarkets)
      .values([...rows])
      .onConflictDoNothing();
  }
}
