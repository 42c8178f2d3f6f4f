import type { AdminFuturesMarketUpdateBody } from '@kestrel/contract';
import {
  ALT_BRACKETS,
  type Bracket,
  type BracketRule,
  MAJOR_BRACKETS,
  maintenanceAmountsOf,
} from '@kestrel/futures';
import { compareDecimals, type Decimal, decimalOf, formatShortest, normalize } from '@kestrel/money';
import type { ClusterBus } from '../../cluster/bus';
import { AppError } from '../../http/app-error';
import { type Actor, withAudit } from '../admin';
import type { Market } from '../markets';
import type {
  FuturesMarketChanges,
  FuturesMarketRow,
  FuturesMarketsRepository,
  StoredBracket,
} from './futures-markets.repository';

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
const shortest = (text: string) => formatShortest(decimalOf(text));

/** Where a node tells the others that operators changed a perpetual, so that they read the directory again. */
export const FUTURES_MARKETS_TOPIC = 'futures-markets';

/** Brackets in order: caps rising, maximum leverage never rising, maintenance rates never falling. */
export function bracketsInOrder(brackets: readonly StoredBracket[]): boolean {
  return brackets.every((bracket, index) => {
    const previous = brackets[index - 1];
    if (!previous) return decimalOf(bracket.notionalCap).units > 0n;
    return (
      compareDecimals(decimalOf(bracket.notionalCap), decimalOf(previous.notionalCap)) > 0 &&
      bracket.maxLeverage <= previous.maxLeverage &&
      compareDecimals(decimalOf(bracket.maintenanceMarginRate), decimalOf(previous.maintenanceMarginRate)) >=
        0
    );
  });
}

/** A perpetual as stored, for the audit log: decimals in their shortest form. */
function auditedOf(row: FuturesMarketRow) {
  return {
    tickSize: shortest(row.tickSize),
    lotSize: shortest(row.lotSize),
    minNotional: shortest(row.minNotional),
    makerFee: shortest(row.makerFee),
    takerFee: shortest(row.takerFee),
    fundingIntervalHours: row.fundingIntervalHours,
    interestRate: shortest(row.interestRate),
    fundingCap: shortest(row.fundingCap),
    brackets: row.brackets,
    open: row.open,
    marketMaker: row.marketMaker,
  };
}

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
  private readonly updatedAt = new Map<string, Date>();
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    private readonly repository: FuturesMarketsRepository,
    private readonly spot: SpotDirectory,
    /** The cluster's bus, to hear other nodes' operator changes; alone, none is needed. */
    private readonly bus?: ClusterBus,
  ) {}

  /** Loads the directory and hears other nodes' changes. */
  async start(): Promise<void> {
    await this.load();
    this.unsubscribe ??= await this.bus?.subscribe(FUTURES_MARKETS_TOPIC, () => void this.load());
  }

  async stop(): Promise<void> {
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    await unsubscribe?.();
  }

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
      if (!spot) continue;
      configs.set(row.symbol, configOf(row, spot));
      this.updatedAt.set(row.symbol, row.updatedAt);
    }
    this.configs = configs;
  }

  /** When operators last changed the perpetual. */
  updatedAtOf(symbol: string): Date | undefined {
    return this.updatedAt.get(symbol);
  }

  /**
   * An operator's change, audited with its reason: fees, funding parameters, brackets (in order), open and the
   * market maker at any time; tick and lot size only while the perpetual is closed, so no resting order falls
   * off the grid. Every node reads the directory again.
   */
  async update(
    symbol: string,
    body: AdminFuturesMarketUpdateBody,
    actor: Actor,
  ): Promise<FuturesMarketConfig> {
    const { reason, brackets, ...requested } = body;
    const row = await withAudit(
      this.repository,
      actor,
      { type: 'futuresMarket', id: symbol },
      reason,
      async (repository) => {
        const before = await repository.lock(symbol);
        if (!before || !this.configs.has(symbol)) throw new AppError('futuresMarketUnknown');
        const changes: FuturesMarketChanges = {};
        for (const field of [
          'tickSize',
          'lotSize',
          'minNotional',
          'makerFee',
          'takerFee',
          'interestRate',
          'fundingCap',
        ] as const) {
          const value = requested[field];
          if (value !== undefined && shortest(value) !== shortest(before[field]))
            changes[field] = shortest(value);
        }
        if (changes.fundingCap !== undefined && decimalOf(changes.fundingCap).units === 0n) {
          throw new AppError('parameterError');
        }
        if (requested.fundingIntervalHours !== undefined) {
          changes.fundingIntervalHours = requested.fundingIntervalHours;
        }
        if (requested.open !== undefined) changes.open = requested.open;
        if (requested.marketMaker !== undefined) changes.marketMaker = requested.marketMaker;
        if ((changes.tickSize !== undefined || changes.lotSize !== undefined) && before.open) {
          throw new AppError('marketSizesWhileOpen');
        }
        if (brackets !== undefined) {
          const stored = brackets.map((bracket) => ({
            notionalCap: shortest(bracket.notionalCap),
            maxLeverage: bracket.maxLeverage,
            maintenanceMarginRate: shortest(bracket.maintenanceMarginRate),
          }));
          if (!bracketsInOrder(stored)) throw new AppError('futuresBracketsInvalid');
          changes.brackets = stored;
        }
        const after = await repository.update(symbol, changes);
        return { before: auditedOf(before), after: auditedOf(after), result: after };
      },
    );
    const spot = this.spot.markets().find((market) => market.symbol === symbol);
    if (spot) {
      this.configs.set(symbol, configOf(row, spot));
      this.updatedAt.set(symbol, row.updatedAt);
    }
    await this.bus?.publish(FUTURES_MARKETS_TOPIC, symbol);
    const config = this.configs.get(symbol);
    if (!config) throw new AppError('futuresMarketUnknown');
    return config;
  }

  market(symbol: string): FuturesMarketConfig | undefined {
    return this.configs.get(symbol);
  }

  /** Every perpetual, by symbol. */
  all(): FuturesMarketConfig[] {
    return [...this.configs.values()];
  }
}
