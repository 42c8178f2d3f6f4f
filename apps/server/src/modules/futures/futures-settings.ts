import type { MarginMode } from '@kestrel/contract';
import type { FuturesMarkets } from './futures-markets';
import type { FuturesSettingsRepository } from './futures-settings.repository';

export type FuturesSetting = { leverage: number; marginMode: MarginMode };

/** What a market uses until the user chooses otherwise (never above its first bracket's maximum). */
export const DEFAULT_LEVERAGE = 20;
export const DEFAULT_MARGIN_MODE: MarginMode = 'cross';

/** Each user's leverage and margin mode per perpetual: what their new orders there use. */
export class FuturesSettings {
  constructor(
    private readonly repository: FuturesSettingsRepository,
    private readonly markets: Pick<FuturesMarkets, 'market'>,
  ) {}

  /** The user's setting of a market: what they chose, or 20x cross. */
  async of(userId: number, symbol: string): Promise<FuturesSetting> {
    const stored = await this.repository.find(userId, symbol);
    if (stored) return { leverage: stored.leverage, marginMode: stored.marginMode };
    return this.defaultOf(symbol);
  }

  private defaultOf(symbol: string): FuturesSetting {
    const first = this.markets.market(symbol)?.brackets[0]?.maxLeverage ?? DEFAULT_LEVERAGE;
    return { leverage: Math.min(DEFAULT_LEVERAGE, first), marginMode: DEFAULT_MARGIN_MODE };
  }
}
