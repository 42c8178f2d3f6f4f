import type { MarginMode } from '@kestrel/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { futuresOrders, futuresPositions, futuresSettings } from './futures.schema';

/** Order statuses still in the book or on their way to it. */
const LIVE = ['new', 'open', 'partially_filled'];

export type StoredSetting = { symbol: string; leverage: number; marginMode: MarginMode };

/** Every SQL statement of the users' leverage and margin mode per perpetual. */
export class FuturesSettingsRepository {
  constructor(private readonly db: Db) {}

  async find(userId: number, symbol: string): Promise<StoredSetting | undefined> {
    const [row] = await this.db
      .select()
      .from(futuresSettings)
      .where(and(eq(futuresSettings.userId, userId), eq(futuresSettings.symbol, symbol)));
    return row && settingOf(row);
  }

  /** The sizes and entry prices of the user's open positions in the market (a long and a short at most). */
  openPositions(userId: number, symbol: string): Promise<{ size: string; entryPrice: string }[]> {
    return this.db
      .select({ size: futuresPositions.size, entryPrice: futuresPositions.entryPrice })
      .from(futuresPositions)
      .where(
        and(
          eq(futuresPositions.userId, userId),
          eq(futuresPositions.symbol, symbol),
          gt(futuresPositions.size, '0'),
        ),
      );
  }

  async hasLiveOrder(userId: number, symbol: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: futuresOrders.id })
      .from(futuresOrders)
      .where(
        and(
          eq(futuresOrders.userId, userId),
          eq(futuresOrders.symbol, symbol),
          inArray(futuresOrders.status, LIVE),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async save(userId: number, setting: StoredSetting): Promise<void> {
    await this.db
      .insert(futuresSettings)
      .values({ userId, ...setting })
      .onConflictDoUpdate({
        target: [futuresSettings.userId, futuresSettings.symbol],
        set: { leverage: setting.leverage, marginMode: setting.marginMode, updatedAt: sql`now()` },
      });
  }

  async list(userId: number): Promise<StoredSetting[]> {
    const rows = await this.db
      .select()
      .from(futuresSettings)
      .where(eq(futuresSettings.userId, userId))
      .orderBy(asc(futuresSettings.symbol));
    return rows.map(settingOf);
  }
}

function settingOf(row: typeof futuresSettings.$inferSelect): StoredSetting {
  return { symbol: row.symbol, leverage: row.leverage, marginMode: row.marginMode as MarginMode };
}
