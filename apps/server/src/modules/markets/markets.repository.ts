import type { CandleInterval, PriceSource } from '@kestrel/contract';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type AuditEntryRow, type Audited, appendAuditEntry } from '../admin';
import { assetPrecisions } from '../ledger';
import type { StoredCandle } from './candles';
import { candles, markets } from './markets.schema';

export type MarketRow = typeof markets.$inferSelect;
/** NUMERIC columns are written as decimal strings already checked by the service. */
export type MarketChanges = Partial<
  Pick<MarketRow, 'tickSize' | 'lotSize' | 'minNotional' | 'makerFee' | 'takerFee' | 'open' | 'marketMaker'>
>;

/** A leader's write: done only while `name` is still led with `epoch` (decision 0044). */
export type Fence = { name: string; epoch: bigint };

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at 10 columns a row. */
const CHUNK = 2000;

function candleOf(row: typeof candles.$inferSelect): StoredCandle {
  return {
    interval: row.interval,
    start: Math.floor(row.start.getTime() / 1000),
    open: row.open,
    high: row.high,
    low: row.low,
    close: row.close,
    volume: row.volume,
    turnover: row.turnover,
  };
}

/** Every SQL statement of markets and their candles. */
export class MarketsRepository implements Audited<MarketsRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: MarketsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new MarketsRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  list(): Promise<MarketRow[]> {
    return this.db.select().from(markets).orderBy(asc(markets.symbol));
  }

  /** The market as it is now, locked until the end of the transaction, so its audit entry's "before" holds. */
  async lock(symbol: string): Promise<MarketRow | undefined> {
    const [row] = await this.db.select().from(markets).where(eq(markets.symbol, symbol)).for('update');
    return row;
  }

  async update(symbol: string, changes: MarketChanges): Promise<MarketRow> {
    const [row] = await this.db
      .update(markets)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(markets.symbol, symbol))
      .returning();
    if (!row) throw new Error(`market ${symbol} vanished inside its transaction`);
    return row;
  }

  async precisions(codes: readonly string[]): Promise<Map<string, number>> {
    const rows = await this.db
      .select()
      .from(assetPrecisions)
      .where(inArray(assetPrecisions.code, [...codes]));
    return new Map(rows.map((row) => [row.code, row.precision]));
  }

  /** Symbols that have any candle at all. */
  async symbolsWithCandles(): Promise<Set<string>> {
    const rows = await this.db.selectDistinct({ symbol: candles.symbol }).from(candles);
    return new Set(rows.map((row) => row.symbol));
  }

  /** The newest candle of each interval of a market. */
  async newestCandles(symbol: string): Promise<StoredCandle[]> {
    const rows = await this.db
      .selectDistinctOn([candles.interval])
      .from(candles)
      .where(eq(candles.symbol, symbol))
      .orderBy(candles.interval, desc(candles.start));
    return rows.map(candleOf);
  }

  async minuteCandles(symbol: string, from: Date): Promise<StoredCandle[]> {
    const rows = await this.db
      .select()
      .from(candles)
      .where(and(eq(candles.symbol, symbol), eq(candles.interval, '1m'), gte(candles.start, from)))
      .orderBy(asc(candles.start));
    return rows.map(candleOf);
  }

  /** The newest `limit` candles starting before `before` (if given), newest first. */
  async candles(
    symbol: string,
    interval: CandleInterval,
    limit: number,
    before?: Date,
  ): Promise<StoredCandle[]> {
    const rows = await this.db
      .select()
      .from(candles)
      .where(
        and(
          eq(candles.symbol, symbol),
          eq(candles.interval, interval),
          before ? lt(candles.start, before) : undefined,
        ),
      )
      .orderBy(desc(candles.start))
      .limit(limit);
    return rows.map(candleOf);
  }

  /**
   * Runs `work` only while the fence's name is still led with its epoch, and answers whether it ran. The lease row
   * stays share-locked until the work commits, so a node taking the name waits for it and then reads what it wrote;
   * without a fence the work just runs.
   */
  async fenced(fence: Fence | undefined, work: (repository: MarketsRepository) => Promise<void>) {
    if (!fence) {
      await work(this);
      return true;
    }
    return this.transaction(async (repository) => {
      const [lease] = await rowsOf<{ epoch: string }>(
        repository.db,
        sql`select epoch::text as epoch from leadership where name = ${fence.name} for share`,
      );
      if (lease?.epoch !== String(fence.epoch)) return false;
      await work(repository);
      return true;
    });
  }

  /**
   * Writes a large batch of new candles (generated history) in one statement: the rows travel as one JSON
   * parameter, which PGlite and PostgreSQL both read far faster than thousands of bound parameters.
   */
  async insertHistory(symbol: string, source: PriceSource, rows: readonly StoredCandle[]): Promise<void> {
    const json = JSON.stringify(
      rows.map((row) => ({ ...row, start: new Date(row.start * 1000).toISOString() })),
    );
    await this.db.execute(sql`
      insert into candles (symbol, interval, start, open, high, low, close, volume, turnover, source)
      select ${symbol}, r.interval, r.start, r.open, r.high, r.low, r.close, r.volume, r.turnover, ${source}
      from json_to_recordset(${json}::json) as r(
        interval text, start timestamptz, open numeric, high numeric, low numeric, close numeric,
        volume numeric, turnover numeric)
      on conflict (symbol, interval, start) do nothing`);
  }

  /** Writes candles, replacing those already stored for the same market, interval and start. */
  async upsertCandles(symbol: string, source: PriceSource, rows: readonly StoredCandle[]): Promise<void> {
    for (let from = 0; from < rows.length; from += CHUNK) {
      const chunk = rows.slice(from, from + CHUNK).map((row) => ({
        symbol,
        interval: row.interval,
        start: new Date(row.start * 1000),
        open: row.open,
        high: row.high,
        low: row.low,
        close: row.close,
        volume: row.volume,
        turnover: row.turnover,
        source,
      }));
      await this.db
        .insert(candles)
        .values(chunk)
        .onConflictDoUpdate({
          target: [candles.symbol, candles.interval, candles.start],
          set: {
            open: sql`excluded.open`,
            high: sql`excluded.high`,
            low: sql`excluded.low`,
            close: sql`excluded.close`,
            volume: sql`excluded.volume`,
            turnover: sql`excluded.turnover`,
            source: sql`excluded.source`,
          },
        });
    }
  }
}
