import type { MarginMode, FuturesSetting as SettingView } from '@kestrel/contract';
import { maxLeverageFor } from '@kestrel/futures';
import { type Decimal, decimalOf, multiplyDecimals } from '@kestrel/money';
import { AppError } from '../../http/app-error';
import type { FuturesMarkets } from './futures-markets';
import type { FuturesSettingsRepository } from './futures-settings.repository';

export type FuturesSetting = { leverage: number; marginMode: MarginMode };

/** What a market uses until the user chooses otherwise (never above its first bracket's maximum). */
export const DEFAULT_LEVERAGE = 20;
export const DEFAULT_MARGIN_MODE: MarginMode = 'cross';

/** The latest mark price of a perpetual, when its owner has published one. */
export type MarkPrices = { latest(symbol: string): { markPrice: Decimal } | undefined };

/** Each user's leverage and margin mode per perpetual: what their new orders there use. */
export class FuturesSettings {
  constructor(
    private readonly repository: FuturesSettingsRepository,
    private readonly markets: Pick<FuturesMarkets, 'market' | 'all'>,
    private readonly marks: MarkPrices = { latest: () => undefined },
  ) {}

  /** The user's setting of a market: what they chose, or 20x cross. */
  async of(userId: number, symbol: string): Promise<FuturesSetting> {
    const stored = await this.repository.find(userId, symbol);
    if (stored) return { leverage: stored.leverage, marginMode: stored.marginMode };
    return this.defaultOf(symbol);
  }

  /** The user's setting of every perpetual. */
  async list(userId: number): Promise<SettingView[]> {
    const stored = new Map((await this.repository.list(userId)).map((setting) => [setting.symbol, setting]));
    return this.markets.all().map((market) => {
      const setting = stored.get(market.symbol) ?? this.defaultOf(market.symbol);
      return { symbol: market.symbol, leverage: setting.leverage, marginMode: setting.marginMode };
    });
  }

  /**
   * Sets the leverage and margin mode of the user's new orders in a market. Refused for an unknown market (7301),
   * a leverage above what the market's brackets allow for the user's largest open position there at the mark
   * price (7302), and a margin mode change while the user has a position or a live order there (7303).
   */
  async update(userId: number, body: SettingView): Promise<SettingView> {
    const market = this.markets.market(body.symbol);
    if (!market) throw new AppError('futuresMarketUnknown');
    const positions = await this.repository.openPositions(userId, body.symbol);
    const mark = this.marks.latest(body.symbol)?.markPrice;
    const notionals = positions.map((position) =>
      multiplyDecimals(decimalOf(position.size), mark ?? decimalOf(position.entryPrice)),
    );
    const allowed = Math.min(
      ...[decimalOf('0'), ...notionals].map((notional) => maxLeverageFor(market.brackets, notional)),
    );
    if (body.leverage > allowed) throw new AppError('futuresLeverageTooHigh', { max: allowed });
    const current = await this.of(userId, body.symbol);
    if (
      body.marginMode !== current.marginMode &&
      (positions.length > 0 || (await this.repository.hasLiveOrder(userId, body.symbol)))
    ) {
      throw new AppError('futuresMarginModeLocked');
    }
    const setting = { symbol: body.symbol, leverage: body.leverage, marginMode: body.marginMode };
    await this.repository.save(userId, setting);
    return setting;
  }

  private defaultOf(symbol: string): FuturesSetting {
    const first = this.markets.market(symbol)?.brackets[0]?.maxLeverage ?? DEFAULT_LEVERAGE;
    return { leverage: Math.min(DEFAULT_LEVERAGE, first), marginMode: DEFAULT_MARGIN_MODE };
  }
}
