import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { futuresMarkets } from './futures.schema';

export type FuturesMarketRow = typeof futuresMarkets.$inferSelect;
export type NewFuturesMarketRow = typeof futuresMarkets.$inferInsert;

/** A bracket as stored: its floor is the previous bracket's cap and its maintenance amount follows from the rates. */
export type StoredBracket = { notionalCap: string; maxLeverage: number; maintenanceMarginRate: string };

/** A perpetual's trades since a moment, summed up; prices and amounts as PostgreSQL numeric text. */
export type TradeSummary = {
  symbol: string;
  open: string;
  last: string;
  high: string;
  low: string;
  volume: string;
  turnover: string;
};

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

  /** Each perpetual's trades since `since`: first and last price, range, volume and turnover; none without trades. */
  tradeSummaries(since: Date): Promise<TradeSummary[]> {
    return rowsOf<TradeSummary>(
      this.db,
      sql`select symbol,
            ((array_agg(price order by id))[1])::text as open,
            ((array_agg(price order by id desc))[1])::text as last,
            max(price)::text as high, min(price)::text as low,
            sum(size)::text as volume, sum(price * size)::text as turnover
          from futures_trades where created_at >= ${since.toISOString()}::timestamptz group by symbol`,
    );
  }
}
