import {
  ALT_BRACKETS,
  type Bracket,
  type BracketRule,
  MAJOR_BRACKETS,
  maintenanceAmountsOf,
} from '@kestrel/futures';
import { type Decimal, decimalOf, formatShortest, normalize } from '@kestrel/money';
import type { Market } from '../markets';
import type { FuturesMarketRow, FuturesMarketsRepository, StoredBracket } from './futures-markets.repository';

/** A perpetual as the futures modules use it: its spot market's assets, its own increments, fees and brackets. */
export type FuturesMarketConfig = {
  symbol: string;
  base: string;
  quote: string;
  tickSize: Decimal;
  lotSize: Decimal;
  minNotional: Decimal;
  makerFee: Decimal;
  takerFee: Decimal;
  /** Ascending by cap, each with its floor and maintenance amount. */
  brackets: Bracket[];
  open: boolean;
  marketMaker: boolean;
  fundingIntervalHours: number;
  /** Interest per funding interval, as a fraction. */
  interestRate: Decimal;
  /** The funding rate is clamped to ± this. */
  fundingCap: Decimal;
};

/** The spot markets the perpetuals follow: one perpetual each. */
export type SpotDirectory = { markets(): Market[] };

/** Fees of a new perpetual (Binance USDⓈ-M's regular tier: 0.02 % maker, 0.05 % taker). */
export const DEFAULT_MAKER_FEE = '0.0002';
export const DEFAULT_TAKER_FEE = '0.0005';
/** Bases whose perpetuals get the majors' brackets; every other one gets the large alts'. */
const MAJORS = new Set(['BTC', 'ETH']);

/** Brackets as stored: each cap, leverage and rate; floors and maintenance amounts follow. */
export function storedBrackets(brackets: readonly Bracket[]): StoredBracket[] {
  return brackets.map((bracket) => ({
    notionalCap: formatShortest(bracket.notionalCap),
    maxLeverage: bracket.maxLeverage,
    maintenanceMarginRate: formatShortest(bracket.maintenanceMarginRate),
  }));
}

/** Stored brackets with their floors (the previous cap, zero for the first) and maintenance amounts. */
export function bracketsOf(stored: readonly StoredBracket[]): Bracket[] {
  let floor = decimalOf('0');
  const rules: BracketRule[] = stored.map((bracket) => {
    const notionalCap = decimalOf(bracket.notionalCap);
    const rule = {
      notionalFloor: floor,
      notionalCap,
      maxLeverage: bracket.maxLeverage,
      maintenanceMarginRate: decimalOf(bracket.maintenanceMarginRate),
    };
    floor = notionalCap;
    return rule;
  });
  return maintenanceAmountsOf(rules);
}

const exact = (text: string) => normalize(decimalOf(text));

function configOf(row: FuturesMarketRow, spot: Market): FuturesMarketConfig {
  return {
    symbol: row.symbol,
    base: spot.base,
    quote: spot.quote,
    tickSize: exact(row.tickSize),
    lotSize: exact(row.lotSize),
    minNotional: exact(row.minNotional),
    makerFee: exact(row.makerFee),
    takerFee: exact(row.takerFee),
    brackets: bracketsOf(row.brackets as StoredBracket[]),
    open: row.open,
    marketMaker: row.marketMaker,
    fundingIntervalHours: row.fundingIntervalHours,
    interestRate: exact(row.interestRate),
    fundingCap: exact(row.fundingCap),
  };
}

/**
 * The directory of perpetuals (ARCHITECTURE.md section 6): one per spot market, created with the spot market's
 * increments, the default fees and the brackets of its kind the first time the server starts with that market,
 * then configured by operators. Kept in memory; `load` reads it again.
 */
export class FuturesMarkets {
  private configs = new Map<string, FuturesMarketConfig>();

  constructor(
    private readonly repository: FuturesMarketsRepository,
    private readonly spot: SpotDirectory,
  ) {}

  /** Creates the perpetuals of spot markets that have none yet, then reads them all. */
  async load(): Promise<void> {
    const spotMarkets = this.spot.markets();
    await this.repository.insertMissing(
      spotMarkets.map((market) => ({
        symbol: market.symbol,
        tickSize: market.tickSize,
        lotSize: market.lotSize,
        minNotional: market.minNotional,
        makerFee: DEFAULT_MAKER_FEE,
        takerFee: DEFAULT_TAKER_FEE,
        brackets: storedBrackets(MAJORS.has(market.base) ? MAJOR_BRACKETS : ALT_BRACKETS),
      })),
    );
    const spotOf = new Map(spotMarkets.map((market) => [market.symbol, market]));
    const configs = new Map<string, FuturesMarketConfig>();
    for (const row of await this.repository.list()) {
      const spot = spotOf.get(row.symbol);
      if (spot) configs.set(row.symbol, configOf(row, spot));
    }
    this.configs = configs;
  }

  market(symbol: string): FuturesMarketConfig | undefined {
    return this.configs.get(symbol);
  }

  /** Every perpetual, by symbol. */
  all(): FuturesMarketConfig[] {
    return [...this.configs.values()];
  }
}
