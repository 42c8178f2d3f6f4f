import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type AuditEntryRow, type Audited, appendAuditEntry } from '../admin';
import { futuresFundingRates, futuresMarkets } from './futures.schema';

export type FuturesMarketRow = typeof futuresMarkets.$inferSelect;
export type NewFuturesMarketRow = typeof futuresMarkets.$inferInsert;
/** What operators change; NUMERIC columns as decimal strings the service checked. */
export type FuturesMarketChanges = Partial<
  Pick<
    FuturesMarketRow,
    | 'tickSize'
    | 'lotSize'
    | 'minNotional'
    | 'makerFee'
    | 'takerFee'
    | 'fundingIntervalHours'
    | 'interestRate'
    | 'fundingCap'
    | 'brackets'
    | 'open'
    | 'marketMaker'
  >
>;

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
export class FuturesMarketsRepository implements Audited<FuturesMarketsRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: FuturesMarketsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new FuturesMarketsRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  /** The perpetual as it is now, locked until the end of the transaction, so its audit entry's "before" holds. */
  async lock(symbol: string): Promise<FuturesMarketRow | undefined> {
    const [row] = await this.db
      .select()
      .from(futuresMarkets)
      .where(eq(futuresMarkets.symbol, symbol))
      .for('update');
    return row;
  }

  async update(symbol: string, changes: FuturesMarketChanges): Promise<FuturesMarketRow> {
    const [row] = await this.db
      .update(futuresMarkets)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(futuresMarkets.symbol, symbol))
      .returning();
    if (!row) throw new Error(`perpetual ${symbol} vanished inside its transaction`);
    return row;
  }

  /** The market's settled funding rates, newest first. */
  fundingRates(symbol: string, limit: number) {
    return this.db
      .select()
      .from(futuresFundingRates)
      .where(eq(futuresFundingRates.symbol, symbol))
      .orderBy(desc(futuresFundingRates.fundingTime))
      .limit(limit);
  }

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
