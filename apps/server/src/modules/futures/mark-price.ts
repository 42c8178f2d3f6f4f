import {
  averagePremium,
  type BasisSample,
  type BookLevel,
  DEFAULT_FUNDING_RULES,
  type FundingRules,
  fundingRate,
  impactMarginNotional,
  impactPrice,
  markPrice,
  premiumIndex,
  WORKING_PLACES,
} from '@kestrel/futures';
import { type Decimal, divideDecimals, multiplyDecimals, subtractDecimals } from '@kestrel/money';
import type { FuturesMarketConfig } from './futures-markets';

/** The owner's view of a perpetual's prices at one moment: what positions are valued at and funding will be. */
export type FuturesMark = {
  symbol: string;
  markPrice: Decimal;
  indexPrice: Decimal;
  /** The rate of the coming funding as it stands now; positive: longs pay shorts. */
  fundingRate: Decimal;
  nextFundingTime: Date;
  /** True while the index is stale: liquidations and funding of the market are halted. */
  stale: boolean;
};

export type MarkSample = {
  indexPrice: Decimal;
  bestBid: Decimal | null;
  bestAsk: Decimal | null;
  lastPrice: Decimal | null;
  /** The book's levels, best first, as far as the impact notional may reach. */
  bids: BookLevel[];
  asks: BookLevel[];
  /** Whether the index price is older than the markets service allows; false when not told. */
  indexStale?: boolean;
};

/** A funding time that has passed, with the last mark of its interval: what the owner settles. */
export type DueFunding = { fundingTime: Date; mark: FuturesMark };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The premium index is sampled at most this often (Binance: every 5 seconds). */
export const PREMIUM_SAMPLE_MS = 5_000;
/** The basis is averaged over this window (Binance: a 5-minute moving average). */
export const BASIS_WINDOW_MS = 5 * 60_000;
/** The basis is sampled at most this often, so the window holds at most 300 samples. */
const BASIS_SAMPLE_MS = 1_000;

/** The first funding time after `now`: the next multiple of the interval from 00:00 UTC of the day. */
export function nextFundingTimeAfter(now: number, intervalHours: number): Date {
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const interval = intervalHours * HOUR_MS;
  const next = dayStart + (Math.floor((now - dayStart) / interval) + 1) * interval;
  return new Date(Math.min(next, dayStart + DAY_MS));
}

/**
 * The funding rules of a market: its interest per interval as Binance's interest per 8 hours (the formula scales
 * the whole rate by interval / 8), the clamp of the published rules, and the market's cap as cap and floor.
 */
export function fundingRulesOf(market: FuturesMarketConfig): FundingRules {
  const hours = market.fundingIntervalHours;
  return {
    ...DEFAULT_FUNDING_RULES,
    interestRate: divideDecimals(
      multiplyDecimals(market.interestRate, { units: 8n, scale: 0 }),
      { units: BigInt(hours), scale: 0 },
      WORKING_PLACES,
      'halfUp',
    ),
    rateCap: market.fundingCap,
    rateFloor: subtractDecimals({ units: 0n, scale: 0 }, market.fundingCap),
    intervalHours: hours,
  };
}

/**
 * The mark price and predicted funding of one perpetual, kept by its owner and fed on every index tick with the
 * book's top (ARCHITECTURE.md section 6, decision 0045): basis samples over the last five minutes for the mark
 * price, premium samples every five seconds over the funding interval for the funding rate. When a sample comes
 * after a funding time, the interval's samples start again and the passed funding time is kept for `takeDue`.
 */
export class MarkPriceTracker {
  private basis: { at: number; sample: BasisSample }[] = [];
  private premiums: Decimal[] = [];
  private lastPremiumAt: number | undefined;
  private fundingTime: Date | undefined;
  private last: FuturesMark | undefined;
  private due: DueFunding | undefined;
  private readonly rules: FundingRules;
  private readonly impactNotional: Decimal;

  constructor(
    private readonly market: FuturesMarketConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.rules = fundingRulesOf(market);
    this.impactNotional = impactMarginNotional(market.brackets[0]?.maxLeverage ?? 1);
  }

  sample(input: MarkSample): FuturesMark {
    const now = this.now();
    const nextFundingTime = nextFundingTimeAfter(now, this.market.fundingIntervalHours);
    if (this.fundingTime && this.fundingTime.getTime() !== nextFundingTime.getTime()) {
      if (this.last) this.due = { fundingTime: this.fundingTime, mark: this.last };
      this.premiums = [];
      this.lastPremiumAt = undefined;
    }
    this.fundingTime = nextFundingTime;
    this.sampleBasis(now, input);
    if (this.lastPremiumAt === undefined || now - this.lastPremiumAt >= PREMIUM_SAMPLE_MS) {
      this.lastPremiumAt = now;
      const impactBid = impactPrice(input.bids, this.impactNotional);
      const impactAsk = impactPrice(input.asks, this.impactNotional);
      this.premiums.push(premiumIndex(impactBid, impactAsk, input.indexPrice));
    }
    const rate = this.fundingRate();
    this.last = {
      symbol: this.market.symbol,
      markPrice: markPrice({
        indexPrice: input.indexPrice,
        lastFundingRate: rate,
        timeUntilFunding: nextFundingTime.getTime() - now,
        fundingInterval: this.market.fundingIntervalHours * HOUR_MS,
        basisSamples: this.basis.map((entry) => entry.sample),
        lastPrice: input.lastPrice,
        tickSize: this.market.tickSize,
      }),
      indexPrice: input.indexPrice,
      fundingRate: rate,
      nextFundingTime,
      stale: input.indexStale ?? false,
    };
    return this.last;
  }

  /** The time-weighted average of the interval's premium samples so far. */
  averagePremium(): Decimal {
    return averagePremium(this.premiums);
  }

  /** The predicted rate of the coming funding: the average premium with the market's interest, clamped and capped. */
  fundingRate(): Decimal {
    return fundingRate(this.averagePremium(), this.rules);
  }

  /** The latest mark, or undefined before the first sample. */
  latest(): FuturesMark | undefined {
    return this.last;
  }

  /** A funding time a sample has gone past, once: its settlement is the owner's to do. */
  takeDue(): DueFunding | undefined {
    const due = this.due;
    this.due = undefined;
    return due;
  }

  private sampleBasis(now: number, input: MarkSample) {
    this.basis = this.basis.filter((entry) => now - entry.at < BASIS_WINDOW_MS);
    if (input.bestBid === null || input.bestAsk === null) return;
    const newest = this.basis.at(-1);
    if (newest && now - newest.at < BASIS_SAMPLE_MS) return;
    this.basis.push({
      at: now,
      sample: { bestBid: input.bestBid, bestAsk: input.bestAsk, indexPrice: input.indexPrice },
    });
  }
}
