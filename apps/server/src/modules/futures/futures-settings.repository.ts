import type { MarginMode } from '@kestrel/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { futuresSettings } from './futures.schema';

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
